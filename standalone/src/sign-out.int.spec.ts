import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { NetworkResponse } from '@cn/contracts';
import { loadConfig } from '@cn/platform';
import { DEMO_PASSWORD } from '@cn/command-service';
import { startStandalone, type RunningStandalone } from './standalone';
import { upgradeRealtime } from './testing/realtime-upgrade';


describe('signing out, seen by the read side and the realtime socket', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cn-sign-out-'));
  let running: RunningStandalone;
  let server: Server;

  beforeAll(async () => {
    const config = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'sign-out-secret-0123456789abcdef0123456789', PORT: '0', PASSWORD_SCRYPT_N: '1024', LOG_LEVEL: 'error' });
    running = await startStandalone(config, { repositoryRoot: dataDir, host: '127.0.0.1' });
    server = running.app.getHttpServer() as Server;
  });
  afterAll(async () => {
    await running.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const signIn = async (): Promise<{ cookie: string; csrf: string }> => {
    const res = await request(server).post('/users/sign_in').send({ email: 'member@example.org', password: DEMO_PASSWORD }).expect(200);
    const cookie = (res.headers['set-cookie'] as unknown as string[])[0]?.split(';')[0] ?? '';
    const network = (await request(server).get('/api/v1/network').set('Cookie', cookie).expect(200)).body as NetworkResponse;
    expect(network.current_member).not.toBeNull();
    return { cookie, csrf: network.csrf_token ?? '' };
  };

  it('answers current_member null and refuses the socket for a copy of the signed-out cookie', async () => {
    const copied = await signIn();
    const second = await signIn();
    const { port } = server.address() as AddressInfo;
    expect(await upgradeRealtime(port, { Cookie: copied.cookie })).toBe('open');

    await request(server).delete('/users/sign_out').set('Cookie', copied.cookie).set('X-CSRF-Token', copied.csrf).expect(204);

    const network = (await request(server).get('/api/v1/network').set('Cookie', copied.cookie).expect(200)).body as NetworkResponse;
    expect(network.current_member).toBeNull();
    expect(await upgradeRealtime(port, { Cookie: copied.cookie })).toBe(401);

    const still = (await request(server).get('/api/v1/network').set('Cookie', second.cookie).expect(200)).body as NetworkResponse;
    expect(still.current_member).not.toBeNull();
    expect(await upgradeRealtime(port, { Cookie: second.cookie })).toBe('open');
  });
});
