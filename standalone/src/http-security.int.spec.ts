import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { SESSION_COOKIE } from '@cn/contracts';
import { CONTENT_SECURITY_POLICY, loadConfig } from '@cn/platform';
import { DEMO_PASSWORD } from '@cn/command-service';
import { startStandalone, type RunningStandalone } from './standalone';
import { upgradeRealtime } from './testing/realtime-upgrade';


const start = async (root: string, env: Record<string, string>): Promise<RunningStandalone> =>
  startStandalone(loadConfig({ DATA_DIR: join(root, 'data'), PORT: '0', PASSWORD_SCRYPT_N: '1024', LOG_LEVEL: 'error', ...env }), {
    repositoryRoot: root,
    host: '127.0.0.1',
  });

describe('security headers, cookies, metrics and the socket origin', () => {
  const root = mkdtempSync(join(tmpdir(), 'cn-http-security-'));
  let direct: RunningStandalone;
  let proxied: RunningStandalone;
  const serverOf = (running: RunningStandalone) => running.app.getHttpServer() as Server;

  beforeAll(async () => {
    for (const dir of ['member-ui', 'admin-ui']) {
      mkdirSync(join(root, dir, 'dist'), { recursive: true });
      writeFileSync(join(root, dir, 'dist', 'index.html'), `<title>${dir}</title><script type="module" src="/assets/app.js"></script>`);
    }
    direct = await start(root, {});
    // behind a proxy on this machine, with a metrics token and one more allowed origin
    proxied = await start(join(root, 'proxied'), {
      DATA_DIR: join(root, 'proxied-data'),
      TRUST_PROXY: 'loopback',
      METRICS_TOKEN: 'a-metrics-token-of-some-length',
      ALLOWED_ORIGINS: 'https://intranet.example.org',
    });
  });
  afterAll(async () => {
    await direct.stop();
    await proxied.stop();
    rmSync(root, { recursive: true, force: true });
  });

  const expectSecurityHeaders = (res: request.Response): void => {
    expect(res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
  };

  it('sends the security headers with API answers, errors and the consoles, HSTS only over TLS', async () => {
    const http = request(serverOf(direct));
    expectSecurityHeaders(await http.get('/api/v1/network').expect(200));
    expectSecurityHeaders(await http.get('/nothing/here').expect(404));
    expectSecurityHeaders(await http.post('/users/sign_in').send({}).expect(400));
    const page = await http.get('/directory').set('Accept', 'text/html').expect(200);
    expect(page.text).toContain('member-ui');
    expectSecurityHeaders(page);
    expectSecurityHeaders(await http.get('/admin/').set('Accept', 'text/html').expect(200));
    expect((await http.get('/api/v1/network').set('X-Forwarded-Proto', 'https')).headers['strict-transport-security']).toBeUndefined();
    const overTls = await request(serverOf(proxied)).get('/api/v1/network').set('X-Forwarded-Proto', 'https').expect(200);
    expect(overTls.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  it('marks the session cookie Secure when the request came over TLS through a trusted proxy, and only then', async () => {
    const cookieOf = (res: request.Response): string =>
      ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith(`${SESSION_COOKIE}=`)) ?? '';
    const signIn = { email: 'member@example.org', password: DEMO_PASSWORD };
    const trusted = await request(serverOf(proxied)).post('/users/sign_in').set('X-Forwarded-Proto', 'https').send(signIn).expect(200);
    expect(cookieOf(trusted)).toMatch(/;\s*Secure/i);
    const plain = await request(serverOf(proxied)).post('/users/sign_in').send(signIn).expect(200);
    expect(cookieOf(plain)).not.toMatch(/;\s*Secure/i);
    // without trust proxy, anyone could claim TLS: the header is ignored
    const claimed = await request(serverOf(direct)).post('/users/sign_in').set('X-Forwarded-Proto', 'https').send(signIn).expect(200);
    expect(cookieOf(claimed)).not.toMatch(/;\s*Secure/i);
  });

  it('answers /metrics to loopback and to the token, not to another network', async () => {
    await request(serverOf(direct)).get('/metrics').expect(200);
    const proxiedHttp = request(serverOf(proxied));
    const outside = await proxiedHttp.get('/metrics').set('X-Forwarded-For', '203.0.113.9').expect(403);
    expect(outside.body).toEqual({ statusCode: 403, error: 'forbidden', errors: [] });
    await proxiedHttp.get('/metrics').set('X-Forwarded-For', '203.0.113.9').set('Authorization', 'Bearer wrong-token').expect(403);
    const withToken = await proxiedHttp.get('/metrics').set('X-Forwarded-For', '203.0.113.9').set('Authorization', 'Bearer a-metrics-token-of-some-length').expect(200);
    expect(withToken.text).toContain('cn_');
  });

  it("refuses a browser's socket upgrade from another site's page, before looking at the session", async () => {
    const res = await request(serverOf(direct)).post('/users/sign_in').send({ email: 'member@example.org', password: DEMO_PASSWORD }).expect(200);
    const cookie = (res.headers['set-cookie'] as unknown as string[])[0]?.split(';')[0] ?? '';
    const { port } = serverOf(direct).address() as AddressInfo;
    expect(await upgradeRealtime(port, { Cookie: cookie, Origin: 'https://evil.example' })).toBe(403);
    expect(await upgradeRealtime(port, { Cookie: cookie, Origin: `http://127.0.0.1:${port}` })).toBe('open');
    expect(await upgradeRealtime(port, { Cookie: cookie })).toBe('open');
    expect(await upgradeRealtime(port, { Origin: `http://127.0.0.1:${port}` })).toBe(401);
    const proxiedPort = (serverOf(proxied).address() as AddressInfo).port;
    const proxiedCookie = ((await request(serverOf(proxied)).post('/users/sign_in').send({ email: 'member@example.org', password: DEMO_PASSWORD })).headers['set-cookie'] as unknown as string[])[0]?.split(';')[0] ?? '';
    expect(await upgradeRealtime(proxiedPort, { Cookie: proxiedCookie, Origin: 'https://intranet.example.org' })).toBe('open');
    expect(await upgradeRealtime(proxiedPort, { Cookie: proxiedCookie, Origin: 'https://evil.example' })).toBe(403);
  });
});
