import type { EventStore, ReadAllOptions, RecordedEvent } from '@cn/platform/event-store';
import { sharedReader } from './shared-reader';

const recorded = (position: number): RecordedEvent => ({
  id: `e${position}`,
  type: 'Happened',
  data: {},
  metadata: { memberId: null, occurredAt: '2026-01-01T00:00:00.000Z', correlationId: 'c', causationId: 'c', schemaVersion: 1 },
  streamId: 's',
  revision: position - 1,
  position,
  recordedAt: '2026-01-01T00:00:00.000Z',
});

/** a log in memory that counts its reads */
const logOf = (head: number) => {
  const events = Array.from({ length: head }, (_v, i) => recorded(i + 1));
  const reads: ReadAllOptions[] = [];
  const store = {
    readAll: (options: ReadAllOptions = {}) => {
      reads.push(options);
      const from = events.filter((event) => event.position > (options.after ?? 0));
      return Promise.resolve(from.slice(0, options.limit ?? from.length).map((event) => ({ ...event })));
    },
    headPosition: () => Promise.resolve(events.length),
    append: (count: number) => events.push(...Array.from({ length: count }, (_v, i) => recorded(events.length + i + 1))),
  };
  return { store, reads };
};

describe('shared reader', () => {
  it('answers a full batch read by one projector to the others from memory, the same objects', async () => {
    const { store, reads } = logOf(10);
    const shared = sharedReader(store as unknown as EventStore);
    const first = await shared.readAll({ after: 0, limit: 4 });
    const second = await shared.readAll({ after: 0, limit: 4 });
    expect(second).toBe(first);
    expect(first.map((event) => event.position)).toEqual([1, 2, 3, 4]);
    expect(reads).toHaveLength(1);
    // the other methods are the store's own
    expect(await shared.headPosition()).toBe(10);
  });

  it('reads a short batch (the head) again, so that what was appended since is seen', async () => {
    const { store, reads } = logOf(6);
    const shared = sharedReader(store as unknown as EventStore);
    expect((await shared.readAll({ after: 4, limit: 4 })).map((event) => event.position)).toEqual([5, 6]);
    store.append(3);
    expect((await shared.readAll({ after: 4, limit: 4 })).map((event) => event.position)).toEqual([5, 6, 7, 8]);
    expect(reads).toHaveLength(2);
  });

  it('answers a short batch read while another reader asked for it from the store again: what was appended in between is seen', async () => {
    const { store, reads } = logOf(6);
    const shared = sharedReader(store as unknown as EventStore, 2);
    const first = shared.readAll({ after: 4, limit: 4 });
    store.append(1);
    const second = shared.readAll({ after: 4, limit: 4 });
    expect((await first).map((event) => event.position)).toEqual([5, 6]);
    expect((await second).map((event) => event.position)).toEqual([5, 6, 7]);
    expect(reads).toHaveLength(2);
  });

  it('reads every type for all its readers, whatever types one of them asks for', async () => {
    const { store, reads } = logOf(10);
    const shared = sharedReader(store as unknown as EventStore, 2);
    const first = await shared.readAll({ after: 0, limit: 4, types: ['Other'] });
    expect(await shared.readAll({ after: 0, limit: 4 })).toBe(first);
    expect(first.map((event) => event.position)).toEqual([1, 2, 3, 4]);
    expect(reads).toEqual([{ after: 0, limit: 4 }]);
  });

  it('keeps a bounded number of batches, and reads without a limit from the store each time', async () => {
    const { store, reads } = logOf(100);
    const shared = sharedReader(store as unknown as EventStore);
    for (let after = 0; after < 100; after += 5) await shared.readAll({ after, limit: 5 });
    await shared.readAll({ after: 0, limit: 5 });
    expect(reads).toHaveLength(21);
    await shared.readAll({ after: 95, limit: 5 });
    expect(reads).toHaveLength(21);
    await shared.readAll({ after: 90 });
    await shared.readAll({ after: 90 });
    expect(reads).toHaveLength(23);
  });

  it('lets a batch go once every reader had it: a later read of it goes to the store', async () => {
    const { store, reads } = logOf(10);
    const shared = sharedReader(store as unknown as EventStore, 2);
    const first = await shared.readAll({ after: 0, limit: 4 });
    expect(await shared.readAll({ after: 0, limit: 4 })).toBe(first);
    expect(reads).toHaveLength(1);
    const third = await shared.readAll({ after: 0, limit: 4 });
    expect(third).not.toBe(first);
    expect(third.map((event) => event.position)).toEqual([1, 2, 3, 4]);
    expect(reads).toHaveLength(2);
  });
});
