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
});
