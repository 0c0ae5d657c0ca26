import type { DocumentChange } from '@cn/platform';
import type { RealtimeHub } from './realtime-hub';

/** A feature's rule for pushing changes of its read model to the members who may see them. */
export interface ChangePublisher {
  collection: string;
  publish(change: DocumentChange, hub: RealtimeHub): Promise<void>;
  /** sees every change the moment it is routed, also while nobody is connected (cheap and synchronous: remembering it) */
  observe?(change: DocumentChange, hub: RealtimeHub): void;
  /** it also pushes to signed-out visitors (`publishToVisitors`): it hears changes while only visitors are connected */
  visitors?: boolean;
  /** a member came online or went offline (presence follows the connection) */
  presenceChanged?(memberId: string, hub: RealtimeHub): Promise<void>;
}

/**
 * A read model every member's pages may show (designs, tags, roles, ...): every open console hears each
 * change as `changed` in `collection` with the document's id and the event's position, and reads it again.
 */
export const everyConsoleHears = (readModel: string, collection: string): ChangePublisher => ({
  collection: readModel,
  publish: (change, hub) => {
    hub.publishToConnected({ type: 'changed', collection, id: change.id, doc: { position: change.event.position } });
    return Promise.resolve();
  },
});

export interface ChangeLogger {
  error(obj: object, msg?: string): void;
}

/**
 * The projector's onChange: hands each change to the publisher of its collection. Pushing is best effort
 * and never holds the projector up. Each collection's changes are pushed in the order they were projected,
 * on a queue of their own: a slow push of one read model (a chat list's unread totals) never holds up
 * another's (the chat message itself).
 */
export const changeRouter = (hub: RealtimeHub, publishers: readonly ChangePublisher[], logger?: ChangeLogger) => {
  const byCollection = new Map<string, ChangePublisher[]>();
  for (const publisher of publishers) byCollection.set(publisher.collection, [...(byCollection.get(publisher.collection) ?? []), publisher]);
  const queues = new Map<string, Promise<void>>();
  const enqueue = (queue: string, push: () => Promise<void> | undefined, failed: (error: unknown) => void): void => {
    queues.set(
      queue,
      (queues.get(queue) ?? Promise.resolve()).then(push).catch(failed),
    );
  };
  const route = (change: DocumentChange): void => {
    const ofCollection = byCollection.get(change.collection);
    if (!ofCollection) return;
    for (const publisher of ofCollection) publisher.observe?.(change, hub);
    const members = hub.connectionCount() > 0;
    if (!members && hub.visitorCount() === 0) return;
    for (const publisher of ofCollection) {
      // with only visitors connected, only a publisher that tells visitors has anyone to tell
      if (!members && publisher.visitors !== true) continue;
      enqueue(change.collection, () => publisher.publish(change, hub), (error) => logger?.error({ err: error, collection: change.collection }, 'realtime push failed'));
    }
  };
  /** a member's connection state changed: the publishers that show presence push it (after their collection's pending changes) */
  const presence = (memberId: string): void => {
    for (const publisher of publishers) {
      if (!publisher.presenceChanged) continue;
      enqueue(publisher.collection, () => publisher.presenceChanged?.(memberId, hub), (error) => logger?.error({ err: error, memberId }, 'realtime presence push failed'));
    }
  };
  /** resolves once every change routed so far was pushed (tests, shutdown) */
  const flushed = async (): Promise<void> => {
    await Promise.all([...queues.values()]);
  };
  return { route, presence, flushed };
};
