import fc from 'fast-check';
import { currentItemTags, emptyTagCatalogue, findTags, foldTagCatalogue, tagChoiceIssues, tagIdOf, tagNamed, withCurrentTags, type TagCatalogue, type TagEvent, type TagSourceEvent } from './tags';

const AT = '2026-12-06T10:00:00.000Z';
const fold = (events: Array<TagSourceEvent | TagEvent>, start: TagCatalogue = emptyTagCatalogue()): TagCatalogue =>
  events.reduce((catalogue, event) => foldTagCatalogue(catalogue, event, AT), start);
const tagProperty: TagSourceEvent = { type: 'AppPropertyDefined', data: { app_id: 'a1', property: { id: 'p-tags', type: 'tag' } } };
const item = (itemId: string, names: string[], type: 'AppItemCreated' | 'AppItemChanged' = 'AppItemCreated'): TagSourceEvent => ({
  type,
  data: { app_id: 'a1', item_id: itemId, values: { 'p-tags': names.map((name) => ({ id: '', name })), 'p-title': 'x' } },
});

describe('the tag catalogue', () => {
  it("collects the names of the apps' tag properties, one tag per name whatever its case, counting the items", () => {
    const catalogue = fold([tagProperty, item('i1', ['Garden', 'Kids']), item('i2', ['garden '])]);
    expect(Object.values(catalogue.tags).map((tag) => [tag.name, tag.item_count, tag.parents])).toEqual([
      ['Garden', 2, ['a1/p-tags']],
      ['Kids', 1, ['a1/p-tags']],
    ]);
    expect(tagNamed(catalogue, 'GARDEN')?.id).toBe(tagIdOf('garden'));
  });

  it('ignores values of properties that are not tags and recounts when an item changes its tags', () => {
    const other: TagSourceEvent = { type: 'AppItemCreated', data: { app_id: 'a1', item_id: 'i9', values: { 'p-title': [{ id: '', name: 'Nope' }] } } };
    const catalogue = fold([tagProperty, other, item('i1', ['Garden']), item('i1', ['Kids'], 'AppItemChanged')]);
    expect(tagNamed(catalogue, 'Nope')).toBeNull();
    expect(tagNamed(catalogue, 'Garden')?.item_count).toBe(0);
    expect(tagNamed(catalogue, 'Kids')?.item_count).toBe(1);
  });

  it('renames a tag: the old and the new name both lead to it, and an item naming the old one adds no tag', () => {
    const start = fold([tagProperty, item('i1', ['Garden'])]);
    const id = tagIdOf('garden');
    const catalogue = fold([{ type: 'TagRenamed', data: { tag_id: id, name: 'Gardening', previous_name: 'Garden' } }, item('i2', ['garden'])], start);
    expect(Object.values(catalogue.tags)).toEqual([expect.objectContaining({ id, name: 'Gardening', item_count: 2 })]);
  });

  it('merges a tag into another: its items and names go to the other, counted once per item', () => {
    const start = fold([tagProperty, item('i1', ['Garden', 'Gardens']), item('i2', ['Gardens'])]);
    const catalogue = fold([{ type: 'TagsMerged', data: { tag_id: tagIdOf('gardens'), into_id: tagIdOf('garden') } }], start);
    expect(Object.keys(catalogue.tags)).toEqual([tagIdOf('garden')]);
    expect(catalogue.tags[tagIdOf('garden')].item_count).toBe(2);
    expect(tagNamed(catalogue, 'Gardens')?.id).toBe(tagIdOf('garden'));
  });

  it('deletes a tag from the catalogue and from every item; the name may be used anew', () => {
    const start = fold([tagProperty, item('i1', ['Garden'])]);
    const deleted = fold([{ type: 'TagDeleted', data: { tag_id: tagIdOf('garden') } }], start);
    expect(deleted.tags).toEqual({});
    expect(deleted.item_tags).toEqual({ 'a1/i1': { 'p-tags': [] } });
    expect(currentItemTags(deleted, 'a1', 'i1', 'p-tags', [{ id: '', name: 'Garden' }])).toEqual([]);
    expect(fold([item('i2', ['Garden'])], deleted).tags[tagIdOf('garden')].item_count).toBe(1);
  });

  it('finds by prefix before substring, within the parents asked for, offering a new tag unless excluded or taken', () => {
    const catalogue = fold([
      tagProperty,
      { type: 'AppPropertyDefined', data: { app_id: 'a2', property: { id: 'p2', type: 'tag' } } },
      item('i1', ['Vegetable garden', 'Garden']),
      { type: 'AppItemCreated', data: { app_id: 'a2', item_id: 'j1', values: { p2: [{ id: '', name: 'Gardening club' }] } } },
    ]);
    expect(findTags(catalogue, { q: 'gard' }).map((tag) => tag.name)).toEqual(['Garden', 'Gardening club', 'Vegetable garden', 'gard']);
    expect(findTags(catalogue, { q: 'gard', exclude_new: true }).map((tag) => tag.name)).toEqual(['Garden', 'Gardening club', 'Vegetable garden']);
    expect(findTags(catalogue, { q: 'gard', tag_parents: 'a2/p2', exclude_new: true }).map((tag) => tag.name)).toEqual(['Gardening club']);
    expect(findTags(catalogue, { q: 'GARDEN' }).some((tag) => tag.new)).toBe(false);
    expect(findTags(catalogue, { q: 'Kids' })).toEqual([{ id: '', name: 'Kids', new: true }]);
  });

  it("reads an item's tags as they are now: renamed, merged into another, deleted; values stored before the property held tags by the names they lead to", () => {
    const start = fold([tagProperty, item('i1', ['Garden', 'Gardens', 'Kids'])]);
    const catalogue = fold(
      [
        { type: 'TagRenamed', data: { tag_id: tagIdOf('garden'), name: 'Gardening', previous_name: 'Garden' } },
        { type: 'TagsMerged', data: { tag_id: tagIdOf('gardens'), into_id: tagIdOf('garden') } },
        { type: 'TagDeleted', data: { tag_id: tagIdOf('kids') } },
      ],
      start,
    );
    const stored = [{ id: '', name: 'Garden' }, { id: '', name: 'Gardens' }, { id: '', name: 'Kids' }];
    expect(currentItemTags(catalogue, 'a1', 'i1', 'p-tags', stored)).toEqual([{ id: tagIdOf('garden'), name: 'Gardening' }]);
    expect(withCurrentTags(catalogue, 'a1', 'i1', [{ id: 'p-tags', type: 'tag' }, { id: 'p-title', type: 'text' }], { 'p-tags': stored, 'p-title': 'x' })).toEqual({
      'p-tags': [{ id: tagIdOf('garden'), name: 'Gardening' }],
      'p-title': 'x',
    });
    // never tagged through the catalogue (the property became a tag property later): the stored names, led on
    expect(currentItemTags(catalogue, 'a1', 'old', 'p-tags', ['gardens', 'Lake'])).toEqual([
      { id: tagIdOf('garden'), name: 'Gardening' },
      { id: '', name: 'Lake' },
    ]);
  });

  it('leaves the catalogue it was given as it was', () => {
    const start = fold([tagProperty]);
    const copy = structuredClone(start);
    fold([item('i1', ['Garden'])], start);
    expect(start).toEqual(copy);
  });
});

describe('tag groups and internal tags', () => {
  const labels: TagSourceEvent = { type: 'AppPropertyDefined', data: { app_id: 'labels', property: { id: 'p-topics', type: 'tag' } } };
  const other: TagSourceEvent = { type: 'AppPropertyDefined', data: { app_id: 'other', property: { id: 'p-tags', type: 'tag' } } };
  const ideas: TagSourceEvent = { type: 'AppPropertyDefined', data: { app_id: 'ideas', property: { id: 'p-topic', type: 'tag' } } };
  const holding = (appId: string, propertyId: string, itemId: string, names: string[]): TagSourceEvent => ({
    type: 'AppItemCreated',
    data: { app_id: appId, item_id: itemId, values: { [propertyId]: names.map((name) => ({ id: '', name })) } },
  });
  const catalogue = fold([labels, other, ideas, holding('labels', 'p-topics', 'l1', ['Garden', 'Kids']), holding('other', 'p-tags', 'o1', ['Pond']), holding('ideas', 'p-topic', 'i1', ['Compost'])]);
  const topic = { id: 'p-topic', allow_create: true, tag_parents: ['labels/p-topics'] };

  it("takes the group's tags, the property's own and new names (where allowed); refuses another group's", () => {
    const groupNames = ['Garden', 'kids', 'COMPOST'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...groupNames, 'Pond', 'pond'), { maxLength: 6 }), fc.array(fc.string({ minLength: 1, maxLength: 12 }).filter((name) => !tagNamed(catalogue, name) && name.trim() !== ''), { maxLength: 3 }), (known, fresh) => {
        const values = [...known, ...fresh].map((name) => ({ id: '', name }));
        const refused = values.flatMap((value, index) => (value.name.toLowerCase() === 'pond' ? [index] : []));
        expect(tagChoiceIssues(catalogue, 'ideas', topic, values)).toEqual(refused);
        // without creating, a new name is refused as well
        const closed = values.flatMap((value, index) => (value.name.toLowerCase() === 'pond' || !tagNamed(catalogue, value.name) ? [index] : []));
        expect(tagChoiceIssues(catalogue, 'ideas', { ...topic, allow_create: false }, values)).toEqual(closed);
      }),
    );
    // a tag by its id, too, and a property without parents takes anything
    expect(tagChoiceIssues(catalogue, 'ideas', topic, [{ id: tagIdOf('pond'), name: 'whatever' }])).toEqual([0]);
    expect(tagChoiceIssues(catalogue, 'ideas', { id: 'p-topic', allow_create: false }, [{ id: '', name: 'Pond' }])).toEqual([]);
  });

  it('hides tags used only under hidden (internal) parents from the finder, offering their name as any new one', () => {
    const hidden = new Set(['other/p-tags']);
    expect(findTags(catalogue, { q: 'pond' }).map((tag) => [tag.name, tag.new])).toEqual([['Pond', false]]);
    expect(findTags(catalogue, { q: 'pond' }, hidden).map((tag) => [tag.name, tag.new])).toEqual([['pond', true]]);
    expect(findTags(catalogue, { q: 'pond', exclude_new: true }, hidden)).toEqual([]);
    expect(findTags(catalogue, { q: 'gar' }, hidden).map((tag) => tag.name)).toEqual(['Garden', 'gar']);
  });
});
