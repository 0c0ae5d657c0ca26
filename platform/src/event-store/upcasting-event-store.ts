import { upcastEventData } from '@cn/contracts';
import type { EventStore, RecordedEvent } from './event-store';

/** The event in its registered version (contracts' upcasters); the same object when nothing changes. */
export const upcastRecordedEvent = (event: RecordedEvent): RecordedEvent => {
  const upcast = upcastEventData(event.type, event.metadata.schemaVersion, event.data);
  if (upcast.schemaVersion === event.metadata.schemaVersion) return event;
  return { ...event, data: upcast.data, metadata: { ...event.metadata, schemaVersion: upcast.schemaVersion } };
};

/**
 * Every read of the wrapped store answers events in their registered version, so deciders, projectors,
 * the relay and the audit log never see an older shape (nor a credential an older event carried in clear).
 * Appends pass through unchanged: new events are written in the registered version.
 */
export const withUpcasting = (store: EventStore): EventStore => ({
  append: (streamId, events, options) => store.append(streamId, events, options),
  readStream: async (streamId, options) => (await store.readStream(streamId, options)).map(upcastRecordedEvent),
  readAll: async (options) => (await store.readAll(options)).map(upcastRecordedEvent),
  headPosition: () => store.headPosition(),
  subscribeToAll: (options, handler, onError) => store.subscribeToAll(options, (event) => handler(upcastRecordedEvent(event)), onError),
  close: () => store.close(),
});
