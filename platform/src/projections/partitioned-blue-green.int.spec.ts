import { join } from 'node:path';
import { createSqliteDocumentStore, type CollectionOptions, type CollectionWrites, type Document, type DocumentCollection, type DocumentStore } from '@cn/platform/document-store';
import { createPartitionedTestBus, createTempDir, eventually, newTestEvent, openEmbeddedStores, partitionOfStream, type EmbeddedStores, type PartitionedTestBus } from '@cn/platform/testing';
import type { ProjectedDocument } from './projection';
import { CHECKPOINTS_COLLECTION, createDocumentProjector, nextCollectionOf, type DocumentProjector } from './projection-runner';
import { createPartitionedSwitch, marksOn, ReadModelHeldError, READ_MODEL_SWITCHES_COLLECTION } from './partitioned-switch';
import { counts, describeSwitchRecovery, hashOf, tallies, type Tally } from '@cn/platform/testing';
import { projectAsOf } from './time-travel';

/**
 * A read model rebuilt blue/green on a bus with three partitions, shared by two replicas of its projector (one
 * holding partitions 0 and 1, the other partition 2), each with its own connection to one SQLite read-model
 * file, as two projection-service processes on Kafka (issue 16): commands keep writing on every partition
 * during the rebuild, reads keep answering from the old version until the switch, and afterwards the new
 * version holds every event exactly once and equals a replay from scratch.
 */
jest.setTimeout(60_000);

const PARTITIONS = 3;
const STREAMS = 30;
/** more than one replay batch (2,000 events), so that writes land while the new version is replayed */
const EVENTS_PER_STREAM = 70;
const PROJECTOR = 'tallies-projector';

const LIVE = 'tallies_v1';
const COUNTS = 'tally_counts_v1';

/**
 * a replica's own connection to the shared read-model file: its next checkpoint write can be held back, its
 * reads of partition checkpoints are counted, and something can be done just before it swaps a read model in
 */
const replicaConnection = (store: DocumentStore) => {
  let stall: { reached: () => void; released: Promise<void> } | null = null;
  let conflicts = 0;
  const checkpointReads = new Map<string, number>();
  let beforeSwap: (() => Promise<void>) | null = null;
  let beforeIntent: (() => Promise<void>) | null = null;
  let swapped = false;
  /** after the next swap, the write of this checkpoint fails as if the process died there */
  let dieAt: string | null = null;
  /** the liveness documents it writes go nowhere, as from a process whose event loop stalled */
  let silent = false;
  const connection: DocumentStore = {
    collection: <T extends Document>(name: string, options?: CollectionOptions): DocumentCollection<T> => {
      const collection = store.collection<T>(name, options);
      if (name === CHECKPOINTS_COLLECTION) {
        return {
          ...collection,
          get: (id) => {
            checkpointReads.set(id, (checkpointReads.get(id) ?? 0) + 1);
            return collection.get(id);
          },
        };
      }
      if (name === READ_MODEL_SWITCHES_COLLECTION) {
        return { ...collection, upsert: async (doc) => (silent && doc._id.startsWith('owner:') ? undefined : collection.upsert(doc)) };
      }
      return {
        ...collection,
        replaceWith: async (source, alongside, replace) => {
          const hook = beforeSwap;
          beforeSwap = null;
          await hook?.();
          await collection.replaceWith(source, alongside, replace);
          swapped = true;
        },
      };
    },
    writeAll: async (writes: readonly CollectionWrites[]) => {
      const intending = beforeIntent;
      if (intending && writes.some((write) => write.collection === READ_MODEL_SWITCHES_COLLECTION && write.changes.some((change) => change.doc?.['phase'] === 'switching'))) {
        beforeIntent = null;
        await intending();
      }
      if (swapped && dieAt !== null && writes.some((write) => write.collection === CHECKPOINTS_COLLECTION && write.changes.some((change) => change.id === dieAt))) {
        dieAt = null;
        throw new Error('the owner died after the swap');
      }
      const held = stall;
      if (held && writes.some((write) => write.collection === CHECKPOINTS_COLLECTION)) {
        stall = null;
        held.reached();
        await held.released;
      }
      try {
        await store.writeAll(writes);
      } catch (error) {
        conflicts += 1;
        throw error;
      }
    },
    drop: (name) => store.drop(name),
    close: () => store.close(),
  };
  return {
    connection,
    conflicts: () => conflicts,
    checkpointReads: (id: string) => checkpointReads.get(id) ?? 0,
    /** the next switch's owner dies after its swap, before lifting the mark on this checkpoint */
    dieAfterSwapAt: (checkpointId: string) => {
      swapped = false;
      dieAt = checkpointId;
    },
    /** stops (or resumes) saying that its switch owners are alive */
    silence: (on: boolean) => {
      silent = on;
    },
    /** runs once, just before the next switch's intent is written (the new version replayed to the cut, every replica held) */
    beforeNextIntent: (hook: () => Promise<void>) => {
      beforeIntent = hook;
    },
    /** runs once, just before the next swap of a read model (with every replica held) */
    beforeNextSwap: (hook: () => Promise<void>) => {
      beforeSwap = hook;
    },
    /** the replica's next batch reads its documents and checkpoint, then waits before writing until `release` */
    stallNext: () => {
      let reached = (): void => undefined;
      let release = (): void => undefined;
      const reachedPromise = new Promise<void>((resolve) => {
        reached = resolve;
      });
      stall = { reached, released: new Promise<void>((resolve) => (release = resolve)) };
      return { reached: reachedPromise, release };
    },
  };
};

describe('blue/green read-model rebuild on a partitioned bus with two replicas', () => {
  let temp: ReturnType<typeof createTempDir>;
  let stores: EmbeddedStores;
  let otherStore: DocumentStore;
  let owner$: ReturnType<typeof replicaConnection>;
  let other$: ReturnType<typeof replicaConnection>;
  let bus: PartitionedTestBus;
  let owner: DocumentProjector;
  let other: DocumentProjector;
  const streams = Array.from({ length: STREAMS }, (_, index) => `tally-${index}`);
  const appended = new Map<string, number[]>(streams.map((stream) => [stream, []]));

  const note = async (stream: string): Promise<number> => {
    const { position } = await stores.eventStore.append(stream, [newTestEvent('TallyNoted', {})], { expectedRevision: 'any' });
    appended.get(stream)?.push(position);
    return position;
  };
  const live = () => stores.documentStore.collection<Tally>(LIVE);
  /** every stream's tally holds exactly the positions appended to it, each once, and its count agrees */
  const allExactlyOnce = async (): Promise<boolean> => {
    const byId = new Map((await live().find({})).map((doc) => [doc._id, doc]));
    const countById = new Map((await stores.documentStore.collection<ProjectedDocument & { count: number }>(COUNTS).find({})).map((doc) => [doc._id, doc.count]));
    for (const stream of streams) {
      expect([...(byId.get(stream)?.positions ?? [])].sort((a, b) => a - b)).toEqual(appended.get(stream));
      expect(countById.get(stream)).toBe(appended.get(stream)?.length);
    }
    return true;
  };
  const projectorOf = (documentStore: DocumentStore, owned: readonly number[]): DocumentProjector =>
    createDocumentProjector({
      name: PROJECTOR,
      projections: [tallies, counts],
      bus: bus.replica(owned),
      eventStore: stores.eventStore,
      documentStore,
      cipher: stores.cipher,
      switchPollMs: 20,
      switchGoneAfterMs: 2_000,
      sweepQuietMs: Number.POSITIVE_INFINITY,
    });
  const streamOn = (partition: number): string => streams.find((stream) => partitionOfStream(stream, PARTITIONS) === partition) ?? '';

  beforeAll(async () => {
    temp = createTempDir('cn-partitioned-blue-green');
    stores = openEmbeddedStores(temp.dir);
    // the other replica: a connection of its own to the same read-model file, as another process has
    otherStore = createSqliteDocumentStore({ path: join(temp.dir, 'read-models.sqlite') });
    other$ = replicaConnection(otherStore);
    bus = createPartitionedTestBus(stores.eventStore, PARTITIONS);
    for (const stream of streams) {
      const events = Array.from({ length: EVENTS_PER_STREAM }, () => newTestEvent('TallyNoted', {}));
      const { position } = await stores.eventStore.append(stream, events, { expectedRevision: 'any' });
      appended.get(stream)?.push(...Array.from({ length: EVENTS_PER_STREAM }, (_, index) => position - EVENTS_PER_STREAM + 1 + index));
    }
    owner$ = replicaConnection(stores.documentStore);
    owner = projectorOf(owner$.connection, [0, 1]);
    other = projectorOf(other$.connection, [2]);
    await owner.start();
    await other.start();
    await eventually(allExactlyOnce, 20_000);
  });

  afterAll(async () => {
    await other.stop();
    await owner.stop();
    await bus.close();
    await otherStore.close();
    await stores.close();
    temp.remove();
  });

  it('keeps serving the old version while writes land on every partition, then holds every event exactly once, as a replay from scratch', async () => {
    expect(new Set(streams.map((stream) => partitionOfStream(stream, PARTITIONS))).size).toBe(PARTITIONS);
    // a document only the old version has: gone once the rebuilt version is switched in
    await live().upsert({ _id: 'stray', positions: [], _position: 0 });
    const before = await stores.eventStore.headPosition();

    // while every replica is held (cut taken, new version replayed to it, not yet swapped in): a command on every
    // partition, which each replica takes up and keeps (reads its checkpoint again, writes nothing), or, were it
    // not held, applies to the old version, which the swap then throws away
    const duringHold: number[] = [];
    const checkpointIdOf = (partition: number): string => `${PROJECTOR}#${partition}`;
    const connectionOf = (partition: number) => (partition === 2 ? other$ : owner$);
    owner$.beforeNextSwap(async () => {
      for (let partition = 0; partition < PARTITIONS; partition += 1) {
        const readsBefore = connectionOf(partition).checkpointReads(checkpointIdOf(partition));
        const position = await note(streamOn(partition));
        duringHold.push(position);
        await eventually(async () => {
          const applied = ((await stores.documentStore.collection(CHECKPOINTS_COLLECTION).get(checkpointIdOf(partition)))?.['positions'] as Record<string, number>)[LIVE];
          return applied >= position || connectionOf(partition).checkpointReads(checkpointIdOf(partition)) >= readsBefore + 2;
        }, 20_000);
      }
    });
    let rebuilt = false;
    const progress: number[] = [];
    const writtenOn = new Set<number>();
    const notedDuring: Array<Promise<number>> = [];
    const rebuilding = owner
      .rebuildBeside('tallies', (position) => {
        progress.push(position);
        // after a replayed batch, a command on every partition
        if (progress.length === 1) {
          for (let partition = 0; partition < PARTITIONS; partition += 1) {
            notedDuring.push(note(streamOn(partition)));
            writtenOn.add(partition);
          }
        }
      })
      .finally(() => {
        rebuilt = true;
      });
    const writing = (async () => {
      for (let index = 0; !rebuilt; index += 1) {
        const stream = streams[index % STREAMS];
        await note(stream);
        if (!rebuilt) writtenOn.add(partitionOfStream(stream, PARTITIONS));
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    // the consoles read through the other replica's connection meanwhile
    const answered: number[] = [];
    const reading = (async () => {
      while (!rebuilt) {
        const docs = await other$.connection.collection<Tally>(LIVE).find({});
        if (!rebuilt) answered.push(docs.length);
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const switchedAt = await rebuilding;
    await Promise.all([writing, reading, ...notedDuring]);

    expect(switchedAt).toBeGreaterThan(before);
    expect(duringHold).toHaveLength(PARTITIONS);
    expect(duringHold.every((position) => position > switchedAt)).toBe(true);
    expect(progress[progress.length - 1]).toBe(switchedAt);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(writtenOn).toEqual(new Set([0, 1, 2]));
    // the old version (every stream and the stray document) until the switch, then the new one: never fewer
    expect(answered.length).toBeGreaterThan(0);
    const switchedIn = answered.indexOf(STREAMS);
    const beforeSwitch = switchedIn === -1 ? answered : answered.slice(0, switchedIn);
    expect(beforeSwitch.every((count) => count === STREAMS + 1)).toBe(true);
    expect(answered.slice(beforeSwitch.length).every((count) => count === STREAMS)).toBe(true);

    // each replica goes on with its partitions on the new version
    for (const stream of streams) await note(stream);
    await eventually(allExactlyOnce, 20_000);
    expect(await live().get('stray')).toBeNull();
    expect(await stores.documentStore.collection(nextCollectionOf(LIVE)).count()).toBe(0);
    const scratch = await projectAsOf(tallies, stores.eventStore, stores.cipher, await stores.eventStore.headPosition());
    expect(hashOf(await live().find({}))).toBe(hashOf([...scratch.values()]));
    // every partition's checkpoint went through the switch: at or past the cut, one generation more, no mark left
    const checkpoints = await stores.documentStore.collection(CHECKPOINTS_COLLECTION).getMany([0, 1, 2].map((partition) => `${PROJECTOR}#${partition}`));
    expect(checkpoints).toHaveLength(PARTITIONS);
    for (const checkpoint of checkpoints) {
      expect((checkpoint['positions'] as Record<string, number>)[LIVE]).toBeGreaterThanOrEqual(switchedAt);
      expect((checkpoint['generations'] as Record<string, number>)[LIVE]).toBe(1);
      expect(marksOn(checkpoint)).toEqual([]);
    }
  });

  it("does not let a replica stalled in the middle of a batch write what it read from the old version into the new one", async () => {
    const stream = streamOn(2);
    // the old version's document carries a mark the new one cannot have (were the stalled batch written, it would),
    // and the version of a document the replay wrote (none, 0): its own conditional write cannot tell the two apart
    const { _version: _written, ...old } = (await live().get(stream)) as Tally & { _version?: number };
    await live().upsert({ ...old, fromOldVersion: true });
    const stalled = other$.stallNext();
    await note(stream);
    // the other replica has read its checkpoint and the old document, and waits to write them
    await stalled.reached;
    const conflictsBefore = other$.conflicts();
    // the switch does not wait for it
    await owner.rebuildBeside(LIVE);
    stalled.release();
    // its write finds the checkpoint moved by the switch: nothing of the batch is written, it reads again and
    // skips what the new version holds already
    await eventually(() => other$.conflicts() > conflictsBefore, 20_000);
    await eventually(allExactlyOnce, 20_000);
    expect((await live().get(stream))?.['fromOldVersion']).toBeUndefined();
  });

  it('does not wait for a replica that stopped: it goes on from the cut when it starts again', async () => {
    await other.stop();
    const switchedAt = await owner.rebuildBeside(LIVE);
    expect(switchedAt).toBe(await stores.eventStore.headPosition());
    for (const stream of streams) await note(stream);
    await other.start();
    await eventually(allExactlyOnce, 20_000);
  });

  it('holds batches while the owner of a switch lives, and lets go a hold whose owner is gone', async () => {
    const checkpoints = stores.documentStore.collection(CHECKPOINTS_COLLECTION);
    const ids = [0, 1, 2].map((partition) => `${PROJECTOR}#${partition}`);
    const probe = createPartitionedSwitch({ documentStore: stores.documentStore, checkpointsCollection: CHECKPOINTS_COLLECTION, partitionCheckpointIds: () => Promise.resolve(ids), projector: PROJECTOR });
    // an owner that says it is alive holds
    await stores.documentStore.collection(READ_MODEL_SWITCHES_COLLECTION).upsert({ _id: 'owner:alive', seenAt: Date.now() });
    const heldBy = { _id: ids[0], switching: { [LIVE]: { rebuild: 'r-alive', collection: LIVE, owner: 'owner:alive', generation: 9 } } };
    await expect(probe.admit(ids[0], heldBy)).rejects.toBeInstanceOf(ReadModelHeldError);

    // a switch whose owner died holding every partition (its liveness document is gone)
    for (const id of ids) {
      const checkpoint = await checkpoints.get(id);
      await checkpoints.upsert({ ...checkpoint, _id: id, switching: { [LIVE]: { rebuild: 'r-dead', collection: LIVE, owner: 'owner:dead', generation: 9 } }, _version: ((checkpoint?.['_version'] as number) ?? 0) + 1 });
    }
    for (const stream of streams) await note(stream);
    // each replica lets the hold on its partitions go and applies the events to the version that serves
    await eventually(allExactlyOnce, 20_000);
    for (const checkpoint of await checkpoints.getMany(ids)) expect(marksOn(checkpoint)).toEqual([]);
    // a later switch of the same read model goes through
    await owner.rebuildBeside(LIVE);
    await note(streams[0]);
    await eventually(allExactlyOnce, 20_000);
  });

  it("lifts at the cut the marks of an owner that died after the swap: the events up to the cut are not applied again", async () => {
    // the other replica is away: partition 2's events up to the cut reach the read model only through the replay
    await other.stop();
    for (let index = 0; index < 3; index += 1) await note(streamOn(2));
    owner$.dieAfterSwapAt(`${PROJECTOR}#2`);
    await expect(owner.rebuildBeside(LIVE)).rejects.toThrow('the owner died after the swap');
    const checkpoints = stores.documentStore.collection(CHECKPOINTS_COLLECTION);
    expect(marksOn(await checkpoints.get(`${PROJECTOR}#2`))).toHaveLength(1);
    // the owner is gone (it ended its claim); the replica coming back lifts the mark at the recorded cut
    await other.start();
    for (const stream of streams) await note(stream);
    await eventually(allExactlyOnce, 20_000);
    const after = await checkpoints.getMany([0, 1, 2].map((partition) => `${PROJECTOR}#${partition}`));
    for (const checkpoint of after) expect(marksOn(checkpoint)).toEqual([]);
    const generations = after.map((checkpoint) => (checkpoint['generations'] as Record<string, number>)[LIVE]);
    expect(new Set(generations).size).toBe(1);
  });

  /**
   * The owner stalls at the moment `at` arms and stops saying it is alive; a replica takes its switch over and
   * completes it while commands land on every stream; the owner's switch is refused when it wakes, and one
   * version serves afterwards, as a replay from scratch.
   */
  const ownerStallsWhileTakenOver = async (at: (hook: () => Promise<void>) => void): Promise<void> => {
    const switches = stores.documentStore.collection(READ_MODEL_SWITCHES_COLLECTION);
    at(async () => {
      owner$.silence(true);
      for (const doc of await switches.find({})) if (doc._id.startsWith('owner:')) await switches.delete(doc._id);
      for (const stream of streams) await note(stream);
      await eventually(allExactlyOnce, 20_000);
    });
    await expect(owner.rebuildBeside(LIVE)).rejects.toThrow('read_model_switch_released');
    owner$.silence(false);
    for (const stream of streams) await note(stream);
    await eventually(allExactlyOnce, 20_000);
    const scratch = await projectAsOf(tallies, stores.eventStore, stores.cipher, await stores.eventStore.headPosition());
    expect(hashOf(await live().find({}))).toBe(hashOf([...scratch.values()]));
  };

  it('refuses the switch of an owner taken for gone that wakes after a replica took it over, which completed it', async () => {
    const recordsOf = async () => (await stores.documentStore.collection(READ_MODEL_SWITCHES_COLLECTION).find({})).filter((doc) => doc._id.startsWith('switch:'));
    const recordsBefore = new Set((await recordsOf()).map((doc) => doc._id));
    // stalled between its last look at the marks and its intent: the replica resumes the new version to the
    // head, switches, and the commands land on the new version
    await ownerStallsWhileTakenOver((hook) => owner$.beforeNextIntent(hook));
    const checkpoints = await stores.documentStore.collection(CHECKPOINTS_COLLECTION).getMany([0, 1, 2].map((partition) => `${PROJECTOR}#${partition}`));
    for (const checkpoint of checkpoints) expect(marksOn(checkpoint)).toEqual([]);
    // the switch is the taker's now, kept as it ended
    const taken = (await recordsOf()).filter((doc) => !recordsBefore.has(doc._id));
    expect(taken).toHaveLength(1);
    expect(taken[0]).toMatchObject({ phase: 'switched' });
    expect(taken[0]['takenOverBy']).toBeDefined();
  });

  it('renames nothing after a replica completed the intent of an owner stalled between its intent and its rename', async () => {
    // the intent is written when it stalls: the replica renames, records switched and lifts the marks; the
    // owner's rename, when it wakes, finds the new version gone from beside the live one and swaps nothing
    // (else the live version would be emptied), and its `switched` is refused
    await ownerStallsWhileTakenOver((hook) => owner$.beforeNextSwap(hook));
  });

  it('runs one rebuild of a read model at a time among the replicas: the other one is refused while it runs', async () => {
    let second: Promise<string> | null = null;
    // the other replica, starting meanwhile, sees the rebuild runs (and does not record it interrupted)
    let running: Promise<boolean> | null = null;
    const switchedAt = await owner.rebuildBeside(LIVE, () => {
      // both would replay into the one new version: the second would clear what the first has built
      running ??= other.rebuildRunning(LIVE);
      second ??= other.rebuildBeside(LIVE).then(
        () => 'switched',
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      );
    });
    expect(await (second as Promise<string> | null)).toMatch(/already being rebuilt/);
    expect(await other.rebuildRunning(LIVE)).toBe(false);
    expect(await (running as Promise<boolean> | null)).toBe(true);
    expect(switchedAt).toBeGreaterThan(0);
    // once it ended, the other replica may rebuild it
    await other.rebuildBeside(LIVE);
    await note(streamOn(2));
    await eventually(allExactlyOnce, 20_000);
  });
});

describeSwitchRecovery('a read-model switch whose owner dies, on SQLite (one file shared by the replicas)', {
  available: true,
  transactions: true,
  open: (dir) => createSqliteDocumentStore({ path: join(dir, 'read-models.sqlite') }),
});
