import type { EventStore, ReadAllOptions, RecordedEvent } from '@cn/platform/event-store';

/** full batches a shared reader keeps for the projectors that have not read them yet */
const SHARED_BATCHES = 16;

/**
 * One reader of the log for the projectors of a process that catch up side by side (a start, a rebuild):
 * a batch read by one is answered to the others from memory, the same objects, so the rows are read and
 * parsed once and each event's schema check (`readEvent`) is done once for all of them. Only full batches
 * are kept: the log is append-only, so `limit` events after a position never change, while a short batch
 * (the head) is read again to see what was appended since. Everything else goes to the store.
 * `readers`: how many projectors read through it; a batch all of them had is let go at once (kept, a
 * few thousand parsed events would outlive the young generation, and a replay's garbage collection would
 * trace them again and again); a later reader of it (a read model's retry) reads the store.
 */
export const sharedReader = (store: EventStore, readers = Number.POSITIVE_INFINITY): EventStore => {
  const batches = new Map<string, Promise<RecordedEvent[]>>();
  const answered = new Map<string, number>();
  const readAll = ({ types: _types, ...options }: ReadAllOptions = {}): Promise<RecordedEvent[]> => {
    // every type, whatever one reader looks at: the batch is the same for all of them (the port allows it)
    if (options.limit === undefined) return store.readAll(options);
    const key = `${options.after ?? 0}:${options.limit}`;
    const kept = batches.get(key);
    if (kept) {
      const times = (answered.get(key) ?? 1) + 1;
      if (times >= readers) {
        batches.delete(key);
        answered.delete(key);
      } else answered.set(key, times);
      // a short batch (the head) was read before this reader asked: read again, so that it holds what the
      // store had when this reader asked (a catch-up moves on to the head it saw before asking)
      const limit = options.limit;
      return kept.then((events) => (events.length < limit ? store.readAll(options) : events));
    }
    if (readers <= 1) return store.readAll(options);
    const reading = store.readAll(options).then(
      (events) => {
        if (events.length < (options.limit ?? 0)) {
          batches.delete(key);
          answered.delete(key);
        }
        return events;
      },
      (error: unknown) => {
        batches.delete(key);
        answered.delete(key);
        throw error;
      },
    );
    batches.set(key, reading);
    while (batches.size > SHARED_BATCHES) {
      const oldest = batches.keys().next().value as string;
      batches.delete(oldest);
      answered.delete(oldest);
    }
    return reading;
  };
  return new Proxy(store, {
    get: (target, property, receiver) => (property === 'readAll' ? readAll : (Reflect.get(target, property, receiver) as unknown)),
  });
};
