import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import {
  CONSISTENCY_HEADER,
  groupRootFolderId,
  NETWORK_ROOT_FOLDER_ID,
  SEARCH_MODULES,
  type GlobalSearchResponse,
  type GroupCategoriesResponse,
  type GroupDetailDto,
  type SearchModule,
} from '@cn/contracts';
import { loadConfig } from '@cn/platform';
import { meilisearchTestRun } from '@cn/platform/search-index';
import { DEMO_PASSWORD } from '@cn/command-service';
import { startStandalone, type RunningStandalone } from './standalone';
import { signInClient, type SignedInClient } from './testing/signed-in-client';

type Client = SignedInClient;
type Method = 'get' | 'post' | 'put' | 'delete';
const PASSWORD = 'a good passphrase for tests';

/**
 * The global search over HTTP, all services in one process: every module finds what its events made,
 * and nobody finds what they may not see — a hidden group's stream and files, another member's
 * messages, a personal calendar's appointment — decided with the read side's rules when searching.
 */
describe('global search over HTTP', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cn-search-'));
  // on the embedded index, and on the Meilisearch server MEILI_URL names (this run's own indexes)
  const meilisearch = meilisearchTestRun('search-int');
  let running: RunningStandalone;
  let server: Server;
  let position = 0;
  const clients: Record<string, Client> = {};
  /** what each fixture is, to check every hit against who may see it */
  const ids: Record<string, string> = {};
  let secret = { slug: '', id: '' };

  const call = async (client: Client | null, method: Method, path: string, body?: object) => {
    let pending = request(server)[method](path).set(CONSISTENCY_HEADER, String(position));
    if (client) pending = pending.set('Cookie', client.cookie).set('X-CSRF-Token', client.csrf);
    const res = await (body === undefined ? pending : pending.send(body));
    const answered = (res.body as { position?: unknown } | undefined)?.position;
    if (typeof answered === 'number') position = Math.max(position, answered);
    return res;
  };
  const must = async <T = Record<string, unknown>>(client: Client, method: Method, path: string, body?: object): Promise<T> => {
    const res = await call(client, method, path, body);
    if (res.status >= 300) throw new Error(`${client.email} ${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as T;
  };
  const register = async (name: string): Promise<Client> => {
    const email = `${name}@example.org`;
    await must(clients.admin, 'post', '/administration/members', { user: { email, password: PASSWORD, first_name: name, last_name: 'Test' } });
    return signInClient(server, email, PASSWORD);
  };
  const search = async (client: Client, query: Record<string, string | number>, path = '/search.json'): Promise<GlobalSearchResponse> => {
    const res = await request(server).get(path).query(query).set('Cookie', client.cookie).set(CONSISTENCY_HEADER, String(Math.max(position, await running.infra.eventStore.headPosition())));
    if (res.status !== 200) throw new Error(`${client.email} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as GlobalSearchResponse;
  };
  const counts = (answer: GlobalSearchResponse): Partial<Record<SearchModule, number>> =>
    Object.fromEntries(answer.counts.filter((entry) => entry.count > 0).map((entry) => [entry.module, entry.count]));
  const hitIds = (answer: GlobalSearchResponse): string[] => answer.results.flatMap((result) => result.hits.map((hit) => hit.id)).sort();

  beforeAll(async () => {
    const config = loadConfig({ ...meilisearch.env, DATA_DIR: dataDir, SESSION_SECRET: 'search-int-secret-0123456789abcdef0123456789', PORT: '0', PASSWORD_SCRYPT_N: '1024', LOG_LEVEL: 'error' });
    running = await startStandalone(config, { repositoryRoot: dataDir, host: '127.0.0.1' });
    server = running.app.getHttpServer() as Server;
    for (const name of ['admin', 'guest']) clients[name] = await signInClient(server, `${name}@example.org`, DEMO_PASSWORD);
    for (const name of ['ann', 'bob', 'cid']) clients[name] = await register(name);
    const { admin, ann, bob, cid } = clients;

    // a hidden group: the admin founds it, ann joins, cid is only invited
    const categorySlug = (await must<GroupCategoriesResponse>(admin, 'get', '/api/v1/group_categories')).group_categories[0].slug;
    const { slug } = await must<{ slug: string }>(admin, 'post', '/groups', { group_category_slug: categorySlug, group: { name: 'Quokka circle', access: 'hidden' } });
    secret = { slug, id: (await must<GroupDetailDto>(admin, 'get', `/api/v1/groups/${slug}`)).id };
    await must(admin, 'post', `/groups/${slug}/membership_invites`, { membership_ids: [ann.id, cid.id] });
    const invites = await must<{ invites: Array<{ id: string; invitable: { slug: string } }> }>(ann, 'get', '/api/v1/group_invites');
    await must(ann, 'post', `/api/v1/group_invites/${invites.invites.find((entry) => entry.invitable.slug === slug)?.id ?? ''}/accept`);

    // activities: one in the hidden group's stream, one in the network's, a reply to it
    ids.secretPost = (await must<{ id: string }>(ann, 'post', `/api/v1/activitystreams/${slug}/activities`, { content: '<p>quokka feeding plan for the circle</p>' })).id;
    ids.networkPost = (await must<{ id: string }>(bob, 'post', '/api/v1/activitystreams/network/activities', { content: '<p>Anyone seen a quokka?</p>' })).id;
    await must(ann, 'post', `/api/v1/activities/${ids.networkPost}/replies`, { content: 'A quokka lives at the lake' });

    // a direct message from ann to bob
    ids.message = (await must<{ id: string }>(ann, 'post', '/api/v1/messages', { to: [bob.id], subject: 'Quokka dinner', content: 'Bring the quokka recipes' })).id;

    // files: one in the hidden group, a folder in the network
    const uploaded = await request(server).post('/api/storage/files').set('Cookie', ann.cookie).set('X-CSRF-Token', ann.csrf).attach('file', Buffer.from('notes'), 'quokka-notes.txt');
    ids.secretFile = (uploaded.body as { id: string }).id;
    await must(ann, 'post', '/api/storage/files/publish', { files: [{ id: ids.secretFile }], folder_ids: [groupRootFolderId(secret.id)], description: 'what quokkas eat' });
    ids.folder = (await must<{ id: string }>(bob, 'post', '/api/storage/folders', { name: 'Quokka photos', parent_folder_id: NETWORK_ROOT_FOLDER_ID })).id;

    // an app item
    await must(admin, 'post', '/api/v1/apps', { slug: 'tasks', name: 'Tasks' });
    await must(admin, 'put', '/api/v1/apps/tasks/properties/p-title', { name: 'title', label: 'Title', type: 'text', required: true });
    ids.item = (await must<{ id: string }>(bob, 'post', '/api/v1/apps/tasks/items', { values: { title: 'Build a quokka shelter' } })).id;

    // an appointment in ann's personal calendar, and one in a network calendar
    const personal = await must<{ id: string }>(ann, 'post', '/calendars', { type: 'personal', calendar: { name: 'Ann private', color: '00796b' } });
    const network = await must<{ id: string }>(admin, 'post', '/calendars', { type: 'network', calendar: { name: 'Network dates', color: 'c62828' } });
    const start = new Date(Date.now() + 3 * 24 * 3_600_000);
    const date = { start: start.toISOString(), end: new Date(start.getTime() + 3_600_000).toISOString(), all_day: false, time_zone: 'Europe/Berlin' };
    ids.privateAppointment = (await must<{ id: string }>(ann, 'post', '/appointments', { appointment: { name: 'Quokka vet visit', calendar_ids: [personal.id], date } })).id;
    ids.networkAppointment = (await must<{ id: string }>(admin, 'post', '/appointments', { appointment: { name: 'Quokka day', calendar_ids: [network.id], date } })).id;
  });
  afterAll(async () => {
    await running.stop();
    await meilisearch.removeIndexes();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('counts every module’s hits for what each viewer may see, and nothing else', async () => {
    const { admin, ann, bob, cid, guest } = clients;
    expect(counts(await search(ann, { q: 'quokka' }))).toEqual({ activities: 3, messages: 1, appointments: 2, files: 1, folders: 1, groups: 1, items: 1 });
    // bob: not in the hidden group — neither its post nor its file nor the group; not ann's private appointment
    expect(counts(await search(bob, { q: 'quokka' }))).toEqual({ activities: 2, messages: 1, appointments: 1, folders: 1, items: 1 });
    // cid is invited: finds the group, not its stream or files
    expect(counts(await search(cid, { q: 'quokka' }))).toEqual({ activities: 2, appointments: 1, folders: 1, groups: 1, items: 1 });
    // the admin reads every stream and appointment and founded the group, but holds no copy of the message
    expect(counts(await search(admin, { q: 'quokka' }))).toEqual({ activities: 3, appointments: 2, files: 1, folders: 1, groups: 1, items: 1 });
    // an external member: the network's stream, no group
    const external = await search(guest, { q: 'quokka' });
    expect(counts(external).groups).toBeUndefined();
    expect(hitIds(external)).not.toContain(ids.secretPost);
    expect(hitIds(await search(bob, { q: 'quokka' }))).not.toEqual(expect.arrayContaining([ids.secretPost, ids.secretFile, ids.privateAppointment]));
  });

  it('answers hits with their links and snippets, an overview of at most 5 per module, and one module’s page', async () => {
    const { ann } = clients;
    const overview = await search(ann, { q: 'quokka' });
    expect(overview.module).toBeNull();
    expect(overview.counts.map((entry) => entry.module)).toEqual([...SEARCH_MODULES]);
    for (const result of overview.results) expect(result.hits.length).toBeLessThanOrEqual(5);
    const hits = Object.fromEntries(overview.results.flatMap((result) => result.hits.map((hit) => [hit.id, hit])));
    expect(hits[ids.message]).toMatchObject({ module: 'messages', title: 'Quokka dinner', html_url: `/messages/${ids.message}`, html_content: 'Bring the quokka recipes' });
    expect(hits[ids.message]?.message?.to.map((person) => person.id)).toEqual([clients.bob.id]);
    expect(hits[ids.secretFile]).toMatchObject({ module: 'files', title: 'quokka-notes.txt', html_url: `/groups/${secret.slug}/files/${ids.secretFile}` });
    expect(hits[ids.folder]).toMatchObject({ module: 'folders', html_url: `/files/folders/${ids.folder}` });
    expect(hits[ids.item]).toMatchObject({ module: 'items', title: 'Build a quokka shelter', html_url: `/apps/tasks/items/${ids.item}` });
    expect(hits[ids.networkAppointment]).toMatchObject({ module: 'appointments', html_url: `/appointments/${ids.networkAppointment}` });
    expect(hits[ids.secretPost]).toMatchObject({ module: 'activities', html_url: `/activities/${ids.secretPost}`, html_content: 'quokka feeding plan for the circle' });
    expect(hits[ids.secretPost]?.activity?.activitystreams[0]).toMatchObject({ slug: secret.slug, name: 'Quokka circle' });

    const page = await search(ann, { q: 'quokka', module: 'activities', sort_by: 'date,desc' });
    expect(page.results).toHaveLength(1);
    expect(page.results[0]?.hits.map((hit) => hit.id)[2]).toBe(ids.secretPost);
    expect(page.pagination).toEqual({ page: 1, per_page: 20, total: 3, total_pages: 1 });
    expect((await search(ann, { q: 'quokka', module: 'activities', page: 2 })).results[0]?.hits).toEqual([]);
  });

  it('searches a group’s own content inside it, and answers 404 to whoever may not see the group', async () => {
    const { ann, bob, cid } = clients;
    const inside = await search(ann, { q: 'quokka' }, `/groups/${secret.slug}/search.json`);
    expect(inside.group).toEqual({ slug: secret.slug, name: 'Quokka circle' });
    expect(counts(inside)).toEqual({ activities: 1, files: 1 });
    expect(hitIds(inside)).toEqual([ids.secretFile, ids.secretPost].sort());
    expect((await request(server).get(`/groups/${secret.slug}/search.json`).query({ q: 'quokka' }).set('Cookie', bob.cookie)).status).toBe(404);
    // invited: sees the group, not its stream or files
    expect(counts(await search(cid, { q: 'quokka' }, `/groups/${secret.slug}/search.json`))).toEqual({});
  });

  it('follows a group’s access: its activities leave the search of non-members when it becomes hidden and come back when it opens; its files stay its members’', async () => {
    const { admin, ann, bob, guest } = clients;
    const categorySlug = (await must<GroupCategoriesResponse>(admin, 'get', '/api/v1/group_categories')).group_categories[0].slug;
    const { slug } = await must<{ slug: string }>(admin, 'post', '/groups', { group_category_slug: categorySlug, group: { name: 'Marsupial den', access: 'open' } });
    const groupId = (await must<GroupDetailDto>(admin, 'get', `/api/v1/groups/${slug}`)).id;
    await must(ann, 'post', `/api/v1/groups/${slug}/join`);
    const post = (await must<{ id: string }>(ann, 'post', `/api/v1/activitystreams/${slug}/activities`, { content: '<p>numbat sighting at dawn</p>' })).id;
    const uploaded = await request(server).post('/api/storage/files').set('Cookie', ann.cookie).set('X-CSRF-Token', ann.csrf).attach('file', Buffer.from('map'), 'numbat-map.txt');
    const file = (uploaded.body as { id: string }).id;
    await must(ann, 'post', '/api/storage/files/publish', { files: [{ id: file }], folder_ids: [groupRootFolderId(groupId)], description: 'where numbats live' });
    const change = (group: object) => must(admin, 'put', `/groups/${slug}`, { group });
    const found = async (): Promise<Record<string, string[]>> =>
      Object.fromEntries(await Promise.all((['ann', 'bob', 'guest', 'admin'] as const).map(async (name): Promise<[string, string[]]> => [name, hitIds(await search(clients[name], { q: 'numbat' }))])));

    // open: every internal member reads the stream; the files only its members (the admin founded it); not the external member
    expect(await found()).toEqual({ ann: [file, post].sort(), bob: [post], guest: [], admin: [file, post].sort() });
    // hidden: gone for bob, still there for its members and the network admin
    await change({ access: 'hidden' });
    expect(await found()).toEqual({ ann: [file, post].sort(), bob: [], guest: [], admin: [file, post].sort() });
    // a reply written while it is hidden takes the stream's audience too
    const reply = (await must<{ id: string }>(ann, 'post', `/api/v1/activities/${post}/replies`, { content: 'another numbat' })).id;
    expect(hitIds(await search(bob, { q: 'numbat' }))).toEqual([]);
    expect(hitIds(await search(ann, { q: 'numbat', module: 'activities' }))).toEqual([post, reply].sort());
    // closed, then externally visible: back for bob, then for the external member (never the files)
    await change({ access: 'closed' });
    expect((await found()).bob).toEqual([post, reply].sort());
    expect((await found()).guest).toEqual([]);
    await change({ externally_visible: true });
    expect((await found()).guest).toEqual([post, reply].sort());
    await change({ externally_visible: false });
    expect((await found()).guest).toEqual([]);
    // an external member invited reads a closed group's stream, joined also its files; hidden, only as a member
    await must(admin, 'post', `/groups/${slug}/membership_invites`, { membership_ids: [guest.id] });
    expect((await found()).guest).toEqual([post, reply].sort());
    await change({ access: 'hidden' });
    expect((await found()).guest).toEqual([]);
    const invites = await must<{ invites: Array<{ id: string; invitable: { slug: string } }> }>(guest, 'get', '/api/v1/group_invites');
    await must(guest, 'post', `/api/v1/group_invites/${invites.invites.find((entry) => entry.invitable.slug === slug)?.id ?? ''}/accept`);
    expect(await found()).toEqual({ ann: [file, post, reply].sort(), bob: [], guest: [file, post, reply].sort(), admin: [file, post, reply].sort() });
    // open again: bob finds the activities, not the files
    await change({ access: 'open' });
    expect((await found()).bob).toEqual([post, reply].sort());
    // a dozen commands, each waiting for its index writes: on a loaded Meilisearch that is more than the default minute
  }, 180_000);

  it('finds a new hit at once, even right after the same search was answered (the cache follows the index position)', async () => {
    const { bob } = clients;
    expect(counts(await search(bob, { q: 'wombat' }))).toEqual({});
    await must(bob, 'post', '/api/v1/activitystreams/network/activities', { content: 'a wombat appeared' });
    expect(counts(await search(bob, { q: 'wombat' }))).toEqual({ activities: 1 });
    // bob deletes his copy of the message: it leaves his search, ann keeps hers
    await must(bob, 'delete', `/api/v1/messages/${ids.message}`);
    expect(counts(await search(bob, { q: 'recipes' }))).toEqual({});
    expect(counts(await search(clients.ann, { q: 'recipes' }))).toEqual({ messages: 1 });
  });

  it('marks a file locked by another member (the lock icon), not for the member holding the lock', async () => {
    const { ann, admin } = clients;
    await must(ann, 'put', `/api/storage/files/${ids.secretFile}/lock`, {});
    const fileHit = async (client: Client) => (await search(client, { q: 'quokka', module: 'files' })).results[0]?.hits.find((hit) => hit.id === ids.secretFile)?.file;
    expect(await fileHit(admin)).toMatchObject({ locked: true, group: { slug: secret.slug, name: 'Quokka circle' } });
    expect((await fileHit(ann))?.locked).toBe(false);
    await must(ann, 'delete', `/api/storage/files/${ids.secretFile}/lock`);
    expect((await fileHit(admin))?.locked).toBe(false);
  });

  it('drops an erased author’s messages from everyone’s search', async () => {
    const dan = await register('dan');
    const { bob } = clients;
    await must(dan, 'post', '/api/v1/messages', { to: [bob.id], subject: 'Echidna', content: 'words about an echidna' });
    expect(counts(await search(bob, { q: 'echidna' }))).toEqual({ messages: 1 });
    await must(clients.admin, 'delete', `/administration/members/${dan.id}`);
    expect(counts(await search(bob, { q: 'echidna' }))).toEqual({});
  });

  it('finds the same after a restart (indexes and their source copies on disk)', async () => {
    const before = await search(clients.ann, { q: 'quokka' });
    await running.stop();
    running = await startStandalone(loadConfig({ ...meilisearch.env, DATA_DIR: dataDir, SESSION_SECRET: 'search-int-secret-0123456789abcdef0123456789', PORT: '0', PASSWORD_SCRYPT_N: '1024', LOG_LEVEL: 'error' }), {
      repositoryRoot: dataDir,
      host: '127.0.0.1',
    });
    server = running.app.getHttpServer() as Server;
    expect((await search(clients.ann, { q: 'quokka' })).counts).toEqual(before.counts);
  });

  it('refuses bad input with field and key, and signed-out requests', async () => {
    const { ann } = clients;
    const bad = async (query: Record<string, string>) => (await request(server).get('/search.json').query(query).set('Cookie', ann.cookie).expect(400)).body as { errors: unknown[] };
    expect((await bad({ q: 'x', module: 'nope' })).errors).toEqual([{ field: 'module', key: 'invalid_value' }]);
    expect((await bad({ q: 'x', page: '0' })).errors).toEqual([{ field: 'page', key: 'too_small' }]);
    expect((await bad({ q: 'x', sort_by: 'random' })).errors).toEqual([{ field: 'sort_by', key: 'invalid_value' }]);
    expect((await bad({ q: 'x'.repeat(201) })).errors).toEqual([{ field: 'q', key: 'too_long' }]);
    expect((await request(server).get('/search.json').query({ q: 'quokka' })).status).toBe(401);
    expect(counts(await search(ann, { q: '' }))).toEqual({});
  });

  it('describes both routes in the OpenAPI document with their query and statuses', async () => {
    const docs = (await request(server).get('/api/docs').expect(200)).body as { paths: Record<string, { get?: { parameters?: Array<{ name: string }>; responses: Record<string, unknown> } }> };
    for (const path of ['/search.json', '/groups/{groupSlug}/search.json']) {
      const get = docs.paths[path]?.get;
      expect(get?.parameters?.map((parameter) => parameter.name)).toEqual(expect.arrayContaining(['q', 'module', 'page', 'sort_by']));
      expect(Object.keys(get?.responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '401']));
    }
  });
});
