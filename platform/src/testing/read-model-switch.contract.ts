import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CollectionOptions, CollectionWrites, Document, DocumentCollection, DocumentStore } from '@cn/platform/document-store';
import type { EventStore, RecordedEvent } from '@cn/platform/event-store';
import {
  CHECKPOINTS_COLLECTION,
  createDocumentProjector,
  marksOn,
  nextCollectionOf,
  projectAsOf,
  READ_MODEL_SWITCHES_COLLECTION,
  type DocumentProjector,
  type ProjectedDocument,
  type Projection,
} from '@cn/platform/projections';
import { eventually } from './eventually';
import { newTestEvent } from './event-store.contract';
import { openEmbeddedStores, type EmbeddedStores } from './embedded-stores';
import { createPartitionedTestBus, partitionOfStream, type PartitionedTestBus } from './partitioned-bus';
import { createTempDir } from './temp-dir';

/** one document per stream: every position applied to it, so that a lost or doubled event shows */
export interface Tally extends ProjectedDocument {
  positions: number[];
}
export const tallies: Projection<Tally> = {
  name: 'tallies',
  version: 1,
  eventTypes: ['TallyNoted'],
  documentIds: (event) => [event.streamId],
  evolve: (doc, event, id) => ({ _id: id, positions: [...(doc?.positions ?? []), event.position] }),
};
/** another read model of the same projector: held during the switch, never switched */
export const counts: Projection<ProjectedDocument & { count: number }> = {
  name: 'tally_counts',
  version: 1,
  eventTypes: ['TallyNoted'],
  documentIds: (event) => [event.streamId],
  evolve: (doc, _event, id) => ({ _id: id, count: (doc?.count ?? 0) + 1 }),
};

/** a document as a replay from scratch writes it: without the bookkeeping the runner adds */
const content = (doc: ProjectedDocument): Record<string, unknown> => {
  const { _position: _at, _positions: _perPartition, _version: _written, ...rest } = doc as ProjectedDocument & { _positions?: unknown; _version?: unknown };
  return rest;
};
export const hashOf = (docs: readonly ProjectedDocument[]): string =>
  createHash('sha256')
    .update(JSON.stringify([...docs].sort((a, b) => a._id.localeCompare(b._id)).map(content)))
    .digest('hex');

export type SwitchRecoveryTarget =
  | {
      available: true;
      /** a new connection (as another process has) to the one read-model store the replicas share; `dir` is the run's temporary folder */
      open: (dir: string) => DocumentStore;
      /** whether a `writeAll` is one transaction (nothing of a refused batch is written) */
      transactions: boolean;
      /** after the run (a database of its own dropped) */
      finish?: () => Promise<void>;
    }
  | { available: false; reason: string };

const PARTITIONS = 3;
const STREAMS = 12;
const EVENTS_PER_STREAM = 40;
const PROJECTOR = 'tallies-projector';
const LIVE = 'tallies_v1';
const NEXT = nextCollectionOf(LIVE);
const COUNTS = 'tally_counts_v1';
const checkpointIds = Array.from({ length: PARTITIONS }, (_, partition) => `${PROJECTOR}#${partition}`);

/**
 * A replica's connection to the shared store that can die as a process does: from the moment named, every
 * call of it throws and nothing more of it is written (its liveness documents stop too). A hook runs once
 * after it marked the last partition's checkpoint.
 */
const mortalConnection = (store: DocumentStore) => {
  let dead = false;
  let dieAt: 'before-rename' | 'after-rename' | 'next-write-of-new-version' | 'mid-write-of-new-version' | null = null;
  let afterMarked: (() => Promise<void>) | null = null;
  let silent = false;
  let stall: { reached: () => void; released: Promise<void> } | null = null;
  let beforeRename: (() => Promise<void>) | null = null;
  const died = (): Error => {
    dead = true;
    return new Error('the owner died');
  };
  const alive = <T>(call: () => Promise<T>): Promise<T> => (dead ? Promise.reject(new Error('the owner is dead')) : call());
  const connection: DocumentStore = {
    collection: <T extends Document>(name: string, options?: CollectionOptions): DocumentCollection<T> => {
      const collection = store.collection<T>(name, options);
      return {
        get: (id) => alive(() => collection.get(id)),
        getMany: (ids) => alive(() => collection.getMany(ids)),
        pick: (ids, fields) => alive(() => collection.pick(ids, fields)),
        find: (filter, findOptions) => alive(() => collection.find(filter, findOptions)),
        count: (filter) => alive(() => collection.count(filter)),
        upsert: (doc) => alive(async () => (silent && doc._id.startsWith('owner:') ? undefined : collection.upsert(doc))),
        delete: (id) => alive(() => collection.delete(id)),
        deleteMany: (filter) => alive(() => collection.deleteMany(filter)),
        clear: () => alive(() => collection.clear()),
        ensureIndex: (fields) => alive(() => collection.ensureIndex(fields)),
        writeMany: (changes) => alive(() => collection.writeMany(changes)),
        replaceWith: (source, alongside, replace) =>
          alive(async () => {
            const hook = beforeRename;
            beforeRename = null;
            await hook?.();
            if (dieAt === 'before-rename') throw died();
            await collection.replaceWith(source, alongside, replace);
            if (dieAt === 'after-rename') throw died();
          }),
      };
    },
    writeAll: (writes: readonly CollectionWrites[]) =>
      alive(async () => {
        if (dieAt === 'next-write-of-new-version' && writes.some((write) => write.collection === NEXT)) throw died();
        if (dieAt === 'mid-write-of-new-version' && writes.some((write) => write.collection === NEXT)) {
          // as a store without transactions leaves it: all but the last write (the batch's checkpoint) done
          await store.writeAll(writes.slice(0, -1));
          throw died();
        }
        const held = stall;
        if (held && writes.some((write) => write.collection === NEXT)) {
          stall = null;
          held.reached();
          await held.released;
        }
        await store.writeAll(writes);
        const last = checkpointIds[checkpointIds.length - 1];
        const marked = writes.some(
          (write) => write.collection === CHECKPOINTS_COLLECTION && write.changes.some((change) => change.id === last && marksOn(change.doc).length > 0),
        );
        const hook = afterMarked;
        if (marked && hook) {
          afterMarked = null;
          await hook();
        }
      }),
    drop: (name) => alive(() => store.drop(name)),
    close: () => store.close(),
  };
  return {
    connection,
    dieAt: (moment: typeof dieAt) => {
      dieAt = moment;
    },
    afterMarked: (hook: () => Promise<void>) => {
      afterMarked = hook;
    },
    /** runs once before its next rename (a switch's swap) */
    beforeRename: (hook: () => Promise<void>) => {
      beforeRename = hook;
    },
    /** stops (or resumes) saying that its owners are alive, as a process whose event loop stalled */
    silence: (on: boolean) => {
      silent = on;
    },
    /** its next write into the new version waits (after reading what it writes) until `release` */
    stallNextWriteOfNewVersion: () => {
      let release = (): void => undefined;
      const reached = new Promise<void>((resolve) => {
        stall = { reached: resolve, released: new Promise<void>((resolved) => (release = resolved)) };
      });
      return { reached, release: () => release() };
    },
  };
};

/** an event store whose `readAll` counts the events it answers (what a replica replays) */
const countingReads = (eventStore: EventStore) => {
  let read = 0;
  const counted: EventStore = Object.create(eventStore) as EventStore;
  counted.readAll = async (...args: Parameters<EventStore['readAll']>): Promise<RecordedEvent[]> => {
    const events = await eventStore.readAll(...args);
    read += events.length;
    return events;
  };
  return {
    eventStore: counted,
    read: () => read,
    reset: () => {
      read = 0;
    },
  };
};

/**
 * An owner of a read-model switch dying at each point of it, on a bus with three partitions shared by two
 * replicas (the owner holding partitions 0 and 1, the other partition 2), on the store the target opens: the
 * other replica finds its marks once it is gone and decides from the stored state (the switch's record, the
 * collections) what happened, completes the switch, and the owner's replica, started again, goes on from the
 * cut. Afterwards exactly one version serves, every event once, equal to a replay from scratch.
 */
export const describeSwitchRecovery = (title: string, target: SwitchRecoveryTarget): void => {
  if (!target.available) {
    describe(`${title} (skipped: ${target.reason})`, () => {
      it.skip(target.reason, () => undefined);
    });
    return;
  }
  describe(title, () => {
    let temp: ReturnType<typeof createTempDir>;
    let stores: EmbeddedStores;
    let bus: PartitionedTestBus;
    let reader: DocumentStore;
    const opened: DocumentStore[] = [];
    let owner$: ReturnType<typeof mortalConnection>;
    let owner: DocumentProjector;
    let other: DocumentProjector;
    let other$: ReturnType<typeof mortalConnection>;
    let otherReads: ReturnType<typeof countingReads>;
    const streams = Array.from({ length: STREAMS }, (_, index) => `tally-${index}`);
    const appended = new Map<string, number[]>(streams.map((stream) => [stream, []]));
    const streamOn = (partition: number): string => streams.find((stream) => partitionOfStream(stream, PARTITIONS) === partition) ?? '';

    const note = async (stream: string): Promise<number> => {
      const { position } = await stores.eventStore.append(stream, [newTestEvent('TallyNoted', {})], { expectedRevision: 'any' });
      appended.get(stream)?.push(position);
      return position;
    };
    const open = (): DocumentStore => {
      const store = target.open(temp.dir);
      opened.push(store);
      return store;
    };
    const projectorOf = (documentStore: DocumentStore, owned: readonly number[], eventStore: EventStore): DocumentProjector =>
      createDocumentProjector({
        name: PROJECTOR,
        projections: [tallies, counts],
        bus: bus.replica(owned),
        eventStore,
        documentStore,
        cipher: stores.cipher,
        switchPollMs: 20,
        switchGoneAfterMs: 1_000,
        sweepQuietMs: Number.POSITIVE_INFINITY,
      });
    /** the owner's replica as a process (started again after it died) */
    const startOwner = async (): Promise<void> => {
      owner$ = mortalConnection(open());
      owner = projectorOf(owner$.connection, [0, 1], stores.eventStore);
      await owner.start();
    };
    const allExactlyOnce = async (): Promise<boolean> => {
      const byId = new Map((await reader.collection<Tally>(LIVE).find({})).map((doc) => [doc._id, doc]));
      const countById = new Map((await reader.collection<ProjectedDocument & { count: number }>(COUNTS).find({})).map((doc) => [doc._id, doc.count]));
      for (const stream of streams) {
        expect([...(byId.get(stream)?.positions ?? [])].sort((a, b) => a - b)).toEqual(appended.get(stream));
        expect(countById.get(stream)).toBe(appended.get(stream)?.length);
      }
      return true;
    };
    const records = async (): Promise<Array<Document & { phase?: string; cut?: number; takenOverBy?: string; resumedFrom?: number; rebuild?: string; source?: string }>> =>
      (await reader.collection(READ_MODEL_SWITCHES_COLLECTION).find({})).filter((doc) => doc._id.startsWith('switch:'));

    /** the owner dies at `moment` of a rebuild; its replica stops as a process would */
    const ownerDiesAt = async (moment: Parameters<typeof owner$.dieAt>[0]): Promise<void> => {
      owner$.dieAt(moment);
      await expect(owner.rebuildBeside(LIVE)).rejects.toThrow();
      await owner.stop().catch(() => undefined);
    };
    /** an event on the other replica's partition: it meets the dead owner's mark, and settles the switch once the owner is gone */
    const otherSettles = async (id: string): Promise<Awaited<ReturnType<typeof records>>[number]> => {
      otherReads.reset();
      await note(streamOn(2));
      await eventually(async () => (await records()).find((record) => record._id === id)?.phase === 'switched', 60_000);
      return (await records()).find((record) => record._id === id) as Awaited<ReturnType<typeof records>>[number];
    };
    /** one version serves, every event once, as a replay from scratch; no mark left */
    const consistent = async (nextEmpty = true): Promise<void> => {
      for (const stream of streams) await note(stream);
      await eventually(allExactlyOnce, 30_000);
      const scratch = await projectAsOf(tallies, stores.eventStore, stores.cipher, await stores.eventStore.headPosition());
      expect(hashOf(await reader.collection<Tally>(LIVE).find({}))).toBe(hashOf([...scratch.values()]));
      if (nextEmpty) expect(await reader.collection(NEXT).count()).toBe(0);
      const checkpoints = await reader.collection(CHECKPOINTS_COLLECTION).getMany(checkpointIds);
      for (const checkpoint of checkpoints) expect(marksOn(checkpoint)).toEqual([]);
      expect(new Set(checkpoints.map((checkpoint) => (checkpoint['generations'] as Record<string, number>)[LIVE])).size).toBe(1);
    };
    /** the owner's replica starts again, then `consistent` */
    const consistentAfterRestart = async (): Promise<void> => {
      await startOwner();
      await consistent();
    };

    beforeAll(async () => {
      temp = createTempDir('cn-switch-recovery');
      stores = openEmbeddedStores(temp.dir);
      bus = createPartitionedTestBus(stores.eventStore, PARTITIONS);
      reader = open();
      for (const stream of streams) {
        const events = Array.from({ length: EVENTS_PER_STREAM }, () => newTestEvent('TallyNoted', {}));
        const { position } = await stores.eventStore.append(stream, events, { expectedRevision: 'any' });
        appended.get(stream)?.push(...Array.from({ length: EVENTS_PER_STREAM }, (_, index) => position - EVENTS_PER_STREAM + 1 + index));
      }
      otherReads = countingReads(stores.eventStore);
      other$ = mortalConnection(open());
      other = projectorOf(other$.connection, [2], otherReads.eventStore);
      await startOwner();
      await other.start();
      // a ceiling, not a speed: the first catch-up writes every event conditionally (a loaded FerretDB is slow)
      await eventually(allExactlyOnce, 100_000);
    }, 120_000);

    afterAll(async () => {
      await other?.stop();
      await owner?.stop().catch(() => undefined);
      await bus?.close();
      for (const store of opened) await store.close().catch(() => undefined);
      await stores?.close();
      await target.finish?.();
      temp?.remove();
    });

    /**
     * The owner dies at `moment`, after writing its intent (the cut, the collections); the new version beside the
     * live one tells whether it renamed; the other replica completes the intent at its cut
     */
    const intentCompletedAfterDeath = async (moment: 'before-rename' | 'after-rename'): Promise<void> => {
      await ownerDiesAt(moment);
      const [intent] = (await records()).filter((record) => record.phase === 'switching');
      expect(intent).toBeDefined();
      const beside = await reader.collection(NEXT).count();
      // before the rename the old version serves and the new one waits beside it; after it, the new one serves
      // already and is not renamed again (which would empty it)
      if (moment === 'before-rename') expect(beside).toBeGreaterThan(0);
      else expect(beside).toBe(0);
      const settled = await otherSettles(intent._id);
      expect(settled.cut).toBe(intent.cut);
      expect(settled.takenOverBy).toBeDefined();
      await consistentAfterRestart();
    };

    it('completes the rename of an owner that died between writing its intent and renaming', () => intentCompletedAfterDeath('before-rename'));

    it('completes the switch of an owner that died after renaming, before recording it switched', () => intentCompletedAfterDeath('after-rename'));

    it("takes over a switch whose owner died replaying while every replica holds, resuming from the new version's own checkpoint", async () => {
      // once every partition is held, more events; the owner dies writing its first replayed batch of them
      let heldAt = 0;
      owner$.afterMarked(async () => {
        for (let index = 0; index < 60; index += 1) await note(streams[index % STREAMS]);
        heldAt = await stores.eventStore.headPosition();
        owner$.dieAt('next-write-of-new-version');
      });
      await ownerDiesAt(null);
      expect(heldAt).toBeGreaterThan(0);
      const [holding] = (await records()).filter((record) => record.phase === 'holding');
      expect(holding).toBeDefined();
      // what the dead owner replayed and committed into the new version, with its checkpoint in the same write
      const committed = ((await reader.collection(CHECKPOINTS_COLLECTION).get(`${PROJECTOR}/${NEXT}`))?.['position'] as number | undefined) ?? 0;
      expect(committed).toBeGreaterThan(0);
      expect(committed).toBeLessThan(heldAt);
      const settled = await otherSettles(holding._id);
      expect(settled.takenOverBy).toBeDefined();
      expect(settled.resumedFrom).toBe(committed);
      // the taker replayed only the rest: the events after the dead owner's checkpoint up to its cut
      const rest = (await stores.eventStore.readAll({ after: committed, limit: 100_000 })).filter((event) => event.position <= (settled.cut ?? 0)).length;
      const whole = (await stores.eventStore.readAll({ after: 0, limit: 100_000 })).filter((event) => event.position <= (settled.cut ?? 0)).length;
      expect(rest).toBeGreaterThan(0);
      expect(otherReads.read()).toBe(rest);
      expect(otherReads.read()).toBeLessThan(whole / 5);
      await consistentAfterRestart();
    });

    it('takes over a switch whose owner died in the middle of writing a replayed batch (claimed, documents written, checkpoint not), replaying from 0 into a collection of its own', async () => {
      owner$.afterMarked(async () => {
        for (let index = 0; index < 30; index += 1) await note(streams[index % STREAMS]);
        owner$.dieAt('mid-write-of-new-version');
      });
      await ownerDiesAt(null);
      const [holding] = (await records()).filter((record) => record.phase === 'holding');
      expect(holding).toBeDefined();
      // the batch's claim stayed: its documents may be in the new version, its checkpoint is not
      const claimed = await reader.collection(CHECKPOINTS_COLLECTION).get(`${PROJECTOR}/${NEXT}`);
      expect(claimed?.['pending']).toBeGreaterThan(claimed?.['position'] as number);
      const settled = await otherSettles(holding._id);
      expect(settled.takenOverBy).toBeDefined();
      expect(settled.resumedFrom).toBe(0);
      expect(settled.source).not.toBe(NEXT);
      await startOwner();
      // the dead owner's new version stays beside (the next rebuild clears it)
      await consistent(false);
    });

    /**
     * The owner stalls with a replayed batch of the new version in hand (read, not written) and stops saying it is
     * alive; the other replica takes the switch over and resumes the new version from its checkpoint. `lateAt`:
     * when the owner's batch is delivered, after the taker switched or after the taker replayed past it (more
     * events came meanwhile) and before its rename. Either way the batch is refused whole (nothing of it is
     * written, on a store without transactions too) and the version swapped in equals a replay from scratch.
     */
    const lateBatchRefused = async (lateAt: 'after-switch' | 'before-rename'): Promise<void> => {
      let stalled: { reached: Promise<void>; release: () => void } | null = null;
      owner$.afterMarked(async () => {
        for (let index = 0; index < 30; index += 1) await note(streams[index % STREAMS]);
        stalled = owner$.stallNextWriteOfNewVersion();
      });
      const rebuilding = owner.rebuildBeside(LIVE).then(
        () => 'switched',
        (error: unknown) => (error instanceof Error ? error.name : String(error)),
      );
      await eventually(() => stalled !== null, 30_000);
      const late = stalled as unknown as { reached: Promise<void>; release: () => void };
      await late.reached;
      let outcome: Promise<string> | null = null;
      if (lateAt === 'before-rename') {
        // events the owner's batch does not hold (held on every partition meanwhile): the taker replays past it,
        // every stream's document moves on
        for (const stream of streams) await note(stream);
        // whichever replica takes the switch over (the owner's own, whose live batches meet its mark, or the other)
        const deliverLate = async (): Promise<void> => {
          if (outcome) return;
          late.release();
          outcome = rebuilding;
          await rebuilding;
        };
        owner$.beforeRename(deliverLate);
        other$.beforeRename(deliverLate);
      }
      owner$.silence(true);
      const [holding] = (await records()).filter((record) => record.phase === 'holding');
      const settled = await otherSettles(holding._id);
      expect(settled.takenOverBy).toBeDefined();
      expect(settled.resumedFrom).toBeGreaterThan(0);
      if (lateAt === 'after-switch') {
        late.release();
        outcome = rebuilding;
      }
      // the owner's batch is refused (its claim on the new version's checkpoint is not the taker's)
      expect(await (outcome as unknown as Promise<string>)).toBe('DocumentConflictError');
      owner$.silence(false);
      await consistent();
    };

    it('refuses the late batch of an owner taken for gone while still replaying, once a replica resumed and switched', () => lateBatchRefused('after-switch'));

    it("refuses whole the late batch of an owner taken for gone, delivered after the taker replayed past it and before its rename", () => lateBatchRefused('before-rename'));
  });
};
