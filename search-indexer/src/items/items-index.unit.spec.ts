import { applyAll, memoryIndex, recordedEvent } from '../__tests__/memory-index';
import { tagIdOf } from '@cn/contracts';
import { itemHitUrl, itemsIndexing, type AppSearchDocument, type ItemSearchDocument, type TagCatalogueSearchDocument } from './items-index';

describe('app items search indexing', () => {
  const setup = async (events: Parameters<typeof applyAll>[1]) => {
    const items = memoryIndex<ItemSearchDocument>();
    const apps = memoryIndex<AppSearchDocument>();
    const tags = memoryIndex<TagCatalogueSearchDocument>();
    await applyAll(itemsIndexing(items.collection, apps.collection, tags.collection), events);
    return items.docs;
  };
  const property = (id: string, name: string, type: string) => recordedEvent('AppPropertyDefined', { app_id: 'tasks', property: { id, name, type } });
  const base = [
    recordedEvent('AppCreated', { app_id: 'tasks', name: 'Tasks', description: '' }),
    property('p1', 'title', 'text'),
    property('p2', 'assignee', 'membership'),
    property('p3', 'notes', 'html'),
    property('p4', 'labels', 'tag'),
    recordedEvent('AppItemCreated', {
      app_id: 'tasks',
      item_id: 'i1',
      author_id: 'ann',
      values: { p1: 'Tune the piano', p2: ['member-bob'], p3: '<p>Call <b>Steinway</b></p>', p4: ['urgent', 'hall'] },
    }),
  ];

  it('indexes the text of text-like properties (never member ids), named by the first one', async () => {
    const docs = await setup(base);
    expect(docs.get('i1')).toMatchObject({ app_id: 'tasks', app_name: 'Tasks', name: 'Tune the piano', text: 'Tune the piano Call Steinway urgent hall', archived: false });
    expect(docs.get('i1')?.text).not.toContain('member-bob');
    expect(itemHitUrl(docs.get('i1') as ItemSearchDocument)).toBe('/apps/tasks/items/i1');
  });

  it('indexes a multiline text\'s rich text by its words, never its markup', async () => {
    const docs = await setup([
      ...base,
      recordedEvent('AppPropertyDefined', { app_id: 'tasks', property: { id: 'p5', name: 'minutes', type: 'text', multiline: true } }),
      recordedEvent('AppItemChanged', { app_id: 'tasks', item_id: 'i1', values: { p5: '<p>Bring <strong>ladders</strong></p><p>Q&amp;A</p>' } }),
    ]);
    expect(docs.get('i1')?.text).toBe('Tune the piano Call Steinway urgent hall Bring ladders Q&A');
  });

  it('follows changed values, archiving and changed definitions', async () => {
    const docs = await setup([
      ...base,
      recordedEvent('AppItemChanged', { app_id: 'tasks', item_id: 'i1', values: { p1: 'Tune the organ' } }),
      recordedEvent('AppItemArchived', { app_id: 'tasks', item_id: 'i1' }),
      recordedEvent('AppPropertyRemoved', { app_id: 'tasks', property_id: 'p3' }),
      property('p4', 'labels', 'number'),
    ]);
    expect(docs.get('i1')).toMatchObject({ name: 'Tune the organ', text: 'Tune the organ', archived: true });
    const restored = await setup([...base, recordedEvent('AppItemArchived', { app_id: 'tasks', item_id: 'i1' }), recordedEvent('AppItemUnarchived', { app_id: 'tasks', item_id: 'i1' })]);
    expect(restored.get('i1')?.archived).toBe(false);
  });

  it("indexes an item's tags under their current names: renamed, merged into another, deleted", async () => {
    const tagged = [
      ...base,
      recordedEvent('AppItemCreated', { app_id: 'tasks', item_id: 'i2', author_id: 'ann', values: { p1: 'Paint the hall', p4: [{ id: '', name: 'Hall' }, { id: '', name: 'Paint' }] } }),
    ];
    const docs = await setup([
      ...tagged,
      recordedEvent('TagRenamed', { tag_id: tagIdOf('hall'), name: 'Great hall', previous_name: 'hall' }),
      recordedEvent('TagsMerged', { tag_id: tagIdOf('urgent'), into_id: tagIdOf('paint') }),
      recordedEvent('TagDeleted', { tag_id: tagIdOf('paint') }),
    ]);
    expect(docs.get('i1')?.text).toBe('Tune the piano Call Steinway Great hall');
    expect(docs.get('i2')?.text).toBe('Paint the hall Great hall');
    // one batch or many: the catalogue is kept in its own index, read again by the next batch's indexing
    const again = await setup(tagged);
    expect(again.get('i2')?.text).toBe('Paint the hall hall Paint');
  });
});
