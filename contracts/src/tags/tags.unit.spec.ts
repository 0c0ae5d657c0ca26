import fc from 'fast-check';
import { currentItemTags, emptyTagCatalogue, findTags, foldTagCatalogue, tagChoiceIssues, tagIdOf, tagNamed, tagUseCount, withCurrentTags, type TagCatalogue, type TagEvent, type TagSourceEvent } from './tags';

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
    expect(findTags(catalogue, { q: 'pond' }, { internal: false, hiddenParents: hidden }).map((tag) => [tag.name, tag.new])).toEqual([['pond', true]]);
    expect(findTags(catalogue, { q: 'pond', exclude_new: true }, { internal: false, hiddenParents: hidden })).toEqual([]);
    expect(findTags(catalogue, { q: 'gar' }, { internal: false, hiddenParents: hidden }).map((tag) => tag.name)).toEqual(['Garden', 'gar']);
  });
});

describe('internal tags in their own scope', () => {
  const topic: TagSourceEvent = { type: 'AppPropertyDefined', data: { app_id: 'ideas', property: { id: 'p-topic', type: 'tag' } } };
  const staff: TagSourceEvent = { type: 'AppPropertyDefined', data: { app_id: 'ideas', property: { id: 'p-staff', type: 'tag', internal: true } } };
  const open: TagSourceEvent = { type: 'AppPropertyDefined', data: { app_id: 'other', property: { id: 'p-tags', type: 'tag' } } };
  const holding = (appId: string, propertyId: string, itemId: string, values: Array<{ id: string; name: string }>): TagSourceEvent => ({
    type: 'AppItemCreated',
    data: { app_id: appId, item_id: itemId, values: { [propertyId]: values } },
  });
  const named = (...names: string[]) => names.map((name) => ({ id: '', name }));
  const external = { internal: false, hiddenParents: new Set(['ideas/p-staff']) };
  const base = fold([topic, staff, open, holding('ideas', 'p-topic', 'i1', named('Compost')), holding('ideas', 'p-staff', 'i1', named('Budget tight', 'Compost'))]);

  it('keeps a name first used internally apart from the same name typed into a property that is not internal', () => {
    const internalTag = tagNamed(base, 'budget tight', true);
    expect(internalTag).toMatchObject({ id: tagIdOf('Budget tight', true), internal: true });
    expect(tagNamed(base, 'budget tight')).toBeNull();
    // an internal property picks its group's public tag by name rather than making an internal one
    expect(base.item_tags['ideas/i1']?.['p-staff']).toEqual([internalTag?.id, tagIdOf('Compost')]);
    // typed (or picked with the internal tag's id) into a property without groups: a separate public tag
    const typed = fold([holding('other', 'p-tags', 'o1', [{ id: internalTag?.id ?? '', name: 'budget tight' }]), { type: 'TagRenamed', data: { tag_id: internalTag?.id ?? '', name: 'Budget cut by half', previous_name: 'Budget tight' } }], base);
    expect(currentItemTags(typed, 'other', 'o1', 'p-tags', [])).toEqual([{ id: tagIdOf('budget tight'), name: 'budget tight' }]);
    expect(currentItemTags(typed, 'ideas', 'i1', 'p-staff', [])).toEqual([{ id: internalTag?.id, name: 'Budget cut by half' }, { id: tagIdOf('Compost'), name: 'Compost' }]);
    expect(typed.tags[tagIdOf('budget tight')]?.parents).toEqual(['other/p-tags']);
    // an external member finds the public one only; a member asking for the internal property finds both
    expect(findTags(typed, { q: 'budget' }, external).map((tag) => tag.name)).toEqual(['budget tight', 'budget']);
    expect(findTags(typed, { q: 'budget', exclude_new: true }).map((tag) => tag.name)).toEqual(['Budget cut by half', 'budget tight']);
    // asked from a property that is not internal, nobody is offered the internal tag
    expect(findTags(typed, { q: 'budget', exclude_new: true }, { internal: false }).map((tag) => tag.name)).toEqual(['budget tight']);
  });

  it("tells an external member nothing through an internal tag parent, nor through a public tag's internal uses", () => {
    expect(findTags(base, { q: '', tag_parents: 'ideas/p-staff', exclude_new: true }).map((tag) => tag.name)).toEqual(['Budget tight', 'Compost']);
    expect(findTags(base, { q: '', tag_parents: 'ideas/p-staff', exclude_new: true }, external)).toEqual([]);
    expect(findTags(base, { q: '', tag_parents: 'ideas/p-topic', exclude_new: true }, external).map((tag) => tag.name)).toEqual(['Compost']);
    expect(findTags(base, { q: 'budget tight' }, external)).toEqual([{ id: '', name: 'budget tight', new: true }]);
  });

  it("orders an external member's suggestions by a public tag's public uses only, never its uses under internal properties", () => {
    const used = fold(
      [
        holding('other', 'p-tags', 'o1', named('Mulch heap')),
        holding('other', 'p-tags', 'o2', named('Mulch heap')),
        holding('other', 'p-tags', 'o3', named('Mulch bin')),
        // the staff's own uses of the public tag (its group's choice): three items
        holding('ideas', 'p-staff', 'i2', named('Mulch bin')),
        holding('ideas', 'p-staff', 'i3', named('Mulch bin')),
        holding('ideas', 'p-staff', 'i4', named('Mulch bin')),
      ],
      base,
    );
    const bin = used.tags[tagIdOf('Mulch bin')];
    expect([bin?.item_count, bin?.public_item_count]).toEqual([4, 1]);
    const find = (finder?: Parameters<typeof findTags>[2]) => findTags(used, { q: 'mulch', exclude_new: true }, finder).map((tag) => tag.name);
    // those who see the internal uses get every use; an external member only the uses they may read
    expect(find()).toEqual(['Mulch bin', 'Mulch heap']);
    expect(find({ internal: false })).toEqual(['Mulch bin', 'Mulch heap']);
    expect(find(external)).toEqual(['Mulch heap', 'Mulch bin']);
    expect(tagUseCount(used, bin, false)).toBe(1);
    // a catalogue folded before public counts were kept counts them when read
    const { public_item_count: _dropped, ...older } = bin;
    expect(tagUseCount({ ...used, tags: { ...used.tags, [older.id]: older } }, older, false)).toBe(1);
    // the property opening up (or closing again) moves its uses into (out of) the public counts
    const opened = fold([{ type: 'AppPropertyDefined', data: { app_id: 'ideas', property: { id: 'p-staff', type: 'tag', internal: false } } }], used);
    expect(opened.tags[tagIdOf('Mulch bin')]?.public_item_count).toBe(4);
    const closed = fold([{ type: 'AppPropertyDefined', data: { app_id: 'ideas', property: { id: 'p-staff', type: 'tag', internal: true } } }], opened);
    expect(closed.tags[tagIdOf('Mulch bin')]?.public_item_count).toBe(1);
  });

  it('keeps the tag groups each tag property names, until it names none or is removed', () => {
    const named = fold([{ type: 'AppPropertyDefined', data: { app_id: 'other', property: { id: 'p-tags', type: 'tag', tag_parents: ['ideas/p-topic'] } } }], base);
    expect(named.tag_groups).toEqual({ 'other/p-tags': ['ideas/p-topic'] });
    expect(fold([{ type: 'AppPropertyDefined', data: { app_id: 'other', property: { id: 'p-tags', type: 'tag', tag_parents: [] } } }], named).tag_groups).toEqual({});
    expect(fold([{ type: 'AppPropertyRemoved', data: { app_id: 'other', property_id: 'p-tags' } }], named).tag_groups).toEqual({});
  });

  it('never merges a public tag into an internal one; an internal one may go into a public one', () => {
    const withPublic = fold([holding('other', 'p-tags', 'o1', named('Pond'))], base);
    const refused = fold([{ type: 'TagsMerged', data: { tag_id: tagIdOf('Pond'), into_id: tagIdOf('Budget tight', true) } }], withPublic);
    expect(refused).toEqual(withPublic);
    const merged = fold([{ type: 'TagsMerged', data: { tag_id: tagIdOf('Budget tight', true), into_id: tagIdOf('Pond') } }], withPublic);
    expect(currentItemTags(merged, 'ideas', 'i1', 'p-staff', [])).toEqual([{ id: tagIdOf('Pond'), name: 'Pond' }, { id: tagIdOf('Compost'), name: 'Compost' }]);
    // the internal name now leads internal properties to the public tag, and public ones still nowhere
    expect(tagNamed(merged, 'Budget tight', true)?.id).toBe(tagIdOf('Pond'));
    expect(tagNamed(merged, 'Budget tight')).toBeNull();
  });

  it('answers no internal tag for a property that stopped being internal', () => {
    const opened = fold([{ type: 'AppPropertyDefined', data: { app_id: 'ideas', property: { id: 'p-staff', type: 'tag', internal: false } } }], base);
    expect(currentItemTags(opened, 'ideas', 'i1', 'p-staff', [])).toEqual([{ id: tagIdOf('Compost'), name: 'Compost' }]);
  });

  it('never lets a name typed anywhere outside internal properties lead a public value or an external finder to an internal tag', () => {
    const name = fc.constantFrom('Budget tight', 'budget  TIGHT', 'Compost', 'Pond', 'Layoffs', 'layoffs');
    const place = fc.constantFrom(['ideas', 'p-topic'], ['ideas', 'p-staff'], ['other', 'p-tags']);
    fc.assert(
      fc.property(fc.array(fc.tuple(place, fc.array(name, { minLength: 1, maxLength: 3 }), fc.boolean()), { maxLength: 8 }), (uses) => {
        let catalogue = fold([topic, staff, open]);
        uses.forEach(([[appId = '', propertyId = ''], names, byId], index) => {
          // a member may pick any suggestion it was offered, internal ones included: by id
          const values = names.map((value) => ({ id: byId ? (tagNamed(catalogue, value, true)?.id ?? '') : '', name: value }));
          catalogue = fold([holding(appId, propertyId, `i${index}`, values)], catalogue);
        });
        for (const [key, properties] of Object.entries(catalogue.item_tags)) {
          for (const [propertyId, ids] of Object.entries(properties)) {
            if (propertyId === 'p-staff') continue;
            const [appId = '', itemId = ''] = key.split('/');
            expect(currentItemTags(catalogue, appId, itemId, propertyId, []).filter((tag) => catalogue.tags[tag.id]?.internal)).toEqual([]);
            expect(ids.filter((id) => catalogue.tags[id]?.internal)).toEqual([]);
          }
        }
        expect(findTags(catalogue, { q: '' }, external).filter((tag) => catalogue.tags[tag.id]?.internal)).toEqual([]);
      }),
    );
  });
});
