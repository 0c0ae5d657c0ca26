import { HttpError } from 'ra-core';
import { createApiClient } from './apiClient';

interface Recorded {
  url: string;
  method: string;
  headers: Headers;
  credentials: RequestCredentials | undefined;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}): Response =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

const network = (csrf: string) => ({
  network: { id: 'default' },
  current_member: { id: 'm1', name: 'Ada' },
  can: { administrate: true, audit: false },
  csrf_token: csrf,
});

describe('createApiClient', () => {
  const recorded: Recorded[] = [];
  let answers: ((request: Recorded) => Response)[] = [];
  const realFetch = globalThis.fetch;

  beforeEach(() => {
    recorded.length = 0;
    answers = [];
    globalThis.fetch = ((input: string, init: RequestInit = {}) => {
      const request = {
        url: input,
        method: init.method ?? 'GET',
        headers: new Headers(init.headers),
        credentials: init.credentials,
      };
      recorded.push(request);
      const answer = answers.shift();
      if (answer === undefined) throw new Error(`unexpected ${request.method} ${request.url}`);
      return Promise.resolve(answer(request));
    }) as typeof fetch;
  });
  afterAll(() => {
    globalThis.fetch = realFetch;
  });

  it('sends the CSRF token from GET /api/v1/network on mutating calls, with the session cookie', async () => {
    answers = [() => json(200, network('token-1')), () => json(200, { position: 7 }, { 'X-Consistency-Position': '7' })];
    const api = createApiClient();
    await api.httpClient('/administration/settings', { method: 'PUT', body: '{}' });
    expect(recorded.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /api/v1/network', 'PUT /administration/settings']);
    expect(recorded[1]?.headers.get('X-CSRF-Token')).toBe('token-1');
    expect(recorded.every((r) => r.credentials === 'include')).toBe(true);
    expect(recorded[0]?.headers.get('X-CSRF-Token')).toBeNull();
  });

  it('reads its own writes: the last command position rides on the following reads', async () => {
    answers = [
      () => json(200, network('t')),
      () => json(200, { position: 41 }, { 'X-Consistency-Position': '41' }),
      () => json(200, {}),
      () => json(200, { position: 40 }), // an older position never lowers the one kept
      () => json(200, {}),
    ];
    const api = createApiClient();
    await api.httpClient('/administration/settings', { method: 'PUT', body: '{}' });
    await api.httpClient('/administration/settings');
    await api.httpClient('/administration/members/m2', { method: 'DELETE' });
    await api.httpClient('/administration/members');
    expect(recorded[2]?.headers.get('X-Consistency-Position')).toBe('41');
    expect(recorded[4]?.headers.get('X-Consistency-Position')).toBe('41');
    expect(api.lastPosition()).toBe(41);
    expect(recorded[1]?.headers.get('X-Consistency-Position')).toBeNull();
  });

  it('fetches a fresh token once when the server rejects the CSRF token', async () => {
    answers = [
      () => json(200, network('stale')),
      () => json(403, { statusCode: 403, error: 'invalid_csrf_token', errors: [] }),
      () => json(200, network('fresh')),
      () => json(204, undefined),
    ];
    const api = createApiClient();
    await api.httpClient('/administration/members/m2', { method: 'DELETE' });
    expect(recorded.map((r) => r.headers.get('X-CSRF-Token'))).toEqual([null, 'stale', null, 'fresh']);
  });

  it('turns ErrorResponse field errors into react-admin form errors with i18n keys', async () => {
    answers = [
      () => json(200, network('t')),
      () =>
        json(400, {
          statusCode: 400,
          error: 'validation_failed',
          errors: [{ field: 'member.network_location.street', key: 'required' }],
        }),
    ];
    const api = createApiClient();
    const failure: unknown = await api
      .httpClient('/administration/settings', { method: 'PUT', body: '{}' })
      .then(() => null, (error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    const httpError = failure as HttpError;
    expect(httpError.status).toBe(400);
    expect(httpError.message).toBe('cn.errors.validation_failed');
    expect((httpError.body as { errors: unknown }).errors).toEqual({
      member: { network_location: { street: 'cn.errors.required' } },
    });
  });
});
