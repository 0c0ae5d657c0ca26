import type { EventStore, RecordedEvent } from './event-store';
import { readEvent } from './reading-events';

/** The event in its registered version, checked against its schema (readEvent). */
export const upcastRecordedEvent = (event: RecordedEvent): RecordedEvent => readEvent(event);

/**
 * Every read of the wrapped store answers events in their registered version and checked against their
 * schema (readEvent), so deciders, projectors, the relay and the audit log never see an older shape (nor a
 * credential an older event carried in clear).
 * Appends pass through unchanged: new events are written in the registered version.
 */
export const withUpcasting = (store: EventStore): EventStore => ({
  append: (streamId, events, options) => store.append(streamId, events, options),
  chainsAppends: store.chainsAppends,
  readStream: async (streamId, options) => (await store.readStream(streamId, options)).map(upcastRecordedEvent),
  readAll: async (options) => (await store.readAll(options)).map(upcastRecordedEvent),
  ...(store.readRecent ? { readRecent: (after: number, limit: number) => store.readRecent?.(after, limit)?.map(upcastRecordedEvent) ?? null } : {}),
  // upcasting changes an event's data, never its type: the stored type names are the ones asked for
  headPosition: (options) => store.headPosition(options),
  ...(store.verifyChain ? { verifyChain: store.verifyChain.bind(store) } : {}),
  ...(store.chainHead ? { chainHead: store.chainHead.bind(store) } : {}),
  subscribeToAll: (options, handler, onError) => store.subscribeToAll(options, (event) => handler(upcastRecordedEvent(event)), onError),
  close: () => store.close(),
});
