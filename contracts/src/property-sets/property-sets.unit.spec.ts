import { propertyDefinition } from '../apps/properties';
import { upcastEventData } from '../registry';
import {
  PropertySetSaved,
  applyModifications,
  modificationIssues,
  parentPropertySetContext,
  propertySetAbilities,
  propertySetQuerySchema,
  putPropertySetRequestSchema,
  resolvePropertySet,
  storedPropertySetOf,
  tagParentIssues,
  type PropertySetContext,
  type StoredPropertySet,
} from './property-sets';

const keysOf = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}:${issue.message}`);

const interest = propertyDefinition({
  id: 'interest',
  name: 'interest',
  type: 'selection',
  label: 'Interest',
  options: [
    { label: 'Music', value: 'music' },
    { label: 'Sports', value: 'sports' },
  ],
});
const bio = propertyDefinition({ id: 'bio', name: 'bio', type: 'text', label: 'About me' });
const basic = (properties = [interest, bio]): StoredPropertySet => ({ name: 'profile', type: 'basic', properties, tag_parents: [], modifications: [] });
const network: PropertySetContext = { context_type: 'network', context_id: null };
const category: PropertySetContext = { context_type: 'group_category', context_id: 'cat1' };
const group: PropertySetContext = { context_type: 'group', context_id: 'g1' };
const key = (context: PropertySetContext) => `${context.context_type}:${context.context_id ?? ''}`;
const parentOf = (context: PropertySetContext) => parentPropertySetContext(context, (groupId) => (groupId === 'g1' ? 'cat1' : null));

describe('property set requests', () => {
  it('takes a basic set with the apps’ property definitions and ids defaulting to the names', () => {
    const parsed = putPropertySetRequestSchema.parse({ properties: [{ name: 'bio', type: 'text', label: 'About me' }], revision: 0 });
    expect(parsed).toMatchObject({ properties: [{ id: 'bio', name: 'bio', label: 'About me', type: 'text', required: false }], tag_parents: [] });
    expect(storedPropertySetOf('profile', parsed)).toMatchObject({ name: 'profile', type: 'basic', modifications: [] });
  });

  it("takes tag parents as apps' tag properties (`<app id>/<property id>`), each once, and names those no app has", () => {
    const parents = (tag_parents: unknown) => keysOf(putPropertySetRequestSchema.safeParse({ properties: [], tag_parents, revision: 0 }));
    expect(parents(['ideas/p-tags', 'rooms/p-labels'])).toEqual([]);
    expect(parents(['Topics', 'a/b/c', 'ideas/ p', 'ideas/p-tags', 'ideas/p-tags'])).toEqual(['tag_parents.0:invalid_format', 'tag_parents.1:invalid_format', 'tag_parents.2:invalid_format', 'tag_parents.4:duplicate_value']);
    expect(parents('ideas/p-tags')).toEqual(['tag_parents:invalid_type']);
    const tagProperties: Record<string, string[]> = { ideas: ['p-tags'] };
    expect(tagParentIssues(['ideas/p-tags', 'ideas/p-title', 'nowhere/p-tags'], (app) => tagProperties[app] ?? [])).toEqual([
      ['tag_parents.1', 'unknown_tag_parent'],
      ['tag_parents.2', 'unknown_tag_parent'],
    ]);
  });

  it('names the field and the key of what a basic set may not say', () => {
    const body = (properties: unknown[]) => keysOf(putPropertySetRequestSchema.safeParse({ properties, revision: 0 }));
    expect(body([{ name: 'bio', type: 'text', label: ' ' }])).toEqual(['properties.0.label:required']);
    expect(body([{ name: 'Bio!', type: 'text', label: 'Bio' }])).toEqual(['properties.0.name:invalid_format']);
    expect(body([{ name: 'bio', type: 'text', label: 'Bio' }, { name: 'bio', type: 'text', label: 'Bio 2' }])).toEqual(['properties.1.name:duplicate_value']);
    expect(
      body([
        {
          name: 'interest',
          type: 'selection',
          label: 'Interest',
          options: [
            { label: 'A', value: 'a' },
            { label: 'B', value: 'a' },
          ],
        },
      ]),
    ).toEqual(['properties.0.options.1.value:duplicate_value']);
    expect(body([{ name: 'interest', type: 'selection', label: 'Interest', options: [{ label: '', value: 'a' }] }])).toEqual(['properties.0.options.0.label:required']);
    expect(keysOf(putPropertySetRequestSchema.safeParse({ properties: [] }))).toEqual(['revision:invalid_type']);
    expect(keysOf(putPropertySetRequestSchema.safeParse({ revision: 0 }))).toEqual(['properties:required']);
    expect(keysOf(putPropertySetRequestSchema.safeParse({ properties: [], revision: -1 }))).toEqual(['revision:too_small']);
  });

  it('takes a modified set’s add-options and refuses duplicate values in them', () => {
    expect(putPropertySetRequestSchema.parse({ modifications: [{ name: 'interest', options: [{ label: 'Art', value: 'art' }] }], revision: 2 })).toEqual({
      modifications: [{ type: 'add_options', name: 'interest', options: [{ label: 'Art', value: 'art' }] }],
      revision: 2,
    });
    const duplicate = { modifications: [{ name: 'interest', options: [{ label: 'Art', value: 'art' }, { label: 'Arts', value: 'art' }] }], revision: 0 };
    expect(keysOf(putPropertySetRequestSchema.safeParse(duplicate))).toEqual(['modifications.0.options.1.value:duplicate_value']);
    expect(keysOf(putPropertySetRequestSchema.safeParse({ modifications: [{ name: 'interest', options: [] }], revision: 0 }))).toEqual(['modifications.0.options:required']);
    expect(keysOf(putPropertySetRequestSchema.safeParse({ modifications: [], properties: [], revision: 0 }))).toEqual(['properties:unknown_field']);
  });

  it('checks modifications against the parent’s properties', () => {
    const parent = basic();
    expect(modificationIssues([{ type: 'add_options', name: 'interest', options: [{ label: 'Art', value: 'art' }] }], parent)).toEqual([]);
    expect(modificationIssues([{ type: 'add_options', name: 'colour', options: [{ label: 'Red', value: 'red' }] }], parent)).toEqual([['modifications.0.name', 'unknown_property']]);
    expect(modificationIssues([{ type: 'add_options', name: 'bio', options: [{ label: 'X', value: 'x' }] }], parent)).toEqual([['modifications.0.name', 'no_options']]);
    expect(modificationIssues([{ type: 'add_options', name: 'interest', options: [{ label: 'Musik', value: 'music' }] }], parent)).toEqual([['modifications.0.options.0.value', 'duplicate_value']]);
    expect(modificationIssues([], null)).toEqual([['modifications', 'no_parent']]);
  });

  it('reads the context query: the network needs no id, the others do', () => {
    expect(propertySetQuerySchema.parse({})).toEqual({ context_type: 'network', context_id: null, inherit: false });
    expect(propertySetQuerySchema.parse({ context_type: 'group', context_id: 'g1', inherit: 'true' })).toEqual({ context_type: 'group', context_id: 'g1', inherit: true });
    expect(keysOf(propertySetQuerySchema.safeParse({ context_type: 'group' }))).toEqual(['context_id:required']);
    expect(keysOf(propertySetQuerySchema.safeParse({ context_type: 'planet', context_id: 'x' }))).toEqual(['context_type:invalid_value']);
  });
});

describe('property set resolution', () => {
  it('climbs group → group category → network', () => {
    expect(parentOf(group)).toEqual(category);
    expect(parentOf({ context_type: 'group', context_id: 'g2' })).toEqual(network);
    expect(parentOf(category)).toEqual(network);
    expect(parentOf({ context_type: 'app', context_id: 'a1' })).toEqual(network);
    expect(parentOf(network)).toBeNull();
  });

  it('adds a modification’s options to the parent’s selection once', () => {
    const [modified] = applyModifications([interest], [{ type: 'add_options', name: 'interest', options: [{ label: 'Art', value: 'art' }, { label: 'Music', value: 'music' }] }]);
    expect(modified.options.map((option) => option.value)).toEqual(['music', 'sports', 'art']);
    expect(interest.options).toHaveLength(2);
  });

  it('answers the context’s own set, or with inherit the nearest parent’s with the modifications applied', () => {
    const sets = new Map<string, StoredPropertySet>([
      [key(network), basic()],
      [key(category), { name: 'profile', type: 'modified', properties: [], tag_parents: [], modifications: [{ type: 'add_options', name: 'interest', options: [{ label: 'Art', value: 'art' }] }] }],
    ]);
    const find = (context: PropertySetContext) => sets.get(key(context)) ?? null;
    const resolve = (context: PropertySetContext, inherit: boolean) => resolvePropertySet('profile', context, inherit, find, parentOf);

    expect(resolve(network, false)).toMatchObject({ type: 'basic', inherited: false, parent_property_set: null });
    expect(resolve(group, false)).toBeNull();

    const stored = resolve(category, false);
    expect(stored).toMatchObject({ type: 'modified', properties: [], parent_property_set: { context_type: 'network', context_id: null, name: 'profile' } });
    const resolvedCategory = resolve(category, true);
    expect(resolvedCategory?.properties.find((property) => property.name === 'interest')?.options.map((option) => option.value)).toEqual(['music', 'sports', 'art']);
    expect(resolvedCategory?.modifications).toHaveLength(1);

    const inherited = resolve(group, true);
    expect(inherited).toMatchObject({ context_type: 'group', context_id: 'g1', inherited: true, parent_property_set: { context_type: 'group_category', context_id: 'cat1' } });
    expect(inherited?.properties.find((property) => property.name === 'interest')?.options.map((option) => option.value)).toEqual(['music', 'sports', 'art']);

    sets.clear();
    expect(resolve(group, true)).toBeNull();
  });
});

describe('property set abilities', () => {
  it('lets network admins change every context and group admins their group only', () => {
    const admin = { network_admin: true, admin_group_ids: [] };
    const groupAdmin = { network_admin: false, admin_group_ids: ['g1'] };
    const member = { network_admin: false, admin_group_ids: [] };
    for (const context of [network, category, group]) expect(propertySetAbilities(admin, context).update).toBe(true);
    expect(propertySetAbilities(groupAdmin, group).update).toBe(true);
    expect(propertySetAbilities(groupAdmin, { context_type: 'group', context_id: 'g2' }).update).toBe(false);
    expect(propertySetAbilities(groupAdmin, network).update).toBe(false);
    expect(propertySetAbilities(groupAdmin, category).update).toBe(false);
    expect(propertySetAbilities(member, group).update).toBe(false);
  });
});

describe('property sets saved before tag parents and internal tags', () => {
  it('reads a version 1 save with explicit defaults on every property, keeping what it said', () => {
    const bio = { id: 'bio', name: 'bio', label: 'About me', type: 'text', multiline: true };
    const topics = { id: 'topics', name: 'topics', label: 'Topics', type: 'tag', multiple: true };
    const v1 = { name: 'profile', context_type: 'network', context_id: null, type: 'basic', properties: [bio, topics], tag_parents: ['ideas/p-topic'], modifications: [] };
    const { data, schemaVersion } = upcastEventData(PropertySetSaved.type, 1, v1);
    expect(schemaVersion).toBe(2);
    expect(data).toEqual({ ...v1, properties: [{ ...bio, tag_parents: [], internal: false }, { ...topics, tag_parents: [], internal: false }] });
    expect(PropertySetSaved.schema.safeParse(data).success).toBe(true);
  });

  it('leaves a modified set (no properties) and a version 2 save as they are', () => {
    const modified = { name: 'profile', context_type: 'group', context_id: 'g1', type: 'modified', properties: [], tag_parents: [], modifications: [{ type: 'add_options', name: 'interest', options: [{ label: 'Art', value: 'art' }] }] };
    expect(upcastEventData(PropertySetSaved.type, 1, modified)).toEqual({ data: modified, schemaVersion: 2 });
    const v2 = { ...modified, type: 'basic', modifications: [], properties: [{ id: 'staff', name: 'staff', label: 'Staff', type: 'tag', tag_parents: ['ideas/p-topic'], internal: true }] };
    expect(upcastEventData(PropertySetSaved.type, 2, v2)).toEqual({ data: v2, schemaVersion: 2 });
  });
});
