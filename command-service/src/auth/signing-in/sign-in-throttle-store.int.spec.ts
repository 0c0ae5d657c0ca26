import { join } from 'node:path';
import { SIGN_IN_FREE_FAILURES } from '@cn/contracts';
import { createSqliteDocumentStore, type DocumentStore } from '@cn/platform';
import { createTempDir } from '@cn/platform/testing';
import { SIGN_IN_THROTTLES, SignInThrottle } from './sign-in-throttle';

/** The throttle against one real document store: what several requests or processes share. */
describe('sign-in throttle on the document store', () => {
  const temp = createTempDir('cn-throttle');
  let store: DocumentStore;
  let now = Date.parse('2026-05-04T10:00:00Z');
  const clock = (): Date => new Date(now);
  const throttleOn = (documents: DocumentStore): SignInThrottle => new SignInThrottle(documents, { secret: 'test-secret', clock });
  const attempt = { account: 'member@example.org', address: '203.0.113.1' };

  beforeAll(() => {
    store = createSqliteDocumentStore({ path: join(temp.dir, 'read-models.sqlite') });
  });
  afterAll(async () => {
    await store.close();
    temp.remove();
  });
  beforeEach(async () => {
    await store.collection(SIGN_IN_THROTTLES).clear();
  });

  it('counts every one of concurrent failures in one process and begins the lock once', async () => {
    const throttle = throttleOn(store);
    const free = SIGN_IN_FREE_FAILURES.account_address;
    const begun = await Promise.all(Array.from({ length: free + 2 }, () => throttle.recordFailure(attempt)));
    expect(begun.flat().map((lock) => lock.scope)).toEqual(['account_address']);
    // free + 2 failures: the wait has doubled twice
    expect(await throttle.lockOf(attempt)).toEqual({ scope: 'account_address', lockedUntil: now + 4_000 });
  });

  it('lets two throttles on one store (two service processes) see each other’s failures', async () => {
    const second = createSqliteDocumentStore({ path: join(temp.dir, 'read-models.sqlite') });
    try {
      const one = throttleOn(store);
      const other = throttleOn(second);
      for (let i = 0; i < SIGN_IN_FREE_FAILURES.account_address; i += 1) await (i % 2 === 0 ? one : other).recordFailure(attempt);
      expect(await other.lockOf(attempt)).toEqual({ scope: 'account_address', lockedUntil: now + 1_000 });
      await one.recordSuccess(attempt);
      expect(await other.lockOf(attempt)).toBeNull();
    } finally {
      await second.close();
    }
  });

  it('keys documents by keyed hashes, never the email or the address', async () => {
    const throttle = throttleOn(store);
    await throttle.recordFailure(attempt);
    const docs = await store.collection(SIGN_IN_THROTTLES).find();
    expect(docs).toHaveLength(3);
    expect(JSON.stringify(docs)).not.toMatch(/example\.org|203\.0\.113/);
  });

  it('forgets failures an hour after the last one and sweeps expired documents', async () => {
    const throttle = throttleOn(store);
    for (let i = 0; i < SIGN_IN_FREE_FAILURES.account_address - 1; i += 1) await throttle.recordFailure(attempt);
    now += 60 * 60_000;
    expect(await throttle.recordFailure(attempt)).toEqual([]);
    expect(await throttle.lockOf(attempt)).toBeNull();
    now += 60 * 60_000;
    expect(await throttle.sweep()).toBe(3);
  });
});
