import { join } from 'node:path';
import { createSqliteDocumentStore, type DocumentStore } from '@cn/platform/document-store';
import { createTempDir, eventually } from '@cn/platform/testing';
import { createScheduler, SCHEDULER_COLLECTION, SCHEDULER_LEASE_MS, type ScheduledTimer } from './scheduler';

describe('durable scheduler (SQLite document store)', () => {
  let temp: { dir: string; remove: () => void };
  const open = (): DocumentStore => createSqliteDocumentStore({ path: join(temp.dir, 'read-models.sqlite') });
  beforeEach(() => {
    temp = createTempDir('scheduler-');
  });
  afterEach(() => temp.remove());

  it('fires a due timer with its payload and forgets it', async () => {
    const store = open();
    const scheduler = createScheduler({ store });
    const fired: unknown[] = [];
    scheduler.handle('ping', (payload) => {
      fired.push(payload);
      return Promise.resolve();
    });
    await scheduler.start();
    await scheduler.schedule('ping:1', new Date(Date.now() + 50), 'ping', { n: 1 });
    await eventually(() => fired.length === 1);
    await scheduler.idle();
    expect(fired).toEqual([{ n: 1 }]);
    expect(await store.collection(SCHEDULER_COLLECTION).count()).toBe(0);
    await scheduler.stop();
    await store.close();
  });

  it('a timer due while the process was down fires exactly once after the restart', async () => {
    const fired: string[] = [];
    const first = open();
    const before = createScheduler({ store: first });
    before.handle('mute-ends', (_payload, timer) => {
      fired.push(`before:${timer.key}`);
      return Promise.resolve();
    });
    await before.start();
    await before.schedule('mute:a', new Date(Date.now() + 300), 'mute-ends', { chat: 'a' });
    // the process stops before the timer is due
    await before.stop();
    await first.close();
    await new Promise((resolve) => setTimeout(resolve, 500));

    const second = open();
    const after = createScheduler({ store: second });
    after.handle('mute-ends', (_payload, timer) => {
      fired.push(`after:${timer.key}`);
      return Promise.resolve();
    });
    await after.start();
    await eventually(() => fired.length === 1);
    await after.idle();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fired).toEqual(['after:mute:a']);
    await after.stop();
    await second.close();

    // a third start finds nothing left to fire
    const third = open();
    const again = createScheduler({ store: third });
    again.handle('mute-ends', (_payload, timer) => {
      fired.push(`again:${timer.key}`);
      return Promise.resolve();
    });
    await again.start();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(fired).toEqual(['after:mute:a']);
    await again.stop();
    await third.close();
  });

  it('a replaced timer fires once, at its new time; a cancelled one never', async () => {
    const store = open();
    const scheduler = createScheduler({ store });
    const fired: unknown[] = [];
    scheduler.handle('k', (payload) => {
      fired.push(payload);
      return Promise.resolve();
    });
    await scheduler.start();
    await scheduler.schedule('x', new Date(Date.now() + 30), 'k', 'old');
    await scheduler.schedule('x', new Date(Date.now() + 120), 'k', 'new');
    await scheduler.schedule('y', new Date(Date.now() + 30), 'k', 'cancelled');
    await scheduler.cancel('y');
    await eventually(() => fired.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(fired).toEqual(['new']);
    await scheduler.stop();
    await store.close();
  });

  it('retries a failing handler until it succeeds, then removes the timer', async () => {
    const store = open();
    const scheduler = createScheduler({ store });
    let calls = 0;
    scheduler.handle('flaky', () => {
      calls += 1;
      return calls === 1 ? Promise.reject(new Error('store unavailable')) : Promise.resolve();
    });
    await scheduler.start();
    await scheduler.schedule('f', new Date(), 'flaky', null);
    await eventually(() => calls === 2, 4000);
    await scheduler.idle();
    await eventually(async () => (await store.collection(SCHEDULER_COLLECTION).count()) === 0);
    await scheduler.stop();
    await store.close();
  });

  describe('several processes sharing the store (replicas)', () => {
    /** a handler that takes a while, so that both processes are at the timer at once */
    const slowly = (fired: string[], who: string) => async (_payload: unknown, timer: { key: string }) => {
      fired.push(`${who}:${timer.key}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    };

    it('a due timer both processes arm fires in exactly one of them', async () => {
      const store = open();
      const fired: string[] = [];
      const [a, b] = [createScheduler({ store, pollMs: 0 }), createScheduler({ store, pollMs: 0 })];
      a.handle('window-ends', slowly(fired, 'a'));
      b.handle('window-ends', slowly(fired, 'b'));
      // due while both were down: both arm it at start
      await store.collection(SCHEDULER_COLLECTION).upsert({ _id: 'w:bob', kind: 'window-ends', due_at: new Date(Date.now() - 1000).toISOString(), payload: null, attempts: 0 });
      await Promise.all([a.start(), b.start()]);
      await eventually(async () => (await store.collection(SCHEDULER_COLLECTION).count()) === 0);
      await Promise.all([a.idle(), b.idle()]);
      // and one set by one process while the other looks again at the same moment
      await a.schedule('w:cat', new Date(Date.now() + 50), 'window-ends', null);
      await b.rescan();
      await eventually(async () => (await store.collection(SCHEDULER_COLLECTION).count()) === 0);
      await Promise.all([a.idle(), b.idle()]);
      expect(fired.filter((entry) => entry.endsWith('w:bob'))).toHaveLength(1);
      expect(fired.filter((entry) => entry.endsWith('w:cat'))).toHaveLength(1);
      await Promise.all([a.stop(), b.stop()]);
      await store.close();
    });

    it('a timer set by a process that died fires in the other one, and a claim of a dead process is taken over when it lapses', async () => {
      const store = open();
      const fired: string[] = [];
      const dead = createScheduler({ store, pollMs: 0 });
      await dead.start();
      await dead.schedule('w:dan', new Date(Date.now() + 60_000), 'window-ends', { member: 'dan' });
      await dead.stop();
      // a process that claimed a timer and died before it ran it
      const claimed: ScheduledTimer = { _id: 'w:eve', kind: 'window-ends', due_at: new Date(Date.now() - 1000).toISOString(), payload: null, attempts: 0, claimed_by: 'gone', claimed_until: new Date(Date.now() + SCHEDULER_LEASE_MS).toISOString(), _version: 2 };
      await store.collection<ScheduledTimer>(SCHEDULER_COLLECTION).upsert(claimed);

      const offset = { ms: 0 };
      const other = createScheduler({ store, pollMs: 0, clock: () => new Date(Date.now() + offset.ms) });
      other.handle('window-ends', slowly(fired, 'other'));
      await other.start();
      await other.idle();
      // the claim still holds: nobody fires it yet
      expect(fired).toEqual([]);
      // the other process's clock past the due time and the claim's end: it looks again and fires both, once
      offset.ms = SCHEDULER_LEASE_MS + 61_000;
      await other.rescan();
      await eventually(async () => (await store.collection(SCHEDULER_COLLECTION).count()) === 0);
      await other.idle();
      expect([...fired].sort()).toEqual(['other:w:dan', 'other:w:eve']);
      await other.stop();
      await store.close();
    });
  });
});
