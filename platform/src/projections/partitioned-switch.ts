import { randomUUID } from 'node:crypto';
import { DocumentConflictError, versionOf, writeIfVersion, type Document, type DocumentStore, type ReplaceOptions } from '@cn/platform/document-store';
import { retryStorageFaults } from '@cn/platform/storage';
import type { ProjectorLogger } from './projection-runner';

/** where the owner of a read-model switch says it is alive (the shared document store) */
export const READ_MODEL_SWITCHES_COLLECTION = '_read_model_switches';

/**
 * What a switch leaves on a partition's checkpoint while it holds: whoever holds that partition applies no
 * batch of the projector until it is gone (or its owner is).
 */
export interface SwitchMark {
  rebuild: string;
  collection: string;
  /** the owner's liveness document in `_read_model_switches` */
  owner: string;
  /** the collection's switch generation this switch makes (the checkpoint's `generations[collection]` + 1) */
  generation: number;
}

/** a partition's checkpoint as a switch reads and writes it (the projector writes `positions` per batch) */
interface PartitionCheckpoint extends Document {
  positions?: Record<string, number>;
  position?: number;
  /** per collection, how many switches it went through */
  generations?: Record<string, number>;
  /** per collection, the switch holding the projector's batches on this partition */
  switching?: Record<string, SwitchMark>;
}

interface OwnerDocument extends Document {
  _id: string;
  seenAt: number;
}

/**
 * One switch's record (`switch:<rebuild>` in `_read_model_switches`), written before its marks and changed only
 * by compare-and-set, so that whoever meets it decides from stored state, never from clocks:
 * `holding` (marks set, the new version being replayed) → `switching` (the intent: the cut and the
 * collections, written before the rename) → rename → `switched`. A store without transactions (MongoDB,
 * FerretDB) cannot rename and write the record in one step: the intent says what the rename is, and
 * `sourceDocuments` (the new version's documents when the intent was written) tells afterwards whether it
 * happened (a renamed source is left empty). `owner` is who acts on the switch now: the rebuild's owner, or a
 * replica that took it over from a gone one (`takenOverBy`). `abandoned`: the old version goes on.
 */
interface SwitchRecord extends Document {
  _id: string;
  rebuild: string;
  collection: string;
  /** `swapped`: written by earlier versions, which wrote it in the swap's transaction (same as `switched`) */
  phase: 'holding' | 'switching' | 'switched' | 'swapped' | 'abandoned';
  owner?: string;
  /** the new version's collection, renamed over `collection` */
  source?: string;
  cut?: number;
  sourceDocuments?: number;
  takenOverBy?: string;
  /** where the replica that took the switch over resumed the new version's replay (its own checkpoint) */
  resumedFrom?: number;
}
const recordIdOf = (rebuild: string): string => `switch:${rebuild}`;

/** the rebuild of one read model, claimed by its owner across replicas */
interface ClaimDocument extends OwnerDocument {
  owner: string;
}

/** a batch met a live switch's mark on its partition's checkpoint: wait, then read it again */
export class ReadModelHeldError extends Error {
  constructor(readonly collection: string) {
    super(`the read model ${collection} is being switched to its rebuilt version`);
    this.name = 'ReadModelHeldError';
  }
}

export interface PartitionedSwitchOptions {
  documentStore: DocumentStore;
  checkpointsCollection: string;
  /** the projector's per-partition checkpoint ids, one per partition of the bus */
  partitionCheckpointIds: () => Promise<string[]>;
  /** how often an owner says it is alive and a held batch looks again (default 250 ms) */
  pollMs?: number;
  /** an owner not seen for this long is taken as gone, and its hold let go (default 10 s) */
  goneAfterMs?: number;
  logger?: ProjectorLogger;
  projector: string;
  /**
   * A replica taking over a gone owner's switch before its intent: takes the new version (`source`) from the
   * owner (its checkpoint's compare-and-set: the owner writes no more of it), replays it on from its own
   * checkpoint up to the log's head as it is then (from 0 into a collection of its own when the owner may still
   * be writing part of a batch, or left no checkpoint), and answers where it started, that head (the cut) and
   * the collection that holds the new version now (`source` when absent). Without it such a switch is abandoned.
   */
  resume?: (collection: string, source: string) => Promise<{ from: number; cut: number; source?: string }>;
  /** renames `source` over `collection` (default: the document store's `replaceWith`) */
  swapIn?: (collection: string, source: string, replace: ReplaceOptions) => Promise<void>;
}

/** the marks a checkpoint carries */
export const marksOn = (checkpoint: Document | null | undefined): SwitchMark[] => Object.values((checkpoint as PartitionCheckpoint | null)?.switching ?? {});

/** the fields of a partition checkpoint a batch must keep when it writes the checkpoint again */
export const switchFieldsOf = (checkpoint: Document | null | undefined): { generations?: Record<string, number> } => {
  const generations = (checkpoint as PartitionCheckpoint | null)?.generations;
  return generations ? { generations } : {};
};

/**
 * A read model switched to its rebuilt version on a bus with several partitions, while several replicas of its
 * projector (each holding some partitions) share its documents and per-partition checkpoints
 * (docs/ARCHITECTURE.md, "Read-model switch on a partitioned bus"). The hold is kept by the store, not by the
 * replicas' good will: the owner marks every partition's checkpoint (a conditional write, so a batch that read
 * the checkpoint before fails its own conditional write of it, in the same transaction as its documents), and a
 * batch that reads a marked checkpoint waits. So while marked, nothing writes the read model: the owner takes
 * the cut at the log's head, replays the new version to it, swaps it in and sets every partition's checkpoint to
 * the cut as it lifts its mark; replicas then skip what is at or before the cut and apply the rest to the new
 * version. No replica is waited for (a stopped one holds nothing). The swap goes intent → rename → switched on
 * the switch's record, so the first replica that meets the mark of an owner that stopped saying it is alive
 * settles the switch from stored state (`settle`): completes it (resuming the new version from its own
 * checkpoint when the owner died replaying), or abandons it, the old version going on.
 */
export const createPartitionedSwitch = (options: PartitionedSwitchOptions) => {
  const pollMs = options.pollMs ?? 250;
  const goneAfterMs = options.goneAfterMs ?? 10_000;
  const checkpoints = options.documentStore.collection<PartitionCheckpoint>(options.checkpointsCollection);
  const owners = options.documentStore.collection<OwnerDocument>(READ_MODEL_SWITCHES_COLLECTION);

  /** read, change and write one checkpoint conditionally, again while another writer comes first */
  const update = async (id: string, change: (checkpoint: PartitionCheckpoint | null) => PartitionCheckpoint | null): Promise<void> => {
    for (;;) {
      const checkpoint = await checkpoints.get(id);
      const next = change(checkpoint);
      if (next === null) return;
      const version = versionOf(checkpoint);
      try {
        await options.documentStore.writeAll([
          { collection: options.checkpointsCollection, changes: [{ id, doc: { ...next, _id: id, _version: version + 1 }, ifVersion: version }] },
        ]);
        return;
      } catch (error) {
        if (!(error instanceof DocumentConflictError)) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * 20)));
      }
    }
  };
  const withoutMark = (checkpoint: PartitionCheckpoint, collection: string): Record<string, SwitchMark> => {
    const { [collection]: _lifted, ...rest } = checkpoint.switching ?? {};
    return rest;
  };
  /** the checkpoint without the mark; at the cut (one generation more) when the switch swapped */
  const lifted = (current: PartitionCheckpoint, mark: SwitchMark, cut: number | null): PartitionCheckpoint => {
    if (cut === null) return { ...current, switching: withoutMark(current, mark.collection) };
    return {
      ...current,
      switching: withoutMark(current, mark.collection),
      positions: { ...current.positions, [mark.collection]: cut },
      position: Math.max(current.position ?? 0, cut),
      _position: Math.max(current.position ?? 0, cut),
      generations: { ...current.generations, [mark.collection]: mark.generation },
    };
  };

  const ownerAlive = async (owner: string): Promise<boolean> => {
    const seen = await owners.get(owner);
    return seen !== null && Date.now() - seen.seenAt < goneAfterMs;
  };

  /** says `owner` is alive every `pollMs` until the answer's `end` */
  const sayAlive = async (owner: string) => {
    const beat = (): Promise<void> => owners.upsert({ _id: owner, seenAt: Date.now() });
    await beat();
    const heartbeat = setInterval(() => {
      beat().catch((error: unknown) => options.logger?.error({ projector: options.projector, err: error }, 'a read-model rebuild or switch could not say it is alive'));
    }, pollMs);
    heartbeat.unref();
    return async (): Promise<void> => {
      clearInterval(heartbeat);
      await owners.delete(owner).catch(() => undefined);
    };
  };

  /** lifts the marks `rebuild` left on every partition's checkpoint: at the cut (the switch happened) or without one */
  const liftAll = async (collection: string, rebuild: string, cut: number | null): Promise<void> => {
    for (const id of await options.partitionCheckpointIds()) {
      await retryStorageFaults(() =>
        update(id, (current) => {
          const mark = current?.switching?.[collection];
          if (current === null || !mark || mark.rebuild !== rebuild) return null;
          return lifted(current, mark, cut);
        }),
      );
    }
  };

  /** a compare-and-set of the record: false when anyone changed it since it was read */
  const recordAs = (read: SwitchRecord, next: SwitchRecord): Promise<boolean> => writeIfVersion(options.documentStore, READ_MODEL_SWITCHES_COLLECTION, read._id, read, next);

  /** whether the intent's rename happened: the new version had documents then and has none now */
  const renamed = async (intent: SwitchRecord): Promise<boolean> =>
    (intent.sourceDocuments ?? 0) > 0 && (await options.documentStore.collection(intent.source ?? '').count()) === 0;

  /**
   * From the intent on (the owner, or whoever took the switch over: the same steps, each safe to repeat): the
   * rename unless it happened, `switched` (a compare-and-set: refused when the switch was taken over
   * meanwhile), the new version's own checkpoint dropped, every mark lifted at the cut.
   */
  const complete = async (intent: SwitchRecord, swap: (replace: ReplaceOptions) => Promise<void>): Promise<SwitchRecord> => {
    const cut = intent.cut ?? 0;
    const source = intent.source ?? '';
    // a new version that held documents is renamed only while it still does, checked with the rename itself: a
    // stalled owner and the replica completing its intent cannot both rename (the second would empty it)
    if (!(await renamed(intent))) await swap({ ifSourceHolds: (intent.sourceDocuments ?? 0) > 0 });
    const switched: SwitchRecord = { ...intent, phase: 'switched', _version: versionOf(intent) + 1 };
    if (!(await recordAs(intent, switched))) throw new Error('read_model_switch_released');
    // the new version's checkpoint went with it
    await retryStorageFaults(() => checkpoints.delete(`${options.projector}/${source}`));
    await liftAll(intent.collection, intent.rebuild, cut);
    return switched;
  };

  /** the intent: the cut and what is renamed over what, with the count that tells afterwards whether it was */
  const intentOf = async (record: SwitchRecord, cut: number): Promise<SwitchRecord> => ({
    ...record,
    phase: 'switching',
    cut,
    sourceDocuments: await options.documentStore.collection(record.source ?? '').count(),
    _version: versionOf(record) + 1,
  });

  const swapOf = (record: SwitchRecord) => (replace: ReplaceOptions): Promise<void> =>
    options.swapIn
      ? options.swapIn(record.collection, record.source ?? '', replace)
      : options.documentStore.collection(record.collection).replaceWith(record.source ?? '', [], replace);

  /**
   * A gone owner's switch, decided from what is stored (the record, the collections), never from clocks:
   * `switched` lifts the marks at its cut; `switching` (the intent) is completed (renamed unless it was); a
   * `holding` one is taken over (a compare-and-set naming this replica its owner, which then says it is
   * alive, so the other replicas keep holding), its new version replayed on from its own checkpoint to the
   * head, then completed as its owner would have; without `resume`, or should that fail, it is abandoned
   * (the old version goes on). A switch another live replica took over holds (`ReadModelHeldError`).
   */
  const settle = async (mark: SwitchMark): Promise<void> => {
    const id = recordIdOf(mark.rebuild);
    for (;;) {
      const record = (await owners.get(id)) as SwitchRecord | null;
      if (record === null || record.phase === 'abandoned') return liftAll(mark.collection, mark.rebuild, null);
      if (record.phase === 'switched' || record.phase === 'swapped') return liftAll(mark.collection, mark.rebuild, record.cut ?? null);
      if (record.owner !== undefined && record.owner !== mark.owner && (await ownerAlive(record.owner))) throw new ReadModelHeldError(mark.collection);
      // alive before it names itself: another replica reading the record right after sees a live owner and holds
      const me = `taker:${randomUUID()}`;
      const end = await sayAlive(me);
      const taken: SwitchRecord = { ...record, owner: me, takenOverBy: me, _version: versionOf(record) + 1 };
      if (!(await recordAs(record, taken))) {
        await end();
        continue;
      }
      try {
        if (taken.phase === 'switching') {
          await complete(taken, swapOf(taken));
          options.logger?.error({ projector: options.projector, readModel: mark.collection, rebuild: mark.rebuild, cut: taken.cut }, 'completed the switch of a read-model owner that is gone');
          return;
        }
        let intent: SwitchRecord | null = null;
        try {
          if (options.resume && taken.source) {
            // the new version may now be in a collection of this replica's own (`resume`): the intent renames that one
            const resumed = await options.resume(taken.collection, taken.source);
            intent = { ...(await intentOf({ ...taken, source: resumed.source ?? taken.source }, resumed.cut)), resumedFrom: resumed.from };
          }
        } catch (error) {
          options.logger?.error({ projector: options.projector, readModel: mark.collection, err: error }, 'could not resume the new version of a gone owner: its switch is abandoned');
        }
        if (intent === null || !(await recordAs(taken, intent))) {
          if (await recordAs(taken, { ...taken, phase: 'abandoned', _version: versionOf(taken) + 1 })) await liftAll(mark.collection, mark.rebuild, null);
          return;
        }
        await complete(intent, swapOf(intent));
        options.logger?.error(
          { projector: options.projector, readModel: mark.collection, rebuild: mark.rebuild, resumedFrom: intent.resumedFrom, cut: intent.cut },
          'took over the switch of a read-model owner that is gone, resuming its new version',
        );
        return;
      } finally {
        await end();
      }
    }
  };

  /**
   * Before a batch of a partition is applied: throws `ReadModelHeldError` while a live switch marks the
   * checkpoint (or a live replica took it over); settles the switches of owners gone (`settle`) and answers
   * false (read it again).
   */
  const admit = async (_id: string, checkpoint: Document | null): Promise<boolean> => {
    const marks = marksOn(checkpoint);
    if (marks.length === 0) return true;
    for (const mark of marks) if (await ownerAlive(mark.owner)) throw new ReadModelHeldError(mark.collection);
    for (const mark of marks) await settle(mark);
    return false;
  };

  /** settles every switch of `collection` whose owner is gone (a new rebuild of it does so first) */
  const settleGone = async (collection: string): Promise<void> => {
    for (const checkpoint of await checkpoints.getMany(await options.partitionCheckpointIds())) {
      const mark = checkpoint.switching?.[collection];
      if (mark && !(await ownerAlive(mark.owner))) await settle(mark);
    }
  };

  /**
   * Holds every partition for `collection`, runs `build` (the cut at the log's head and the new version
   * `source` replayed up to it; answers the cut), checks the hold is still its own, writes the intent, runs
   * `swap` (the new version takes the live one's place), records `switched` and lifts the hold with every
   * partition's checkpoint of the collection at the cut. On failure before the intent the hold is lifted and
   * the old version goes on; after it, whoever meets a mark completes the switch. Answers the cut.
   */
  const switchOver = async (owner: string, collection: string, source: string, build: () => Promise<number>, swap: (replace: ReplaceOptions) => Promise<void>): Promise<number> => {
    const rebuild = randomUUID();
    const recordId = recordIdOf(rebuild);
    const ids = await options.partitionCheckpointIds();
    const ours = (checkpoint: PartitionCheckpoint | null): boolean => checkpoint?.switching?.[collection]?.rebuild === rebuild;
    let intended = false;
    try {
      // a mark of an owner that is gone (settled by `settleGone` before the new version was built) is taken
      // over; a live one's is not
      for (const checkpoint of await checkpoints.getMany(ids)) {
        const other = checkpoint.switching?.[collection];
        if (other && (await ownerAlive(other.owner))) throw new Error(`${collection} is already being switched`);
      }
      const generation = 1 + Math.max(0, ...(await checkpoints.getMany(ids)).map((checkpoint) => checkpoint.generations?.[collection] ?? 0));
      const mark: SwitchMark = { rebuild, collection, owner, generation };
      // the record first: a mark is never met without it
      const holding: SwitchRecord = { _id: recordId, rebuild, collection, phase: 'holding', owner, source };
      await options.documentStore.writeAll([{ collection: READ_MODEL_SWITCHES_COLLECTION, changes: [{ id: recordId, doc: { ...holding, _version: 1 }, ifVersion: 0 }] }]);
      for (const id of ids) {
        await update(id, (current) => ({
          ...(current ?? { _id: id, partition: Number(id.slice(id.lastIndexOf('#') + 1)), positions: {}, position: 0 }),
          switching: { ...current?.switching, [collection]: mark },
        }));
      }
      const cut = await build();
      // a hold let go meanwhile (this owner was taken as gone): the replicas went on with the old version
      const held = await checkpoints.getMany(ids);
      if (held.length !== ids.length || !held.every(ours)) throw new Error('read_model_switch_released');
      // the intent, on condition nobody took the switch over since (a replica that did either abandoned it
      // and applied events to the old version, or goes on with it itself): refused then
      const record = (await owners.get(recordId)) as SwitchRecord | null;
      if (record?.phase !== 'holding' || record.owner !== owner) throw new Error('read_model_switch_released');
      const intent = await intentOf(record, cut);
      if (!(await recordAs(record, intent))) throw new Error('read_model_switch_released');
      // from here on the intent decides: should this owner die, whoever meets a mark completes the switch
      intended = true;
      await complete(intent, swap);
      await owners.delete(recordId).catch(() => undefined);
      return cut;
    } catch (error) {
      if (intended) {
        options.logger?.error({ projector: options.projector, readModel: collection, err: error }, 'a read-model switch failed after its intent: the replicas complete it');
      } else {
        // only while the switch is still this owner's: a replica that took it over (and may be resuming it) lifts
        // the marks itself, at its cut, or abandons it
        // (abandoned first, with a compare-and-set, so that no replica takes it over meanwhile)
        const record = (await owners.get(recordId).catch(() => undefined)) as SwitchRecord | null | undefined;
        const ours = record === null || (record?.owner === owner && (await recordAs(record, { ...record, phase: 'abandoned' }).catch(() => false)));
        if (ours) {
          for (const id of ids) {
            await update(id, (current) => {
              const mark = current?.switching?.[collection];
              if (current === null || !mark || mark.rebuild !== rebuild) return null;
              return lifted(current, mark, null);
            }).catch(() => undefined);
          }
          await owners.delete(recordId).catch(() => undefined);
        }
      }
      throw error;
    }
  };

  /**
   * Claims the rebuild of `collection` for this process, across replicas (its `__next` version is one for them
   * all), saying it is alive until `end`; refused while another live owner holds the claim. The claim's
   * `switchOver` holds every partition for the switch.
   */
  const claim = async (collection: string) => {
    const owner = `owner:${randomUUID()}`;
    const stopSaying = await sayAlive(owner);
    const claimId = `rebuilding:${options.projector}/${collection}`;
    const end = async (): Promise<void> => {
      const held = (await owners.get(claimId).catch(() => null)) as ClaimDocument | null;
      if (held?.owner === owner) await owners.delete(claimId).catch(() => undefined);
      await stopSaying();
    };
    try {
      for (;;) {
        const held = (await owners.get(claimId)) as ClaimDocument | null;
        if (held && (await ownerAlive(held.owner))) throw new Error(`${collection} is already being rebuilt`);
        if (await writeIfVersion(options.documentStore, READ_MODEL_SWITCHES_COLLECTION, claimId, held, { _id: claimId, owner, seenAt: Date.now() })) break;
      }
    } catch (error) {
      await end();
      throw error;
    }
    return {
      switchOver: (source: string, build: () => Promise<number>, swap: (replace: ReplaceOptions) => Promise<void>): Promise<number> => switchOver(owner, collection, source, build, swap),
      end,
    };
  };

  /** whether a live owner (in any replica) holds the claim on rebuilding `collection` */
  const claimed = async (collection: string): Promise<boolean> => {
    const held = (await owners.get(`rebuilding:${options.projector}/${collection}`)) as ClaimDocument | null;
    return held !== null && (await ownerAlive(held.owner));
  };

  return { admit, claim, claimed, settleGone, pollMs };
};

export type PartitionedSwitch = ReturnType<typeof createPartitionedSwitch>;
export type RebuildClaim = Awaited<ReturnType<PartitionedSwitch['claim']>>;
