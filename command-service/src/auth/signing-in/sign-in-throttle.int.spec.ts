import { SESSION_COOKIE, SIGN_IN_FREE_FAILURES, signInGuardStream } from '@cn/contracts';
import { startTestService, type TestService } from '../../__tests__/command-service-app';
import { DEMO_PASSWORD } from '../../seed/seed-demo';

/**
 * Sign-in throttling through the HTTP API. The service trusts the loopback proxy (TRUST_PROXY=loopback),
 * so each test plays its clients from their own X-Forwarded-For addresses, the way the app reads them
 * behind the gateway; the clock is the test's, so no test sleeps.
 */
describe('sign-in throttling', () => {
  let now = Date.parse('2026-05-04T10:00:00Z');
  const clock = (): Date => new Date(now);
  const advance = (ms: number): void => {
    now += ms;
  };
  const env = { TRUST_PROXY: 'loopback' };
  let service: TestService;
  let second: TestService;

  beforeAll(async () => {
    service = await startTestService({ clock, env });
    second = await startTestService({ clock, env, dataDir: service.dataDir });
  });
  afterAll(async () => {
    await second.close();
    await service.close();
  });

  const attempt = (from: string, email: string, password: string, on: TestService = service) =>
    on.http.post('/users/sign_in').set('X-Forwarded-For', from).send({ email, password });
  const failTimes = async (times: number, from: string, email: string, on: TestService = service): Promise<void> => {
    for (let i = 0; i < times; i += 1) await attempt(from, email, 'wrong password', on).expect(401);
  };
  const sessionCookieOf = (res: { headers: Record<string, unknown> }): string | undefined =>
    ([] as string[]).concat((res.headers['set-cookie'] as string[] | undefined) ?? []).find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  const lockEvents = async () => (await service.infra.eventStore.readAll()).filter((event) => event.type === 'SignInLocked');

  it('answers 429 too_many_attempts with Retry-After after five wrong passwords, even for the right one', async () => {
    await failTimes(SIGN_IN_FREE_FAILURES.account_address, '203.0.113.1', 'member@example.org');
    const locked = await attempt('203.0.113.1', 'member@example.org', 'wrong password').expect(429);
    expect(locked.body).toEqual({ statusCode: 429, error: 'too_many_attempts', errors: [] });
    expect(locked.headers['retry-after']).toBe('1');
    const right = await attempt('203.0.113.1', 'Member@Example.org ', DEMO_PASSWORD).expect(429);
    expect(sessionCookieOf(right)).toBeUndefined();
  });

  it('lets the next attempt through once Retry-After has passed, then doubles the wait', async () => {
    await failTimes(SIGN_IN_FREE_FAILURES.account_address, '203.0.113.2', 'guest@example.org');
    advance(999);
    await attempt('203.0.113.2', 'guest@example.org', 'wrong password').expect(429);
    advance(1);
    await attempt('203.0.113.2', 'guest@example.org', 'wrong password').expect(401);
    const doubled = await attempt('203.0.113.2', 'guest@example.org', DEMO_PASSWORD).expect(429);
    expect(doubled.headers['retry-after']).toBe('2');
    advance(2_000);
    const signedIn = await attempt('203.0.113.2', 'guest@example.org', DEMO_PASSWORD).expect(200);
    expect(sessionCookieOf(signedIn)).toBeDefined();
  });

  it('starts counting afresh after a successful sign-in', async () => {
    await failTimes(SIGN_IN_FREE_FAILURES.account_address - 1, '203.0.113.3', 'auditor@example.org');
    await attempt('203.0.113.3', 'auditor@example.org', DEMO_PASSWORD).expect(200);
    // without the reset the second of these would already be refused
    await failTimes(SIGN_IN_FREE_FAILURES.account_address, '203.0.113.3', 'auditor@example.org');
    await attempt('203.0.113.3', 'auditor@example.org', DEMO_PASSWORD).expect(429);
    advance(1_000);
    await attempt('203.0.113.3', 'auditor@example.org', DEMO_PASSWORD).expect(200);
  });

  it('locks the account from everywhere after many failures, except where the member signed in before', async () => {
    await attempt('198.51.100.1', 'admin@example.org', DEMO_PASSWORD).expect(200);
    for (let i = 0; i < SIGN_IN_FREE_FAILURES.account; i += 1) await attempt(`192.0.2.${i + 1}`, 'admin@example.org', 'wrong password').expect(401);
    const elsewhere = await attempt('192.0.2.200', 'admin@example.org', DEMO_PASSWORD).expect(429);
    expect(elsewhere.headers['retry-after']).toBe('1');
    // the member's own address is not locked out by guessing from elsewhere, and their success resets the account
    await attempt('198.51.100.1', 'admin@example.org', DEMO_PASSWORD).expect(200);
    await attempt('192.0.2.200', 'admin@example.org', DEMO_PASSWORD).expect(200);
  });

  it('throttles one address trying many accounts, known or not, the same way', async () => {
    const from = '2001:db8:1:2::7';
    for (let i = 0; i < SIGN_IN_FREE_FAILURES.address; i += 1) await attempt(from, `nobody${i}@example.org`, 'wrong password').expect(401);
    const unknown = await attempt(from, 'someone-else@example.org', 'wrong password').expect(429);
    const known = await attempt(from, 'member@example.org', 'wrong password').expect(429);
    expect(known.body).toEqual(unknown.body);
    expect(known.headers['retry-after']).toBe(unknown.headers['retry-after']);
    // another address of the same /64 is the same client; another /64 is not
    await attempt('2001:db8:1:2:abcd::1', 'someone-else@example.org', 'wrong password').expect(429);
    await attempt('2001:db8:1:3::7', 'someone-else@example.org', 'wrong password').expect(401);
  });

  it('records one SignInLocked per lock, naming the member by id and nothing in clear text', async () => {
    const before = (await lockEvents()).length;
    const { memberId } = await service.signIn('guest@example.org');
    await failTimes(SIGN_IN_FREE_FAILURES.account_address, '203.0.113.9', 'guest@example.org');
    const lockedAt = now;
    advance(1_000);
    await failTimes(1, '203.0.113.9', 'guest@example.org'); // lengthens the same lock
    const events = (await lockEvents()).slice(before);
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event.data).toEqual({
      scope: 'account_address',
      member_id: memberId,
      address_hash: expect.stringMatching(/^[0-9a-f]{16}$/),
      failures: SIGN_IN_FREE_FAILURES.account_address,
      locked_until: new Date(lockedAt + 1_000).toISOString(),
    });
    expect(event.streamId).toBe(signInGuardStream(memberId));
    expect(event.metadata.memberId).toBeNull();
    expect(JSON.stringify(event)).not.toMatch(/example\.org|203\.0\.113/);

    await failTimes(SIGN_IN_FREE_FAILURES.account_address, '203.0.113.10', 'ghost@example.org');
    const [unknown] = (await lockEvents()).slice(before + 1);
    expect(unknown.data).toMatchObject({ scope: 'account_address', account_hash: expect.stringMatching(/^[0-9a-f]{16}$/) });
    expect(unknown.data).not.toHaveProperty('member_id');
  });

  it('shares the counters between two service instances on one document store', async () => {
    await failTimes(3, '203.0.113.20', 'member@example.org', service);
    await failTimes(2, '203.0.113.20', 'member@example.org', second);
    await attempt('203.0.113.20', 'member@example.org', DEMO_PASSWORD, service).expect(429);
    await attempt('203.0.113.20', 'member@example.org', DEMO_PASSWORD, second).expect(429);
    advance(1_000);
    await attempt('203.0.113.20', 'member@example.org', DEMO_PASSWORD, second).expect(200);
  });

  it('declares 429 with Retry-After in the OpenAPI document', async () => {
    const docs = await service.http.get('/api/docs').expect(200);
    const answer = docs.body.paths['/users/sign_in'].post.responses['429'];
    expect(answer.description).toMatch(/too_many_attempts/);
    expect(answer.headers).toHaveProperty('Retry-After');
  });
});
