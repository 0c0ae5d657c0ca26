import type { DocumentChange } from '@cn/platform';
import type { RealtimeHub } from './realtime-hub';

/** A feature's rule for pushing changes of its read model to the members who may see them. */
export interface ChangePublisher {
  collection: string;
  publish(change: DocumentChange, hub: RealtimeHub): Promise<void>;
  /** a member came online or went offline (presence follows the connection) */
  presenceChanged?(memberId: string, hub: RealtimeHub): Promise<void>;
}

export interface ChangeLogger {
  error(obj: object, msg?: string): void;
}

/**
 * The projector's onChange: hands each change to the publisher of its collection. Pushing is best effort
 * and never holds the projector up; changes are pushed in the order they were projected.
 */
export const changeRouter = (hub: RealtimeHub, publishers: readonly ChangePublisher[], logger?: ChangeLogger) => {
  const byCollection = new Map<string, ChangePublisher[]>();
  for (const publisher of publishers) byCollection.set(publisher.collection, [...(byCollection.get(publisher.collection) ?? []), publisher]);
  let queue: Promise<void> = Promise.resolve();
  const route = (change: DocumentChange): void => {
    const ofCollection = byCollection.get(change.collection);
    if (!ofCollection || hub.connectionCount() === 0) return;
    for (const publisher of ofCollection) {
      queue = queue
        .then(() => publisher.publish(change, hub))
        .catch((error: unknown) => logger?.error({ err: error, collection: change.collection }, 'realtime push failed'));
    }
  };
  /** a member's connection state changed: the publishers that show presence push it */
  const presence = (memberId: string): void => {
    for (const publisher of publishers) {
      if (!publisher.presenceChanged) continue;
      queue = queue
        .then(() => publisher.presenceChanged?.(memberId, hub))
        .catch((error: unknown) => logger?.error({ err: error, memberId }, 'realtime presence push failed'));
    }
  };
  /** resolves once every change routed so far was pushed (tests, shutdown) */
  const flushed = (): Promise<void> => queue;
  return { route, presence, flushed };
};
