import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MemberEvent } from '@cn/contracts';
import { createSqliteEventStore } from './sqlite-event-store';
import { DomainError, handleCommand, loadState, WrongExpectedRevisionError, type Decider, type EventStore, type StateSnapshot, type StateSnapshots } from '@cn/domain';

/** A counter kept in a member's roles: every command flips `auditor`, so each decision depends on the state. */
type State = { count: number };
const roles = { network_admin: false, auditor: false, external: false };
const toggling: Decider<State, { refuse?: boolean }, MemberEvent> = {
  initialState: () => ({ count: 0 }),
  evolve: (state) => ({ count: state.count + 1 }),
  decide: (command, state) => {
    if (command.refuse) throw new DomainError('refused');
    return [{ type: 'MemberRolesChanged', data: { member_id: 'm1', roles: { ...roles, auditor: state.count % 2 === 0 } } }];
  },
};
const context = { memberId: 'admin', correlationId: 'c1', causationId: 'r1' };
const clock = () => new Date('2026-01-01T00:00:00Z');

describe('handleCommand', () => {
  let dir: string;
  let eventStore: EventStore;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'cn-handle-'));
    eventStore = createSqliteEventStore({ path: join(dir, 'events.sqlite') });
  });
  afterEach(async () => {
    await eventStore.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const handle = (extra: { expectedRevision?: number | 'no_stream'; command?: { refuse?: boolean } } = {}) =>
    handleCommand({ eventStore, streamId: 'member-m1', decider: toggling, command: extra.command ?? {}, context, clock, expectedRevision: extra.expectedRevision });

  it('appends the decided events with their metadata', async () => {
    const handled = await handle();
    expect(handled.revision).toBe(0);
    const [event] = await eventStore.readStream('member-m1');
    expect(event.metadata).toEqual({ ...context, occurredAt: '2026-01-01T00:00:00.000Z', schemaVersion: 1 });
    expect(event.position).toBe(handled.position);
  });

  it('re-decides on fresh state when racing commands give no expected revision', async () => {
    const results = await Promise.all(Array.from({ length: 5 }, () => handle()));
    expect(results.map((result) => result.revision).sort()).toEqual([0, 1, 2, 3, 4]);
    const events = await eventStore.readStream('member-m1');
    // each decision saw the state before it: the flag alternates
    expect(events.map((event) => (event.data as { roles: { auditor: boolean } }).roles.auditor)).toEqual([true, false, true, false, true]);
  });

  it('runs racing commands of one process on one stream one after another: none loses, none re-decides', async () => {
    let lost = 0;
    const counting: EventStore = {
      ...eventStore,
      append: (...args) => eventStore.append(...args).catch((error: unknown) => {
        lost += 1;
        throw error;
      }),
    };
    const results = await Promise.all(Array.from({ length: 8 }, () => handleCommand({ eventStore: counting, streamId: 'member-m2', decider: toggling, command: {}, context, clock })));
    expect(results.map((result) => result.revision).sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(lost).toBe(0);
  });

  it('chains the commands of one stream: each decides on the state the previous one will leave, and their appends are in flight together', async () => {
    let inFlight = 0;
    let mostInFlight = 0;
    const counting: EventStore = {
      ...eventStore,
      append: async (...args) => {
        inFlight += 1;
        mostInFlight = Math.max(mostInFlight, inFlight);
        try {
          return await eventStore.append(...args);
        } finally {
          inFlight -= 1;
        }
      },
    };
    const results = await Promise.all(Array.from({ length: 8 }, () => handleCommand({ eventStore: counting, streamId: 'member-m5', decider: toggling, command: {}, context, clock })));
    expect(results.map((result) => result.revision)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(mostInFlight).toBeGreaterThan(1);
    const events = await eventStore.readStream('member-m5');
    expect(events.map((event) => (event.data as { roles: { auditor: boolean } }).roles.auditor)).toEqual([true, false, true, false, true, false, true, false]);
  });

  it('decides again from the store when the append a command was chained on does not land', async () => {
    let calls = 0;
    const failingFirst: EventStore = {
      ...eventStore,
      append: (...args) => {
        calls += 1;
        // the first append fails after the others were decided on the state it would have left
        if (calls === 1) return new Promise((_resolve, reject) => setTimeout(() => reject(new Error('disk full')), 20));
        return eventStore.append(...args);
      },
    };
    const results = await Promise.allSettled(Array.from({ length: 4 }, () => handleCommand({ eventStore: failingFirst, streamId: 'member-m6', decider: toggling, command: {}, context, clock })));
    expect(results[0]).toMatchObject({ status: 'rejected', reason: { message: 'disk full' } });
    expect(results.slice(1).map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    // the three that landed were decided on what the store holds: the flag alternates from the start
    const events = await eventStore.readStream('member-m6');
    expect(events.map((event) => (event.data as { roles: { auditor: boolean } }).roles.auditor)).toEqual([true, false, true]);
  });

  it('refuses, as a wrong revision, an append whose expected last event is not the stream\'s last', async () => {
    const first = await eventStore.append('chain-1', [{ id: 'e1', type: 'MemberRolesChanged', data: { member_id: 'm1', roles }, metadata: { ...context, occurredAt: clock().toISOString(), schemaVersion: 1 } }], { expectedRevision: 'no_stream' });
    expect(first.nextExpectedRevision).toBe(0);
    const next = (id: string) => [{ id, type: 'MemberRolesChanged', data: { member_id: 'm1', roles }, metadata: { ...context, occurredAt: clock().toISOString(), schemaVersion: 1 } }];
    await expect(eventStore.append('chain-1', next('e2'), { expectedRevision: 0, expectedLastEventId: 'not-e1' })).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    await expect(eventStore.append('chain-1', next('e3'), { expectedRevision: 0, expectedLastEventId: 'e1' })).resolves.toMatchObject({ nextExpectedRevision: 1 });
  });

  it('re-decides after losing a race to another process (a second store on the same file)', async () => {
    const other = createSqliteEventStore({ path: join(dir, 'events.sqlite') });
    const results = await Promise.all(
      Array.from({ length: 6 }, (_v, i) => handleCommand({ eventStore: i % 2 === 0 ? eventStore : other, streamId: 'member-m3', decider: toggling, command: {}, context, clock })),
    );
    expect(results.map((result) => result.revision).sort()).toEqual([0, 1, 2, 3, 4, 5]);
    const events = await eventStore.readStream('member-m3');
    expect(events.map((event) => (event.data as { roles: { auditor: boolean } }).roles.auditor)).toEqual([true, false, true, false, true, false]);
    await other.close();
  });

  it('starts a cold stream from the decider\'s snapshot and reads only the events after it', async () => {
    const saved = new Map<string, StateSnapshot>();
    const snapshots: StateSnapshots = {
      load: (key) => Promise.resolve(saved.get(key) ?? null),
      save: (key, snapshot) => {
        saved.set(key, structuredClone(snapshot));
        return Promise.resolve();
      },
    };
    const snapshotting: Decider<State, { refuse?: boolean }, MemberEvent> = { ...toggling, snapshot: { name: 'toggling', version: 1, everyEvents: 10 } };
    for (let i = 0; i < 25; i += 1) {
      await handleCommand({ eventStore, streamId: 'member-m4', decider: snapshotting, command: {}, context, clock, snapshots });
    }
    const snapshot = saved.get('toggling.v1:member-m4');
    expect(snapshot?.revision).toBeGreaterThanOrEqual(10);

    // after a restart: a new store on the same file has no cached state
    const restarted = createSqliteEventStore({ path: join(dir, 'events.sqlite') });
    const reads: number[] = [];
    const counting: EventStore = { ...restarted, readStream: (streamId, options) => (reads.push(options?.fromRevision ?? 0), restarted.readStream(streamId, options)) };
    const handled = await handleCommand({ eventStore: counting, streamId: 'member-m4', decider: snapshotting, command: {}, context, clock, snapshots });
    expect(reads).toEqual([(snapshot?.revision ?? 0) + 1]);
    expect(handled.revision).toBe(25);
    // the decision saw all 25 earlier events: the 26th flips auditor off again (count 25 is odd)
    expect((handled.events[0].data as { roles: { auditor: boolean } }).roles.auditor).toBe(false);
    // a snapshot of another version is not used
    const reshaped = { ...snapshotting, snapshot: { name: 'toggling', version: 2 } };
    reads.length = 0;
    await loadState(counting, 'member-m4', reshaped, snapshots);
    expect(reads).toEqual([0]);
    await restarted.close();
  });

  it('answers a conflict when the client-given revision is stale', async () => {
    await handle({ expectedRevision: 'no_stream' });
    await expect(handle({ expectedRevision: 'no_stream' })).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    await expect(handle({ expectedRevision: 0 })).resolves.toMatchObject({ revision: 1 });
  });

  it('appends nothing on a refusal, and refuses events that do not match their schema', async () => {
    await expect(handle({ command: { refuse: true } })).rejects.toBeInstanceOf(DomainError);
    const broken: Decider<State, object, MemberEvent> = { ...toggling, decide: () => [{ type: 'MemberErased', data: {} as { member_id: string } }] };
    await expect(handleCommand({ eventStore, streamId: 'member-m1', decider: broken, command: {}, context, clock })).rejects.toThrow(/schema/);
    expect(await eventStore.headPosition()).toBe(0);
  });
});
