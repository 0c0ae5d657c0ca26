import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { APPS_COLLECTION, APPS_TOPIC, tagIdOf, type GlobalSearchResponse, type ItemResponse, type TasksResponse, type WallResponse } from '@cn/contracts';
import { loadConfig } from '@cn/platform';
import { DEMO_PASSWORD } from '@cn/command-service';
import { startStandalone, type RunningStandalone } from './standalone';
import { httpCaller, signInClient, type SignedInClient } from './testing/signed-in-client';

/**
 * An administrator's rename, merge and deletion of a tag reach every read of the items that hold it: the
 * item, the wall's cards and its `?tag=` filter, the tasks views and the global search, with nothing
 * written to the items' streams; and a replay from position 0 (read models and search index thrown away)
 * answers the same.
 */
jest.setTimeout(120_000);

describe('tags on app items over HTTP', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cn-tags-items-'));
  const config = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'tags-items-int-secret-0123456789abcdef0123456', PORT: '0', PASSWORD_SCRYPT_N: '1024', LOG_LEVEL: 'error' });
  let running: RunningStandalone;
  let server: Server;
  const clients: Record<string, SignedInClient> = {};
  const { call, must } = httpCaller(() => server);
  const ids: Record<string, string> = {};

  const start = async () => {
    running = await startStandalone(config, { repositoryRoot: dataDir, host: '127.0.0.1' });
    server = running.app.getHttpServer() as Server;
  };
  const tagsOf = async (item: string): Promise<string[]> =>
    ((await must<ItemResponse>(clients['member'], 'get', `/api/v1/apps/ideas/items/${ids[item]}`)).item.values['tags'] as Array<{ name: string }>).map((tag) => tag.name);
  const wallTitles = async (query = ''): Promise<string[]> => {
    const wall = await must<WallResponse>(clients['member'], 'get', `/api/v1/apps/ideas/wall${query}`);
    return [...wall.columns.flatMap((column) => column.items), ...wall.unassigned].map((item) => String(item.values['title'])).sort();
  };
  const searchTitles = async (q: string): Promise<string[]> => {
    const found = await must<GlobalSearchResponse>(clients['member'], 'get', `/search.json?q=${encodeURIComponent(q)}&module=items`);
    return found.results.flatMap((result) => result.hits.map((hit) => hit.title)).sort();
  };
  /** everything a member reads of the items */
  const everything = async () => ({
    items: await Promise.all(['beds', 'pond'].map(async (item) => (await must<ItemResponse>(clients['member'], 'get', `/api/v1/apps/ideas/items/${ids[item]}`)).item)),
    wall: await must<WallResponse>(clients['member'], 'get', '/api/v1/apps/ideas/wall'),
    tasks: await must<TasksResponse>(clients['member'], 'get', '/api/v1/tasks?list=my'),
    search: await searchTitles('Gardening'),
  });

  beforeAll(async () => {
    await start();
    for (const name of ['admin', 'member']) clients[name] = await signInClient(server, `${name}@example.org`, DEMO_PASSWORD);
    const { admin, member } = clients;
    await must(admin, 'post', '/api/v1/apps', { slug: 'ideas', name: 'Ideas' });
    await must(admin, 'put', '/api/v1/apps/ideas/properties/p-title', { name: 'title', label: 'Title', type: 'text' });
    await must(admin, 'put', '/api/v1/apps/ideas/properties/p-tags', { name: 'tags', label: 'Tags', type: 'tag', multiple: true });
    await must(admin, 'put', '/api/v1/apps/ideas/properties/p-who', { name: 'who', label: 'Who', type: 'membership', multiple: true });
    const assigned = [member.id];
    ids['beds'] = (await must<{ id: string }>(member, 'post', '/api/v1/apps/ideas/items', { values: { title: 'Beds', tags: ['Garden', 'Kids'], who: assigned } })).id;
    ids['pond'] = (await must<{ id: string }>(member, 'post', '/api/v1/apps/ideas/items', { values: { title: 'Pond', tags: ['Gardens'], who: assigned } })).id;
  });
  afterAll(async () => {
    await running.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('shows a renamed tag under its new name on the item, the wall, its filter and the search; open walls hear of it within a second', async () => {
    const { admin, member } = clients;
    expect(await tagsOf('beds')).toEqual(['Garden', 'Kids']);
    const socket = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}/api/realtime`, { headers: { Cookie: member.cookie } });
    const pushed: string[] = [];
    socket.on('message', (raw: Buffer) => {
      const message = JSON.parse(raw.toString('utf8')) as { type: string; collection: string; id: string };
      if (message.type === 'changed' && message.collection === APPS_COLLECTION) pushed.push(message.id);
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    socket.send(JSON.stringify({ type: 'watch', topics: [APPS_TOPIC] }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const sent = Date.now();
    await must(admin, 'put', `/administration/tags/${tagIdOf('garden')}`, { name: 'Gardening' });
    while (Date.now() - sent < 1000 && !pushed.includes('ideas')) await new Promise((resolve) => setTimeout(resolve, 20));
    socket.close();
    expect(pushed).toContain('ideas');
    expect(await tagsOf('beds')).toEqual(['Gardening', 'Kids']);
    expect(await wallTitles('?tag=Gardening')).toEqual(['Beds']);
    expect(await wallTitles('?tag=Garden')).toEqual([]);
    expect(await wallTitles(`?tag=${tagIdOf('garden')}`)).toEqual(['Beds']);
    expect(await searchTitles('Gardening')).toEqual(['Beds']);
  });

  it('shows a merged tag as the one it went into, and a deleted tag nowhere', async () => {
    const { admin, member } = clients;
    await must(admin, 'post', `/administration/tags/${tagIdOf('gardens')}/merge`, { into: tagIdOf('garden') });
    expect(await tagsOf('pond')).toEqual(['Gardening']);
    expect(await wallTitles('?tag=Gardening')).toEqual(['Beds', 'Pond']);
    expect(await wallTitles('?tag=Gardens')).toEqual([]);
    expect(await searchTitles('Gardening')).toEqual(['Beds', 'Pond']);

    await must(admin, 'delete', `/administration/tags/${tagIdOf('kids')}`);
    expect(await tagsOf('beds')).toEqual(['Gardening']);
    expect(await wallTitles('?tag=Kids')).toEqual([]);
    expect(await searchTitles('Kids')).toEqual([]);
    const tasks = await must<TasksResponse>(member, 'get', '/api/v1/tasks?list=my');
    expect(tasks.tasks.map((task) => task.item.display_values['tags']).sort()).toEqual(['Gardening', 'Gardening']);
    // a new tag of a deleted one's name is a new tag: the items that held the old one do not get it back
    ids['swings'] = (await must<{ id: string }>(member, 'post', '/api/v1/apps/ideas/items', { values: { title: 'Swings', tags: ['Kids'] } })).id;
    expect(await tagsOf('swings')).toEqual(['Kids']);
    expect(await tagsOf('beds')).toEqual(['Gardening']);
  });

  it('answers the same after every read model and the search index are replayed from position 0', async () => {
    const before = await everything();
    await running.stop();
    for (const entry of readdirSync(dataDir)) if (entry.startsWith('read-models') || entry === 'search') rmSync(join(dataDir, entry), { recursive: true, force: true });
    await start();
    expect(await everything()).toEqual(before);
    expect((await call(clients['member'], 'get', `/api/v1/apps/ideas/items/${ids['beds']}`)).status).toBe(200);
  });
});
