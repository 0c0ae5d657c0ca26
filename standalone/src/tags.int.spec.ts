import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { DEFAULT_NETWORK_ID, tagIdOf, tagsStream, type FindTagsResponse, type TagAdminDto } from '@cn/contracts';
import { loadConfig } from '@cn/platform';
import { DEMO_PASSWORD } from '@cn/command-service';
import { startStandalone, type RunningStandalone } from './standalone';
import { httpCaller, signInClient, type SignedInClient } from './testing/signed-in-client';

/**
 * The network's tags over HTTP, all services in one process: tags come from app items' tag properties;
 * members find them (`/tags/find`), administrators list, rename, merge and delete them, each an event on
 * the tags stream reflected in the read model and pushed live; 400, 403, 404 and 409 append nothing.
 */
jest.setTimeout(60_000);

describe('tags over HTTP', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cn-tags-'));
  const config = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'tags-int-secret-0123456789abcdef0123456789abcd', PORT: '0', PASSWORD_SCRYPT_N: '1024', LOG_LEVEL: 'error' });
  let running: RunningStandalone;
  let server: Server;
  const clients: Record<string, SignedInClient> = {};
  const { call, must } = httpCaller(() => server);
  const tagEvents = async () => (await running.infra.eventStore.readStream(tagsStream(DEFAULT_NETWORK_ID))).map((event) => ({ type: event.type, data: event.data }));
  const names = async (query: string) => (await must<FindTagsResponse>(clients['member'], 'get', `/tags/find?${query}`)).tags.map((tag) => tag.name);
  const adminList = async (query = '') => {
    const res = await call(clients['admin'], 'get', `/administration/tags${query}`);
    expect(res.status).toBe(200);
    return { tags: res.body as TagAdminDto[], range: String(res.headers['content-range']) };
  };

  beforeAll(async () => {
    running = await startStandalone(config, { repositoryRoot: dataDir, host: '127.0.0.1' });
    server = running.app.getHttpServer() as Server;
    for (const name of ['admin', 'member', 'auditor']) clients[name] = await signInClient(server, `${name}@example.org`, DEMO_PASSWORD);
    const { admin, member } = clients;
    await must(admin, 'post', '/api/v1/apps', { slug: 'ideas', name: 'Ideas' });
    await must(admin, 'put', '/api/v1/apps/ideas/properties/p-title', { name: 'title', label: 'Title', type: 'text' });
    await must(admin, 'put', '/api/v1/apps/ideas/properties/p-tags', { name: 'tags', label: 'Tags', type: 'tag', multiple: true });
    await must(member, 'post', '/api/v1/apps/ideas/items', { values: { title: 'Beds', tags: ['Garden', 'Kids'] } });
    await must(member, 'post', '/api/v1/apps/ideas/items', { values: { title: 'Pond', tags: ['garden', 'Gardens'] } });
  });
  afterAll(async () => {
    await running.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("finds the tags of the apps' items for members, prefix first, offering a new one unless excluded", async () => {
    expect(await names('q=gar')).toEqual(['Garden', 'Gardens', 'gar']);
    expect(await names('q=gar&exclude_new=true')).toEqual(['Garden', 'Gardens']);
    expect(await names('q=ids&exclude_new=1')).toEqual(['Kids']);
    expect(await names('q=gar&exclude_new=true&tag_parents=other%2Fproperty')).toEqual([]);
    expect((await call(null, 'get', '/tags/find?q=gar')).status).toBe(401);
    const bad = await call(clients['member'], 'get', '/tags/find?exclude_new=maybe');
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: 'exclude_new', key: 'invalid_value' }]);
  });

  it('lists the tags for administrators and auditors with search, counts and Content-Range; members get 403', async () => {
    const { tags, range } = await adminList('?sort=["item_count","DESC"]&range=[0,9]');
    expect(tags.map((tag) => [tag.name, tag.item_count])).toEqual([
      ['Garden', 2],
      ['Gardens', 1],
      ['Kids', 1],
    ]);
    expect(range).toBe('tags 0-2/3');
    expect((await adminList('?filter={"q":"KID"}')).tags.map((tag) => tag.name)).toEqual(['Kids']);
    expect((await call(clients['auditor'], 'get', '/administration/tags')).status).toBe(200);
    expect((await call(clients['member'], 'get', '/administration/tags')).status).toBe(403);
    expect((await must<TagAdminDto>(clients['admin'], 'get', `/administration/tags/${tagIdOf('kids')}`)).name).toBe('Kids');
    expect((await call(clients['admin'], 'get', '/administration/tags/tag-nope')).status).toBe(404);
  });

  it('refuses bad input (400), members (403), unknown tags (404) and a taken name (409), appending nothing', async () => {
    const { admin, member, auditor } = clients;
    const garden = tagIdOf('garden');
    const before = await tagEvents();
    const empty = await call(admin, 'put', `/administration/tags/${garden}`, { name: '  ' });
    expect([empty.status, empty.body.errors]).toEqual([400, [{ field: 'name', key: 'required' }]]);
    const long = await call(admin, 'put', `/administration/tags/${garden}`, { name: 'x'.repeat(61) });
    expect(long.body.errors).toEqual([{ field: 'name', key: 'too_long' }]);
    const self = await call(admin, 'post', `/administration/tags/${garden}/merge`, { into: garden });
    expect([self.status, self.body.errors]).toEqual([400, [{ field: 'into', key: 'same_tag' }]]);
    const nowhere = await call(admin, 'post', `/administration/tags/${garden}/merge`, { into: 'tag-nope' });
    expect([nowhere.status, nowhere.body.errors]).toEqual([400, [{ field: 'into', key: 'not_found' }]]);
    expect((await call(admin, 'post', `/administration/tags/${garden}/merge`, {})).body.errors).toEqual([{ field: 'into', key: 'required' }]);
    expect((await call(member, 'put', `/administration/tags/${garden}`, { name: 'Mine' })).status).toBe(403);
    expect((await call(auditor, 'delete', `/administration/tags/${garden}`)).status).toBe(403);
    expect((await call(member, 'post', `/administration/tags/${garden}/merge`, { into: tagIdOf('kids') })).status).toBe(403);
    expect((await call(admin, 'put', '/administration/tags/tag-nope', { name: 'Other' })).status).toBe(404);
    expect((await call(admin, 'delete', '/administration/tags/tag-nope')).status).toBe(404);
    const taken = await call(admin, 'put', `/administration/tags/${garden}`, { name: 'KIDS' });
    expect([taken.status, taken.body.error, taken.body.errors]).toEqual([409, 'tag_name_taken', [{ field: 'name', key: 'tag_name_taken' }]]);
    expect(await tagEvents()).toEqual(before);
  });

  it('renames, merges and deletes: one event each, reflected in the read model and pushed to open consoles', async () => {
    const { admin, member } = clients;
    const socket = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}/api/realtime`, { headers: { Cookie: member.cookie } });
    const pushed: string[] = [];
    socket.on('message', (raw: Buffer) => {
      const message = JSON.parse(raw.toString('utf8')) as { type: string; collection: string };
      if (message.type === 'changed') pushed.push(message.collection);
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    const [garden, gardens, kids] = [tagIdOf('garden'), tagIdOf('gardens'), tagIdOf('kids')];

    const sent = Date.now();
    await must(admin, 'put', `/administration/tags/${garden}`, { name: 'Gardening' });
    while (Date.now() - sent < 1000 && !pushed.includes('tags')) await new Promise((resolve) => setTimeout(resolve, 20));
    socket.close();
    expect(pushed).toContain('tags');
    expect(await names('q=gard&exclude_new=true')).toEqual(['Gardening', 'Gardens']);

    await must(admin, 'post', `/administration/tags/${gardens}/merge`, { into: garden });
    expect((await adminList()).tags.map((tag) => [tag.name, tag.item_count])).toEqual([
      ['Gardening', 2],
      ['Kids', 1],
    ]);
    // a name merged away leads to the tag it went into: tagging with it adds no tag
    await must(member, 'post', '/api/v1/apps/ideas/items', { values: { title: 'Shed', tags: ['Gardens'] } });
    expect((await adminList()).tags.map((tag) => [tag.name, tag.item_count])).toEqual([
      ['Gardening', 3],
      ['Kids', 1],
    ]);

    await must(admin, 'delete', `/administration/tags/${kids}`);
    expect((await adminList()).tags.map((tag) => tag.name)).toEqual(['Gardening']);
    expect(await names('q=kids')).toEqual(['kids']);
    expect((await tagEvents()).map((event) => event.type)).toEqual(['TagRenamed', 'TagsMerged', 'TagDeleted']);
    expect((await call(admin, 'delete', `/administration/tags/${kids}`)).status).toBe(404);
  });
});
