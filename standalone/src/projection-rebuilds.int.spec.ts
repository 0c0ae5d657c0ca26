import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { projectionRebuildStream, type NetworkResponse, type ProjectionRebuildDto, type ProjectionStatusDto } from '@cn/contracts';
import { loadConfig } from '@cn/platform';
import { DEMO_PASSWORD } from '@cn/command-service';
import { startStandalone, type RunningStandalone } from './standalone';
import { httpCaller, signInClient, type SignedInClient } from './testing/signed-in-client';

/**
 * Blue/green rebuilds from the auditor's console over HTTP, all services in one process (issue 16): a
 * network administrator asks for one read model's rebuild; the new version is replayed beside the live
 * one and switched in with identical documents; auditors watch (list, progress pushed) but may not ask;
 * the `can` flags every role reads say the same as the answers.
 */
jest.setTimeout(90_000);

const REBUILDS = '/api/v1/audit/projections/rebuilds';
const rebuildPath = (collection: string) => `/api/v1/audit/projections/${collection}/rebuilds`;
const COLLECTION = 'members_v3';

/** the read model's documents, in id order, as one hash */
const hashOf = (docs: ReadonlyArray<{ _id: string }>): string =>
  createHash('sha256')
    .update(JSON.stringify([...docs].sort((a, b) => a._id.localeCompare(b._id))))
    .digest('hex');

describe('blue/green read-model rebuilds over HTTP', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rebuilds-int-'));
  const config = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'rebuilds-int-secret-0123456789abcdef0123456789ab', PORT: '0', PASSWORD_SCRYPT_N: '1024', LOG_LEVEL: 'error' });
  let running: RunningStandalone;
  let server: Server;
  const clients: Record<string, SignedInClient> = {};
  const { call, must } = httpCaller(() => server);

  beforeAll(async () => {
    running = await startStandalone(config, { repositoryRoot: dataDir, host: '127.0.0.1' });
    server = running.app.getHttpServer() as Server;
    for (const name of ['admin', 'member', 'guest', 'auditor']) clients[name] = await signInClient(server, `${name}@example.org`, DEMO_PASSWORD);
  });
  afterAll(async () => {
    await running.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers every role as its can flags say: administrators rebuild, auditors and administrators watch', async () => {
    const streamBefore = await running.infra.eventStore.readStream(projectionRebuildStream('statistics_v1'));
    const flags: Record<string, { audit: boolean; administrate: boolean }> = {};
    for (const name of ['admin', 'member', 'guest', 'auditor']) {
      const { can } = await must<NetworkResponse>(clients[name], 'get', '/api/v1/network');
      flags[name] = { audit: can.audit, administrate: can.administrate };
      const list = await call(clients[name], 'get', REBUILDS);
      expect([name, list.status]).toEqual([name, can.audit ? 200 : 403]);
      // the ask with a collection nobody keeps: past the guard 404, refused by it 403
      const asked = await call(clients[name], 'post', rebuildPath('nothing_v1'));
      expect([name, asked.status]).toEqual([name, can.administrate ? 404 : 403]);
    }
    expect(flags).toEqual({
      admin: { audit: true, administrate: true },
      member: { audit: false, administrate: false },
      guest: { audit: false, administrate: false },
      auditor: { audit: true, administrate: false },
    });
    const refused = await call(clients['auditor'], 'post', rebuildPath('statistics_v1'));
    expect([refused.status, refused.body.error]).toEqual([403, 'forbidden']);
    // refused asks appended nothing
    expect(await running.infra.eventStore.readStream(projectionRebuildStream('statistics_v1'))).toEqual(streamBefore);
  });

  it('refuses a malformed collection (400 with field and key) and an unknown one (404), appending nothing', async () => {
    const head = await running.infra.eventStore.headPosition();
    const malformed = await call(clients['admin'], 'post', rebuildPath('Members-V1'));
    expect([malformed.status, malformed.body.errors]).toEqual([400, [{ field: 'collection', key: 'invalid_format' }]]);
    const next = await call(clients['admin'], 'post', rebuildPath(`${COLLECTION}__next`));
    expect(next.status).toBe(400);
    const unknown = await call(clients['admin'], 'post', rebuildPath('nothing_v1'));
    expect([unknown.status, unknown.body.error]).toEqual([404, 'not_found']);
    expect(await running.infra.eventStore.headPosition()).toBe(head);
  });

  it('rebuilds a read model beside the live one and switches to identical documents, pushing progress to auditors', async () => {
    const { admin, auditor } = clients;
    const status = await must<ProjectionStatusDto[]>(auditor, 'get', '/api/v1/audit/projections');
    expect(status.map((model) => model.collection)).toContain(COLLECTION);
    const live = running.infra.documentStore.collection(COLLECTION);
    const before = await live.find();
    expect(before.length).toBeGreaterThan(3);

    const socket = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}/api/realtime`, { headers: { Cookie: auditor.cookie } });
    const pushed: string[] = [];
    socket.on('message', (raw: Buffer) => {
      const message = JSON.parse(raw.toString('utf8')) as { type: string; collection: string; id: string };
      if (message.type === 'changed' && message.collection === 'projection_rebuilds') pushed.push(message.id);
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });

    const asked = await call(admin, 'post', rebuildPath(COLLECTION));
    expect(asked.status).toBe(201);
    const { id, position } = asked.body as { id: string; position: number };
    const [requested] = await running.infra.eventStore.readAll({ after: position - 1, limit: 1 });
    expect([requested.type, requested.data]).toEqual(['ProjectionRebuildRequested', { rebuild_id: id, collection: COLLECTION, requested_by: expect.any(String) as string }]);

    let rebuilds: ProjectionRebuildDto[] = [];
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      rebuilds = await must<ProjectionRebuildDto[]>(auditor, 'get', REBUILDS);
      if (rebuilds.find((rebuild) => rebuild.id === id)?.state === 'switched') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    socket.close();
    const done = rebuilds.find((rebuild) => rebuild.id === id);
    expect(done).toMatchObject({ collection: COLLECTION, state: 'switched', error: null });
    expect(done?.position).toBeGreaterThanOrEqual(position);
    expect(pushed).toContain(id);

    // the switched read model holds what the old one held, document for document
    expect(hashOf(await live.find())).toBe(hashOf(before));
    expect(await running.infra.documentStore.collection(`${COLLECTION}__next`).count()).toBe(0);
    const finished = (await running.infra.eventStore.readStream(projectionRebuildStream(COLLECTION))).map((event) => [event.type, (event.data as { outcome?: string }).outcome]);
    expect(finished).toEqual([
      ['ProjectionRebuildRequested', undefined],
      ['ProjectionRebuildFinished', 'switched'],
    ]);

    // once it ended, the read model may be rebuilt again
    const again = await call(admin, 'post', rebuildPath(COLLECTION));
    expect(again.status).toBe(201);
  });
});
