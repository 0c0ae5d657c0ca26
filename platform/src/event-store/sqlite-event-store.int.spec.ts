import { join } from 'node:path';
import { describeEventStoreContract, createTempDir, eventually, newTestEvent } from '@cn/platform/testing';
import type { RecordedEvent } from './event-store';
import { WrongExpectedRevisionError } from './event-store';
import { createSqliteEventStore } from './sqlite-event-store';

describeEventStoreContract('sqlite', {
  available: true,
  create: () => {
    const temp = createTempDir('cn-events');
    const subject = createSqliteEventStore({ path: join(temp.dir, 'events.sqlite') });
    return Promise.resolve({ subject, cleanup: async () => { await subject.close(); temp.remove(); } });
  },
});

describe('sqlite event store on disk', () => {
  let temp: ReturnType<typeof createTempDir>;
  beforeEach(() => {
    temp = createTempDir('cn-events');
  });
  afterEach(() => temp.remove());

  it('keeps events, positions and revisions across a reopen', async () => {
    const path = join(temp.dir, 'events.sqlite');
    const first = createSqliteEventStore({ path });
    const event = newTestEvent('Kept', { name: 'x' });
    const appended = await first.append('s-1', [event], { expectedRevision: 'no_stream' });
    await first.close();

    const reopened = createSqliteEventStore({ path });
    expect(await reopened.headPosition()).toBe(appended.position);
    expect((await reopened.readStream('s-1')).map((e) => [e.id, e.data])).toEqual([[event.id, { name: 'x' }]]);
    await expect(reopened.append('s-1', [newTestEvent()], { expectedRevision: 'no_stream' })).rejects.toBeInstanceOf(
      WrongExpectedRevisionError,
    );
    expect((await reopened.append('s-1', [event], { expectedRevision: 'no_stream' })).position).toBe(appended.position);
    await reopened.close();
  });

  it('lets only one of two connections to the same file win the same expected revision', async () => {
    const path = join(temp.dir, 'events.sqlite');
    const one = createSqliteEventStore({ path });
    const two = createSqliteEventStore({ path });
    await one.append('s', [newTestEvent()], { expectedRevision: 'no_stream' });
    const outcomes = await Promise.allSettled([
      one.append('s', [newTestEvent()], { expectedRevision: 0 }),
      two.append('s', [newTestEvent()], { expectedRevision: 0 }),
    ]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(await two.readStream('s')).toHaveLength(2);
    await one.close();
    await two.close();
  });

  it('delivers events appended through another connection to a live subscription (polling)', async () => {
    const path = join(temp.dir, 'events.sqlite');
    const reader = createSqliteEventStore({ path });
    const writer = createSqliteEventStore({ path });
    const received: RecordedEvent[] = [];
    const subscription = reader.subscribeToAll({ after: 0 }, (event) => {
      received.push(event);
      return Promise.resolve();
    });
    await writer.append('other-process', [newTestEvent('FromElsewhere')], { expectedRevision: 'no_stream' });
    await eventually(() => received.length === 1, 3000);
    expect(received[0]?.type).toBe('FromElsewhere');
    await subscription.stop();
    await reader.close();
    await writer.close();
  });

  it('refuses an event id already stored in another stream', async () => {
    const store = createSqliteEventStore({ path: join(temp.dir, 'events.sqlite') });
    const event = newTestEvent();
    await store.append('a', [event], { expectedRevision: 'no_stream' });
    await expect(store.append('b', [event], { expectedRevision: 'any' })).rejects.toThrow();
    expect(await store.readStream('b')).toEqual([]);
    await store.close();
  });
});
