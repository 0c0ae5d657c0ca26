import { randomUUID } from 'node:crypto';
import { DocumentConflictError, versionOf, writeIfVersion, type CollectionWrites, type Document, type DocumentStore } from '@cn/platform/document-store';
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
 * conditionally: `holding` until the swap, which writes `swapped` with the cut in its own transaction (so the
 * record says swapped exactly when the new version is in); a replica meeting the mark of a gone owner takes a
 * `holding` switch over by writing `abandoned` (so a stalled owner's swap is refused after), and lifts marks with
 * the checkpoint at the cut when it reads `swapped`.
 */
interface SwitchRecord extends Document {
  _id: string;
  rebuild: string;
  collection: string;
  phase: 'holding' | 'swapped' | 'abandoned';
  cut?: number;
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
 * version. No replica is waited for (a stopped one holds nothing); a mark whose owner stopped saying it is alive
 * is lifted by the first replica that meets it, the old version going on.
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

  /**
   * The cut a gone owner's switch swapped at, or null when it did not swap (and now never will): a `holding`
   * switch is taken over (conditionally written `abandoned`, which refuses the owner's swap should it wake).
   * A mark without a record (written before records were) counts as not swapped.
   */
  const decide = async (rebuild: string): Promise<number | null> => {
    const id = recordIdOf(rebuild);
    for (;;) {
      const record = (await owners.get(id)) as SwitchRecord | null;
      if (record === null || record.phase === 'abandoned') return null;
      if (record.phase === 'swapped') return record.cut ?? null;
      if (await writeIfVersion(options.documentStore, READ_MODEL_SWITCHES_COLLECTION, id, record, { ...record, phase: 'abandoned' })) return null;
    }
  };

  /**
   * Before a batch of a partition is applied: throws `ReadModelHeldError` while a live switch marks the
   * checkpoint; lifts the marks of owners gone and answers false (read it again). A gone owner's switch that
   * swapped leaves the checkpoint at its cut (the new version holds everything up to it); one that did not
   * is abandoned, the old version going on.
   */
  const admit = async (id: string, checkpoint: Document | null): Promise<boolean> => {
    const marks = marksOn(checkpoint);
    if (marks.length === 0) return true;
    for (const mark of marks) if (await ownerAlive(mark.owner)) throw new ReadModelHeldError(mark.collection);
    const cuts = new Map<string, number | null>();
    for (const mark of marks) cuts.set(mark.rebuild, await decide(mark.rebuild));
    await update(id, (current) => {
      const gone = marksOn(current).filter((mark) => cuts.has(mark.rebuild));
      if (current === null || gone.length === 0) return null;
      return gone.reduce((checkpointNow, mark) => lifted(checkpointNow, mark, cuts.get(mark.rebuild) ?? null), current);
    });
    options.logger?.error(
      { projector: options.projector, checkpoint: id, rebuilds: marks.map((mark) => mark.rebuild), cuts: Object.fromEntries(cuts) },
      'lifted the hold of a read-model switch whose owner is gone',
    );
    return false;
  };

  /**
   * Holds every partition for `collection`, runs `build` (the cut at the log's head and the new version
   * replayed up to it; answers the cut), checks the hold is still its own, runs `swap` (the new version takes
   * the live one's place), then lifts the hold with every partition's checkpoint of the collection at the cut.
   * On failure before the swap the hold is lifted and the old version goes on. Answers the cut.
   */
  const switchOver = async (
    owner: string,
    collection: string,
    build: () => Promise<number>,
    swap: (alongside: readonly CollectionWrites[]) => Promise<void>,
  ): Promise<number> => {
    const rebuild = randomUUID();
    const recordId = recordIdOf(rebuild);
    const ids = await options.partitionCheckpointIds();
    const ours = (checkpoint: PartitionCheckpoint | null): boolean => checkpoint?.switching?.[collection]?.rebuild === rebuild;
    const lift = (cut: number | null) => async (id: string) =>
      update(id, (current) => {
        const mark = current?.switching?.[collection];
        if (current === null || !mark || mark.rebuild !== rebuild) return null;
        return lifted(current, mark, cut);
      });
    let swapped = false;
    try {
      const generation = 1 + Math.max(0, ...(await checkpoints.getMany(ids)).map((checkpoint) => checkpoint.generations?.[collection] ?? 0));
      const mark: SwitchMark = { rebuild, collection, owner, generation };
      // a mark left by an owner that is gone is taken over; a live one's is not
      for (const checkpoint of await checkpoints.getMany(ids)) {
        const other = checkpoint.switching?.[collection];
        if (other && (await ownerAlive(other.owner))) throw new Error(`${collection} is already being switched`);
      }
      // the record first: a mark is never met without it
      const holding: SwitchRecord = { _id: recordId, rebuild, collection, phase: 'holding' };
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
      // the swap writes the record `swapped` at the cut, on condition nobody took the switch over since (a
      // replica that did lifted the marks, and applied events to the old version): refused then
      const record = (await owners.get(recordId)) as SwitchRecord | null;
      if (record?.phase !== 'holding') throw new Error('read_model_switch_released');
      const version = versionOf(record);
      try {
        await swap([{ collection: READ_MODEL_SWITCHES_COLLECTION, changes: [{ id: recordId, doc: { ...record, phase: 'swapped', cut, _version: version + 1 }, ifVersion: version }] }]);
      } catch (error) {
        if (error instanceof DocumentConflictError && error.id === recordId) throw new Error('read_model_switch_released');
        throw error;
      }
      swapped = true;
      // the new version is in place: the checkpoints must follow it, whatever the storage does meanwhile (should
      // this owner die first, a replica lifts the rest at the cut the record holds)
      for (const id of ids) await retryStorageFaults(() => lift(cut)(id));
      await owners.delete(recordId).catch(() => undefined);
      return cut;
    } catch (error) {
      if (swapped) {
        options.logger?.error({ projector: options.projector, readModel: collection, err: error }, 'a read-model switch failed after the swap: the replicas lift its marks at the cut');
      } else {
        for (const id of ids) await lift(null)(id).catch(() => undefined);
        await owners.delete(recordId).catch(() => undefined);
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
    const beat = (): Promise<void> => owners.upsert({ _id: owner, seenAt: Date.now() });
    await beat();
    const heartbeat = setInterval(() => {
      beat().catch((error: unknown) => options.logger?.error({ projector: options.projector, err: error }, 'a read-model rebuild could not say it is alive'));
    }, pollMs);
    heartbeat.unref();
    const claimId = `rebuilding:${options.projector}/${collection}`;
    const end = async (): Promise<void> => {
      clearInterval(heartbeat);
      const held = (await owners.get(claimId).catch(() => null)) as ClaimDocument | null;
      if (held?.owner === owner) await owners.delete(claimId).catch(() => undefined);
      await owners.delete(owner).catch(() => undefined);
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
      switchOver: (build: () => Promise<number>, swap: (alongside: readonly CollectionWrites[]) => Promise<void>): Promise<number> =>
        switchOver(owner, collection, build, swap),
      end,
    };
  };

  /** whether a live owner (in any replica) holds the claim on rebuilding `collection` */
  const claimed = async (collection: string): Promise<boolean> => {
    const held = (await owners.get(`rebuilding:${options.projector}/${collection}`)) as ClaimDocument | null;
    return held !== null && (await ownerAlive(held.owner));
  };

  return { admit, claim, claimed, pollMs };
};

export type PartitionedSwitch = ReturnType<typeof createPartitionedSwitch>;
export type RebuildClaim = Awaited<ReturnType<PartitionedSwitch['claim']>>;
