import { createTempDir, openEmbeddedStores, type EmbeddedStores, newTestEvent } from '@cn/platform/testing';
import type { DocumentStore } from '@cn/platform/document-store';
import type { EventBus } from '@cn/platform/event-bus';
import type { EventStore } from '@cn/platform/event-store';
import type { PersonalDataCipher } from '@cn/platform/personal-data';
import type { ProjectedDocument, Projection } from './projection';
import { CHECKPOINTS_COLLECTION, createDocumentProjector } from './projection-runner';
import { abandonedVersionsOf } from './version-sweep';

interface CounterDoc extends ProjectedDocument {
  count: number;
}

const counters = (version: number, columns?: readonly string[]): Projection<CounterDoc> => ({
  name: 'counters',
  version,
  eventTypes: ['Bumped'],
  documentIds: (event) => [(event.data as { counter: string }).counter],
  evolve: (doc, _event, id) => ({ _id: id, count: (doc?.count ?? 0) + 1 }),
  indexes: [['count']],
  ...(columns ? { columns } : {}),
});

const eventually = async (check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> => {
  for (const until = Date.now() + timeoutMs; !(await check()); ) {
    if (Date.now() > until) throw new Error('not within the time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('abandonedVersionsOf', () => {
  it('names every earlier version of each read model with its checkpoint, none for a first version', () => {
    expect(abandonedVersionsOf('p', [counters(3), { name: 'other', version: 1 }])).toEqual([
      { collection: 'counters_v1', checkpointId: 'p/counters_v1' },
      { collection: 'counters_v2', checkpointId: 'p/counters_v2' },
    ]);
  });
});

// the shared JSON table, and a table of the read model's own (the audit log's layout)
describe.each([
  ['kept as JSON documents', undefined],
  ['kept in a table with columns', ['count']],
])('the collections of earlier read-model versions, %s', (_layout, columns) => {
  let temp: ReturnType<typeof createTempDir>;
  let eventStore: EventStore;
  let bus: EventBus;
  let documentStore: DocumentStore;
  let stores: EmbeddedStores;
  let cipher: PersonalDataCipher;

  const bump = async (counter: string): Promise<number> => (await eventStore.append(`counter-${counter}`, [newTestEvent('Bumped', { counter })], { expectedRevision: 'any' })).position;
  const countIn = (collection: string): Promise<number> => documentStore.collection(collection).count();
  const checkpoint = (id: string): Promise<ProjectedDocument | null> => documentStore.collection<ProjectedDocument>(CHECKPOINTS_COLLECTION).get(id);
  const project = (version: number, sweepQuietMs: number) =>
    createDocumentProjector({ name: 'sweep', projections: [counters(version, columns)], bus, eventStore, documentStore, cipher, sweepQuietMs });

  beforeEach(async () => {
    temp = createTempDir('cn-version-sweep');
    stores = openEmbeddedStores(temp.dir);
    ({ eventStore, bus, documentStore, cipher } = stores);
    // version 1 is built and left with its documents, its checkpoint and a blue/green leftover
    const first = project(1, Infinity);
    await first.start();
    for (let i = 0; i < 30; i += 1) await bump(`c${i % 3}`);
    const last = await bump('c0');
    expect(await first.waitFor(last, 5000)).toBe(true);
    await first.stop();
    await documentStore.collection('counters_v1__next').upsert({ _id: 'half', count: 1, _position: 1 });
    expect(await countIn('counters_v1')).toBe(3);
  });
  afterEach(async () => {
    await stores.close();
    temp.remove();
  });

  it('drops the earlier version, its leftover and its checkpoint once they stayed unwritten, and keeps the new one', async () => {
    const second = project(2, 150);
    await second.start();
    try {
      expect(await countIn('counters_v2')).toBe(3);
      await eventually(async () => (await countIn('counters_v1')) === 0 && (await checkpoint('sweep/counters_v1')) === null);
      expect(await countIn('counters_v1__next')).toBe(0);
      // the live version is untouched and goes on following
      const position = await bump('c1');
      expect(await second.waitFor(position, 5000)).toBe(true);
      expect((await documentStore.collection<CounterDoc>('counters_v2').get('c1'))?.count).toBe(11);
      expect((await checkpoint('sweep/counters_v2'))?.['position']).toBe(position);
    } finally {
      await second.stop();
    }
    // the store forgot the old layout: a collection of that name starts again empty, in either layout
    expect(await documentStore.collection('counters_v1').find({})).toEqual([]);
  });

  it('keeps an earlier version while something still writes its checkpoint (an older replica), and drops it after that stops', async () => {
    const second = project(2, 300);
    // the older replica: it moves the old version's checkpoint more often than the quiet period
    let olderReplicaPosition = 31;
    const olderReplica = setInterval(() => {
      olderReplicaPosition += 1;
      void documentStore.collection(CHECKPOINTS_COLLECTION).upsert({ _id: 'sweep/counters_v1', position: olderReplicaPosition, _position: olderReplicaPosition });
    }, 60);
    await second.start();
    try {
      // three quiet periods pass with the old checkpoint moving: the old version stays
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(await countIn('counters_v1')).toBe(3);
      clearInterval(olderReplica);
      await eventually(async () => (await countIn('counters_v1')) === 0 && (await checkpoint('sweep/counters_v1')) === null);
      expect(await countIn('counters_v2')).toBe(3);
    } finally {
      clearInterval(olderReplica);
      await second.stop();
    }
  });
});
