import { randomUUID } from 'node:crypto';
import { CONNECTIONS_COLLECTION, connectedMemberIds, PRESENCE_GRACE_SECONDS, PRESENCE_HEARTBEAT_SECONDS, type ConnectionEntry } from '@cn/contracts';
import type { ProjectedDocument } from '@cn/domain';
import type { DocumentStore } from '@cn/platform';
import type { RealtimeHub } from './realtime-hub';

interface ConnectionDocument extends ProjectedDocument, ConnectionEntry {}

const connections = (store: DocumentStore) => store.collection<ConnectionDocument>(CONNECTIONS_COLLECTION);

/** The members among `ids` with an open console on some service process now. */
export const connectedMembers = async (store: DocumentStore, ids: readonly string[], now: Date): Promise<Set<string>> => {
  if (ids.length === 0) return new Set();
  return connectedMemberIds(await connections(store).find({ member_id: { $in: [...new Set(ids)] } }), now);
};

/** Timers, injectable so that tests need not wait out the grace period. */
export interface PresenceTimers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(timer: unknown): void;
  setInterval(run: () => void, ms: number): unknown;
  clearInterval(timer: unknown): void;
}

const realTimers: PresenceTimers = {
  setTimeout: (run, ms) => setTimeout(run, ms).unref(),
  clearTimeout: (timer) => clearTimeout(timer as NodeJS.Timeout),
  setInterval: (run, ms) => setInterval(run, ms).unref(),
  clearInterval: (timer) => clearInterval(timer as NodeJS.Timeout),
};

export interface ConnectionTrackingOptions {
  hub: RealtimeHub;
  store: DocumentStore;
  clock: () => Date;
  /** a member came online or went offline (after the grace period): tell the consoles */
  onChanged: (memberId: string) => void;
  timers?: PresenceTimers;
  logger?: { warn(obj: object, msg?: string): void };
}

/**
 * Keeps this process's open consoles in the document store, where every service reads presence: a
 * member's first console writes their entry, their last one closing removes it after the grace period
 * (a reload or a short loss of network changes nothing), a heartbeat keeps the entries fresh.
 */
export const trackConnections = (options: ConnectionTrackingOptions): { stop(): Promise<void> } => {
  const timers = options.timers ?? realTimers;
  const instance = randomUUID();
  const idOf = (memberId: string): string => `${instance}:${memberId}`;
  const leaving = new Map<string, unknown>();
  // every push of a member's change asks whether they are connected (`connectedMembers`, by `member_id`): an
  // index makes that a lookup, not a scan of every open console's entry
  let writes: Promise<unknown> = connections(options.store)
    .ensureIndex(['member_id'])
    .catch((error: unknown) => options.logger?.warn({ err: error }, 'indexing the open consoles failed'));
  const serially = (work: () => Promise<unknown>): void => {
    writes = writes.then(work).catch((error: unknown) => options.logger?.warn({ err: error }, 'keeping presence failed'));
  };
  const write = (memberId: string) =>
    connections(options.store).upsert({ _id: idOf(memberId), _position: 0, member_id: memberId, seen_at: options.clock().toISOString() });

  const unsubscribe = options.hub.onPresence((memberId, connected) => {
    const pending = leaving.get(memberId);
    if (connected) {
      if (pending !== undefined) {
        // back within the grace period: nothing changed for anyone
        timers.clearTimeout(pending);
        leaving.delete(memberId);
        return;
      }
      serially(async () => {
        await write(memberId);
        options.onChanged(memberId);
      });
      return;
    }
    leaving.set(
      memberId,
      timers.setTimeout(() => {
        leaving.delete(memberId);
        if (options.hub.isConnected(memberId)) return;
        serially(async () => {
          await connections(options.store).delete(idOf(memberId));
          options.onChanged(memberId);
        });
      }, PRESENCE_GRACE_SECONDS * 1000),
    );
  });

  const heartbeat = timers.setInterval(() => {
    const seenAt = options.clock().toISOString();
    const members = options.hub.connectedMembers();
    serially(() =>
      connections(options.store).writeMany(members.map((memberId) => ({ id: idOf(memberId), doc: { _id: idOf(memberId), _position: 0, member_id: memberId, seen_at: seenAt } }))),
    );
  }, PRESENCE_HEARTBEAT_SECONDS * 1000);

  return {
    stop: async () => {
      unsubscribe();
      timers.clearInterval(heartbeat);
      for (const timer of leaving.values()) timers.clearTimeout(timer);
      leaving.clear();
      await writes;
      // this process's consoles are gone with it
      await connections(options.store).deleteMany({ _id: { $like: `${instance}:` } }).catch(() => undefined);
    },
  };
};
