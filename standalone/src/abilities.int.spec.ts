import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { ROUTE_ABILITY, type CurrentMemberCan, type NetworkResponse } from '@cn/contracts';
import { loadConfig } from '@cn/platform';
import { DEMO_PASSWORD } from '@cn/command-service';
import { startStandalone, type RunningStandalone } from './standalone';

interface Operation {
  'x-required-role'?: 'member' | 'admin' | 'auditor';
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

/**
 * One source of truth for permissions: for every role, the `can` flags GET /api/v1/network answers agree
 * with what every role-guarded route of the OpenAPI document answers that role (403 exactly where the
 * flag is false), and a signed-out visitor gets 401 from every signed-in route.
 */
describe('can flags and route guards agree for every role', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cn-abilities-'));
  let running: RunningStandalone;
  let server: Server;
  let routes: Array<{ method: string; path: string; role: 'member' | 'admin' | 'auditor' }>;

  const signIn = async (email: string): Promise<{ headers: Record<string, string>; can: CurrentMemberCan }> => {
    const res = await request(server).post('/users/sign_in').send({ email, password: DEMO_PASSWORD }).expect(200);
    const cookie = (res.headers['set-cookie'] as unknown as string[])[0]?.split(';')[0] ?? '';
    const network = (await request(server).get('/api/v1/network').set('Cookie', cookie).expect(200)).body as NetworkResponse;
    return { headers: { Cookie: cookie, 'X-CSRF-Token': network.csrf_token ?? '' }, can: network.can };
  };
  /** an id no aggregate has, an empty body: the guard answers before anything could change */
  const call = (method: string, path: string, headers: Record<string, string>) =>
    request(server)
      [method as 'get' | 'post' | 'put' | 'patch' | 'delete'](path.replace(/\{[^}]+\}/g, 'no-such-id'))
      .set(headers)
      .send(method === 'get' ? undefined : {});

  beforeAll(async () => {
    running = await startStandalone(loadConfig({ DATA_DIR: dataDir, PORT: '0', PASSWORD_SCRYPT_N: '1024', LOG_LEVEL: 'error' }), {
      repositoryRoot: dataDir,
      host: '127.0.0.1',
    });
    server = running.app.getHttpServer() as Server;
    const document = (await request(server).get('/api/docs').expect(200)).body as OpenApiDocument;
    routes = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations).flatMap(([method, operation]) => {
        const role = operation['x-required-role'];
        return role ? [{ method, path, role }] : [];
      }),
    );
  });
  afterAll(async () => {
    await running.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finds the guarded routes of every service in the document', () => {
    expect(routes.filter((route) => route.role === 'admin').length).toBeGreaterThanOrEqual(8);
    expect(routes.filter((route) => route.role === 'auditor').length).toBeGreaterThanOrEqual(2);
    expect(routes.filter((route) => route.role === 'member').length).toBeGreaterThanOrEqual(30);
  });

  it.each(['admin@example.org', 'auditor@example.org', 'member@example.org', 'guest@example.org'])('%s: 403 exactly where a flag says no', async (email) => {
    const { headers, can } = await signIn(email);
    const mismatches: string[] = [];
    for (const route of routes) {
      const res = await call(route.method, route.path, headers);
      const allowed = route.role === 'member' || can[ROUTE_ABILITY[route.role]];
      const refused = res.status === 401 || (res.status === 403 && res.body.error === 'forbidden' && route.role !== 'member');
      if (allowed === refused) mismatches.push(`${route.method.toUpperCase()} ${route.path}: ${res.status} ${res.body.error}, flag ${allowed}`);
    }
    expect(mismatches).toEqual([]);
  });

  it('a signed-out visitor: every flag false, 401 from every signed-in route', async () => {
    const network = (await request(server).get('/api/v1/network').expect(200)).body as NetworkResponse;
    expect(Object.values(network.can).every((flag) => flag === false)).toBe(true);
    const answered = await Promise.all(routes.map(async (route) => `${route.method} ${route.path} ${(await call(route.method, route.path, {})).status}`));
    expect(answered.filter((line) => !line.endsWith(' 401'))).toEqual([]);
  });
});
