import { randomUUID } from 'node:crypto';
import type { RecordedEvent } from '@cn/domain';
import type { Document, DocumentStore } from '@cn/platform';

/** where the search indexer's replicas meet to switch rebuilt indexes in (the shared document store) */
export const INDEX_SWITCHES_COLLECTION = '_search_index_switches';
const SWITCH_ID = 'switch';
const REPLICA_PREFIX = 'replica:';

/** The switch a rebuild asks of every replica: hold live events, then go on past `position` on the new indexes. */
interface SwitchDocument extends Document {
  _id: string;
  rebuild: string;
  /** the search feature whose indexes are switched */
  feature: string;
  /** holding: no replica applies live events; switched: the new indexes hold every event up to `position` */
  state: 'holding' | 'switched' | 'abandoned';
  position: number;
  /** the replica that rebuilds: when it is gone, a hold is let go */
  owner: string;
}

/** A running replica: when it was last seen and the switch it holds for. */
interface ReplicaDocument extends Document {
  _id: string;
  seenAt: number;
  holding: string | null;
}

export interface IndexSwitchOptions {
  documentStore: DocumentStore;
  /** how often a replica looks at the switch and says it is alive (default 250 ms) */
  pollMs?: number;
  /** a replica not seen for this long is taken as gone, and not waited for (default 10 s) */
  goneAfterMs?: number;
  /** how long a rebuild waits for every replica to hold before it gives up (default 2 minutes) */
  holdTimeoutMs?: number;
}

/**
 * Switches rebuilt search indexes in while several replicas (each holding some partitions of the bus, or one
 * holding them all) apply live events to the indexes (docs/ARCHITECTURE.md, "Blue/green rebuild").
 *
 * Every replica runs its live batches through `apply`. The replica that rebuilds calls `switchOver`: it asks
 * every replica to hold (no live event is applied to the old indexes from then on) and waits until each one
 * still alive has said so, after its batches under way ended; then `cut` builds the new indexes up to a
 * position at or past everything any replica applied (the log's head) and swaps them in; then every replica
 * goes on, skipping for that feature what the new indexes already hold (at or before that position, `floorOf`)
 * and applying the rest to them; the other features' indexes, untouched, get every event as before. So each event is in the new indexes exactly once, whichever partition it came on and whichever
 * replica held that partition.
 */
export const createIndexSwitch = (options: IndexSwitchOptions) => {
  const pollMs = options.pollMs ?? 250;
  const goneAfterMs = options.goneAfterMs ?? 10_000;
  const holdTimeoutMs = options.holdTimeoutMs ?? 120_000;
  const collection = options.documentStore.collection<SwitchDocument | ReplicaDocument>(INDEX_SWITCHES_COLLECTION);
  const replicaId = `${REPLICA_PREFIX}${randomUUID()}`;

  /** per feature, the last switch's position: its indexes hold every event up to it already */
  const floors = new Map<string, number>();
  let switches = 0;
  /** the last switch this replica acted on: its rebuild and state */
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

  const ownerGone = async (owner: string): Promise<boolean> => {
    if (owner === replicaId) return false;
    const replica = (await collection.get(owner)) as ReplicaDocument | null;
    return replica === null || Date.now() - replica.seenAt >= goneAfterMs;
  };

  const lookOnce = async (): Promise<void> => {
    const current = (await collection.get(SWITCH_ID)) as SwitchDocument | null;
    const mark = current ? `${current.rebuild}/${current.state}` : '';
    if (!current || mark === seen) return say(current?.state === 'holding' ? current.rebuild : null);
    if (current.state === 'holding' && (await ownerGone(current.owner))) {
      // the replica that asked for the hold stopped or died before switching: the old indexes go on
      seen = mark;
      openGate();
      return say(null);
    }
    if (current.state === 'holding') {
      if (!gate) {
        let open = (): void => undefined;
        const promise = new Promise<void>((resolve) => {
          open = resolve;
        });
        gate = { promise, open };
      }
      // batches already under way end on the old indexes first
      if (inFlight > 0) await new Promise<void>((resolve) => idle.push(resolve));
      seen = mark;
      return say(current.rebuild);
    }
    if (current.state === 'switched') {
      floors.set(current.feature, Math.max(floors.get(current.feature) ?? 0, current.position));
      switches += 1;
    }
    seen = mark;
    openGate();
    return say(null);
  };
  /** one look at a time: the timer's and a rebuild's own */
  const look = (): Promise<void> => {
    looking ??= lookOnce().finally(() => {
      looking = null;
    });
    return looking;
  };

  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /**
   * Holds every live replica, runs `cut` (which builds the new indexes up to a position at or past everything
   * applied, swaps them in and answers that position), then lets every replica go on past it. Answers it.
   */
  const switchOnce = async (feature: string, cut: () => Promise<number>): Promise<number> => {
    const rebuild = randomUUID();
    // seen alive before the hold is asked, so that no replica takes the hold for one left by a dead owner
    await say(null);
    await collection.upsert({ _id: SWITCH_ID, rebuild, feature, state: 'holding', position: 0, owner: replicaId });
    try {
      const deadline = Date.now() + holdTimeoutMs;
      for (;;) {
        await look();
        const replicas = (await collection.find({})).filter(
          (doc): doc is ReplicaDocument => doc._id.startsWith(REPLICA_PREFIX) && Date.now() - (doc as ReplicaDocument).seenAt < goneAfterMs,
        );
        if (replicas.every((replica) => replica.holding === rebuild)) break;
        if (Date.now() >= deadline) throw new Error('search_replicas_not_holding');
        await pause(Math.min(pollMs, 50));
      }
      const position = await cut();
      await collection.upsert({ _id: SWITCH_ID, rebuild, feature, state: 'switched', position, owner: replicaId });
      await look();
      return position;
    } catch (error) {
      await collection.upsert({ _id: SWITCH_ID, rebuild, feature, state: 'abandoned', position: 0, owner: replicaId });
      await look().catch(() => undefined);
      throw error;
    }
  };

  return {
    /** applies a live batch through `handle` once no switch holds it */
    apply: async (events: readonly RecordedEvent[], handle: (events: readonly RecordedEvent[]) => Promise<void>): Promise<void> => {
      while (gate) await gate.promise;
      // the bus must not take the batch as handled: it is delivered again after the restart
      if (stopped) throw new Error('the search indexer stopped while a switch held its live events');
      inFlight += 1;
      try {
        await handle(events);
      } finally {
        inFlight -= 1;
        if (inFlight === 0) {
          for (const resolve of idle) resolve();
          idle = [];
        }
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
    switchOver: (feature: string, cut: () => Promise<number>): Promise<number> => {
      const run = switchOnce(feature, cut);
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
  };
};

export type IndexSwitch = ReturnType<typeof createIndexSwitch>;
