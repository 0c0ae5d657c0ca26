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
});
