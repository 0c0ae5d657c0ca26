import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describeEventStoreContract, createTempDir, eventually, newTestEvent } from '@cn/platform/testing';
import type { EventStore, RecordedEvent } from './event-store';
import { WrongExpectedRevisionError } from './event-store';
import { createSqliteEventStore } from './sqlite-event-store';
import { withUpcasting } from './upcasting-event-store';

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

  it('writes appends made while the writer is busy in arrival order, each answered and told to subscribers as written', async () => {
    const store = createSqliteEventStore({ path: join(temp.dir, 'events.sqlite') });
    const delivered: RecordedEvent[] = [];
    const subscription = store.subscribeToAll({ after: 0 }, (event) => {
      delivered.push(event);
      return Promise.resolve();
    });
    const streams = ['p-0', 'p-1', 'p-2', 'p-3'];
    const next = new Map<string, number | 'no_stream'>(streams.map((stream) => [stream, 'no_stream']));
    const issued: Array<{ id: string; stream: string; appended: Promise<{ position: number; nextExpectedRevision: number }> }> = [];
    const issue = (count: number): void => {
      for (let i = 0; i < count; i += 1) {
        const stream = streams[issued.length % streams.length];
        const expected = next.get(stream) ?? 'no_stream';
        const event = newTestEvent('Piped', { n: issued.length });
        issued.push({ id: event.id, stream, appended: store.append(stream, [event], { expectedRevision: expected }) });
        next.set(stream, expected === 'no_stream' ? 0 : expected + 1);
      }
    };
    // a large first batch keeps the writer busy while the next waves are handed over behind it
    issue(400);
    const refused = store.append('p-1', [newTestEvent('Stale')], { expectedRevision: 0 });
    for (let wave = 0; wave < 6; wave += 1) {
      await new Promise((resolve) => setImmediate(resolve));
      issue(25);
    }
    const results = await Promise.all(issued.map((append) => append.appended));
    await expect(refused).rejects.toBeInstanceOf(WrongExpectedRevisionError);

    const positions = results.map((result) => result.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(new Set(positions).size).toBe(issued.length);
    const all = await store.readAll();
    expect(all.map((event) => event.id)).toEqual(issued.map((append) => append.id));
    for (const stream of streams) {
      expect((await store.readStream(stream)).map((event) => event.revision)).toEqual(issued.filter((append) => append.stream === stream).map((_append, index) => index));
    }
    // the live subscription hears each event as written: its own id, stream, revision and position
    await eventually(() => expect(delivered).toHaveLength(issued.length));
    expect(delivered.map((event) => [event.id, event.streamId, event.revision, event.position])).toEqual(all.map((event) => [event.id, event.streamId, event.revision, event.position]));
    await subscription.stop();
    await store.close();
  });

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

  it('answers the events it appended lately from memory (readRecent), and null where memory cannot tell', async () => {
    const path = join(temp.dir, 'events.sqlite');
    const store = withUpcasting(createSqliteEventStore({ path }));
    const other = createSqliteEventStore({ path });
    const first = await store.append('recent', [newTestEvent('One'), newTestEvent('Two'), newTestEvent('Three')], { expectedRevision: 'no_stream' });
    const head = first.position;
    expect(store.readRecent?.(head - 3, 2)?.map((event) => event.type)).toEqual(['One', 'Two']);
    expect(store.readRecent?.(head - 2, 10)).toEqual(await store.readAll({ after: head - 2 }));
    // the newest this process knows of: nothing more here (another process's appends are read by the subscription)
    expect(store.readRecent?.(head, 10)).toEqual([]);
    await other.append('elsewhere', [newTestEvent('Elsewhere')], { expectedRevision: 'no_stream' });
    expect(store.readRecent?.(head, 10)).toEqual([]);
    // before what it remembers, or after what it knows: read the store
    expect(store.readRecent?.(head - 4, 10)).toBeNull();
    expect(store.readRecent?.(head + 1, 10)).toBeNull();
    await other.close();
    await store.close();
  });

  it('answers the newest event of given types exactly, through the upcasting store too, on a file made before its index', async () => {
    const path = join(temp.dir, 'events.sqlite');
    const first = createSqliteEventStore({ path });
    // MemberRolesChanged is registered (checked and upcast when read); Other is not
    const roles = (n: number) => newTestEvent('MemberRolesChanged', { member_id: `m-${n}`, roles: { network_admin: false, auditor: true, external: false } });
    await first.append('s', [roles(0), newTestEvent('Other'), roles(1), newTestEvent('Other'), newTestEvent('Other')], { expectedRevision: 'no_stream' });
    await first.close();
    const raw = new Database(path);
    raw.exec('DROP INDEX events_type_position');
    raw.close();

    const store = createSqliteEventStore({ path });
    const indexes = new Database(path, { readonly: true });
    expect(indexes.prepare<[], { name: string }>('PRAGMA index_list(events)').all().map((index) => index.name)).toContain('events_type_position');
    indexes.close();
    const positions = (await store.readStream('s')).map((event) => event.position);
    expect(await store.headPosition({ types: ['MemberRolesChanged'] })).toBe(positions[2]);
    expect(await store.headPosition({ types: ['Other', 'MemberRolesChanged'] })).toBe(positions[4]);
    expect(await store.headPosition({ types: ['Never'] })).toBe(0);
    expect(await store.headPosition({ types: [] })).toBe(0);
    expect(await withUpcasting(store).headPosition({ types: ['MemberRolesChanged'] })).toBe(positions[2]);
    expect(await withUpcasting(store).headPosition()).toBe(positions[4]);
    await store.close();
  });

  it('reads only the given types, in position order across them, the limit counted over all of them', async () => {
    const store = createSqliteEventStore({ path: join(temp.dir, 'events.sqlite') });
    const types = ['A', 'B', 'Other', 'A', 'Other', 'B', 'B', 'A', 'Other', 'C'];
    await store.append('s', types.map((type) => newTestEvent(type)), { expectedRevision: 'no_stream' });
    const all = await store.readAll();
    const wanted = all.filter((event) => event.type === 'A' || event.type === 'B');
    expect(await store.readAll({ types: ['A', 'B'] })).toEqual(wanted);
    // a type named twice, or one never stored, changes nothing
    expect(await store.readAll({ types: ['B', 'A', 'B', 'Never'] })).toEqual(wanted);
    // the first four of both, not four of each: B at the 6th position before A at the 8th
    expect((await store.readAll({ types: ['A', 'B'], limit: 4 })).map((event) => event.position)).toEqual(wanted.slice(0, 4).map((event) => event.position));
    expect(await store.readAll({ after: wanted[3].position, types: ['A', 'B'], limit: 4 })).toEqual(wanted.slice(4));
    expect(await store.readAll({ after: all[all.length - 2].position, types: ['A', 'B'] })).toEqual([]);
    expect(await store.readAll({ types: [] })).toEqual([]);
    await store.close();
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

describe('sqlite event store: the hash-chained history', () => {
  let temp: ReturnType<typeof createTempDir>;
  beforeEach(() => {
    temp = createTempDir('cn-chain');
  });
  afterEach(() => temp.remove());

  /** many appends at once, some racing on one stream (refused ones must not move the chain) */
  const fill = async (store: EventStore): Promise<void> => {
    await store.append('chain-a', [newTestEvent('A0'), newTestEvent('A1')], { expectedRevision: 'no_stream' });
    const racing = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) => store.append(`chain-${i % 3}`, [newTestEvent(`R${i}`, { text: `line\nbreak ${i}` })], { expectedRevision: i < 3 ? 'no_stream' : 0 })),
    );
    expect(racing.some((outcome) => outcome.status === 'fulfilled')).toBe(true);
    await store.append('chain-a', [newTestEvent('A2')], { expectedRevision: 5 }).catch(() => undefined);
    await store.append('chain-b', [newTestEvent('B0')], { expectedRevision: 'any' });
  };
  const open = (path: string) => new Database(path);

  it('verifies the whole chain after concurrent and refused appends, and across a reopen', async () => {
    const path = join(temp.dir, 'events.sqlite');
    const store = createSqliteEventStore({ path });
    await fill(store);
    const head = await store.headPosition();
    const progress: number[] = [];
    const verified = await store.verifyChain?.((checked) => progress.push(checked));
    expect(verified).toEqual({ checked: head, head: { position: head, hash: expect.stringMatching(/^[0-9a-f]{64}$/) }, firstBreak: null });
    expect(progress.at(-1)).toBe(head);
    expect(await store.chainHead?.()).toEqual(verified?.head);
    await store.close();
    const reopened = createSqliteEventStore({ path });
    await reopened.append('chain-c', [newTestEvent('C0')], { expectedRevision: 'no_stream' });
    expect((await reopened.verifyChain?.())?.firstBreak).toBeNull();
    await reopened.close();
  });

  it('names the first position whose event was altered, and the one after a deleted event', async () => {
    const path = join(temp.dir, 'events.sqlite');
    const store = createSqliteEventStore({ path });
    await fill(store);
    const head = await store.headPosition();
    const raw = open(path);
    raw.prepare("UPDATE events SET data = '{\"text\":\"forged\"}' WHERE position = 3").run();
    expect((await store.verifyChain?.())?.firstBreak).toBe(3);
    expect((await store.verifyChain?.())?.head?.position).toBe(2);
    raw.prepare('DELETE FROM events WHERE position = 3').run();
    const afterDelete = await store.verifyChain?.();
    expect(afterDelete?.firstBreak).toBe(4);
    expect(afterDelete?.checked).toBe(2);
    expect(head).toBeGreaterThan(4);
    raw.close();
    await store.close();
  });

  it('chains a history written before the chain existed, once, on open', async () => {
    const path = join(temp.dir, 'events.sqlite');
    const store = createSqliteEventStore({ path });
    await fill(store);
    await store.close();
    const raw = open(path);
    raw.exec('UPDATE events SET hash = NULL');
    raw.close();
    const reopened = createSqliteEventStore({ path });
    await reopened.append('chain-d', [newTestEvent('D0')], { expectedRevision: 'no_stream' });
    const verified = await reopened.verifyChain?.();
    expect(verified?.firstBreak).toBeNull();
    expect(verified?.checked).toBe(await reopened.headPosition());
    await reopened.close();
  });
});
