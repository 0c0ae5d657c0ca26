import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { NetworkResponse } from '@cn/contracts';
import { loadConfig } from '@cn/platform';
import { DEMO_PASSWORD } from '@cn/command-service';
import { startStandalone, type RunningStandalone } from './standalone';

interface OpenApiDocument {
  paths: Record<string, Record<string, { responses?: Record<string, { headers?: Record<string, unknown> }> }>>;
}

/** Every name Object.prototype carries: a lookup keyed by client input must never reach one of them. */
const INHERITED = Object.getOwnPropertyNames(Object.prototype);

describe('list queries: sort fields and filter names are the list own ones', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cn-list-queries-'));
  let running: RunningStandalone;
  let server: Server;
  let admin: Record<string, string>;

  beforeAll(async () => {
    running = await startStandalone(loadConfig({ DATA_DIR: dataDir, PORT: '0', PASSWORD_SCRYPT_N: '1024', LOG_LEVEL: 'error' }), {
      repositoryRoot: dataDir,
      host: '127.0.0.1',
    });
    server = running.app.getHttpServer() as Server;
    const res = await request(server).post('/users/sign_in').send({ email: 'admin@example.org', password: DEMO_PASSWORD }).expect(200);
    const cookie = (res.headers['set-cookie'] as unknown as string[])[0]?.split(';')[0] ?? '';
    const network = (await request(server).get('/api/v1/network').set('Cookie', cookie).expect(200)).body as NetworkResponse;
    admin = { Cookie: cookie, 'X-CSRF-Token': network.csrf_token ?? '' };
  });
  afterAll(async () => {
    await running.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 400 to every inherited property name as sort field or filter name, on every list, never a 5xx', async () => {
    const docs = (await request(server).get('/api/docs').expect(200)).body as OpenApiDocument;
    const lists = Object.entries(docs.paths)
      // the network's lists (a group's or a category's, e.g. /groups/{slug}/administration/designs, share their list code)
      .filter(([path]) => !path.includes('{'))
      .filter(([, operations]) => Object.values(operations.get?.responses ?? {}).some((answer) => answer.headers && 'Content-Range' in answer.headers))
      .map(([path]) => path);
    expect(lists).toEqual(expect.arrayContaining(['/administration/members', '/administration/audit-events']));
    const answers: string[] = [];
    for (const path of lists) {
      expect([path, (await request(server).get(path).set(admin)).status]).toEqual([path, 200]);
      for (const name of INHERITED) {
        const sorted = await request(server).get(path).query({ sort: JSON.stringify([name, 'ASC']) }).set(admin);
        const filtered = await request(server).get(path).query({ filter: JSON.stringify({ [name]: 'x' }) }).set(admin);
        answers.push(`${path} sort ${name}: ${sorted.status} ${JSON.stringify(sorted.body?.errors)}`);
        answers.push(`${path} filter ${name}: ${filtered.status} ${JSON.stringify(filtered.body?.errors)}`);
      }
    }
    const expected = lists.flatMap((path) =>
      INHERITED.flatMap((name) => [
        `${path} sort ${name}: 400 ${JSON.stringify([{ field: 'sort', key: 'invalid_value' }])}`,
        `${path} filter ${name}: 400 ${JSON.stringify([{ field: 'filter', key: 'invalid_value' }])}`,
      ]),
    );
    expect(answers).toEqual(expected);
  });
});
