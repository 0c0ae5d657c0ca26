import { createTempDir, openEmbeddedStores, type EmbeddedStores, newTestEvent } from '@cn/platform/testing';
import type { DocumentStore } from '@cn/platform/document-store';
import type { EventBus } from '@cn/platform/event-bus';
import type { EventStore } from '@cn/platform/event-store';
import type { PersonalDataCipher } from '@cn/platform/personal-data';
import type { ProjectedDocument, Projection } from './projection';
import { type DocumentProjector, createDocumentProjector, nextCollectionOf } from './projection-runner';

interface CounterDoc extends ProjectedDocument {
  count: number;
}

/** one document per counter: how often it was bumped; `columns` keeps the count in a table's column */
const countersKeptIn = (columns?: readonly string[]): Projection<CounterDoc> => ({
  name: 'counters',
  version: 1,
  eventTypes: ['Bumped'],
  documentIds: (event) => [(event.data as { counter: string }).counter],
  evolve: (doc, _event, id) => ({ _id: id, count: (doc?.count ?? 0) + 1 }),
  indexes: [['count']],
  ...(columns ? { columns } : {}),
});

const LIVE = 'counters_v1';
const COUNTERS = 20;
/** more than one replay batch (2000), so that progress is reported between batches */
const EVENTS = 4500;

// the shared JSON table, and a table of the read model's own (the audit log's layout)
describe.each([
  ['kept as JSON documents', undefined],
  ['kept in a table with columns', ['count']],
])('blue/green rebuild of a read model %s', (_layout, columns) => {
  const counters = countersKeptIn(columns);
  let temp: ReturnType<typeof createTempDir>;
  let eventStore: EventStore;
  let bus: EventBus;
  let documentStore: DocumentStore;
  let stores: EmbeddedStores;
  let cipher: PersonalDataCipher;
  let running: DocumentProjector;

  const bump = async (counter: string): Promise<number> => (await eventStore.append(`counter-${counter}`, [newTestEvent('Bumped', { counter })], { expectedRevision: 'any' })).position;
  const sorted = async (collection: string): Promise<ProjectedDocument[]> => (await documentStore.collection<ProjectedDocument>(collection).find({}, { sort: [['_id', 1]] }));

  beforeEach(async () => {
    temp = createTempDir('cn-blue-green');
    stores = openEmbeddedStores(temp.dir);
    ({ eventStore, bus, documentStore, cipher } = stores);
    for (let start = 0; start < EVENTS; start += 500) {
      await eventStore.append(
        'counters-seed',
        Array.from({ length: 500 }, (_, i) => newTestEvent('Bumped', { counter: `c${(start + i) % COUNTERS}` })),
        { expectedRevision: 'any' },
      );
    }
    running = createDocumentProjector({ name: 'blue-green', projections: [counters], bus, eventStore, documentStore, cipher });
    await running.start();
  });
  afterEach(async () => {
    await running.stop();
    await stores.close();
    temp.remove();
  });

  it('serves the old version during the rebuild, follows live events in both, and switches to identical documents', async () => {
    // a stray document only the old version has: gone after the switch, so the switch is seen
    await documentStore.collection(LIVE).upsert({ _id: 'stray', count: 99, _position: 1 });
    const before = await sorted(LIVE);
    expect(before).toHaveLength(COUNTERS + 1);

    const progress: number[] = [];
    const duringRebuild: Array<{ live: ProjectedDocument[]; next: number; rebuilding: number }> = [];
    let liveBump: Promise<number> | null = null;
    const switchedAt = await running.rebuildBeside('counters', (position) => {
      progress.push(position);
      if (progress.length === 1) {
        // read what the consoles read meanwhile, and change something while the new version is built
        liveBump = bump('c0');
        duringRebuild.push({ live: [], next: 0, rebuilding: running.rebuilds().length });
        void sorted(LIVE).then((live) => (duringRebuild[0].live = live));
        void documentStore.collection(nextCollectionOf(LIVE)).count().then((next) => (duringRebuild[0].next = next));
      }
    });
    const bumped = await (liveBump as Promise<number> | null);
    expect(bumped).not.toBeNull();

    // during the rebuild: the old version answered (with its stray document), the new one was filling up
    expect(duringRebuild[0].rebuilding).toBe(1);
    expect(duringRebuild[0].live.find((doc) => doc._id === 'stray')).toBeDefined();
    expect(duringRebuild[0].live).toHaveLength(COUNTERS + 1);
    expect(duringRebuild[0].next).toBeGreaterThan(0);
    expect(progress.length).toBeGreaterThanOrEqual(3);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));

    // afterwards: the new version, identical to the old one but for the stray document, with the live bump
    const head = await eventStore.headPosition();
    expect(switchedAt).toBe(head);
    expect(await running.waitFor(head, 3000)).toBe(true);
    const after = await sorted(LIVE);
    const expected = before.filter((doc) => doc._id !== 'stray').map((doc) => (doc._id === 'c0' ? { ...doc, count: (doc['count'] as number) + 1, _position: bumped } : doc));
    expect(after).toEqual(expected);
    expect(await documentStore.collection(nextCollectionOf(LIVE)).count()).toBe(0);
    expect(running.rebuilds()).toEqual([]);
    expect(running.readModels()).toEqual([{ name: 'counters', collection: LIVE, position: head, failing: false }]);
    expect((await documentStore.collection<{ _id: string; position: number }>('_checkpoints').get(`blue-green/${LIVE}`))?.position).toBe(head);

    // the switched read model keeps following the bus
    const later = await bump('c1');
    expect(await running.waitFor(later, 3000)).toBe(true);
    expect((await documentStore.collection<CounterDoc>(LIVE).get('c1'))?.count).toBe((expected.find((doc) => doc._id === 'c1')?.['count'] as number) + 1);
  });

  it('refuses an unknown read model and a second rebuild of the same one', async () => {
    await expect(running.rebuildBeside('nothing')).rejects.toThrow(/no read model named nothing/);
    const first = running.rebuildBeside(LIVE);
    await expect(running.rebuildBeside('counters')).rejects.toThrow(/already being rebuilt/);
    await first;
  });
});
