import { propertyDefinition, type PropertySetResponse } from '@cn/contracts';
import { bodyOf, draftOf, editPropertySet, rowErrorsOf } from './property-set-draft';
import { propertySetUrl } from './property-sets-data-provider';

const interest = propertyDefinition({ id: 'interest', name: 'interest', type: 'selection', label: 'Interest', options: [{ label: 'Music', value: 'music' }] });
const bio = propertyDefinition({ id: 'bio', name: 'bio', type: 'text', label: 'About me' });
const inherited: PropertySetResponse = {
  name: 'profile',
  type: 'basic',
  context_type: 'group',
  context_id: 'g1',
  properties: [bio, interest],
  tag_parents: [],
  modifications: [],
  parent_property_set: { name: 'profile', context_type: 'network', context_id: null },
  inherited: true,
  revision: 0,
  can: { update: true },
};

describe('the property-set draft', () => {
  it("makes a context that inherits its parent's set a modified draft, every option the parent's", () => {
    const draft = draftOf(inherited);
    expect(draft.type).toBe('modified');
    expect(draft.properties.map((property) => [property.name, property.options, property.parent_options.map((option) => option.value)])).toEqual([
      ['bio', [], []],
      ['interest', [], ['music']],
    ]);
    expect(bodyOf(draft, 0).body).toEqual({ modifications: [], revision: 0 });
  });

  it("maps a modification's field errors back to the editor's row", () => {
    const draft = draftOf(inherited);
    const withOption = { ...draft, properties: draft.properties.map((property) => (property.name === 'interest' ? { ...property, options: [{ label: 'Art', value: 'music' }] } : property)) };
    const { body, rows } = bodyOf(withOption, 0);
    expect(body).toEqual({ modifications: [{ name: 'interest', options: [{ label: 'Art', value: 'music' }] }], revision: 0 });
    expect(rowErrorsOf([{ field: 'modifications.0.options.0.value', key: 'duplicate_value' }, { field: 'revision', key: 'too_small' }], rows)).toEqual({ '1.options.0.value': 'duplicate_value', revision: 'too_small' });
  });

  it("edits a basic set's tag parents, sends them, and shows their errors by entry; a modified set has none of its own", () => {
    const basic = draftOf({ ...inherited, inherited: false, context_type: 'network', context_id: null, parent_property_set: null, tag_parents: ['ideas/p-tags'] });
    const added = editPropertySet(editPropertySet(basic, { type: 'add_tag_parent' }), { type: 'set_tag_parent', index: 1, value: 'rooms/p-labels' });
    expect(added.tag_parents).toEqual(['ideas/p-tags', 'rooms/p-labels']);
    const removed = editPropertySet(added, { type: 'remove_tag_parent', index: 0 });
    expect(bodyOf(removed, 3).body).toEqual(expect.objectContaining({ tag_parents: ['rooms/p-labels'], revision: 3 }));
    expect(rowErrorsOf([{ field: 'tag_parents.0', key: 'unknown_tag_parent' }], [])).toEqual({ 'tag_parents.0': 'unknown_tag_parent' });
    expect(editPropertySet(draftOf(inherited), { type: 'add_tag_parent' }).tag_parents).toEqual([]);
  });

  it('asks the network without a context and other contexts with theirs', () => {
    expect(propertySetUrl('profile', {}, true)).toBe('/api/v1/property_sets/profile?inherit=true');
    expect(propertySetUrl('profile', { context_type: 'group', context_id: 'g 1' }, false)).toBe('/api/v1/property_sets/profile?context_type=group&context_id=g+1');
  });
});
