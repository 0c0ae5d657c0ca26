import { join } from 'node:path';
import { createSqliteDocumentStore, type DocumentStore } from '@cn/platform/document-store';
import { createTempDir, eventually } from '@cn/platform/testing';
import { createScheduler, SCHEDULER_COLLECTION } from './scheduler';

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
});
