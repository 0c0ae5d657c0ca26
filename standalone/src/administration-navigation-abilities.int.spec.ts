import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { ADMINISTRATION_NAVIGATION, ROUTE_ABILITY, type AdministrationNavigationResponse, type CurrentMemberCan, type NetworkResponse } from '@cn/contracts';
import { loadConfig } from '@cn/platform';
import { DEMO_PASSWORD } from '@cn/command-service';
import { startStandalone, type RunningStandalone } from './standalone';

/**
 * The member console's administration navigation comes from the server: for every role the items
 * GET /api/v1/navigation/administration answers are exactly the screens whose API route lets that role in
 * (200 where offered, 403 where not), and agree with the `can` flags of GET /api/v1/network.
 */
describe('administration navigation: offered items, can flags and route guards agree for every role', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cn-admin-nav-'));
  let running: RunningStandalone;
  let server: Server;

  const signIn = async (email: string): Promise<{ cookie: string; can: CurrentMemberCan }> => {
    const res = await request(server).post('/users/sign_in').send({ email, password: DEMO_PASSWORD }).expect(200);
    const cookie = (res.headers['set-cookie'] as unknown as string[])[0]?.split(';')[0] ?? '';
    const network = (await request(server).get('/api/v1/network').set('Cookie', cookie).expect(200)).body as NetworkResponse;
    return { cookie, can: network.can };
  };

  beforeAll(async () => {
    running = await startStandalone(loadConfig({ DATA_DIR: dataDir, PORT: '0', PASSWORD_SCRYPT_N: '1024', LOG_LEVEL: 'error' }), {
      repositoryRoot: dataDir,
      host: '127.0.0.1',
    });
    server = running.app.getHttpServer() as Server;
  });
  afterAll(async () => {
    await running.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.each([
    ['admin@example.org', ADMINISTRATION_NAVIGATION.length],
    ['auditor@example.org', ADMINISTRATION_NAVIGATION.filter((entry) => entry.auth === 'auditor').length],
    ['member@example.org', 0],
    ['guest@example.org', 0],
  ])('%s: offered exactly where the flag and the route say yes', async (email, expectedCount) => {
    const { cookie, can } = await signIn(email);
    const answer = (await request(server).get('/api/v1/navigation/administration').set('Cookie', cookie).expect(200)).body as AdministrationNavigationResponse;
    const offered = new Set(answer.items.map((item) => item.id));
    expect(offered.size).toBe(expectedCount);
    const mismatches: string[] = [];
    for (const entry of ADMINISTRATION_NAVIGATION) {
      const flag = entry.auth === 'member' || can[ROUTE_ABILITY[entry.auth]];
      const status = (await request(server).get(entry.api).set('Cookie', cookie)).status;
      if (offered.has(entry.id) !== flag) mismatches.push(`${entry.id}: offered ${offered.has(entry.id)}, flag ${flag}`);
      if ((status === 200) !== offered.has(entry.id)) mismatches.push(`${entry.id}: GET ${entry.api} ${status}, offered ${offered.has(entry.id)}`);
      if (status !== 200 && status !== 403) mismatches.push(`${entry.id}: GET ${entry.api} ${status}`);
    }
    expect(mismatches).toEqual([]);
    expect(answer.items.find((item) => item.id === 'settings')?.link ?? null).toBe(can.administrate ? '/admin/#/settings/network' : null);
  });

  it('a signed-out visitor gets 401 and no items', async () => {
    const res = await request(server).get('/api/v1/navigation/administration').expect(401);
    expect(res.body.items).toBeUndefined();
  });
});
