import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { createTempDir, eventually, newTestEvent } from '@cn/platform/testing';
import { createMongoDocumentStore, createSqliteDocumentStore, type DocumentStore } from '@cn/platform/document-store';
import { createKafkaEventBus, RELAY_CHECKPOINTS_COLLECTION, startKafkaRelay, type EventBus, type KafkaRelay, type RelayCheckpoint } from '@cn/platform/event-bus';
import { createSqliteEventStore, type EventStore, type RecordedEvent } from '@cn/platform/event-store';
import { createSqliteKeyStore, type KeyStore } from '@cn/platform/key-store';
import { createPersonalDataCipher } from '@cn/platform/personal-data';
import type { ProjectedDocument, Projection } from './projection';
import { createDocumentProjector, createProjector, type DocumentProjector } from './projection-runner';

/**
 * Scaling projection-service out on Kafka: a topic with 3 partitions fed by the relay, and two projectors of
 * one consumer group (two "processes": each its own Kafka client and its own connection to the read-model
 * store) sharing the partitions and the documents. Per-stream documents must hold each stream's events
 * once and in order; cross-stream documents (touched from every partition, by both replicas at once) must
 * count every event exactly once; and that while one replica stops mid-way (its partitions move to the
 * other). Read-model store: MongoDB when MONGODB_URL is set (FerretDB in CI), else one SQLite file.
 */
const brokers = process.env['KAFKA_BROKERS']?.split(',').filter((broker) => broker.length > 0) ?? [];
const mongoUrl = process.env['MONGODB_URL'];
const describeWithKafka = brokers.length > 0 ? describe : describe.skip;
const title =
  brokers.length > 0
    ? `Kafka with 3 partitions and two projector replicas (${mongoUrl ? 'MongoDB-wire' : 'SQLite'} read models)`
    : 'Kafka with 3 partitions and two projector replicas (skipped: KAFKA_BROKERS not set)';
const run = randomUUID().slice(0, 8);

const PARTITIONS = 3;
const STREAMS = 300;
const EVENTS_PER_STREAM = 10;
const BUCKETS = 10;

interface StreamDoc extends ProjectedDocument {
  revisions: number[];
}
interface CountDoc extends ProjectedDocument {
  count: number;
}

const streamOf = (index: number): string => `item-${index}`;
const indexOf = (streamId: string): number => Number(streamId.slice('item-'.length));

/** one document per stream: the revisions it saw, in the order it saw them */
const perStream: Projection<StreamDoc> = {
  name: 'partition_items',
  version: 1,
  eventTypes: ['ItemTicked'],
  documentIds: (event) => [event.streamId],
  evolve: (doc, event, id) => ({ _id: id, revisions: [...(doc?.revisions ?? []), event.revision] }),
};

/** documents built from many streams of every partition: a total and one count per bucket of streams */
/** one document per event, made whole by it and never changed (a chat message): realtime need not wait for its write */
const wholeNotes: Projection<ProjectedDocument & { index: number }> = {
  name: 'partition_notes',
  version: 1,
  eventTypes: ['NoteWritten'],
  documentIds: (event) => [event.id],
  evolve: (doc, event, id) => doc ?? { _id: id, index: (event.data as { index: number }).index },
  wholeFromOneEvent: true,
};

const crossStream: Projection<CountDoc> = {
  name: 'partition_counts',
  version: 1,
  eventTypes: ['ItemTicked'],
  documentIds: (event) => ['all', `bucket-${indexOf(event.streamId) % BUCKETS}`],
  evolve: (doc, _event, id) => ({ _id: id, count: (doc?.count ?? 0) + 1 }),
};

jest.setTimeout(240_000);

describeWithKafka(title, () => {
  let temp: ReturnType<typeof createTempDir>;
  let eventStore: EventStore;
  let keyStore: KeyStore;
  let relayStore: DocumentStore;
  let relay: KafkaRelay;
  const topic = `cn.e2e.partitions.${run}`;
  const database = `cn_e2e_partitions_${run}`;
  const replicas: Array<{ bus: EventBus; store: DocumentStore; projector: DocumentProjector; stopped: boolean; heard: Set<string> }> = [];

  const openStore = (): DocumentStore =>
    mongoUrl ? createMongoDocumentStore({ url: mongoUrl, database }) : createSqliteDocumentStore({ path: join(temp.dir, 'read-models.sqlite') });

  const startReplica = async (index: number): Promise<DocumentProjector> => {
    const bus = createKafkaEventBus({ brokers, topic, partitions: PARTITIONS, clientId: `cn-e2e-partitions-${run}-${index}` });
    const store = openStore();
    const heard = new Set<string>();
    const projector = createDocumentProjector({
      name: `partitions-${run}`,
      projections: [perStream, crossStream],
      bus,
      eventStore,
      documentStore: store,
      cipher: createPersonalDataCipher(keyStore),
      // what this process's consoles hear of (realtime), whichever replica wrote the document
      onChange: (change) => {
        if (change.doc) heard.add(`${change.collection}/${change.id}`);
      },
    });
    replicas.push({ bus, store, projector, stopped: false, heard });
    await projector.start();
    return projector;
  };
  const stopReplica = async (index: number): Promise<void> => {
    const replica = replicas[index];
    replica.stopped = true;
    await replica.projector.stop();
    await replica.bus.close();
  };

  /** one event on each of the given streams, appended concurrently (the log's group commit) */
  const tick = async (streams: readonly number[]): Promise<number> => {
    const results = await Promise.all(
      streams.map((index) => eventStore.append(streamOf(index), [newTestEvent('ItemTicked', { index })], { expectedRevision: 'any' })),
    );
    return Math.max(...results.map((result) => result.position));
  };
  const allStreams = Array.from({ length: STREAMS }, (_unused, index) => index);

  beforeAll(async () => {
    temp = createTempDir('cn-kafka-partitions-e2e');
    eventStore = createSqliteEventStore({ path: join(temp.dir, 'events.sqlite') });
    keyStore = createSqliteKeyStore({ path: join(temp.dir, 'keys.sqlite') });
    // the relay keeps its checkpoint where the projectors read it (command-service: the shared document store)
    relayStore = openStore();
    relay = await startKafkaRelay({ eventStore, brokers, topic, partitions: PARTITIONS, checkpoints: relayStore.collection(RELAY_CHECKPOINTS_COLLECTION) });
  });
  afterAll(async () => {
    for (const [index, replica] of replicas.entries()) if (!replica.stopped) await stopReplica(index);
    await relay.stop();
    if (mongoUrl) {
      for (const name of ['partition_items_v1', 'partition_counts_v1', 'partition_notes_v1', '_checkpoints', RELAY_CHECKPOINTS_COLLECTION]) await relayStore.collection(name).clear();
    }
    for (const replica of replicas) await replica.store.close();
    await relayStore.close();
    await keyStore.close();
    await eventStore.close();
    temp.remove();
  });

  it('creates the topic with 3 partitions and spreads the streams over them', async () => {
    const first = await startReplica(0);
    await startReplica(1);
    expect(await replicas[0].bus.partitions()).toBe(PARTITIONS);
    const position = await tick(allStreams);
    expect(await first.waitFor(position, 60_000)).toBe(true);
    // each replica writes the documents of its partitions only, yet both pass every change on to their consoles
    for (const replica of replicas) {
      await eventually(() => allStreams.every((index) => replica.heard.has(`partition_items_v1/${streamOf(index)}`)), 60_000);
    }
    const relayed = await relayStore.collection(RELAY_CHECKPOINTS_COLLECTION).get('kafka-relay');
    expect(Object.keys((relayed?.['partitions'] as Record<string, number> | undefined) ?? {}).sort()).toEqual(['0', '1', '2']);
  });

  it('answers a wait for a command position only once its event is projected, whichever replica holds its partition', async () => {
    for (const index of [7, 123, 299]) {
      const position = await tick([index]);
      // the replica asked may not hold the partition: it reads the shared checkpoints
      expect(await replicas[index % 2].projector.waitFor(position, 20_000)).toBe(true);
      const doc = await replicas[0].store.collection<StreamDoc>('partition_items_v1').get(streamOf(index));
      expect(doc?.revisions).toEqual([0, 1]);
    }
    // a position the relay has not sent is not reached
    expect(await replicas[0].projector.waitFor(1_000_000, 200)).toBe(false);
  });

  it('loses and doubles nothing over 3,000 events on 300 streams while one replica stops mid-way', async () => {
    const started = Date.now();
    // the streams ticked by the tests before count too
    const extra = new Map([[7, 1], [123, 1], [299, 1]]);
    let last = 0;
    for (let round = 1; round < EVENTS_PER_STREAM; round += 1) {
      last = await tick(allStreams);
      // a replica leaves while events flow: its partitions move to the other one (rebalance)
      if (round === 4) {
        await stopReplica(1);
        // the stopped replica had partitions: what it left is projected by the other one
        expect(replicas[1].projector.position()).toBeGreaterThan(0);
      }
    }
    const remaining = replicas[0].projector;
    expect(await remaining.waitFor(last, 180_000)).toBe(true);
    const elapsedMs = Date.now() - started;

    const items = await replicas[0].store.collection<StreamDoc>('partition_items_v1').find({});
    expect(items).toHaveLength(STREAMS);
    for (const doc of items) {
      const expected = EVENTS_PER_STREAM + (extra.get(indexOf(doc._id)) ?? 0);
      expect(doc.revisions).toEqual(Array.from({ length: expected }, (_unused, revision) => revision));
    }
    const counts = new Map((await replicas[0].store.collection<CountDoc>('partition_counts_v1').find({})).map((doc) => [doc._id, doc.count]));
    const total = STREAMS * EVENTS_PER_STREAM + extra.size;
    expect(counts.get('all')).toBe(total);
    for (let bucket = 0; bucket < BUCKETS; bucket += 1) {
      const extraInBucket = [...extra.keys()].filter((index) => index % BUCKETS === bucket).length;
      expect(counts.get(`bucket-${bucket}`)).toBe(STREAMS / BUCKETS * EVENTS_PER_STREAM + extraInBucket);
    }
    // the measurement, not an assertion (a busy machine swings it)
    process.stderr.write(`[kafka-partitions] ${total} events over ${PARTITIONS} partitions projected in ${elapsedMs} ms (SQLite log, ${mongoUrl ? 'MongoDB-wire' : 'SQLite'} read models)\n`);
  });

  it("passes a document one event makes whole on to every replica's consoles before it is written (a chat message), and the others only after", async () => {
    // two replicas of one projector whose writes can be held back
    let hold: Promise<void> | null = null;
    let release: () => void = () => undefined;
    const heard: Array<Array<{ collection: string; id: string; doc: ProjectedDocument | null }>> = [[], []];
    const started: Array<{ bus: EventBus; store: DocumentStore; projector: DocumentProjector }> = [];
    try {
      for (const index of [0, 1]) {
        const bus = createKafkaEventBus({ brokers, topic, partitions: PARTITIONS, clientId: `cn-e2e-notes-${run}-${index}` });
        const store = openStore();
        const heldStore: DocumentStore = {
          ...store,
          writeAll: async (writes) => {
            if (hold) await hold;
            await store.writeAll(writes);
          },
        };
        const projector = createDocumentProjector({
          name: `notes-${run}`,
          projections: [wholeNotes, perStream],
          bus,
          eventStore,
          documentStore: heldStore,
          cipher: createPersonalDataCipher(keyStore),
          onChange: (change) => heard[index]?.push({ collection: change.collection, id: change.id, doc: change.doc }),
        });
        started.push({ bus, store, projector });
        await projector.start();
      }
      // both replicas caught up (an event of their own, so that the relay has a checkpoint to wait for)
      expect(await started[0]?.projector.waitFor(await tick([6]), 60_000)).toBe(true);
      hold = new Promise<void>((resolve) => {
        release = resolve;
      });
      const note = newTestEvent('NoteWritten', { index: 7 });
      const { position } = await eventStore.append(streamOf(7), [note, newTestEvent('ItemTicked', { index: 7 })], { expectedRevision: 'any' });
      const notes = (changes: ReadonlyArray<{ collection: string }>) => changes.filter((change) => change.collection === 'partition_notes_v1');
      await eventually(() => Promise.resolve(expect(heard.map(notes)).toEqual([0, 1].map(() => [{ collection: 'partition_notes_v1', id: note.id, doc: expect.objectContaining({ _id: note.id, index: 7 }) }]))), 20_000, 50);
      // heard while nothing is written yet; the stream's document (not whole) is not heard before its write
      expect(await started[0]?.store.collection('partition_notes_v1').get(note.id)).toBeNull();
      expect(heard.flat().filter((change) => change.collection === 'partition_items_v1' && change.id === streamOf(7))).toEqual([]);
      release();
      expect(await started[0]?.projector.waitFor(position, 60_000)).toBe(true);
      await eventually(() => Promise.resolve(expect(heard.map((changes) => changes.some((change) => change.collection === 'partition_items_v1' && change.id === streamOf(7)))).toEqual([true, true])), 20_000, 50);
      // the written note is the one heard, and it was heard once per replica
      expect(await started[0]?.store.collection('partition_notes_v1').get(note.id)).toMatchObject({ _id: note.id, index: 7 });
      expect(heard.map((changes) => notes(changes).length)).toEqual([1, 1]);
    } finally {
      release();
      for (const replica of started) {
        await replica.projector.stop();
        await replica.bus.close();
        await replica.store.close();
      }
    }
  });

  it('lets a projector that holds every partition (the search indexer) handle each event once and wait for a position', async () => {
    const handled: RecordedEvent[] = [];
    const bus = createKafkaEventBus({ brokers, topic, clientId: `cn-e2e-partitions-${run}-single` });
    let checkpoint = 0;
    const single = createProjector({
      name: `partitions-single-${run}`,
      bus,
      handle: (events) => {
        handled.push(...events);
        return Promise.resolve();
      },
      checkpoint: {
        get: () => Promise.resolve(checkpoint),
        set: (position) => {
          checkpoint = position;
          return Promise.resolve();
        },
      },
      relayCheckpoint: { collection: relayStore.collection<RelayCheckpoint>(RELAY_CHECKPOINTS_COLLECTION) },
    });
    try {
      await single.start();
      const position = await tick([42]);
      expect(await single.waitFor(position, 60_000)).toBe(true);
      const appended = await eventStore.readAll();
      expect(new Set(handled.map((event) => event.id)).size).toBe(appended.length);
      expect(handled).toHaveLength(appended.length);
      // each stream's events in its order
      const revisions = handled.filter((event) => event.streamId === streamOf(42)).map((event) => event.revision);
      expect(revisions).toEqual(Array.from({ length: EVENTS_PER_STREAM + 1 }, (_unused, revision) => revision));
    } finally {
      await single.stop();
      await bus.close();
    }
  });
});
