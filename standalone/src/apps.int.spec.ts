import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import WebSocket from 'ws';
import { appItemStream, type AppDto, type ItemResponse, type TasksResponse, type WallResponse } from '@cn/contracts';
import { loadConfig } from '@cn/platform';
import { DEMO_PASSWORD } from '@cn/command-service';
import { startStandalone, type RunningStandalone } from './standalone';
import { httpCaller, signInClient, type SignedInClient } from './testing/signed-in-client';

type Client = SignedInClient;

/**
 * Apps over HTTP, all services in one process: the property-set editor's definitions, items through the
 * field types' rules (400 naming the field, nothing appended), the wall with its filters, moves with the
 * card's revision (two members at once: one move and one 409, never a lost one), archive and restore,
 * definitions changed under existing items, live pushes, and the data surviving a restart.
 */
// a busy machine starts the server slowly: the hooks and scenarios get time, the assertions stay the same
jest.setTimeout(60_000);

describe('apps over HTTP', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cn-apps-'));
  const config = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'apps-int-secret-0123456789abcdef0123456789ab', PORT: '0', PASSWORD_SCRYPT_N: '1024', LOG_LEVEL: 'error' });
  let running: RunningStandalone;
  let server: Server;
  const clients: Record<string, Client> = {};

  const { call, must } = httpCaller(() => server);
  const start = async () => {
    running = await startStandalone(config, { repositoryRoot: dataDir, host: '127.0.0.1' });
    server = running.app.getHttpServer() as Server;
    for (const name of ['admin', 'member', 'guest']) clients[name] = await signInClient(server, `${name}@example.org`, DEMO_PASSWORD);
  };
  const wall = (client: Client, query = '') => must<WallResponse>(client, 'get', `/api/v1/apps/tasks/wall${query}`);

  beforeAll(start);
  afterAll(async () => {
    await running.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('lets network admins define an app and its properties, nobody else', async () => {
    const { admin, member } = clients;
    expect((await call(member, 'post', '/api/v1/apps', { slug: 'tasks', name: 'Tasks' })).status).toBe(403);
    expect((await call(null, 'post', '/api/v1/apps', { slug: 'tasks', name: 'Tasks' })).status).toBe(401);
    const bad = await call(admin, 'post', '/api/v1/apps', { slug: 'Tasks!', name: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(expect.arrayContaining([{ field: 'slug', key: 'invalid_format' }, { field: 'name', key: 'required' }]));
    await must(admin, 'post', '/api/v1/apps', { slug: 'tasks', name: 'Tasks' });
    expect((await call(admin, 'post', '/api/v1/apps', { slug: 'tasks', name: 'Again' })).body.errors).toEqual([{ field: 'slug', key: 'taken' }]);
    const status = { name: 'status', label: 'Status', type: 'selection', required: true, options: [{ label: 'To do', value: 'todo' }, { label: 'Doing', value: 'doing' }, { label: 'Done', value: 'done' }] };
    await must(admin, 'put', '/api/v1/apps/tasks/properties/p-status', status);
    await must(admin, 'put', '/api/v1/apps/tasks/properties/p-title', { name: 'title', label: 'Title', type: 'text', required: true, maxlength: 20 });
    await must(admin, 'put', '/api/v1/apps/tasks/properties/p-assignee', { name: 'assignee', label: 'Assignee', type: 'membership' });
    await must(admin, 'put', '/api/v1/apps/tasks/properties/p-effort', { name: 'effort', label: 'Effort', type: 'number', precision: 1, min: 0, max: 100, postfix: ' h' });
    await must(admin, 'put', '/api/v1/apps/tasks/properties/p-due', { name: 'due', label: 'Due', type: 'date' });
    await must(admin, 'put', '/api/v1/apps/tasks/properties/p-tags', { name: 'tags', label: 'Tags', type: 'tag', multiple: true });
    await must(admin, 'put', '/api/v1/apps/tasks/properties/p-place', { name: 'place', label: 'Place', type: 'address', country: 'Deutschland' });
    await must(admin, 'put', '/api/v1/apps/tasks/properties/p-budget', { name: 'budget', label: 'Budget', type: 'number', editable_by: 'admins' });
    expect((await call(member, 'put', '/api/v1/apps/tasks/properties/p-x', { name: 'x', label: 'X', type: 'text' })).status).toBe(403);
    const unknownType = await call(admin, 'put', '/api/v1/apps/tasks/properties/p-x', { name: 'x', label: 'X', type: 'hologram' });
    expect(unknownType.body.errors).toEqual([{ field: 'type', key: 'unknown_property_type' }]);
    const taken = await call(admin, 'put', '/api/v1/apps/tasks/properties/p-x', { name: 'title', label: 'X', type: 'text' });
    expect(taken.body.errors).toEqual([{ field: 'name', key: 'taken' }]);
    const app = await must<AppDto>(member, 'get', '/api/v1/apps/tasks');
    expect(app.properties.map((property) => property.name)).toEqual(['status', 'title', 'assignee', 'effort', 'due', 'tags', 'place', 'budget']);
    expect(app.column_property).toBe('status');
    expect(app.can).toEqual({ create_item: true, administrate: false });
  });

  it('refuses bad values with the field (nested too) and appends nothing', async () => {
    const { member } = clients;
    const head = await running.infra.eventStore.headPosition();
    const res = await call(member, 'post', '/api/v1/apps/tasks/items', {
      values: { title: 'x'.repeat(21), status: 'later', effort: 200, due: '31.12.2026', place: { zip: '123', state: 'Bavaria' }, nope: 1 },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'values.nope', key: 'unknown_property' },
        { field: 'values.title', key: 'too_long' },
        { field: 'values.status', key: 'unknown_option' },
        { field: 'values.effort', key: 'too_big' },
        { field: 'values.due', key: 'invalid_date' },
        { field: 'values.place.state', key: 'unknown_state' },
        { field: 'values.place.zip', key: 'invalid_zip' },
      ]),
    );
    const missing = await call(member, 'post', '/api/v1/apps/tasks/items', { values: {} });
    expect(missing.body.errors).toEqual([{ field: 'values.status', key: 'required' }, { field: 'values.title', key: 'required' }]);
    const stranger = await call(member, 'post', '/api/v1/apps/tasks/items', { values: { status: 'todo', title: 'A', assignee: 'no-such-member' } });
    expect(stranger.body.errors).toEqual([{ field: 'values.assignee.0', key: 'unknown_member' }]);
    expect((await call(member, 'post', '/api/v1/apps/nope/items', { values: {} })).status).toBe(404);
    expect(await running.infra.eventStore.headPosition()).toBe(head);
  });

  let first = '';
  let second = '';
  it('creates items, reads them with display values and can, and shows them on the wall in order', async () => {
    const { member, admin } = clients;
    const created = await must<{ id: string; revision: number }>(member, 'post', '/api/v1/apps/tasks/items', {
      values: { title: 'Paint  fence', status: 'todo', effort: '2.26', due: '2026-12-31', tags: ['garden'], assignee: member.id, place: { city: 'Köln', state: 'Nordrhein-Westfalen', zip: '50667' } },
    });
    first = created.id;
    expect(created.revision).toBe(0);
    second = (await must<{ id: string }>(admin, 'post', '/api/v1/apps/tasks/items', { values: { title: 'Mow lawn', status: 'todo' } })).id;
    const { item } = await must<ItemResponse>(member, 'get', `/api/v1/apps/tasks/items/${first}?locale=de`);
    expect(item.values).toMatchObject({ title: 'Paint fence', status: ['todo'], effort: 2.3, due: '2026-12-31', assignee: [member.id] });
    expect(item.display_values).toMatchObject({ status: 'To do', effort: '2,3 h', due: '31.12.2026', tags: 'garden' });
    expect(item.can).toMatchObject({ update: true, move: true, archive: true, 'update[title]': true, 'update[budget]': false });
    const board = await wall(member);
    expect(board.columns.map((column) => [column.value, column.items.map((entry) => entry.id)])).toEqual([['todo', [first, second]], ['doing', []], ['done', []]]);
    expect(board.members[member.id]).toBeTruthy();
    expect((await wall(member, '?tag=garden')).columns[0].items.map((entry) => entry.id)).toEqual([first]);
    expect((await wall(member, `?assignee_id=${member.id}`)).columns[0].items.map((entry) => entry.id)).toEqual([first]);
    const small = await wall(member, '?limit=1');
    expect(small.columns[0]).toMatchObject({ total: 2, items: [expect.objectContaining({ id: first })] });
    expect(small.columns[0].next).toContain('limit=2');
    // the tasks views: assigned to Max (his), none assigned by Ada
    const mine = await must<TasksResponse>(member, 'get', '/api/v1/tasks?list=my');
    expect(mine.tasks.map((task) => [task.app.id, task.item.id, task.title])).toEqual([['tasks', first, 'Paint fence']]);
    expect((await must<TasksResponse>(admin, 'get', '/api/v1/tasks?list=my')).tasks).toEqual([]);
    expect((await call(member, 'get', '/api/v1/tasks?list=someday')).status).toBe(400);
  });

  it('enforces per-property can: the flags the item answers are the answers the server gives', async () => {
    for (const name of ['admin', 'member', 'guest'] as const) {
      const client = clients[name];
      const { item } = await must<ItemResponse>(client, 'get', `/api/v1/apps/tasks/items/${second}`);
      for (const property of ['title', 'budget', 'effort']) {
        const value = property === 'title' ? `by ${name}` : 3;
        const res = await call(client, 'put', `/api/v1/apps/tasks/items/${second}`, { values: { [property]: value } });
        expect([name, property, res.status === 200]).toEqual([name, property, item.can[`update[${property}]`]]);
      }
    }
  });

  it('moves cards: after a card, into another column; a stale revision is a 409, never a lost move', async () => {
    const { member, admin } = clients;
    const { item } = await must<ItemResponse>(member, 'get', `/api/v1/apps/tasks/items/${first}`);
    const [one, two] = await Promise.all([
      call(member, 'post', `/api/v1/apps/tasks/items/${first}/move`, { value: 'doing', insert_after_id: null, revision: item.revision }),
      call(admin, 'post', `/api/v1/apps/tasks/items/${first}/move`, { value: 'done', insert_after_id: null, revision: item.revision }),
    ]);
    expect([one.status, two.status].sort()).toEqual([200, 409]);
    const winner = one.status === 200 ? 'doing' : 'done';
    let board = await wall(member);
    expect(board.columns.find((column) => column.value === winner)?.items.map((entry) => entry.id)).toEqual([first]);
    // the loser reads again and retries: both moves land, in a defined order
    const fresh = (await must<ItemResponse>(admin, 'get', `/api/v1/apps/tasks/items/${first}`)).item;
    await must(admin, 'post', `/api/v1/apps/tasks/items/${first}/move`, { value: 'todo', insert_after_id: second, revision: fresh.revision });
    board = await wall(member);
    expect(board.columns[0].items.map((entry) => entry.id)).toEqual([second, first]);
    const unknown = await call(member, 'post', `/api/v1/apps/tasks/items/${first}/move`, { value: 'later', insert_after_id: null, revision: fresh.revision + 1 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([{ field: 'value', key: 'unknown_option' }]);
    const stale = await call(member, 'put', `/api/v1/apps/tasks/items/${first}`, { values: { title: 'Old' }, revision: 0 });
    expect(stale.status).toBe(409);
  });

  it('archives and restores (author and admins only); the archive is its own wall', async () => {
    const { member, guest } = clients;
    expect((await call(guest, 'put', `/api/v1/apps/tasks/items/${first}/archive`)).status).toBe(403);
    await must(member, 'put', `/api/v1/apps/tasks/items/${first}/archive`);
    expect((await wall(member)).columns[0].items.map((entry) => entry.id)).toEqual([second]);
    expect((await wall(member, '?archived=true')).columns[0].items.map((entry) => entry.id)).toEqual([first]);
    const { item } = await must<ItemResponse>(member, 'get', `/api/v1/apps/tasks/items/${first}`);
    expect(item.can).toMatchObject({ update: false, move: false, archive: true });
    const refused = await call(member, 'put', `/api/v1/apps/tasks/items/${first}`, { values: { title: 'No' } });
    expect([refused.status, refused.body.error]).toEqual([422, 'item_archived']);
    await must(member, 'delete', `/api/v1/apps/tasks/items/${first}/archive`);
    expect((await wall(member)).columns[0].items.map((entry) => entry.id)).toContain(first);
  });

  it('keeps items readable when a property is renamed, retyped or removed', async () => {
    const { admin, member } = clients;
    await must(admin, 'put', '/api/v1/apps/tasks/properties/p-title', { name: 'headline_text', label: 'Title', type: 'text', required: true });
    await must(admin, 'put', '/api/v1/apps/tasks/properties/p-effort', { name: 'effort', label: 'Effort', type: 'text' });
    await must(admin, 'delete', '/api/v1/apps/tasks/properties/p-due');
    const { item } = await must<ItemResponse>(member, 'get', `/api/v1/apps/tasks/items/${first}`);
    expect(item.values.headline_text).toBe('Paint fence');
    expect(item.values.effort).toBe('2.3');
    expect(item.values).not.toHaveProperty('due');
    expect(item.values).not.toHaveProperty('title');
  });

  it('pushes a move to every console watching apps within a second', async () => {
    const { member, admin } = clients;
    const socket = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}/api/realtime`, { headers: { Cookie: admin.cookie } });
    const messages: Array<{ collection: string; id: string }> = [];
    socket.on('message', (raw: Buffer) => {
      const message = JSON.parse(raw.toString('utf8')) as { type: string; collection: string; id: string };
      if (message.type === 'changed') messages.push(message);
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    socket.send(JSON.stringify({ type: 'watch', topics: ['apps'] }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const { item } = await must<ItemResponse>(member, 'get', `/api/v1/apps/tasks/items/${second}`);
    const sent = Date.now();
    await must(member, 'post', `/api/v1/apps/tasks/items/${second}/move`, { value: 'done', insert_after_id: null, revision: item.revision });
    while (Date.now() - sent < 1000 && !messages.some((message) => message.collection === 'apps' && message.id === 'tasks')) await new Promise((resolve) => setTimeout(resolve, 20));
    socket.close();
    expect(messages.some((message) => message.collection === 'apps' && message.id === 'tasks')).toBe(true);
  });

  it('describes every route and status in the OpenAPI document', async () => {
    const docs = (await request(server).get('/api/docs').expect(200)).body as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    expect(Object.keys(docs.paths['/api/v1/apps/{app}/items/{id}/move'].post.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404', '409', '422']));
    expect(Object.keys(docs.paths['/api/v1/apps/{app}/wall'].get.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '404']));
    for (const path of ['/api/v1/apps', '/api/v1/apps/{app}', '/api/v1/apps/{app}/items', '/api/v1/apps/{app}/items/{id}', '/api/v1/apps/{app}/items/{id}/archive', '/api/v1/apps/{app}/properties/{propertyId}', '/api/v1/apps/{app}/layout']) {
      expect(docs.paths[path]).toBeDefined();
    }
  });

  it('keeps apps and items on disk across a restart', async () => {
    await running.stop();
    await start();
    // the read of the restarted process waits (X-Consistency-Position) until it has caught up with the log
    const board = await wall(clients.member);
    expect(board.columns.flatMap((column) => column.items.map((entry) => entry.id)).sort()).toEqual([first, second].sort());
    expect((await running.infra.eventStore.readStream(appItemStream(first))).length).toBeGreaterThan(3);
  });
});
