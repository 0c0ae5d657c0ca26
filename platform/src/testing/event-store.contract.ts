import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, expect, it } from '@jest/globals';
import { type EventStore, type NewEvent, type RecordedEvent, WrongExpectedRevisionError } from '@cn/platform/event-store';
import type { ContractTarget, Subject } from './contract-target';
import { describeContract, eventually, pause } from './contract-target';

export type EventStoreContractTarget = ContractTarget<Subject<EventStore>>;

export const newTestEvent = (type = 'TestHappened', data: unknown = { value: randomUUID() }): NewEvent => ({
  id: randomUUID(),
  type,
  data,
  metadata: {
    memberId: null,
    occurredAt: new Date().toISOString(),
    correlationId: randomUUID(),
    causationId: randomUUID(),
    schemaVersion: 1,
  },
});

/** Stream names are unique per test, so the suite also runs against a shared server. */
const newStream = (): string => `contract-${randomUUID()}`;

export const describeEventStoreContract = (adapterName: string, target: EventStoreContractTarget): void =>
  describeContract(`${adapterName} event store`, target, (create) => {
    let store: EventStore;
    let cleanup: () => Promise<void>;
    beforeEach(async () => {
      ({ subject: store, cleanup } = await create());
    });
    afterEach(async () => {
      await cleanup();
    });

    it('appends to a new stream with no_stream and reads it back in revision order', async () => {
      const stream = newStream();
      const events = [newTestEvent('A', { n: 1 }), newTestEvent('B', { n: 2, nested: { ok: true } })];
      const result = await store.append(stream, events, { expectedRevision: 'no_stream' });
      expect(result.nextExpectedRevision).toBe(1);
      const read = await store.readStream(stream);
      expect(read.map((event) => [event.id, event.type, event.data, event.revision, event.streamId])).toEqual([
        [events[0]?.id, 'A', { n: 1 }, 0, stream],
        [events[1]?.id, 'B', { n: 2, nested: { ok: true } }, 1, stream],
      ]);
      expect(read[0]?.metadata).toEqual(events[0]?.metadata);
      expect(read[1]?.position).toBe(result.position);
      expect((read[0]?.position ?? 0) < (read[1]?.position ?? 0)).toBe(true);
      expect(Number.isNaN(Date.parse(read[0]?.recordedAt ?? ''))).toBe(false);
    });

    it('reads a stream from a given revision on', async () => {
      const stream = newStream();
      await store.append(stream, [newTestEvent(), newTestEvent(), newTestEvent()], { expectedRevision: 'no_stream' });
      expect((await store.readStream(stream, { fromRevision: 1 })).map((event) => event.revision)).toEqual([1, 2]);
      expect(await store.readStream(stream, { fromRevision: 3 })).toEqual([]);
      expect((await store.readStream(stream, { fromRevision: 0 })).map((event) => event.revision)).toEqual([0, 1, 2]);
    });

    it('answers [] for a stream that does not exist', async () => {
      expect(await store.readStream(newStream())).toEqual([]);
    });

    it('appends with the current revision as expected revision', async () => {
      const stream = newStream();
      await store.append(stream, [newTestEvent()], { expectedRevision: 'no_stream' });
      const result = await store.append(stream, [newTestEvent(), newTestEvent()], { expectedRevision: 0 });
      expect(result.nextExpectedRevision).toBe(2);
      expect((await store.readStream(stream)).map((event) => event.revision)).toEqual([0, 1, 2]);
    });

    it('appends without a check with any, to new and existing streams', async () => {
      const stream = newStream();
      expect((await store.append(stream, [newTestEvent()], { expectedRevision: 'any' })).nextExpectedRevision).toBe(0);
      expect((await store.append(stream, [newTestEvent()], { expectedRevision: 'any' })).nextExpectedRevision).toBe(1);
    });

    it('refuses a wrong expected revision with WrongExpectedRevisionError and writes nothing', async () => {
      const stream = newStream();
      await store.append(stream, [newTestEvent()], { expectedRevision: 'no_stream' });
      await expect(store.append(stream, [newTestEvent()], { expectedRevision: 'no_stream' })).rejects.toBeInstanceOf(
        WrongExpectedRevisionError,
      );
      await expect(store.append(stream, [newTestEvent()], { expectedRevision: 5 })).rejects.toBeInstanceOf(
        WrongExpectedRevisionError,
      );
      await expect(store.append(newStream(), [newTestEvent()], { expectedRevision: 0 })).rejects.toBeInstanceOf(
        WrongExpectedRevisionError,
      );
      expect(await store.readStream(stream)).toHaveLength(1);
    });

    it('treats re-appending the same event ids as an idempotent retry answering the original result', async () => {
      const stream = newStream();
      const events = [newTestEvent(), newTestEvent()];
      const first = await store.append(stream, events, { expectedRevision: 'no_stream' });
      const retry = await store.append(stream, events, { expectedRevision: 'no_stream' });
      expect(retry).toEqual(first);
      expect(await store.readStream(stream)).toHaveLength(2);
    });

    it('lets exactly one of two concurrent appends with the same expected revision win', async () => {
      const stream = newStream();
      await store.append(stream, [newTestEvent()], { expectedRevision: 'no_stream' });
      const outcomes = await Promise.allSettled([
        store.append(stream, [newTestEvent('First')], { expectedRevision: 0 }),
        store.append(stream, [newTestEvent('Second')], { expectedRevision: 0 }),
      ]);
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      const rejected = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
      expect(rejected).toHaveLength(1);
      expect(rejected[0]?.reason).toBeInstanceOf(WrongExpectedRevisionError);
      expect(await store.readStream(stream)).toHaveLength(2);
    });

    it('reads all streams in global order after a position, with a limit, and knows the head', async () => {
      const before = await store.headPosition();
      const [one, two] = [newStream(), newStream()];
      await store.append(one, [newTestEvent('One0')], { expectedRevision: 'no_stream' });
      await store.append(two, [newTestEvent('Two0')], { expectedRevision: 'no_stream' });
      const last = await store.append(one, [newTestEvent('One1')], { expectedRevision: 0 });
      expect(await store.headPosition()).toBeGreaterThanOrEqual(last.position);

      const ours = (events: RecordedEvent[]): RecordedEvent[] => events.filter((e) => e.streamId === one || e.streamId === two);
      const all = ours(await store.readAll({ after: before }));
      expect(all.map((event) => event.type)).toEqual(['One0', 'Two0', 'One1']);
      const positions = all.map((event) => event.position);
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);

      const afterFirst = ours(await store.readAll({ after: all[0]?.position ?? 0 }));
      expect(afterFirst.map((event) => event.type)).toEqual(['Two0', 'One1']);
      const limited = await store.readAll({ after: before, limit: 2 });
      expect(limited).toHaveLength(2);
      expect(limited.every((event) => event.position > before)).toBe(true);
    });

    it('reads all with types: every event of those types in order, a short answer holding all of them up to the head', async () => {
      const stream = newStream();
      const before = await store.headPosition();
      const types = ['Wanted', 'Other', 'Other', 'AlsoWanted', 'Other', 'Wanted'];
      await store.append(stream, types.map((type, i) => newTestEvent(type, { i })), { expectedRevision: 'no_stream' });
      const head = await store.headPosition();
      // a store may answer other types too (ReadAllOptions.types): the wanted ones are looked at
      const wanted = (events: RecordedEvent[]) => events.filter((event) => event.streamId === stream && (event.type === 'Wanted' || event.type === 'AlsoWanted'));
      const all = await store.readAll({ after: before, limit: 100, types: ['Wanted', 'AlsoWanted'] });
      expect(all.length).toBeLessThan(100);
      expect(wanted(all).map((event) => (event.data as { i: number }).i)).toEqual([0, 3, 5]);
      expect(wanted(all).every((event) => event.position > before && event.position <= head)).toBe(true);
      // a full answer is a prefix: the next read goes on after its last event
      const first = await store.readAll({ after: before, limit: 1, types: ['AlsoWanted'] });
      expect(first).toHaveLength(1);
      const rest = await store.readAll({ after: first[0].position, limit: 100, types: ['AlsoWanted'] });
      expect(wanted([...first, ...rest]).map((event) => (event.data as { i: number }).i)).toEqual([3]);
    });

    it('knows the newest event of given types: at or after it, never past the head', async () => {
      const stream = newStream();
      // type names of this test alone, so that a shared server's other events are not of them
      const [wanted, other] = [`Wanted-${randomUUID()}`, `Other-${randomUUID()}`];
      await store.append(stream, [wanted, other, wanted, other, other].map((type, i) => newTestEvent(type, { i })), { expectedRevision: 'no_stream' });
      const positions = (await store.readStream(stream)).map((event) => event.position);
      const head = await store.headPosition();
      // a store may answer the plain head (HeadPositionOptions.types): a later position is never wrong
      const typed = await store.headPosition({ types: [wanted] });
      expect(typed).toBeGreaterThanOrEqual(positions[2]);
      expect(typed).toBeLessThanOrEqual(head);
      const either = await store.headPosition({ types: [wanted, other] });
      expect(either).toBeGreaterThanOrEqual(positions[4]);
      expect(either).toBeLessThanOrEqual(head);
      const never = await store.headPosition({ types: [`Never-${randomUUID()}`] });
      expect(never).toBeGreaterThanOrEqual(0);
      expect(never).toBeLessThanOrEqual(head);
      // an event of the types appended later moves it on
      const later = await store.append(stream, [newTestEvent(wanted)], { expectedRevision: 4 });
      expect(await store.headPosition({ types: [wanted] })).toBeGreaterThanOrEqual(later.position);
    });

    it('answers a head position of 0 or more, and readAll from the beginning', async () => {
      expect(await store.headPosition()).toBeGreaterThanOrEqual(0);
      const stream = newStream();
      await store.append(stream, [newTestEvent()], { expectedRevision: 'no_stream' });
      expect((await store.readAll()).some((event) => event.streamId === stream)).toBe(true);
    });

    it('subscribes to all: catch-up, then live, in order, until stopped', async () => {
      const stream = newStream();
      const before = await store.headPosition();
      await store.append(stream, [newTestEvent('Old0'), newTestEvent('Old1')], { expectedRevision: 'no_stream' });
      const received: RecordedEvent[] = [];
      const subscription = store.subscribeToAll({ after: before }, (event) => {
        if (event.streamId === stream) received.push(event);
        return Promise.resolve();
      });
      await eventually(() => received.length === 2);
      await store.append(stream, [newTestEvent('Live2')], { expectedRevision: 1 });
      await eventually(() => received.length === 3);
      expect(received.map((event) => [event.type, event.revision])).toEqual([
        ['Old0', 0],
        ['Old1', 1],
        ['Live2', 2],
      ]);
      await subscription.stop();
      await store.append(stream, [newTestEvent('AfterStop')], { expectedRevision: 2 });
      await pause(700);
      expect(received).toHaveLength(3);
    });

    it('subscribes after a position without redelivering earlier events', async () => {
      const stream = newStream();
      await store.append(stream, [newTestEvent('Skipped')], { expectedRevision: 'no_stream' });
      const from = await store.headPosition();
      await store.append(stream, [newTestEvent('Wanted')], { expectedRevision: 0 });
      const received: string[] = [];
      const subscription = store.subscribeToAll({ after: from }, (event) => {
        if (event.streamId === stream) received.push(event.type);
        return Promise.resolve();
      });
      await eventually(() => received.length === 1);
      await subscription.stop();
      expect(received).toEqual(['Wanted']);
    });

    it('stops the subscription on a handler error and reports it', async () => {
      const stream = newStream();
      const before = await store.headPosition();
      await store.append(stream, [newTestEvent('Boom'), newTestEvent('Never')], { expectedRevision: 'no_stream' });
      const received: string[] = [];
      const errors: unknown[] = [];
      const subscription = store.subscribeToAll(
        { after: before },
        (event) => {
          if (event.streamId !== stream) return Promise.resolve();
          received.push(event.type);
          return event.type === 'Boom' ? Promise.reject(new Error('handler failed')) : Promise.resolve();
        },
        (error) => errors.push(error),
      );
      await eventually(() => errors.length === 1);
      expect((errors[0] as Error).message).toBe('handler failed');
      await pause(300);
      expect(received).toEqual(['Boom']);
      await subscription.stop();
    });
  });
