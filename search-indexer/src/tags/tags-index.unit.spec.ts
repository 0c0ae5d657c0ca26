import { tagIdOf } from '@cn/contracts';
import { applyAll, memoryIndex, recordedEvent } from '../__tests__/memory-index';
import { tagsIndexing, type TagCatalogueDocument, type TagSearchDocument } from './tags-index';

describe('tags search indexing', () => {
  it('indexes public tags and never an internal one, nor its renamed name', async () => {
    const tags = memoryIndex<TagSearchDocument>();
    const catalogues = memoryIndex<TagCatalogueDocument>();
    const property = (id: string, internal: boolean) => recordedEvent('AppPropertyDefined', { app_id: 'ideas', property: { id, name: id, label: id, type: 'tag', internal, tag_parents: internal ? ['ideas/topic'] : [] } });
    const tagged = (itemId: string, values: Record<string, unknown>) => recordedEvent('AppItemCreated', { app_id: 'ideas', item_id: itemId, author_id: 'ann', values });
    await applyAll(tagsIndexing(tags.collection, catalogues.collection), [
      property('topic', false),
      property('staff', true),
      tagged('i1', { topic: [{ id: '', name: 'Compost' }], staff: [{ id: '', name: 'Budget tight' }, { id: '', name: 'Compost' }] }),
      recordedEvent('TagRenamed', { tag_id: tagIdOf('Budget tight', true), name: 'Budget cut', previous_name: 'Budget tight' }),
      tagged('i2', { topic: [{ id: '', name: 'Budget tight' }] }),
    ]);
    expect([...tags.docs.values()].sort((a, b) => a.name.localeCompare(b.name)).map((tag) => [tag.id, tag.name])).toEqual([
      [tagIdOf('Budget tight'), 'Budget tight'],
      [tagIdOf('Compost'), 'Compost'],
    ]);
  });

  it("counts a public tag's uses under internal properties for nobody who may not see them: neither its count nor its date moves", async () => {
    const tags = memoryIndex<TagSearchDocument>();
    const catalogues = memoryIndex<TagCatalogueDocument>();
    const property = (id: string, internal: boolean) => recordedEvent('AppPropertyDefined', { app_id: 'ideas', property: { id, name: id, label: id, type: 'tag', internal, tag_parents: internal ? ['ideas/topic'] : [] } });
    const tagged = (itemId: string, values: Record<string, unknown>, at: string) => recordedEvent('AppItemCreated', { app_id: 'ideas', item_id: itemId, author_id: 'ann', values }, null, at);
    const indexing = tagsIndexing(tags.collection, catalogues.collection);
    await applyAll(indexing, [property('topic', false), property('staff', true), tagged('i1', { topic: [{ id: '', name: 'Compost' }] }, '2026-12-01T10:00:00.000Z')]);
    // the staff use it on three items of their own
    await applyAll(indexing, ['i2', 'i3', 'i4'].map((id, index) => tagged(id, { staff: [{ id: '', name: 'Compost' }] }, `2026-12-0${index + 2}T10:00:00.000Z`)));
    expect(tags.docs.get(tagIdOf('Compost'))).toMatchObject({ item_count: 1, all_item_count: 4, updated_at: '2026-12-01T10:00:00.000Z' });
    // a public use moves both
    await applyAll(indexing, [tagged('i5', { topic: [{ id: '', name: 'Compost' }] }, '2026-12-09T10:00:00.000Z')]);
    expect(tags.docs.get(tagIdOf('Compost'))).toMatchObject({ item_count: 2, all_item_count: 5, updated_at: '2026-12-09T10:00:00.000Z' });
  });
});
