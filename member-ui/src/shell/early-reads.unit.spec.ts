import { CONSISTENCY_HEADER } from '@cn/contracts';
import { createApiClient } from '../api/client';
import { closeEarlyReads, EARLY_READS_GLOBAL, isStartPagePath, withEarlyReads } from './early-reads';

const answer = (body: unknown, status = 200): Response =>
  ({ status, ok: status < 300, headers: { get: () => null }, text: () => Promise.resolve(JSON.stringify(body)) }) as unknown as Response;

const global = globalThis as unknown as Record<string, Record<string, Promise<Response> | undefined> | false | undefined>;

describe("the reads index.html's boot script started (withEarlyReads)", () => {
  afterEach(() => {
    delete global[EARLY_READS_GLOBAL];
  });

  it('answer the first plain GET of their path, once; later reads go to the server', async () => {
    global[EARLY_READS_GLOBAL] = { '/api/v1/network': Promise.resolve(answer({ early: true })) };
    const asked: string[] = [];
    const api = createApiClient(
      withEarlyReads(((input: string) => {
        asked.push(input);
        return Promise.resolve(answer({ early: false }));
      }) as typeof fetch),
    );
    expect(await api.network()).toEqual({ early: true });
    expect(asked).toEqual([]);
    expect(await api.network()).toEqual({ early: false });
    expect(asked).toEqual(['/api/v1/network']);
  });

  it("go through the client like any answer: a refusal is the client's ApiError", async () => {
    global[EARLY_READS_GLOBAL] = { '/api/v1/network': Promise.resolve(answer({ statusCode: 401, error: 'unauthenticated', errors: [] }, 401)) };
    const api = createApiClient(withEarlyReads(() => Promise.reject(new Error('not asked'))));
    await expect(api.network()).rejects.toMatchObject({ status: 401, key: 'unauthenticated' });
  });

  it('never answer a read that carries a consistency position or another method', async () => {
    const early = Promise.resolve(answer({ early: true }));
    global[EARLY_READS_GLOBAL] = { '/x': early };
    const asked: string[] = [];
    const fetchImpl = withEarlyReads(((input: string, init?: RequestInit) => {
      asked.push(`${init?.method ?? 'GET'} ${input}`);
      return Promise.resolve(answer({ early: false }));
    }) as typeof fetch);
    await fetchImpl('/x', { method: 'GET', headers: { Accept: 'application/json', [CONSISTENCY_HEADER]: '7' } });
    expect((global[EARLY_READS_GLOBAL] || {})['/x']).toBe(early);
    await fetchImpl('/x', { method: 'POST', headers: { Accept: 'application/json' } });
    expect(asked).toEqual(['GET /x', 'POST /x']);
  });

  it('are closed by the first request that is not a read (a sign-in): a stale answer never reaches a later read', async () => {
    global[EARLY_READS_GLOBAL] = { '/api/v1/network': Promise.resolve(answer({ statusCode: 401, error: 'unauthenticated', errors: [] }, 401)) };
    const asked: string[] = [];
    const fetchImpl = withEarlyReads(((input: string, init?: RequestInit) => {
      asked.push(`${init?.method ?? 'GET'} ${input}`);
      return Promise.resolve(answer({ signed_in: true }));
    }) as typeof fetch);
    const api = createApiClient(fetchImpl);
    await fetchImpl('/users/sign_in', { method: 'POST', headers: { Accept: 'application/json' } });
    expect(await api.network()).toEqual({ signed_in: true });
    expect(asked).toEqual(['POST /users/sign_in', 'GET /api/v1/network']);
  });

  it('once closed (the first render settled), answer nothing, even what a late boot script would have left', async () => {
    global[EARLY_READS_GLOBAL] = { '/api/v1/network': Promise.resolve(answer({ early: true })) };
    closeEarlyReads();
    expect(global[EARLY_READS_GLOBAL]).toBe(false);
    const api = createApiClient(withEarlyReads(() => Promise.resolve(answer({ early: false }))));
    expect(await api.network()).toEqual({ early: false });
  });

  it('are started on the start page only (and the root leading to it)', () => {
    expect(['/', '/activitystreams', '/activitystreams/network', '/appointments'].map(isStartPagePath)).toEqual([true, true, false, false]);
  });
});
