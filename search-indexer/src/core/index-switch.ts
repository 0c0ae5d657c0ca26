import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { SEARCH_INDEX_SWITCH_HISTORY_COLLECTION, type SearchIndexSwitchDto } from '@cn/contracts';
import type { RecordedEvent } from '@cn/domain';
import { DocumentConflictError, versionOf, writeIfVersion, type CollectionWrites, type Document, type DocumentStore } from '@cn/platform';

/** where the search indexer's replicas meet to switch rebuilt indexes in (the shared document store) */
export const INDEX_SWITCHES_COLLECTION = '_search_index_switches';
const SWITCH_ID = 'switch';
const REPLICA_PREFIX = 'replica:';

/**
 * The switch a rebuild asks of every replica. Its `_version` is the switch's generation (the fencing token):
 * every change of state raises it, and a live batch commits only while the generation it was computed
 * under is still the stored one (`fence`).
 */
interface SwitchState {
  rebuild: string;
  /** the search feature whose indexes are switched */
  feature: string;
  /**
   * holding: no replica applies live events; switching: the owner cuts at `position` and swaps (only the
   * owner ends it); switched: the new indexes hold every event up to `position`; abandoned: the old go on
   */
  state: 'holding' | 'switching' | 'switched' | 'abandoned';
  position: number;
  /** the replica that rebuilds: when it is gone while holding, a replica abandons the hold */
  owner: string;
  /**
   * the cut, recorded (switching) before anything is swapped: a replica taking over a switch whose owner is
   * gone finishes it at this position; without it, nothing was swapped and the switch is abandoned
   */
  cut?: number;
  /**
   * the owner's build (letters and digits): its copies and its replay's progress are kept under it, and its
   * new indexes are named after it (`${live}__b${holder}`)
   */
  build?: string;
  /**
   * every builder that held the new indexes, the owner's build first: a taker moves them to a name of its own
   * (renaming the index, so that the name an earlier holder would swap holds nothing). A live index labelled
   * with one of them holds the new contents: swapped already
   */
  holders?: string[];
  /** the replica that claimed the swap (in a generation of its own, before its first swap) */
  swapBy?: string;
  /** the live indexes whose copies were replaced by the build's, recorded once the replacement is done */
  copied?: string[];
  /**
   * the replacement of a live index's copies under way (recorded before it, with how many copies the build
   * held then): a build holding some then and none now was renamed over the live copies already
   */
  copying?: { live: string; documents: number };
}
type SwitchDocument = SwitchState & Document & { _id: string };

/** A running replica: when it was last seen and the switch it holds for. */
interface ReplicaDocument extends Document {
  _id: string;
  seenAt: number;
  holding: string | null;
}

/** a switch as the history keeps it */
type SwitchFields = Omit<SearchIndexSwitchDto, 'id'>;
type SwitchRecord = SwitchFields & Document & { _id: string };

/**
 * A live batch computed under a switch generation that is no longer the stored one (a switch began or
 * ended meanwhile): nothing of it was written; it is computed again on the switch as it is now.
 */
export class IndexSwitchFencedError extends Error {
  constructor() {
    super('the search index switch changed while the batch was computed');
    this.name = 'IndexSwitchFencedError';
  }
}

/**
 * What a builder holding the switch does through it, each step refused (`search_switch_lost`, or the store's
 * conflict) once the switch is no longer its own (a replica took it over: a new generation).
 */
export interface SwitchTurn {
  /** the owner's build: where its copies and progress are kept */
  build: string;
  /** every holder of the new indexes, this builder last */
  holders: readonly string[];
  /** the cut, once recorded */
  cut(): number | undefined;
  /** records the cut in the switch (the owner, before replaying to it and before anything is swapped) */
  recordCut(position: number): Promise<void>;
  /** written with each batch of the replay to the cut: the batch commits only while the switch is this builder's */
  fence(): CollectionWrites;
  /** whether the switch is still this builder's (read now: a batch does not write its indexes after a takeover) */
  stillOurs(): Promise<boolean>;
  /** claims the swap (a compare-and-set naming this replica): refused once another took the switch over */
  claimSwap(): Promise<void>;
  /**
   * the live index's copies replaced by `from`'s: the intent (fenced), the rename (only while `from` holds the
   * copies it held then), the record of it (fenced). Each step safe to redo after a crash between two of them
   */
  replaceCopies(live: string, liveCopies: string, from: string): Promise<void>;
  /**
   * a taker, before its replay writes `from` again: records as copied a replacement its intent names whose
   * rename happened (`from` held copies then and holds none now)
   */
  recoverCopies(live: string, from: string): Promise<void>;
  /** whether the copies of this live index were replaced already */
  copied(live: string): boolean;
}

/** what a rebuild's owner tells the history about its switch */
export interface SwitchReport {
  /** when the rebuild began (its replay, before the hold) */
  startedAt: number;
  /** each live index and the one rebuilt for it, so far */
  indexes(): Array<{ live: string; rebuilt: string }>;
  /** events read from the history into the new indexes, so far */
  replayed(): number;
}

export interface IndexSwitchOptions {
  documentStore: DocumentStore;
  /** how often a replica looks at the switch and says it is alive (default 250 ms) */
  pollMs?: number;
  /**
   * a replica not seen for this long is not waited for by a rebuild, and an owner not seen for this long
   * has its hold abandoned (default 10 s). Only liveness depends on it: a replica that was only slow finds
   * its batch refused by the fence, never applied across a switch.
   */
  goneAfterMs?: number;
  /** how long a rebuild waits for every replica to hold, or for another switch to end, before it gives up (default 2 minutes) */
  holdTimeoutMs?: number;
  /**
   * Finishes a switch whose owner is gone after recording its cut: builds the feature's new indexes from the
   * history up to exactly `cut`, from nothing, and swaps them in. Whatever part of its swaps the owner made,
   * the live indexes then hold every event up to the cut once. Without it such a switch waits for its owner.
   */
  finish?: (feature: string, cut: number, turn: SwitchTurn) => Promise<number>;
  /** told once this replica finished (`switched`) a switch it took over from a gone owner */
  finished?: () => void;
}

/** the owner a switch is handed to when its own owner failed after recording the cut: gone at once */
const HANDED_OVER = `${REPLICA_PREFIX}handed-over`;

/**
 * Switches rebuilt search indexes in while several replicas (each holding some partitions of the bus, or one
 * holding them all) apply live events to the indexes (docs/SEARCH.md, "Switching rebuilt indexes in").
 *
 * Every replica runs its live batches through `apply`, and commits each batch's writes with `fence()` in the
 * same document store transaction: the batch is written only while the switch's generation is the one it
 * was computed under, else it is refused (`IndexSwitchFencedError`) and `apply` computes it again on the
 * switch as it is now. The replica that rebuilds calls `switchOver`: it writes the switch `holding` (a new
 * generation: from then on no batch computed before commits), waits (for a while: the clock only decides how
 * long) until each replica has said it holds, claims the cut (`switching`, the next generation), and `cut`
 * builds the new indexes up to a position at or past everything any replica committed (the log's head) and
 * swaps them in; it writes `switched` at that position. Every replica then goes on, skipping for that
 * feature what the new indexes already hold (`floorOf`) and applying the rest to them; the other features'
 * indexes get every event as before. So each event is in the new indexes exactly once, whichever partition
 * it came on, whichever replica held it, and however long that replica stalled.
 */
export const createIndexSwitch = (options: IndexSwitchOptions) => {
  const pollMs = options.pollMs ?? 250;
  const goneAfterMs = options.goneAfterMs ?? 10_000;
  const holdTimeoutMs = options.holdTimeoutMs ?? 120_000;
  const store = options.documentStore;
  const collection = store.collection<SwitchDocument | ReplicaDocument>(INDEX_SWITCHES_COLLECTION);
  const history = store.collection<SwitchRecord>(SEARCH_INDEX_SWITCH_HISTORY_COLLECTION);
  const replicaId = `${REPLICA_PREFIX}${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

  /** per feature, the last switch's position: its indexes hold every event up to it already */
  const floors = new Map<string, number>();
  let switches = 0;
  /** the switch (state and generation) this replica acted on last: its batches are computed under it */
  let acted: SwitchDocument | null = null;
  let seen = '';
  let gate: { promise: Promise<void>; open: () => void } | null = null;
  let inFlight = 0;
  let idle: Array<() => void> = [];
  let stopped = true;
  let timer: NodeJS.Timeout | null = null;
  let looking: Promise<void> | null = null;
  /** the switch this replica owns, while it runs */
  let switching: Promise<void> | null = null;

  const openGate = (): void => {
    gate?.open();
    gate = null;
  };
  const say = (holding: string | null): Promise<void> => collection.upsert({ _id: replicaId, seenAt: Date.now(), holding });
  const markOf = (current: SwitchDocument | null): string => (current ? `${current.rebuild}/${current.state}/${versionOf(current)}` : '');
  const held = (current: SwitchDocument | null): boolean => current?.state === 'holding' || current?.state === 'switching';
  const readSwitch = async (): Promise<SwitchDocument | null> => (await collection.get(SWITCH_ID)) as SwitchDocument | null;
  /** writes the switch's next state (and generation) only while it is still `read`; answers what was written, or null */
  const transition = async (read: SwitchDocument | null, next: SwitchState): Promise<SwitchDocument | null> => {
    const doc = { ...next, _id: SWITCH_ID };
    return (await writeIfVersion(store, INDEX_SWITCHES_COLLECTION, SWITCH_ID, read, doc)) ? { ...doc, _version: versionOf(read) + 1 } : null;
  };

  const ownerGone = async (owner: string): Promise<boolean> => {
    if (owner === replicaId) return false;
    const replica = (await collection.get(owner)) as ReplicaDocument | null;
    return replica === null || Date.now() - replica.seenAt >= goneAfterMs;
  };

  /**
   * A switch whose owner is gone while switching: taken over (a conditional write naming this replica, so one
   * replica does it), then abandoned when no cut was recorded (nothing was swapped), else finished at the
   * recorded cut, from facts: the new indexes are built again up to it and swapped in, whatever the owner did.
   */
  const takeOver = async (current: SwitchDocument): Promise<void> => {
    const build = current.build ?? '';
    // the generation moves first: from here on the owner's (or an earlier taker's) claim, replay batch and
    // copies' replacement are refused; the indexes it built are moved to this taker's own name
    const holder = `${build}t${versionOf(current) + 1}`;
    let taken = await transition(current, { ...current, owner: replicaId, holders: [...(current.holders ?? [build]), holder] });
    if (!taken) return;
    const cut = taken.cut;
    if (cut === undefined || !options.finish || build === '') {
      await transition(taken, { ...taken, state: 'abandoned' });
      await finishRecord(taken.rebuild, 'abandoned', 0, 'search_switch_owner_gone');
      return;
    }
    // this replica now owns the switch: it says so while it builds (the others keep holding)
    const beat = setInterval(() => {
      say(taken?.rebuild ?? null).catch(() => undefined);
    }, pollMs);
    beat.unref();
    const turn = turnOf(() => taken, (next) => {
      taken = next;
    });
    let replayed = 0;
    try {
      replayed = await options.finish(taken.feature, cut, turn);
    } catch {
      // another replica (or this one, at its next look) tries again; the batch that looked is not failed for it
      await transition(taken, { ...taken, owner: HANDED_OVER }).catch(() => null);
      return;
    } finally {
      clearInterval(beat);
    }
    taken = await transition(taken, { ...taken, state: 'switched', position: cut });
    if (!taken) return;
    await finishRecord(taken.rebuild, 'switched', cut, null, replayed);
    options.finished?.();
  };

  const lookOnce = async (): Promise<void> => {
    const current = await readSwitch();
    if (current?.state === 'switching' && (await ownerGone(current.owner))) {
      await takeOver(current);
      return say(null);
    }
    const mark = markOf(current);
    if (mark === seen) return say(held(current) ? (current?.rebuild ?? null) : null);
    if (current?.state === 'holding' && (await ownerGone(current.owner))) {
      // the replica that asked for the hold stopped, died or stalls: the hold is abandoned in a new generation,
      // so that an owner that was only slow cannot claim the cut and swap any more (its claim is refused)
      await transition(current, { ...current, state: 'abandoned' });
      // the next look acts on what is stored now (abandoned by this replica or another, or claimed meanwhile)
      return say(null);
    }
    if (held(current)) {
      if (!gate) {
        let open = (): void => undefined;
        const promise = new Promise<void>((resolve) => {
          open = resolve;
        });
        gate = { promise, open };
      }
      // a batch under way ends first: it commits under the old generation before the hold was written, or
      // is refused by the fence and computed again once the switch ended
      if (inFlight > 0) await new Promise<void>((resolve) => idle.push(resolve));
      seen = mark;
      acted = current;
      return say(current?.rebuild ?? null);
    }
    if (current?.state === 'switched') {
      floors.set(current.feature, Math.max(floors.get(current.feature) ?? 0, current.position));
      switches += 1;
    }
    seen = mark;
    acted = current;
    openGate();
    return say(null);
  };
  /** one look at a time: the timer's, a rebuild's own and a refused batch's */
  const look = (): Promise<void> => {
    looking ??= lookOnce().finally(() => {
      looking = null;
    });
    return looking;
  };

  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const record = (rebuild: string, fields: SwitchFields): Promise<void> => history.upsert({ _id: rebuild, ...fields });
  /** the history's entry of a switch another replica finished */
  const finishRecord = async (rebuild: string, outcome: SwitchFields['outcome'], position: number, error: string | null, replayed = 0): Promise<void> => {
    const entry = await history.get(rebuild);
    if (!entry) return;
    const finished = Date.now();
    await history.upsert({
      ...entry,
      outcome,
      position,
      error,
      // the events the taker replayed come on top of the owner's
      events_replayed: entry.events_replayed + replayed,
      finished_at: new Date(finished).toISOString(),
      duration_ms: finished - Date.parse(entry.started_at),
    });
  };

  /** the steps of the builder holding the switch `read()` (its owner, or a replica that took it over) */
  const turnOf = (read: () => SwitchDocument | null, moved: (next: SwitchDocument) => void): SwitchTurn => {
    const now = (): SwitchDocument => {
      const current = read();
      if (!current) throw new Error('search_switch_lost');
      return current;
    };
    const step = async (next: SwitchState): Promise<void> => {
      const written = await transition(now(), next);
      if (!written) throw new Error('search_switch_lost');
      moved(written);
    };
    /** the switch with `live`'s copies recorded as replaced (its intent done) */
    const copiedNow = (live: string): SwitchState => {
      const { copying: _done, ...current } = now();
      return { ...current, copied: [...(current.copied ?? []), live] };
    };
    return {
      build: now().build ?? '',
      holders: now().holders ?? [],
      cut: () => read()?.cut,
      recordCut: (position) => step({ ...now(), cut: position }),
      fence: () => ({ collection: INDEX_SWITCHES_COLLECTION, changes: [{ id: SWITCH_ID, doc: now(), ifVersion: versionOf(now()) }] }),
      stillOurs: async () => versionOf(await readSwitch()) === versionOf(now()),
      claimSwap: () => step({ ...now(), swapBy: replicaId }),
      // a store without transactions (MongoDB) cannot rename and write the record in one step: the intent goes
      // first (conditional on the generation: a builder whose switch was taken over replaces nothing), then the
      // rename, then the record; a crash anywhere between is redone (`recoverCopies`, or the rename again)
      replaceCopies: async (live, liveCopies, from) => {
        const documents = await store.collection(from).count();
        await step({ ...now(), copying: { live, documents } });
        // renamed already (a build that held copies and holds none now): nothing to rename
        await store.collection(liveCopies).replaceWith(from, [], { ifSourceHolds: documents > 0 });
        await step(copiedNow(live));
      },
      recoverCopies: async (live, from) => {
        const intent = read()?.copying;
        if (intent?.live !== live || intent.documents === 0 || (await store.collection(from).count()) > 0) return;
        await step(copiedNow(live));
      },
      copied: (live) => (read()?.copied ?? []).includes(live),
    };
  };

  /** takes the switch for a new rebuild: once no other is under way (or its owner is gone while holding) */
  const take = async (rebuild: string, feature: string, build: string, deadline: number): Promise<SwitchDocument> => {
    for (;;) {
      const current = await readSwitch();
      const busy = held(current) && current?.owner !== replicaId && !(current?.state === 'holding' && (await ownerGone(current.owner)));
      if (!busy) {
        const taken = await transition(current, { rebuild, feature, state: 'holding', position: 0, owner: replicaId, build, holders: [build] });
        if (taken) return taken;
      }
      if (Date.now() >= deadline) throw new Error('search_switch_busy');
      await pause(pollMs);
    }
  };

  /**
   * Holds every live replica, claims the cut and runs `cut` (which builds the new indexes up to a position at
   * or past everything committed, swaps them in and answers that position), then lets every replica go on past
   * it. Answers it. Every switch is kept in the history, from the hold on.
   */
  const switchOnce = async (feature: string, build: string, cut: (turn: SwitchTurn) => Promise<number>, report: SwitchReport): Promise<number> => {
    const rebuild = randomUUID();
    const owner = replicaId.slice(REPLICA_PREFIX.length);
    const entry = (outcome: SwitchFields['outcome'], taken: SwitchDocument | null, position: number, error: string | null): SwitchFields => {
      const finished = outcome === 'running' ? null : Date.now();
      return {
        feature,
        indexes: report.indexes(),
        position,
        generation: versionOf(taken),
        owner,
        started_at: new Date(report.startedAt).toISOString(),
        finished_at: finished === null ? null : new Date(finished).toISOString(),
        outcome,
        events_replayed: report.replayed(),
        duration_ms: finished === null ? null : finished - report.startedAt,
        error,
      };
    };
    // seen alive before the hold is asked, so that no replica takes the hold for one left by a dead owner
    await say(null);
    const deadline = Date.now() + holdTimeoutMs;
    let taken = await take(rebuild, feature, build, deadline);
    await record(rebuild, entry('running', taken, 0, null));
    try {
      // waiting is for liveness only: a replica not seen for goneAfterMs is not waited for, and its batch
      // computed before the hold is refused by the fence whenever it tries to commit
      for (;;) {
        await look();
        // a replica that took this owner for gone abandoned the hold: the cut is not claimed, nothing swapped
        const now = await readSwitch();
        if (now?.rebuild !== rebuild || now.state !== 'holding') throw new Error('search_switch_abandoned');
        const replicas = (await collection.find({})).filter(
          (doc): doc is ReplicaDocument => doc._id.startsWith(REPLICA_PREFIX) && Date.now() - (doc as ReplicaDocument).seenAt < goneAfterMs,
        );
        if (replicas.every((replica) => replica.holding === rebuild)) break;
        if (Date.now() >= deadline) throw new Error('search_replicas_not_holding');
        await pause(Math.min(pollMs, 50));
      }
      // the cut is claimed in a generation of its own: refused if a replica abandoned the hold meanwhile
      const claimed = await transition(taken, { ...taken, state: 'switching' });
      if (!claimed) throw new Error('search_switch_abandoned');
      taken = claimed;
      const position = await cut(
        turnOf(
          () => taken,
          (next) => {
            taken = next;
          },
        ),
      );
      const switched = await transition(taken, { ...taken, state: 'switched', position });
      // nothing but this owner changes a switch being cut
      if (!switched) throw new Error('search_switch_lost');
      taken = switched;
      await record(rebuild, entry('switched', taken, position, null));
      await look();
      return position;
    } catch (error) {
      const reason = error instanceof Error ? error.message : 'failed';
      const current = await readSwitch().catch(() => null);
      const ours = current?.rebuild === rebuild && current.owner === replicaId;
      if (ours && current.state === 'switching' && current.cut !== undefined) {
        // the cut is recorded, so something may be swapped already: not abandoned, but handed to whichever
        // replica looks next, which finishes it at the cut
        await transition(current, { ...current, owner: HANDED_OVER }).catch(() => null);
        await record(rebuild, entry('running', taken, current.cut, reason)).catch(() => undefined);
        await look().catch(() => undefined);
        throw error;
      }
      if (ours && held(current)) taken = (await transition(current, { ...current, state: 'abandoned' }).catch(() => null)) ?? taken;
      // a switch another replica took over keeps the entry that replica writes
      if (current?.rebuild !== rebuild || current.owner === replicaId)
        await record(rebuild, entry(reason === 'search_switch_abandoned' ? 'abandoned' : 'failed', taken, 0, reason)).catch(() => undefined);
      await look().catch(() => undefined);
      throw error;
    }
  };

  /** the switch's generation this replica's batches are computed under, checked in the commit's transaction */
  const fence = (): CollectionWrites => ({
    collection: INDEX_SWITCHES_COLLECTION,
    // written back as it was read, so only the version is compared: nothing changes when it still holds
    changes: [{ id: SWITCH_ID, doc: acted, ifVersion: versionOf(acted) }],
  });
  const refusedByFence = (error: unknown): boolean =>
    error instanceof IndexSwitchFencedError || (error instanceof DocumentConflictError && error.collection === INDEX_SWITCHES_COLLECTION && error.id === SWITCH_ID);

  return {
    /**
     * Applies a live batch through `handle` once no switch holds it. `handle` commits its writes together
     * with `fence` (one document store transaction); refused, the batch is computed again on the switch as
     * it is now (held until it ends, then past its floor).
     */
    apply: async (events: readonly RecordedEvent[], handle: (events: readonly RecordedEvent[], fence: () => CollectionWrites) => Promise<void>): Promise<void> => {
      for (;;) {
        while (gate) await gate.promise;
        // the bus must not take the batch as handled: it is delivered again after the restart
        if (stopped) throw new Error('the search indexer stopped while a switch held its live events');
        inFlight += 1;
        let refused = false;
        try {
          await handle(events, fence);
        } catch (error) {
          if (!refusedByFence(error)) throw error;
          refused = true;
        } finally {
          inFlight -= 1;
          if (inFlight === 0) {
            for (const resolve of idle) resolve();
            idle = [];
          }
        }
        if (!refused) return;
        // the switch changed under the batch: learn how (a hold closes the gate, a switch sets a floor)
        await look();
      }
    },
    /** says this replica is alive and looks at the switch before any event is applied, then keeps doing so */
    start: async (): Promise<void> => {
      stopped = false;
      await look();
      timer ??= setInterval(() => {
        if (!stopped) look().catch(() => undefined);
      }, pollMs);
      timer.unref();
    },
    /** batches held now fail (the bus delivers them again), and no switch waits for this replica any more */
    stop: async (): Promise<void> => {
      stopped = true;
      openGate();
      // the others hold for this replica's switch until it ends: gone, it would let them go before the swap
      await switching;
      if (timer) clearInterval(timer);
      timer = null;
      await looking?.catch(() => undefined);
      await collection.delete(replicaId);
    },
    /**
     * Holds every live replica, runs `cut` (which builds the new indexes up to a position at or past everything
     * applied, swaps them in and answers that position), then lets every replica go on past it. Answers it.
     */
    switchOver: (feature: string, build: string, cut: (turn: SwitchTurn) => Promise<number>, report?: SwitchReport): Promise<number> => {
      const startedAt = Date.now();
      const run = switchOnce(feature, build, cut, report ?? { startedAt, indexes: () => [], replayed: () => 0 });
      const settled = run.then(
        () => undefined,
        () => undefined,
      );
      switching = settled;
      void settled.then(() => {
        if (switching === settled) switching = null;
      });
      return run;
    },
    /** a feature's events at or before it are in its indexes already (skipped live after a switch) */
    floorOf: (feature: string): number => floors.get(feature) ?? 0,
    /** switches this replica went through (the search's answers are kept per index state) */
    switches: (): number => switches,
    /** this replica's name, as its replica document and a switch's `owner` give it */
    replica: replicaId,
    /** whether a replica is gone (no document, or not seen for `goneAfterMs`); this one never is */
    replicaGone: ownerGone,
    /**
     * The switch as stored now: whether one is under way (holding or switching) and its build (null: none, or
     * one from before builds had names), and `generation`: a write that, in a `writeAll` with others, commits
     * them only while the switch is still the one read here (a switch taken meanwhile refuses them).
     */
    read: async (): Promise<{ underWay: boolean; build: string | null; generation: CollectionWrites }> => {
      const current = await readSwitch();
      return {
        underWay: held(current),
        build: current?.build ?? null,
        generation: { collection: INDEX_SWITCHES_COLLECTION, changes: [{ id: SWITCH_ID, doc: current, ifVersion: versionOf(current) }] },
      };
    },
  };
};

export type IndexSwitch = ReturnType<typeof createIndexSwitch>;
