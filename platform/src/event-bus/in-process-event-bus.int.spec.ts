import { join } from 'node:path';
import { type RecordedEvent, createSqliteEventStore } from '@cn/platform/event-store';
import { createTempDir, describeEventBusContract, eventually, newTestEvent } from '@cn/platform/testing';
import { createInProcessEventBus } from './in-process-event-bus';

describeEventBusContract('in-process', {
  available: true,
  create: () => {
    const temp = createTempDir('cn-bus');
    const eventStore = createSqliteEventStore({ path: join(temp.dir, 'events.sqlite') });
    const subject = createInProcessEventBus({ eventStore, path: join(temp.dir, 'bus.sqlite') });
    return Promise.resolve({
      subject,
      eventStore,
      cleanup: async () => {
        await subject.close();
        await eventStore.close();
        temp.remove();
      },
    });
  },
});

describe('in-process event bus on disk', () => {
  it('keeps committed offsets across a reopen', async () => {
    const temp = createTempDir('cn-bus');
    const path = join(temp.dir, 'events.sqlite');
    const store = createSqliteEventStore({ path });
    await store.append('s', [newTestEvent('e0'), newTestEvent('e1')], { expectedRevision: 'no_stream' });
    const bus = createInProcessEventBus({ eventStore: store, path });
    const first: RecordedEvent[] = [];
    await bus.consume({ groupId: 'g', handler: (event) => { first.push(event); return Promise.resolve(); } });
    await eventually(() => first.length === 2);
    await bus.close();
    await store.append('s', [newTestEvent('e2')], { expectedRevision: 1 });

    const reopened = createInProcessEventBus({ eventStore: store, path });
    const second: RecordedEvent[] = [];
    await reopened.consume({ groupId: 'g', handler: (event) => { second.push(event); return Promise.resolve(); } });
    await eventually(() => second.length === 1);
    expect(second.map((event) => event.type)).toEqual(['e2']);
    await reopened.close();
    await store.close();
    temp.remove();
  });

  it('starts after what the consumer says it handled when its committed offset is older, never before the offset', async () => {
    const temp = createTempDir('cn-bus');
    const path = join(temp.dir, 'events.sqlite');
    const store = createSqliteEventStore({ path });
    await store.append('s', ['e0', 'e1', 'e2', 'e3'].map((type) => newTestEvent(type)), { expectedRevision: 'no_stream' });
    const bus = createInProcessEventBus({ eventStore: store, path: join(temp.dir, 'bus.sqlite') });
    // a projector caught up to position 3 from the event store: the bus goes on from there
    const caughtUp: string[] = [];
    await bus.consume({ groupId: 'caught-up', handledUpTo: 3, handler: (event) => { caughtUp.push(event.type); return Promise.resolve(); } });
    // a group whose committed offset is further than what it claims keeps its offset
    const committed: string[] = [];
    const first = await bus.consume({ groupId: 'committed', handler: (event) => { committed.push(event.type); return Promise.resolve(); } });
    await eventually(() => caughtUp.length === 1 && committed.length === 4);
    await first.stop();
    await bus.close();
    await store.append('s', [newTestEvent('e4')], { expectedRevision: 3 });
    const reopened = createInProcessEventBus({ eventStore: store, path: join(temp.dir, 'bus.sqlite') });
    const again: string[] = [];
    await reopened.consume({ groupId: 'committed', handledUpTo: 1, handler: (event) => { again.push(event.type); return Promise.resolve(); } });
    await eventually(() => again.length === 1);
    expect(caughtUp).toEqual(['e3']);
    expect(again).toEqual(['e4']);
    await reopened.close();
    await store.close();
    temp.remove();
  });

  it('takes over the offsets an older version kept in the event log file, once', async () => {
    const temp = createTempDir('cn-bus');
    const events = join(temp.dir, 'events.sqlite');
    const store = createSqliteEventStore({ path: events });
    await store.append('s', [newTestEvent('e0'), newTestEvent('e1'), newTestEvent('e2')], { expectedRevision: 'no_stream' });
    // the older layout: offsets in the event log's own file
    const older = createInProcessEventBus({ eventStore: store, path: events });
    const seen: string[] = [];
    await older.consume({ groupId: 'g', handler: (event) => { seen.push(event.type); return Promise.resolve(); } });
    await eventually(() => seen.length === 3);
    await older.close();
    await store.append('s', [newTestEvent('e3')], { expectedRevision: 2 });

    const bus = createInProcessEventBus({ eventStore: store, path: join(temp.dir, 'bus.sqlite'), legacyPath: events });
    const after: string[] = [];
    await bus.consume({ groupId: 'g', handler: (event) => { after.push(event.type); return Promise.resolve(); } });
    await eventually(() => after.length === 1);
    expect(after).toEqual(['e3']);
    await bus.close();
    await store.close();
    temp.remove();
  });

  it('hands a batch consumer with maxBatch the events at hand in one batch, and commits no offset past what it handled', async () => {
    const temp = createTempDir('cn-bus');
    const store = createSqliteEventStore({ path: join(temp.dir, 'events.sqlite') });
    await store.append('s', Array.from({ length: 7 }, (_, i) => newTestEvent(`e${i}`)), { expectedRevision: 'no_stream' });
    const path = join(temp.dir, 'bus.sqlite');
    const bus = createInProcessEventBus({ eventStore: store, path });
    const batches: string[][] = [];
    // the first batch holds up the consumer while more events are written: they come in the next batch
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await bus.consume({
      groupId: 'batched',
      maxBatch: 5,
      handleBatch: async (events) => {
        batches.push(events.map((event) => event.type));
        if (batches.length === 1) await held;
      },
    });
    await eventually(() => batches.length === 1);
    await store.append('s', [newTestEvent('e7'), newTestEvent('e8')], { expectedRevision: 6 });
    release();
    await eventually(() => batches.flat().length === 9);
    expect(batches).toEqual([['e0', 'e1', 'e2', 'e3', 'e4'], ['e5', 'e6', 'e7', 'e8']]);
    await bus.close();

    // the offsets say every event was handled: a reopened bus delivers only what is new
    await store.append('s', [newTestEvent('e9')], { expectedRevision: 8 });
    const reopened = createInProcessEventBus({ eventStore: store, path });
    const again: string[][] = [];
    await reopened.consume({ groupId: 'batched', maxBatch: 5, handleBatch: (events) => { again.push(events.map((event) => event.type)); return Promise.resolve(); } });
    await eventually(() => again.length === 1);
    expect(again).toEqual([['e9']]);
    await reopened.close();
    await store.close();
    temp.remove();
  });
});
