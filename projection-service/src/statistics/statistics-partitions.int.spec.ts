import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { collectionName, type ProjectedDocument, type Projection, type RecordedEvent } from '@cn/domain';
import {
  CHECKPOINTS_COLLECTION,
  createDocumentProjector,
  createPersonalDataCipher,
  createSqliteDocumentStore,
  createSqliteEventStore,
  createSqliteKeyStore,
  DocumentConflictError,
  type BusConsumer,
  type ConsumeOptions,
  type DocumentProjector,
  type DocumentStore,
  type EventBus,
  type EventStore,
  type KeyStore,
} from '@cn/platform';
import { createTempDir } from '@cn/platform/testing';
import { groupScope, networkScope, statisticsProjection, type StatisticsActiveDocument, type StatisticsDayDocument, type StatisticsDocument } from './statistics.projection';
import { statisticsCollection, statisticsDays } from './statistics.read';

/**
 * The statistics on a bus with two partitions, each held by its own projector replica (two processes of one
 * consumer group: each its own connection to one SQLite read-model file). Every event counts on the
 * network's day, so both replicas write that day at once; with a share per partition they never write the
 * same document: no conflict, no retry, and the read answer adds the shares up to what one partition (the
 * embedded log) answers. A projection that keeps the one shared day of before is the control: there the
 * same concurrent batches conflict.
 */
const DAY = '2026-11-20';
const PARTITIONS = 2;
const ROUNDS = 4;

/** a bus of two partitions whose deliveries the test makes: each replica is handed one partition */
const partitionedBus = (partition: number): EventBus & { deliver(events: readonly RecordedEvent[]): Promise<void> } => {
  let handle: ((events: readonly RecordedEvent[], delivery: { partition: number }) => Promise<void>) | null = null;
  return {
    partitions: () => Promise.resolve(PARTITIONS),
    consume: (options: ConsumeOptions): Promise<BusConsumer> => {
      handle = options.handleBatch ?? null;
      return Promise.resolve({ stop: () => Promise.resolve() });
    },
    resetGroup: () => Promise.resolve(),
    close: () => Promise.resolve(),
    deliver: async (events) => {
      if (!handle) throw new Error('no consumer');
      await handle(events, { partition });
    },
  };
};

/** both replicas' first writes wait for each other: each has read its documents before either writes */
const meetingOf = (count: number): (() => Promise<void>) => {
  let arrived = 0;
  let release = (): void => undefined;
  const met = new Promise<void>((resolve) => {
    release = resolve;
  });
  return async () => {
    arrived += 1;
    if (arrived === count) release();
    await met;
  };
};

interface CountedStore extends DocumentStore {
  writes: number;
  conflicts: number;
}

/** a replica's connection, counting its batch writes and the conflicts they met */
const countedStore = (store: DocumentStore, meet: () => Promise<void>): CountedStore => {
  const counted: CountedStore = {
    writes: 0,
    conflicts: 0,
    collection: (name, options) => store.collection(name, options),
    writeAll: async (writes) => {
      counted.writes += 1;
      if (counted.writes === 1) await meet();
      try {
        await store.writeAll(writes);
      } catch (error) {
        if (error instanceof DocumentConflictError) counted.conflicts += 1;
        throw error;
      }
    },
    drop: (name) => store.drop(name),
    close: () => store.close(),
  };
  return counted;
};

const appended = (type: string, data: Record<string, unknown>, memberId: string, correlationId: string) => ({
  id: randomUUID(),
  type,
  data,
  metadata: { memberId, occurredAt: `${DAY}T10:00:00.000Z`, correlationId, causationId: randomUUID(), schemaVersion: 1 },
});

describe('statistics on a bus with several partitions', () => {
  let temp: ReturnType<typeof createTempDir>;
  let eventStore: EventStore;
  let keyStore: KeyStore;
  const opened: DocumentStore[] = [];
  const projectors: DocumentProjector[] = [];
  /** the log's events by the partition their stream is keyed to (the relay's key is the stream) */
  const byPartition: RecordedEvent[][] = [[], []];

  beforeAll(async () => {
    temp = createTempDir('cn-statistics-partitions');
    eventStore = createSqliteEventStore({ path: join(temp.dir, 'events.sqlite') });
    keyStore = createSqliteKeyStore({ path: join(temp.dir, 'keys.sqlite') });
    // two groups' streams in each partition, their events interleaved in the log: every round of commands
    // gives each partition a join (a command of one event) and a join with a leave (one command, two events)
    for (let round = 0; round < ROUNDS; round += 1) {
      for (let partition = 0; partition < PARTITIONS; partition += 1) {
        const member = `m${round}-${partition}`;
        const joining = appended('MemberJoinedGroup', { group_id: 'g1', member_id: member, admin: false }, member, randomUUID());
        await eventStore.append(`group-g1-p${partition}`, [joining], { expectedRevision: 'any' });
        const correlation = randomUUID();
        const other = `n${round}-${partition}`;
        await eventStore.append(
          `group-g2-p${partition}`,
          [
            appended('MemberJoinedGroup', { group_id: 'g2', member_id: other, admin: false }, other, correlation),
            appended('MemberLeftGroup', { group_id: 'g2', member_id: other }, other, correlation),
          ],
          { expectedRevision: 'any' },
        );
      }
    }
    for (const event of await eventStore.readAll()) byPartition[event.streamId.endsWith('-p0') ? 0 : 1].push(event);
  });
  afterAll(async () => {
    for (const projector of projectors) await projector.stop();
    for (const store of opened) await store.close();
    await keyStore.close();
    await eventStore.close();
    temp.remove();
  });

  const readModels = (file: string): DocumentStore => {
    const store = createSqliteDocumentStore({ path: join(temp.dir, file) });
    opened.push(store);
    return store;
  };

  /** two replicas, one per partition, each its own connection to `file` */
  const startReplicas = async (projection: Projection, file: string, meet: () => Promise<void>) =>
    Promise.all(
      [0, 1].map(async (partition) => {
        const store = countedStore(readModels(file), meet);
        const bus = partitionedBus(partition);
        const projector = createDocumentProjector({
          name: `statistics-${projection.name}`,
          projections: [projection],
          bus,
          eventStore,
          documentStore: store,
          cipher: createPersonalDataCipher(keyStore),
          sweepQuietMs: Infinity,
        });
        projectors.push(projector);
        await projector.start();
        return { store, bus };
      }),
    );

  /** two replicas handed the rounds' batches at once */
  const projectConcurrently = async (projection: Projection, file: string): Promise<{ stores: CountedStore[]; store: DocumentStore }> => {
    const replicas = await startReplicas(projection, file, meetingOf(PARTITIONS));
    // batches of three events (each round's), the partitions' batches applied at the same time
    for (let round = 0; round < ROUNDS; round += 1) {
      await Promise.all(replicas.map(({ bus }, partition) => bus.deliver(byPartition[partition].slice(round * 3, round * 3 + 3))));
    }
    return { stores: replicas.map(({ store }) => store), store: readModels(file) };
  };

  it('writes one share per partition: two replicas projecting at once never conflict, and need no retry', async () => {
    const { stores, store } = await projectConcurrently(statisticsProjection, 'read-models.sqlite');
    expect(stores.map(({ writes, conflicts }) => ({ writes, conflicts }))).toEqual([
      { writes: ROUNDS, conflicts: 0 },
      { writes: ROUNDS, conflicts: 0 },
    ]);
    const shares = await statisticsCollection(store).find({ scope: networkScope }, { sort: [['partition', 1]] });
    expect(shares.map(({ _id, partition, events, commands, joined, left }) => ({ _id, partition, events, commands, joined, left }))).toEqual([
      { _id: `network:${DAY}:p0`, partition: 0, events: 3 * ROUNDS, commands: 2 * ROUNDS, joined: 0, left: 0 },
      { _id: `network:${DAY}:p1`, partition: 1, events: 3 * ROUNDS, commands: 2 * ROUNDS, joined: 0, left: 0 },
    ]);

    // the read answer adds the shares up to exactly what one partition (the embedded log) answers
    const single = readModels('single-partition.sqlite');
    const embedded = createDocumentProjector({
      name: 'statistics-one-partition',
      projections: [statisticsProjection],
      bus: { ...partitionedBus(0), partitions: () => Promise.resolve(1) },
      eventStore,
      documentStore: single,
      cipher: createPersonalDataCipher(keyStore),
      sweepQuietMs: Infinity,
    });
    projectors.push(embedded);
    // one partition: the projector catches up from the log on start, into one share per day
    await embedded.start();
    expect((await statisticsCollection(single).find({ scope: networkScope })).map(({ _id }) => _id)).toEqual([`network:${DAY}:p0`]);
    for (const scopes of [[networkScope], [groupScope('g1')], [groupScope('g2')], [groupScope('g1'), groupScope('g2')]]) {
      expect(await statisticsDays(store, scopes, DAY, DAY)).toEqual(await statisticsDays(single, scopes, DAY, DAY));
    }
    const members = PARTITIONS * ROUNDS;
    expect(await statisticsDays(store, [networkScope], DAY, DAY)).toEqual([
      { date: DAY, members: 0, active_members: 2 * members, events: 3 * members, commands: 2 * members },
    ]);
    expect(await statisticsDays(store, [groupScope('g1'), groupScope('g2')], DAY, DAY)).toEqual([
      { date: DAY, members, active_members: 2 * members, events: 3 * members, commands: 2 * members },
    ]);
  });

  /** every partition's events on the same document, as before the shares */
  const sharedDay = (name: string): Projection<StatisticsDocument> => ({
    ...statisticsProjection,
    name,
    documentIds: (event) => statisticsProjection.documentIds(event),
  });

  it('conflicts where every partition writes the one day of before (the control)', async () => {
    const shared = sharedDay('statistics_days_shared');
    const { stores, store } = await projectConcurrently(shared, 'shared-day.sqlite');
    expect(stores.reduce((total, { conflicts }) => total + conflicts, 0)).toBeGreaterThan(0);
    expect(stores.reduce((total, { writes }) => total + writes, 0)).toBeGreaterThan(PARTITIONS * ROUNDS);
    // the retries got every event counted, at the price of batches read and applied again
    const day = await store.collection<StatisticsDayDocument>(collectionName(shared)).get(`network:${DAY}:p0`);
    expect(day).toMatchObject({ events: 3 * PARTITIONS * ROUNDS, _positions: { '0': expect.any(Number), '1': expect.any(Number) } });
  });

  it("counts a lagging partition's events on a document several partitions write (evolve's own position guard)", async () => {
    const shared = sharedDay('statistics_days_lagging');
    const replicas = await startReplicas(shared, 'lagging.sqlite', () => Promise.resolve());
    // partition 1 (the later positions of each round) is applied whole before partition 0 starts
    await replicas[1].bus.deliver(byPartition[1]);
    await replicas[0].bus.deliver(byPartition[0]);
    const day = await readModels('lagging.sqlite').collection<StatisticsDayDocument>(collectionName(shared)).get(`network:${DAY}:p0`);
    expect(day).toMatchObject({ events: 3 * PARTITIONS * ROUNDS, commands: 2 * PARTITIONS * ROUNDS });
    const active = await readModels('lagging.sqlite').collection<StatisticsActiveDocument>(collectionName(shared)).find({ active_scope: networkScope, date: DAY });
    expect(new Set(active.map(({ member_id }) => member_id)).size).toBe(2 * PARTITIONS * ROUNDS);
  });

  it('writes nothing for events that leave a document as it was, and still moves past them', async () => {
    const joins: Projection<ProjectedDocument & { joined: number }> = {
      name: 'statistics_joins',
      version: 1,
      eventTypes: ['MemberJoinedGroup', 'MemberLeftGroup'],
      documentIds: () => ['joins'],
      evolve: (doc, event, id) => (event.type === 'MemberJoinedGroup' ? { _id: id, joined: (doc?.joined ?? 0) + 1 } : doc),
    };
    const [replica] = await startReplicas(joins, 'unchanged.sqlite', () => Promise.resolve());
    const joined = byPartition[0].filter((event) => event.type === 'MemberJoinedGroup');
    const left = byPartition[0].filter((event) => event.type === 'MemberLeftGroup');
    await replica.bus.deliver(joined);
    const store = readModels('unchanged.sqlite');
    const before = await store.collection(collectionName(joins)).get('joins');
    expect(before).toMatchObject({ joined: 2 * ROUNDS });
    await replica.bus.deliver(left);
    expect(await store.collection(collectionName(joins)).get('joins')).toEqual(before);
    // the second batch wrote the partition's checkpoint alone
    expect(replica.store.writes).toBe(2);
    expect(await store.collection(CHECKPOINTS_COLLECTION).get(`statistics-${joins.name}#0`)).toMatchObject({ position: left[left.length - 1].position });
    expect(replica.store.conflicts).toBe(0);
  });
});
