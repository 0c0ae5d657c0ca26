import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Server } from 'node:http';
import request from 'supertest';
import {
  CONSISTENCY_HEADER,
  channelStream,
  type ChannelDirectoryResponse,
  type ChannelDto,
  type ChannelsUserbarResponse,
  type GroupCategoriesResponse,
  type NetworkResponse,
} from '@cn/contracts';
import { loadConfig } from '@cn/platform';
import { DEMO_PASSWORD } from '@cn/command-service';
import { startStandalone, type RunningStandalone } from './standalone';

interface Client {
  id: string;
  cookie: string;
  csrf: string;
}

const ASSIGN = '/administration/channel_settings/assign_channel_subscriptions';
const PASSWORD = 'Kompost-Haufen-2026!';

/** Issue 14: administrators subscribe members, groups' members or everybody to channels, as members subscribe themselves. */
describe('channel subscription assignment over HTTP', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'chanassign-int-'));
  let running: RunningStandalone;
  let server: Server;
  let position = 0;
  let admin: Client;
  let member: Client;
  const people: Client[] = [];
  let groupId = '';

  const signIn = async (email: string, password = DEMO_PASSWORD): Promise<Client> => {
    const res = await request(server).post('/users/sign_in').send({ email, password }).expect(200);
    const cookie = (res.headers['set-cookie'] as unknown as string[])[0]?.split(';')[0] ?? '';
    const network = (await request(server).get('/api/v1/network').set('Cookie', cookie).expect(200)).body as NetworkResponse;
    return { id: network.current_member?.id ?? '', cookie, csrf: network.csrf_token ?? '' };
  };
  const call = (client: Client, method: 'post' | 'put' | 'delete', path: string, body?: object) => {
    const pending = request(server)[method](path).set('Cookie', client.cookie).set('X-CSRF-Token', client.csrf);
    pending.on('response', (res: { body?: { position?: unknown } }) => {
      const answered = res.body?.position;
      if (typeof answered === 'number') position = Math.max(position, answered);
    });
    return body === undefined ? pending : pending.send(body);
  };
  const get = (client: Client, path: string) => request(server).get(path).set('Cookie', client.cookie).set(CONSISTENCY_HEADER, String(position));
  const head = () => running.infra.eventStore.headPosition();
  const subscribers = async (slug: string) => ((await get(admin, `/channels/${slug}`).expect(200)).body as ChannelDto).subscribers_count;
  const subscribedOf = async (client: Client) => ((await get(client, '/channels').expect(200)).body as ChannelsUserbarResponse).subscribed.map((link) => link.slug);
  const onlySubscribed = async (client: Client) =>
    ((await get(client, '/directory/channels?only_subscribed=true&per_page=100').expect(200)).body as ChannelDirectoryResponse).entries.map((entry) => entry.slug);

  beforeAll(async () => {
    const config = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'chanassign-secret-0123456789abcdef0123456789', PORT: '0', PASSWORD_SCRYPT_N: '1024', LOG_LEVEL: 'error' });
    running = await startStandalone(config, { repositoryRoot: dataDir, host: '127.0.0.1' });
    server = running.app.getHttpServer() as Server;
    admin = await signIn('admin@example.org');
    member = await signIn('member@example.org');
    for (let i = 0; i < 3; i += 1) {
      const email = `assignee${i}@example.org`;
      await call(admin, 'post', '/administration/members', { user: { email, password: PASSWORD, first_name: 'Assig', last_name: `Nee ${i}` } }).expect(201);
      people.push(await signIn(email, PASSWORD));
    }
    await call(admin, 'post', '/channels', { channel: { title: 'Assigned news' } }).expect(201);
    await call(admin, 'post', '/channels', { channel: { title: 'Assigned events' } }).expect(201);
    const categorySlug = ((await get(admin, '/api/v1/group_categories').expect(200)).body as GroupCategoriesResponse).group_categories[0].slug;
    const founded = await call(people[1], 'post', '/groups', { group_category_slug: categorySlug, group: { name: 'Assignment circle' } }).expect(201);
    groupId = (founded.body as { id: string }).id;
    await call(people[2], 'post', `/api/v1/groups/${(founded.body as { slug: string }).slug}/join`).expect(200);
  });
  afterAll(async () => {
    await running.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses non-administrators and bad input with nothing appended', async () => {
    const before = await head();
    await call(member, 'post', ASSIGN, { members: [{ id: member.id, type: 'member' }], channels: ['assigned-news'] }).expect(403);
    await request(server).post(ASSIGN).send({ members: [], channels: ['assigned-news'] }).expect((res) => expect([401, 403]).toContain(res.status));
    const noChannels = await call(admin, 'post', ASSIGN, { members: [{ id: member.id, type: 'member' }], channels: [] }).expect(400);
    expect(noChannels.body).toMatchObject({ error: 'validation_failed', errors: [{ field: 'channels', key: 'required' }] });
    // one unknown channel among known ones: nothing for the known one either
    const unknown = await call(admin, 'post', ASSIGN, { members: [{ id: member.id, type: 'member' }], channels: ['assigned-news', 'no-such-channel'] }).expect(400);
    expect(unknown.body.errors).toEqual([{ field: 'channels.1', key: 'unknown_channel' }]);
    const strangers = await call(admin, 'post', ASSIGN, { members: [{ id: 'nobody', type: 'member' }, { id: 'no-group', type: 'group' }], channels: ['assigned-news'] }).expect(400);
    expect(strangers.body.errors).toEqual([
      { field: 'members.0.id', key: 'unknown_member' },
      { field: 'members.1.id', key: 'unknown_group' },
    ]);
    // a draft channel is no channel a member could subscribe to
    const draft = await call(admin, 'post', ASSIGN, { members: [{ id: member.id, type: 'member' }], channels: ['vorstand-intern'] }).expect(400);
    expect(draft.body.errors).toEqual([{ field: 'channels.0', key: 'unknown_channel' }]);
    expect(await head()).toBe(before);
    expect(await subscribers('assigned-news')).toBe(0);
  });

  it('subscribes a member as if they had subscribed themselves; repeating adds nothing', async () => {
    const answer = await call(admin, 'post', ASSIGN, { members: [{ id: people[0].id, type: 'member' }], channels: ['assigned-news'] }).expect(200);
    expect(answer.body).toMatchObject({ added: 1, position: expect.any(Number) });
    expect(await subscribers('assigned-news')).toBe(1);
    expect(await subscribedOf(people[0])).toEqual(['assigned-news']);
    expect(await onlySubscribed(people[0])).toEqual(['assigned-news']);
    expect(((await get(people[0], '/channels/assigned-news').expect(200)).body as ChannelDto).i.subscribed).toBe(true);

    const before = await head();
    expect((await call(admin, 'post', ASSIGN, { members: [{ id: people[0].id, type: 'member' }], channels: ['assigned-news'] }).expect(200)).body.added).toBe(0);
    expect(await head()).toBe(before);
    // and the member may unsubscribe as from any subscription
    await call(people[0], 'post', '/channels/assigned-news/unsubscribe').expect(200);
    expect(await subscribers('assigned-news')).toBe(0);
  });

  it("subscribes a group's members to several channels", async () => {
    const answer = await call(admin, 'post', ASSIGN, { members: [{ id: groupId, type: 'group' }], channels: ['assigned-news', 'assigned-events'] }).expect(200);
    expect(answer.body.added).toBe(4);
    expect(await subscribers('assigned-news')).toBe(2);
    expect(await subscribers('assigned-events')).toBe(2);
    expect(await subscribedOf(people[1])).toEqual(['assigned-events', 'assigned-news']);
    expect(await subscribedOf(people[2])).toEqual(['assigned-events', 'assigned-news']);
    expect(await subscribedOf(people[0])).toEqual([]);
  });

  it('subscribes every active network member, ignoring the members list, never a locked member', async () => {
    await call(admin, 'post', '/administration/members', { user: { email: 'locked@example.org', password: PASSWORD, first_name: 'Locked', last_name: 'Out' } }).expect(201);
    const locked = await signIn('locked@example.org', PASSWORD);
    await call(admin, 'put', `/administration/members/${locked.id}/lock`, { locked: true }).expect(200);
    const count = await subscribers('assigned-events');
    const answer = await call(admin, 'post', ASSIGN, { members: 'ignored', channels: ['assigned-events'], subscribe_all_network_members: true }).expect(200);
    expect(answer.body.added).toBeGreaterThanOrEqual(3);
    expect(await subscribers('assigned-events')).toBe(count + answer.body.added);
    for (const client of [admin, member, people[0]]) expect(await subscribedOf(client)).toContain('assigned-events');
    const subscribedIds = (await running.infra.eventStore.readStream(channelStream('assigned-events'))).filter((event) => event.type === 'ChannelSubscribed').map((event) => (event.data as { member_id: string }).member_id);
    expect(subscribedIds).toContain(people[0].id);
    expect(subscribedIds).not.toContain(locked.id);
    expect((await call(admin, 'post', ASSIGN, { channels: ['assigned-events'], subscribe_all_network_members: true }).expect(200)).body.added).toBe(0);
  });

  it("answers as the console's can.administrate flag says, for every role", async () => {
    for (const client of [admin, member, people[0]]) {
      const network = (await get(client, '/api/v1/network').expect(200)).body as NetworkResponse;
      const res = await call(client, 'post', ASSIGN, { members: [{ id: people[0].id, type: 'member' }], channels: ['assigned-events'] });
      expect(res.status).toBe(network.can.administrate ? 200 : 403);
    }
    const signedOut = await request(server).get('/api/v1/network').expect(200);
    expect((signedOut.body as NetworkResponse).can.administrate).toBe(false);
  });

  it('lists only active channels with only_public', async () => {
    const slugs = async (query: string) => ((await get(admin, `/directory/channels${query}`).expect(200)).body as ChannelDirectoryResponse).entries.map((entry) => entry.slug);
    expect(await slugs('?per_page=100')).toContain('vorstand-intern');
    const onlyPublic = await slugs('?only_public=true&per_page=100');
    expect(onlyPublic).not.toContain('vorstand-intern');
    expect(onlyPublic).toEqual(expect.arrayContaining(['assigned-news', 'assigned-events', 'neuigkeiten']));
  });
});
