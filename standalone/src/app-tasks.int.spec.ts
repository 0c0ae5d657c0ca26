import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import WebSocket from 'ws';
import { CONSISTENCY_HEADER, taskMarkStream, TASK_LISTS, type ItemResponse, type ItemSearchResponse, type TaskList, type TasksResponse } from '@cn/contracts';
import { loadConfig } from '@cn/platform';
import { DEMO_PASSWORD } from '@cn/command-service';
import { startStandalone, type RunningStandalone } from './standalone';
import { signInClient, type SignedInClient } from './testing/signed-in-client';

type Method = 'get' | 'post' | 'put' | 'delete';
const ROLES = ['admin', 'author', 'other', 'external'] as const;
type Role = (typeof ROLES)[number];
const EMAILS: Record<Role, string> = { admin: 'admin@example.org', author: 'member@example.org', other: 'auditor@example.org', external: 'guest@example.org' };

/**
 * Issue 15's missing parts over HTTP: the members' own marks on tasks (star, decline, note) and the views
 * built from them, their flags against the answers for every role, the push to the marking member only,
 * 404 for an unknown item where a stale one stays 409, the assignment mails from the reactor (once, also
 * across a restart), and file, image and relation values checked by the server.
 */
jest.setTimeout(60_000);

describe('apps: tasks views, marks, mails and pickers', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cn-app-tasks-'));
  let running: RunningStandalone;
  let server: Server;
  let position = 0;
  const clients = {} as Record<Role, SignedInClient>;

  const call = async (client: SignedInClient, method: Method, path: string, body?: object) => {
    const pending = request(server)[method](path).set('Cookie', client.cookie).set('X-CSRF-Token', client.csrf).set(CONSISTENCY_HEADER, String(position));
    const res = await (body === undefined ? pending : pending.send(body));
    const answered = (res.body as { position?: unknown } | undefined)?.position;
    if (typeof answered === 'number') position = Math.max(position, answered);
    return res;
  };
  const must = async <T>(client: SignedInClient, method: Method, path: string, body?: object): Promise<T> => {
    const res = await call(client, method, path, body);
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as T;
  };
  const list = async (client: SignedInClient, name: TaskList) => (await must<TasksResponse>(client, 'get', `/api/v1/tasks?list=${name}`)).tasks.map((task) => task.item.id);
  const start = async () => {
    const config = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'app-tasks-secret-0123456789abcdef0123456789ab', PORT: '0', PASSWORD_SCRYPT_N: '1024', LOG_LEVEL: 'error' });
    running = await startStandalone(config, { repositoryRoot: dataDir, host: '127.0.0.1' });
    server = running.app.getHttpServer() as Server;
  };
  const mails = (link: string) =>
    existsSync(join(dataDir, 'outbox'))
      ? readdirSync(join(dataDir, 'outbox'))
          .filter((name) => name.endsWith('.json'))
          .map((name) => JSON.parse(readFileSync(join(dataDir, 'outbox', name), 'utf8')) as { to: string[]; subject: string; text: string })
          .filter((mail) => mail.text.includes(link))
      : [];
  const eventually = async (check: () => boolean, ms = 5000) => {
    const until = Date.now() + ms;
    while (!check() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 25));
    return check();
  };

  beforeAll(async () => {
    await start();
    for (const role of ROLES) clients[role] = await signInClient(server, EMAILS[role], DEMO_PASSWORD);
    await must(clients.admin, 'post', '/api/v1/apps', { slug: 'todo', name: 'To do' });
    await must(clients.admin, 'put', '/api/v1/apps/todo/properties/p-title', { name: 'title', label: 'Title', type: 'text' });
    await must(clients.admin, 'put', '/api/v1/apps/todo/properties/p-owner', { name: 'owner', label: 'Owner', type: 'membership', multiple: true });
    await must(clients.admin, 'post', '/api/v1/apps', { slug: 'places', name: 'Places' });
    await must(clients.admin, 'put', '/api/v1/apps/places/properties/p-name', { name: 'name', label: 'Name', type: 'text' });
    await must(clients.admin, 'put', '/api/v1/apps/todo/properties/p-place', { name: 'place', label: 'Place', type: 'relation', related_apps: ['places'] });
    await must(clients.admin, 'put', '/api/v1/apps/todo/properties/p-file', { name: 'attachment', label: 'Attachment', type: 'file' });
    await must(clients.admin, 'put', '/api/v1/apps/todo/properties/p-image', { name: 'photo', label: 'Photo', type: 'image' });
  });
  afterAll(async () => {
    await running.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stars, declines and notes tasks into their views, each member seeing only their own marks', async () => {
    const { author, other } = clients;
    const { id } = await must<{ id: string }>(author, 'post', '/api/v1/apps/todo/items', { values: { title: 'Fix the roof', owner: [other.id] } });
    expect(await list(other, 'my')).toContain(id);
    expect(await list(author, 'assigned')).toContain(id);

    await must(other, 'put', `/api/v1/tasks/${id}/star`);
    expect(await list(other, 'starred')).toEqual([id]);
    expect(await list(author, 'starred')).toEqual([]);

    await must(other, 'put', `/api/v1/tasks/${id}/decline`);
    expect(await list(other, 'my')).not.toContain(id);
    expect(await list(other, 'declined')).toEqual([id]);
    // declining never changes the item: the author still sees it as assigned
    expect(await list(author, 'assigned')).toContain(id);

    const { mark } = await must<ItemResponse>(other, 'get', `/api/v1/apps/todo/items/${id}`);
    expect(mark).toMatchObject({ starred: true, declined: true, note: '', can: { decline: false, withdraw_decline: true } });
    await must(other, 'put', `/api/v1/tasks/${id}/note`, { note: 'Ask Bob for the ladder', revision: mark.revision });
    const noted = await must<TasksResponse>(other, 'get', '/api/v1/tasks?list=notes');
    expect(noted.tasks.map((task) => [task.item.id, task.mark.note])).toEqual([[id, 'Ask Bob for the ladder']]);
    expect(await list(author, 'notes')).toEqual([]);
    // a note on a stale revision is a 409, never a silently lost note; too long is a 400 with its field
    const stale = await call(other, 'put', `/api/v1/tasks/${id}/note`, { note: 'Lost?', revision: mark.revision });
    expect(stale.status).toBe(409);
    const long = await call(other, 'put', `/api/v1/tasks/${id}/note`, { note: 'x'.repeat(2001) });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ errors: [{ field: 'note', key: 'too_long' }] });
    // the note is personal data: sealed in the log, readable in the member's own read model
    const stream = await running.infra.eventStore.readStream(taskMarkStream(other.id, id));
    const written = stream.find((event) => event.type === 'TaskNoteWritten');
    expect(JSON.stringify(written?.data)).not.toContain('ladder');

    await must(other, 'delete', `/api/v1/tasks/${id}/decline`);
    await must(other, 'delete', `/api/v1/tasks/${id}/star`);
    expect(await list(other, 'my')).toContain(id);
    expect(await list(other, 'starred')).toEqual([]);
    expect(await list(other, 'declined')).toEqual([]);
  });

  it("drops an erased member's marks, notes and all, from the read model at once", async () => {
    const { admin, author } = clients;
    const email = 'leaving-tasks@example.org';
    const { id: leaverId } = await must<{ id: string }>(admin, 'post', '/administration/members', { user: { email, password: 'a good passphrase for tests', first_name: 'Lea', last_name: 'Ving' } });
    const leaver = await signInClient(server, email, 'a good passphrase for tests');
    const { id } = await must<{ id: string }>(author, 'post', '/api/v1/apps/todo/items', { values: { title: 'Hand over the keys', owner: [leaverId] } });
    await must(leaver, 'put', `/api/v1/tasks/${id}/star`);
    await must(leaver, 'put', `/api/v1/tasks/${id}/note`, { note: 'the spare key is under the mat' });
    const marks = () => running.infra.documentStore.collection('task_marks_v2').get(leaverId);
    // a read at the last command's position: the read models hold it
    expect(await list(leaver, 'notes')).toEqual([id]);
    expect(JSON.stringify(await marks())).toContain('under the mat');
    await must(admin, 'delete', `/administration/members/${leaverId}`);
    await list(admin, 'notes');
    expect(await marks()).toBeNull();
    expect(JSON.stringify(await running.infra.documentStore.collection('task_marks_v2').find({}))).not.toContain('under the mat');
  });

  it('answers every task command as the flags said, for every role', async () => {
    const mismatches: string[] = [];
    for (const role of ROLES) {
      const { id } = await must<{ id: string }>(clients.admin, 'post', '/api/v1/apps/todo/items', { values: { title: `For ${role}`, owner: role === 'external' ? [] : [clients.author.id] } });
      const client = clients[role];
      const { mark } = await must<ItemResponse>(client, 'get', `/api/v1/apps/todo/items/${id}`);
      const tried = {
        star: await call(client, 'put', `/api/v1/tasks/${id}/star`),
        note: await call(client, 'put', `/api/v1/tasks/${id}/note`, { note: `${role}'s note` }),
        decline: await call(client, 'put', `/api/v1/tasks/${id}/decline`),
      };
      for (const [name, res] of Object.entries(tried)) {
        const flag = mark.can[name as keyof typeof mark.can];
        if ((res.status === 200) !== flag) mismatches.push(`${role} ${name}: flag ${flag}, answer ${res.status}`);
      }
      const after = (await must<ItemResponse>(client, 'get', `/api/v1/apps/todo/items/${id}`)).mark;
      const withdrawn = await call(client, 'delete', `/api/v1/tasks/${id}/decline`);
      if (after.can.withdraw_decline && withdrawn.status !== 200) mismatches.push(`${role} withdraw_decline: flag true, answer ${withdrawn.status}`);
    }
    expect(mismatches).toEqual([]);
    // the rules themselves: only the assignee declines; an archived task is declined by nobody
    const { id } = await must<{ id: string }>(clients.admin, 'post', '/api/v1/apps/todo/items', { values: { title: 'Archived', owner: [clients.author.id] } });
    expect((await call(clients.other, 'put', `/api/v1/tasks/${id}/decline`)).status).toBe(422);
    await must(clients.admin, 'put', `/api/v1/apps/todo/items/${id}/archive`);
    const { mark } = await must<ItemResponse>(clients.author, 'get', `/api/v1/apps/todo/items/${id}`);
    expect(mark.can.decline).toBe(false);
    expect((await call(clients.author, 'put', `/api/v1/tasks/${id}/decline`)).status).toBe(422);
  });

  it('pushes a mark within a second to the marking member only', async () => {
    const { author, other } = clients;
    const { id } = await must<{ id: string }>(author, 'post', '/api/v1/apps/todo/items', { values: { title: 'Pushed' } });
    const port = (server.address() as AddressInfo).port;
    const listen = async (client: SignedInClient) => {
      const socket = new WebSocket(`ws://127.0.0.1:${port}/api/realtime`, { headers: { Cookie: client.cookie } });
      const received: Array<{ collection: string; id: string; doc?: { position?: number } }> = [];
      socket.on('message', (raw: Buffer) => {
        const message = JSON.parse(raw.toString('utf8')) as { type: string; collection: string; id: string; doc?: { position?: number } };
        if (message.type === 'changed') received.push(message);
      });
      await new Promise<void>((resolve, reject) => {
        socket.once('open', () => resolve());
        socket.once('error', reject);
      });
      return { socket, received };
    };
    const mine = await listen(other);
    const theirs = await listen(author);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const { position: markedAt } = await must<{ position: number }>(other, 'put', `/api/v1/tasks/${id}/star`);
    const arrived = await eventually(() => mine.received.some((message) => message.collection === 'apps' && message.id === 'todo' && message.doc?.position === markedAt), 1000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    mine.socket.close();
    theirs.socket.close();
    expect(arrived).toBe(true);
    expect(theirs.received.filter((message) => message.doc?.position === markedAt)).toEqual([]);
  });

  it('answers 404 for an update, move or archive of an unknown item, and 409 for a stale known one', async () => {
    const { author } = clients;
    expect((await call(author, 'put', '/api/v1/apps/todo/items/no-such-item', { values: { title: 'x' }, revision: 0 })).status).toBe(404);
    expect((await call(author, 'post', '/api/v1/apps/todo/items/no-such-item/move', { value: null, insert_after_id: null, revision: 0 })).status).toBe(404);
    expect((await call(author, 'put', '/api/v1/apps/todo/items/no-such-item/archive')).status).toBe(404);
    expect((await call(author, 'put', '/api/v1/tasks/no-such-item/star')).status).toBe(404);
    const { id } = await must<{ id: string }>(author, 'post', '/api/v1/apps/todo/items', { values: { title: 'Known' } });
    // an item of another app is unknown here too
    expect((await call(author, 'put', `/api/v1/apps/places/items/${id}`, { values: {}, revision: 0 })).status).toBe(404);
    await must(author, 'put', `/api/v1/apps/todo/items/${id}`, { values: { title: 'Known, changed' }, revision: 0 });
    const stale = await call(author, 'put', `/api/v1/apps/todo/items/${id}`, { values: { title: 'Stale' }, revision: 0 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ statusCode: 409 });
  });

  it('accepts files and images the member may read and related items of the related app, and names the field otherwise', async () => {
    const { admin, author } = clients;
    const upload = async (client: SignedInClient, name: string) => {
      const res = await request(server).post('/api/storage/files').set('Cookie', client.cookie).set('X-CSRF-Token', client.csrf).attach('file', Buffer.from('hello'), name);
      expect(res.status).toBe(201);
      return (res.body as { id: string }).id;
    };
    const own = await upload(author, 'plan.txt');
    // the admin's upload is still volatile: only the admin may read it
    const foreign = await upload(admin, 'secret.txt');
    const place = (await must<{ id: string }>(author, 'post', '/api/v1/apps/places/items', { values: { name: 'Town hall' } })).id;
    await must(author, 'post', '/api/v1/apps/places/items', { values: { name: 'Harbour' } });
    // the relation picker's search box: items of the related app by their title
    const found = await must<ItemSearchResponse>(author, 'get', '/api/v1/apps/places/items?q=town');
    expect(found.items).toEqual([{ id: place, app: 'places', displayValue: 'Town hall' }]);
    expect((await call(author, 'get', '/api/v1/apps/nowhere/items?q=x')).status).toBe(404);
    const good = await call(author, 'post', '/api/v1/apps/todo/items', {
      values: { title: 'With pickers', attachment: { id: own, name: 'plan.txt', extension: 'txt' }, photo: { id: own, name: 'plan.txt', imageUrl: '', thumbnailUrl: '' }, place: [{ id: place, app: 'places', displayValue: 'Town hall' }] },
    });
    expect(good.status).toBe(201);
    const { item } = await must<ItemResponse>(author, 'get', `/api/v1/apps/todo/items/${(good.body as { id: string }).id}`);
    expect(item.values).toMatchObject({ attachment: { id: own }, place: [{ id: place, app: 'places' }] });

    const before = await running.infra.eventStore.headPosition();
    const bad = await call(author, 'post', '/api/v1/apps/todo/items', {
      values: { title: 'Foreign', attachment: { id: foreign, name: 'secret.txt', extension: 'txt' }, photo: { id: 'no-such-file', name: 'x', imageUrl: '', thumbnailUrl: '' }, place: [{ id: 'no-such-item', app: 'places' }] },
    });
    expect(bad.status).toBe(400);
    expect((bad.body as { errors: Array<{ field: string; key: string }> }).errors).toEqual(
      expect.arrayContaining([
        { field: 'values.attachment', key: 'unknown_file' },
        { field: 'values.photo', key: 'unknown_image' },
        { field: 'values.place', key: 'unknown_item' },
      ]),
    );
    expect(await running.infra.eventStore.headPosition()).toBe(before);
  });

  it('mails an assignment once, from the reactor, and not again after a restart', async () => {
    const { admin, author, other } = clients;
    const before = await running.infra.eventStore.headPosition();
    const { id } = await must<{ id: string }>(admin, 'post', '/api/v1/apps/todo/items', { values: { title: 'Water the plants', owner: [author.id] } });
    const link = `/apps/todo/items/${id}`;
    await must(author, 'put', `/api/v1/apps/todo/items/${id}`, { values: { owner: [author.id, other.id] } });
    await must(admin, 'put', `/api/v1/apps/todo/items/${id}`, { values: { owner: [other.id] } });
    expect(await eventually(() => mails(link).length >= 3)).toBe(true);
    const sent = () => mails(link).map((mail) => `${mail.to.join(',')}: ${mail.subject}`).sort();
    // the demo network speaks German
    expect(sent()).toEqual([`${EMAILS.other}: Dir zugewiesen: Water the plants`, `${EMAILS.author}: Dir zugewiesen: Water the plants`, `${EMAILS.author}: Nicht mehr dir zugewiesen: Water the plants`]);
    // a crash before the reactor's checkpoint moved: after the restart it reads these changes again, and its
    // ledger of mails sent keeps it from sending any of them twice
    await running.infra.documentStore.collection<{ _id: string; position: number; _position: number }>('_checkpoints').upsert({ _id: 'command-service.assignment-mails', position: before, _position: before });
    await running.stop();
    await start();
    const signedIn = await signInClient(server, EMAILS.admin, DEMO_PASSWORD);
    await must(signedIn, 'put', `/api/v1/apps/todo/items/${id}`, { values: { title: 'Water the plants today' } });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sent()).toHaveLength(3);
    expect(mails(link).filter((mail) => mail.to.includes(EMAILS.admin))).toEqual([]);
  });

  it('lists every view and documents the task routes', async () => {
    for (const name of TASK_LISTS) expect((await call(clients.author, 'get', `/api/v1/tasks?list=${name}`)).status).toBe(200);
    const docs = (await request(server).get('/api/docs').expect(200)).body as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    expect(Object.keys(docs.paths['/api/v1/tasks/{id}/note'].put.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '404', '409']));
    expect(Object.keys(docs.paths['/api/v1/tasks/{id}/decline'].put.responses)).toEqual(expect.arrayContaining(['200', '404', '422']));
  });
});
