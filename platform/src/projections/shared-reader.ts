import type { EventStore, ReadAllOptions, RecordedEvent } from '@cn/platform/event-store';

/** full batches a shared reader keeps for the projectors that have not read them yet */
const SHARED_BATCHES = 16;

/**
 * One reader of the log for the projectors of a process that catch up side by side (a start, a rebuild):
 * a batch read by one is answered to the others from memory, the same objects, so the rows are read and
 * parsed once and each event's schema check (`readEvent`) is done once for all of them. Only full batches
 * are kept: the log is append-only, so `limit` events after a position never change, while a short batch
 * (the head) is read again to see what was appended since. Everything else goes to the store.
 */
export const sharedReader = (store: EventStore): EventStore => {
  const batches = new Map<string, Promise<RecordedEvent[]>>();
  const readAll = (options: ReadAllOptions = {}): Promise<RecordedEvent[]> => {
    if (options.limit === undefined) return store.readAll(options);
    const key = `${options.after ?? 0}:${options.limit}`;
    const kept = batches.get(key);
    if (kept) return kept;
    const reading = store.readAll(options).then(
      (events) => {
        if (events.length < (options.limit ?? 0)) batches.delete(key);
        return events;
      },
      (error: unknown) => {
        batches.delete(key);
        throw error;
      },
    );
    batches.set(key, reading);
    while (batches.size > SHARED_BATCHES) batches.delete(batches.keys().next().value as string);
    return reading;
  };
  return new Proxy(store, {
    get: (target, property, receiver) => (property === 'readAll' ? readAll : (Reflect.get(target, property, receiver) as unknown)),
  });
};
