import { propertyDefinition, type AppItemEvent, type AppViewer } from '@cn/contracts';
import { deciderSpecification } from '@cn/platform/testing';
import { appDecider, itemDecider, type ItemCommand } from './apps.decider';

const status = propertyDefinition({ id: 'p-status', name: 'status', label: 'Status', type: 'selection', options: [{ label: 'To do', value: 'todo' }, { label: 'Done', value: 'done' }] });
const budget = propertyDefinition({ id: 'p-budget', name: 'budget', label: 'Budget', type: 'number', editable_by: 'admins' });
const properties = [status, budget];
const author: AppViewer = { member_id: 'ann', network_admin: false, external: false };
const other: AppViewer = { member_id: 'bob', network_admin: false, external: false };
const external: AppViewer = { member_id: 'eve', network_admin: false, external: true };
const base = { app_id: 'tasks', item_id: 'i1', properties };
const created: AppItemEvent = { type: 'AppItemCreated', data: { app_id: 'tasks', item_id: 'i1', author_id: 'ann', values: { 'p-status': ['todo'] } } };
const archived: AppItemEvent = { type: 'AppItemArchived', data: { app_id: 'tasks', item_id: 'i1' } };
const items = deciderSpecification(itemDecider);
const apps = deciderSpecification(appDecider);

describe('itemDecider', () => {
  it('creates items for members, not for external members, and not with a property they may not set', () => {
    items.given([]).when({ ...base, type: 'CreateItem', viewer: author, values: { 'p-status': ['todo'] } }).then([created]);
    items.given([]).when({ ...base, type: 'CreateItem', viewer: external, values: {} }).thenRefused('forbidden');
    expect(items.given([]).when({ ...base, type: 'CreateItem', viewer: author, values: { 'p-budget': 3 } }).thenRefused('forbidden').field).toBe('values.budget');
  });
  it('moves a card into a known column only, and not once archived', () => {
    const move = (value: string | null, viewer = other): ItemCommand => ({ ...base, type: 'MoveItem', viewer, value, insert_after_id: null });
    items.given([created]).when(move('done')).then([{ type: 'AppItemMoved', data: { app_id: 'tasks', item_id: 'i1', property_id: 'p-status', value: 'done', insert_after_id: null } }]);
    expect(items.given([created]).when(move('later')).thenRefused('unknown_option').field).toBe('value');
    items.given([created, archived]).when(move('done')).thenRefused('item_archived');
    items.given([created]).when(move('done', external)).thenRefused('forbidden');
  });
  it('archives for the author and admins, and changes only what differs', () => {
    items.given([created]).when({ ...base, type: 'ArchiveItem', viewer: other, archived: true }).thenRefused('forbidden');
    items.given([created]).when({ ...base, type: 'ArchiveItem', viewer: author, archived: true }).then([archived]);
    items.given([created]).when({ ...base, type: 'ChangeItem', viewer: other, values: { 'p-status': ['todo'] } }).then([]);
  });
});

describe('appDecider', () => {
  const app = { type: 'AppCreated' as const, data: { app_id: 'tasks', name: 'Tasks', description: '' } };
  it('refuses a taken slug, a taken name and duplicate options', () => {
    expect(apps.given([app]).when({ type: 'CreateApp', app_id: 'tasks', name: 'X', description: '' }).thenRefused('taken').field).toBe('slug');
    const defined = { type: 'AppPropertyDefined' as const, data: { app_id: 'tasks', property: status } };
    expect(apps.given([app, defined]).when({ type: 'DefineProperty', app_id: 'tasks', property: { ...budget, name: 'status' } }).thenRefused('taken').field).toBe('name');
    const twice = { ...status, id: 'p-2', name: 'other', options: [{ label: 'A', value: 'a' }, { label: 'B', value: 'a' }] };
    expect(apps.given([app]).when({ type: 'DefineProperty', app_id: 'tasks', property: twice }).thenRefused('duplicate_option').field).toBe('options');
    apps.given([app, defined]).when({ type: 'DefineProperty', app_id: 'tasks', property: status }).then([]);
  });
  it('takes a teaser template naming the app and its properties, refusing a placeholder that names nothing', () => {
    const defined = { type: 'AppPropertyDefined' as const, data: { app_id: 'tasks', property: status } };
    const change = (teaser_template: string) => ({ type: 'ChangeTeaserTemplate' as const, app_id: 'tasks', teaser_template });
    apps.given([app, defined]).when(change('New in {{app}}: {{ status }}')).then([{ type: 'AppTeaserTemplateChanged', data: { app_id: 'tasks', teaser_template: 'New in {{app}}: {{ status }}' } }]);
    expect(apps.given([app, defined]).when(change('{{budget}}')).thenRefused('unknown_placeholder').field).toBe('teaser_template');
    const set = { type: 'AppTeaserTemplateChanged' as const, data: { app_id: 'tasks', teaser_template: '{{app}}' } };
    apps.given([app, defined, set]).when(change('{{app}}')).then([]);
    apps.given([]).when(change('{{app}}')).thenRefused('not_found');
  });
  it('puts the rendered teaser into the created item, and nothing without a template', () => {
    const teaser = { text: 'New in Tasks: To do', parts: [{ text: 'New in Tasks: To do' }] };
    items.given([]).when({ ...base, type: 'CreateItem', viewer: author, values: { 'p-status': ['todo'] }, teaser }).then([{ ...created, data: { ...created.data, teaser: teaser.text, teaser_parts: teaser.parts } }]);
    items.given([]).when({ ...base, type: 'CreateItem', viewer: author, values: { 'p-status': ['todo'] }, teaser: undefined }).then([created]);
  });
  it('checks tag parents: other tag properties only (of this app or the catalogue\'s), internal tags need them, other types name neither', () => {
    const topics = propertyDefinition({ id: 'p-topics', name: 'topics', label: 'Topics', type: 'tag' });
    const defined = { type: 'AppPropertyDefined' as const, data: { app_id: 'tasks', property: topics } };
    const define = (property: Parameters<typeof propertyDefinition>[0], tag_properties: Record<string, string[]> = { labels: ['p-labels'] }) => ({
      type: 'DefineProperty' as const,
      app_id: 'tasks',
      property: propertyDefinition(property),
      tag_properties,
    });
    const staff = { id: 'p-staff', name: 'staff', label: 'Staff', type: 'tag' as const, internal: true };
    apps.given([app, defined]).when(define({ ...staff, tag_parents: ['tasks/p-topics', 'labels/p-labels'] })).then([
      { type: 'AppPropertyDefined', data: { app_id: 'tasks', property: propertyDefinition({ ...staff, tag_parents: ['tasks/p-topics', 'labels/p-labels'] }) } },
    ]);
    expect(apps.given([app, defined]).when(define({ ...staff, tag_parents: [] })).thenRefused('required').field).toBe('tag_parents');
    expect(apps.given([app, defined]).when(define({ ...staff, tag_parents: ['tasks/p-topics', 'labels/p-other'] })).thenRefused('unknown_tag_parent').field).toBe('tag_parents.1');
    expect(apps.given([app, defined]).when(define({ ...staff, tag_parents: ['tasks/p-staff'] })).thenRefused('unknown_tag_parent').field).toBe('tag_parents.0');
    expect(apps.given([app, defined]).when(define({ ...staff, tag_parents: ['tasks/p-status'] })).thenRefused('unknown_tag_parent').field).toBe('tag_parents.0');
    expect(apps.given([app]).when(define({ ...budget, tag_parents: ['tasks/p-topics'] })).thenRefused('invalid_value').field).toBe('tag_parents');
    expect(apps.given([app]).when(define({ ...budget, internal: true })).thenRefused('invalid_value').field).toBe('internal');
    expect(apps.given([app]).when(define({ ...budget, allow_create_related: true })).thenRefused('invalid_value').field).toBe('allow_create_related');
  });
  it('refuses a public tag property naming an internal one as its group, and making internal a group a public property names', () => {
    const topics = propertyDefinition({ id: 'p-topics', name: 'topics', label: 'Topics', type: 'tag' });
    const staff = propertyDefinition({ id: 'p-staff', name: 'staff', label: 'Staff', type: 'tag', internal: true, tag_parents: ['tasks/p-topics'] });
    const defined = (property: typeof topics) => ({ type: 'AppPropertyDefined' as const, data: { app_id: 'tasks', property } });
    const catalogue = { tag_properties: { labels: ['p-labels', 'p-secret'], ideas: ['p-open', 'p-hush'] }, internal_properties: { labels: ['p-secret'], ideas: ['p-hush'] }, tag_groups: {} as Record<string, string[]> };
    const define = (property: Parameters<typeof propertyDefinition>[0], tag_groups: Record<string, string[]> = {}) => ({
      type: 'DefineProperty' as const,
      app_id: 'tasks',
      property: propertyDefinition(property),
      ...catalogue,
      tag_groups,
    });
    const given = apps.given([app, defined(topics), defined(staff)]);
    const publicOne = { id: 'p-open', name: 'open', label: 'Open', type: 'tag' as const };
    // an internal group of this app, or of another app (the catalogue's)
    expect(given.when(define({ ...publicOne, tag_parents: ['tasks/p-topics', 'tasks/p-staff'] })).thenRefused('internal_tag_parent').field).toBe('tag_parents.1');
    expect(given.when(define({ ...publicOne, tag_parents: ['labels/p-secret'] })).thenRefused('internal_tag_parent').field).toBe('tag_parents.0');
    given.when(define({ ...publicOne, tag_parents: ['tasks/p-topics', 'labels/p-labels'] })).then([
      { type: 'AppPropertyDefined', data: { app_id: 'tasks', property: propertyDefinition({ ...publicOne, tag_parents: ['tasks/p-topics', 'labels/p-labels'] }) } },
    ]);
    // an internal property may name public and internal groups alike
    given.when(define({ ...publicOne, internal: true, tag_parents: ['tasks/p-staff', 'labels/p-labels'] })).then([
      { type: 'AppPropertyDefined', data: { app_id: 'tasks', property: propertyDefinition({ ...publicOne, internal: true, tag_parents: ['tasks/p-staff', 'labels/p-labels'] }) } },
    ]);
    // the reverse: a group a public property names (in this app, or in another) is not made internal
    const named = apps.given([app, defined(topics), defined(propertyDefinition({ ...publicOne, tag_parents: ['tasks/p-topics'] }))]);
    expect(named.when(define({ id: 'p-topics', name: 'topics', label: 'Topics', type: 'tag', internal: true, tag_parents: ['labels/p-labels'] })).thenRefused('public_tag_group').field).toBe('internal');
    const internalTopics = { id: 'p-topics', name: 'topics', label: 'Topics', type: 'tag' as const, internal: true, tag_parents: ['labels/p-labels'] };
    expect(given.when(define(internalTopics, { 'ideas/p-open': ['tasks/p-topics'] })).thenRefused('public_tag_group').field).toBe('internal');
    // named only by internal properties: it may become internal
    given.when(define(internalTopics, { 'ideas/p-hush': ['tasks/p-topics'] })).then([{ type: 'AppPropertyDefined', data: { app_id: 'tasks', property: propertyDefinition(internalTopics) } }]);
  });
});
