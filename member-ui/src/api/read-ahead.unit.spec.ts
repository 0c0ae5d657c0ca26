import { createApiClient } from './client';

/** a server answering every GET with its path and how often it was asked for it */
const countingServer = () => {
  const asked: string[] = [];
  const fetchImpl = ((url: string) => {
    asked.push(url);
    const body = JSON.stringify({ url, nth: asked.filter((seen) => seen === url).length });
    return Promise.resolve(new Response(body, { status: url.includes('refused') ? 401 : 200, headers: { 'Content-Type': 'application/json' } }));
  }) as typeof fetch;
  return { asked, api: createApiClient(fetchImpl) };
};

describe('reads ahead of the API client', () => {
  it('hands an answer read ahead to the first identical GET only; other reads go to the server', async () => {
    const { asked, api } = countingServer();
    api.readAhead(() => {
      void api.request('GET', '/api/v1/things', { query: { before: 3 } });
    });
    expect(asked).toEqual(['/api/v1/things?before=3']);

    await expect(api.request('GET', '/api/v1/things', { query: { before: 3 } })).resolves.toEqual({ url: '/api/v1/things?before=3', nth: 1 });
    await expect(api.request('GET', '/api/v1/things')).resolves.toEqual({ url: '/api/v1/things', nth: 1 });
    // taken once: the same read later asks the server
    await expect(api.request('GET', '/api/v1/things', { query: { before: 3 } })).resolves.toEqual({ url: '/api/v1/things?before=3', nth: 2 });
    // reads outside readAhead are never kept
    await expect(api.request('GET', '/api/v1/things')).resolves.toEqual({ url: '/api/v1/things', nth: 2 });
  });

  it('forgets what nobody took once the read ahead ends, and passes a refusal on to whoever takes it', async () => {
    const { asked, api } = countingServer();
    api.readAhead(() => {
      void api.request('GET', '/api/v1/untaken');
      void api.request('GET', '/api/v1/refused');
    });
    await expect(api.request('GET', '/api/v1/refused')).rejects.toMatchObject({ status: 401 });
    api.endReadAhead();
    await expect(api.request('GET', '/api/v1/untaken')).resolves.toEqual({ url: '/api/v1/untaken', nth: 2 });
    expect(asked).toEqual(['/api/v1/untaken', '/api/v1/refused', '/api/v1/untaken']);
  });
});
