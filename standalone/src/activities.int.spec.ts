import type { AddressInfo } from 'node:net';
import request from 'supertest';
import WebSocket from 'ws';
import {
  CONSISTENCY_HEADER,
  type ActivitiesResponse,
  type ActivityDto,
  type ActivityStreamsResponse,
  type GroupCategoriesResponse,
  type GroupDetailDto,
  mentionMarkup,
  type UnreadActivitiesResponse,
} from '@cn/contracts';
import { DEMO_PASSWORD } from '@cn/command-service';
import { signInClient, type SignedInClient } from './testing/signed-in-client';
import { useDemoServer } from './testing/demo-server';

type Client = SignedInClient;

const PASSWORD = 'a good passphrase for tests';

/**
 * Activity streams over HTTP, all services in one process: posting (sanitised), editing and deleting by
 * the rules, replies, likes counted right under concurrent members, unread counts that reading brings
 * down, automatic activities, and hidden groups' streams, which exist for nobody outside them.
 */
describe('activity streams over HTTP', () => {
  const demo = useDemoServer('activities');
  let position = 0;
  const clients: Record<string, Client> = demo.clients;

  const signIn = (email: string, password = DEMO_PASSWORD): Promise<Client> => signInClient(demo.server, email, password);
  const call = async (client: Client, method: 'get' | 'post' | 'put' | 'delete', path: string, body?: object) => {
    const pending = request(demo.server)[method](path).set('Cookie', client.cookie).set('X-CSRF-Token', client.csrf).set('Accept', 'application/json').set(CONSISTENCY_HEADER, String(position));
    const res = await (body === undefined ? pending : pending.send(body));
    const answered = (res.body as { position?: unknown } | undefined)?.position;
    if (typeof answered === 'number') position = Math.max(position, answered);
    return res;
  };
  const must = async <T = Record<string, unknown>>(client: Client, method: 'get' | 'post' | 'put' | 'delete', path: string, body?: object): Promise<T> => {
    const res = await call(client, method, path, body);
    if (res.status >= 300) throw new Error(`${client.email} ${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as T;
  };
  const register = async (name: string): Promise<Client> => {
    const email = `${name}@example.org`;
    await must(clients.admin, 'post', '/administration/members', { user: { email, password: PASSWORD, first_name: name, last_name: 'Test' } });
    return signIn(email, PASSWORD);
  };
  let categorySlug = '';
  const found = async (founder: Client, name: string, group: object = {}): Promise<{ slug: string; id: string }> => {
    const { slug } = await must<{ slug: string }>(founder, 'post', '/groups', { group_category_slug: categorySlug, group: { name, ...group } });
    return { slug, id: (await must<GroupDetailDto>(founder, 'get', `/api/v1/groups/${slug}`)).id };
  };
  const stream = (client: Client, slug: string) => must<ActivitiesResponse>(client, 'get', `/api/v1/activitystreams/${slug}/activities`);
  const post = async (client: Client, slug: string, content: string) => (await must<{ id: string }>(client, 'post', `/api/v1/activitystreams/${slug}/activities`, { content })).id;
  const links = async (client: Client) => (await must<ActivityStreamsResponse>(client, 'get', '/activitystreams.json')).items;

  beforeAll(async () => {
    categorySlug = (await must<GroupCategoriesResponse>(clients.admin, 'get', '/api/v1/group_categories')).group_categories[0].slug;
  });

  it('posts sanitised rich text; 401 before 400; bad input is 400 with field and key and nothing written', async () => {
    const { member } = clients;
    expect((await request(demo.server).post('/api/v1/activitystreams/network/activities').send({ content: '' })).status).toBe(401);
    for (const content of ['', '<script>alert(1)</script>', '<p>   </p>']) {
      const res = await call(member, 'post', '/api/v1/activitystreams/network/activities', { content });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ field: 'content', key: 'required' }]);
    }
    expect((await call(member, 'post', '/api/v1/activitystreams/network/activities', {})).body.errors).toEqual([expect.objectContaining({ field: 'content' })]);
    const before = (await stream(member, 'network')).activities.length;
    const id = await post(member, 'network', '<p onclick="x()">Hello <b>all</b><script>evil()</script><a href="javascript:x">link</a></p>');
    const page = await stream(member, 'network');
    expect(page.activities).toHaveLength(before + 1);
    expect(page.activities[0]).toMatchObject({ id, kind: 'post', html_content: '<p>Hello <b>all</b><a>link</a></p>', author: { id: member.id }, can: { update: true, destroy: true, reply: true, like: true } });
    expect((await call(member, 'post', '/api/v1/activitystreams/nowhere/activities', { content: 'x' })).status).toBe(404);
    // external members read the network stream through 'all' but do not post in it
    expect((await call(clients.guest, 'post', '/api/v1/activitystreams/network/activities', { content: 'hi' })).status).toBe(403);
    expect((await links(clients.guest)).map((link) => link.slug)).not.toContain('network');
    expect((await stream(clients.guest, 'all')).activities.map((activity) => activity.id)).toContain(id);
  });

  it('lets the author edit, and the author or a network admin delete; replies with PUT edits', async () => {
    const { member, admin, auditor } = clients;
    const id = await post(member, 'network', 'first');
    expect((await call(admin, 'put', `/api/v1/activities/${id}`, { content: 'hijacked' })).status).toBe(403);
    await must(member, 'put', `/api/v1/activities/${id}`, { content: 'first, edited' });
    expect((await must<ActivityDto>(auditor, 'get', `/api/v1/activities/${id}`)).html_content).toBe('first, edited');

    const reply = await must<{ id: string }>(auditor, 'post', `/api/v1/activities/${id}/replies`, { content: '<em>agreed</em>' });
    expect((await call(member, 'put', `/api/v1/activities/${id}/replies/${reply.id}`, { content: 'not mine' })).status).toBe(403);
    await must(auditor, 'put', `/api/v1/activities/${id}/replies/${reply.id}`, { content: '<em>agreed!</em>' });
    const seen = await must<ActivityDto>(member, 'get', `/api/v1/activities/${id}`);
    expect(seen.replies).toEqual([expect.objectContaining({ id: reply.id, html_content: '<em>agreed!</em>', author: expect.objectContaining({ id: auditor.id }), can: { update: false, destroy: false } })]);
    expect((await must<ActivityDto>(admin, 'get', `/api/v1/activities/${id}`)).replies[0].can).toEqual({ update: false, destroy: true });

    expect((await call(auditor, 'delete', `/api/v1/activities/${id}`)).status).toBe(403);
    await must(admin, 'delete', `/api/v1/activities/${id}`);
    expect((await call(member, 'get', `/api/v1/activities/${id}`)).status).toBe(404);
    const again = await call(member, 'post', `/api/v1/activities/${id}/replies`, { content: 'late' });
    expect(again.status).toBe(404);
    expect(JSON.stringify(again.body)).toContain('activity_deleted');
  });

  it('counts 20 concurrent likes as 20, and a member\'s repeated likes once', async () => {
    const id = await post(clients.member, 'network', 'like me');
    const likers = await Promise.all(Array.from({ length: 20 }, (_, i) => register(`liker${i}`)));
    const answers = await Promise.all(likers.map((liker) => call(liker, 'post', `/api/v1/activities/${id}/like`)));
    expect(answers.map((res) => res.status)).toEqual(Array.from({ length: 20 }, () => 200));
    await Promise.all([0, 1, 2].map(() => must(likers[0], 'post', `/api/v1/activities/${id}/like`)));
    const liked = await must<ActivityDto>(clients.member, 'get', `/api/v1/activities/${id}`);
    expect(liked.likes_count).toBe(20);
    expect((await must<ActivityDto>(likers[0], 'get', `/api/v1/activities/${id}`)).liked).toBe(true);
    await must(likers[0], 'delete', `/api/v1/activities/${id}/like`);
    await must(likers[0], 'delete', `/api/v1/activities/${id}/like`);
    expect((await must<ActivityDto>(clients.member, 'get', `/api/v1/activities/${id}`)).likes_count).toBe(19);
    expect((await must<ActivitiesResponse>(clients.admin, 'get', `/api/v1/members/${likers[1].id}/likes`)).activities.map((activity) => activity.id)).toEqual([id]);
    expect((await must<ActivitiesResponse>(clients.admin, 'get', `/api/v1/members/${clients.member.id}/activities`)).activities.map((activity) => activity.id)).toContain(id);
  });

  it('keeps a hidden group\'s stream from everyone outside it; counts unread and reading brings it down', async () => {
    const { admin, member, auditor } = clients;
    const insider = await register('insider');
    const secret = await found(admin, 'Secret circle', { access: 'hidden' });
    await must(admin, 'post', `/groups/${secret.slug}/membership_invites`, { membership_ids: [insider.id, auditor.id] });
    const invites = await must<{ invites: Array<{ id: string; invitable: { slug: string } }> }>(insider, 'get', '/api/v1/group_invites');
    const invite = invites.invites.find((entry) => entry.invitable.slug === secret.slug);
    await must(insider, 'post', `/api/v1/group_invites/${invite?.id ?? ''}/accept`);

    await must(insider, 'post', `/api/v1/activitystreams/all/read`, { up_to: position });
    const id = await post(admin, secret.slug, 'for the circle only');
    // the member outside it and the merely invited one: 404, no trace in lists, counts or member pages
    for (const outsider of [member, auditor, clients.guest]) {
      expect((await call(outsider, 'get', `/api/v1/activitystreams/${secret.slug}/activities`)).status).toBe(404);
      expect((await call(outsider, 'get', `/api/v1/activities/${id}`)).status).toBe(404);
      expect((await call(outsider, 'post', `/api/v1/activities/${id}/like`)).status).toBe(404);
      expect((await call(outsider, 'post', `/api/v1/activitystreams/${secret.slug}/activities`, { content: 'let me in' })).status).toBe(404);
      expect((await stream(outsider, 'all')).activities.map((activity) => activity.id)).not.toContain(id);
      expect((await links(outsider)).map((link) => link.slug)).not.toContain(secret.slug);
      expect((await must<ActivitiesResponse>(outsider, 'get', `/api/v1/members/${admin.id}/activities`)).activities.map((activity) => activity.id)).not.toContain(id);
    }
    // the member inside sees it, unread, in the group's and in 'all'
    const mine = (await links(insider)).find((link) => link.slug === secret.slug);
    expect(mine).toMatchObject({ kind: 'group', name: 'Secret circle', unread_count: 1 });
    expect((await must<UnreadActivitiesResponse>(insider, 'get', '/api/v1/unreads/activities')).streams).toContainEqual({ slug: secret.slug, count: 1 });
    const page = await stream(insider, secret.slug);
    expect(page).toMatchObject({ unread_count: 1, can: { post: true } });
    expect(page.activities.map((activity) => activity.id)).toContain(id);
    await must(insider, 'post', `/api/v1/activitystreams/${secret.slug}/read`, { up_to: page.latest_position });
    expect((await links(insider)).find((link) => link.slug === secret.slug)?.unread_count).toBe(0);
    expect((await links(insider)).find((link) => link.slug === 'all')?.unread_count).toBe(0);
    // the insider's own post is never unread for them
    await post(insider, secret.slug, 'my own');
    expect((await links(insider)).find((link) => link.slug === secret.slug)?.unread_count).toBe(0);
    expect((await call(insider, 'post', `/api/v1/activitystreams/${secret.slug}/read`, {})).body.errors).toEqual([{ field: 'up_to', key: 'required' }]);
  });

  it('tells of new members and group appointments in the group\'s stream, pushed live to the group\'s members', async () => {
    const { admin, member } = clients;
    const club = await found(admin, 'Reading club');
    const socket = new WebSocket(`ws://127.0.0.1:${(demo.server.address() as AddressInfo).port}/api/realtime`, { headers: { Cookie: admin.cookie } });
    const messages: Array<{ collection: string; id: string }> = [];
    socket.on('message', (raw: Buffer) => {
      const message = JSON.parse(raw.toString('utf8')) as { type: string; collection: string; id: string };
      if (message.type === 'changed' && message.collection === 'activities') messages.push(message);
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    try {
      await must(member, 'post', `/api/v1/groups/${club.slug}/join`);
      const calendar = await must<{ id: string }>(admin, 'post', '/calendars', { type: 'group', parent_id: club.id, calendar: { name: 'Club dates', color: '00796b' } });
      await must(admin, 'post', '/appointments', {
        appointment: { name: 'Book talk', calendar_ids: [calendar.id], date: { start: '2026-12-01T18:00:00.000Z', end: '2026-12-01T19:00:00.000Z', all_day: false } },
      });
      const page = await stream(member, club.slug);
      expect(page.activities.map((activity) => [activity.kind, activity.subject?.title])).toEqual(
        expect.arrayContaining([
          ['group_member', 'Reading club'],
          ['appointment', 'Book talk'],
        ]),
      );
      expect(page.activities.find((activity) => activity.kind === 'appointment')?.can).toEqual({ update: false, destroy: false, reply: false, like: false });
      const deadline = Date.now() + 3000;
      while (Date.now() < deadline && !messages.some((message) => message.id === club.id)) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(messages.map((message) => message.id)).toContain(club.id);
    } finally {
      socket.close();
    }
  });

  it('answers can flags that the commands keep, for every role (group admin, member, external author, auditor outside, network admin)', async () => {
    const { member, admin, guest, auditor } = clients;
    const outsider = await register('outsider');
    const roles: Record<string, Client> = { group_admin: member, network_admin: admin, external_author: guest, auditor, outsider };
    const allowed = (status: number) => status >= 200 && status < 300;
    for (const [role, client] of Object.entries(roles)) {
      const id = await post(guest, 'gardening', `by the guest for ${role}`);
      const res = await call(client, 'get', `/api/v1/activities/${id}`);
      const can = res.status === 200 ? (res.body as ActivityDto).can : { update: false, destroy: false, reply: false, like: false };
      const answers = {
        like: allowed((await call(client, 'post', `/api/v1/activities/${id}/like`)).status),
        reply: allowed((await call(client, 'post', `/api/v1/activities/${id}/replies`, { content: 'a reply' })).status),
        update: allowed((await call(client, 'put', `/api/v1/activities/${id}`, { content: `edited by ${role}` })).status),
        destroy: allowed((await call(client, 'delete', `/api/v1/activities/${id}`)).status),
      };
      expect([role, answers]).toEqual([role, { like: can.like, reply: can.reply, update: can.update, destroy: can.destroy }]);
    }
    // and the stream's can.post
    for (const [role, client] of Object.entries(roles)) {
      const page = await stream(client, 'gardening');
      const posted = allowed((await call(client, 'post', '/api/v1/activitystreams/gardening/activities', { content: `post of ${role}` })).status);
      expect([role, posted]).toEqual([role, page.can.post]);
    }
  });

  it("lets 'all' gather only the subscribed streams, and from the others the member's own posts, followed members' and mentions", async () => {
    const { admin } = clients;
    const reader = await register('reader');
    const writer = await register('writer');
    const friend = await register('friend');
    const choir = await found(admin, 'Evening choir');
    for (const client of [reader, writer, friend]) await must(client, 'post', `/api/v1/groups/${choir.slug}/join`);
    const allContents = async () => (await stream(reader, 'all')).activities.map((activity) => activity.html_content);
    const choirLink = async () => (await links(reader)).find((link) => link.slug === choir.slug);

    await post(writer, choir.slug, '<p>before unsubscribing</p>');
    expect(await allContents()).toContain('<p>before unsubscribing</p>');
    // the others' joins and the post are unread for the reader, in the group's count and in 'all''s
    const choirBefore = (await choirLink())?.unread_count ?? 0;
    const allBefore = (await links(reader)).find((link) => link.slug === 'all')?.unread_count ?? 0;
    expect(await choirLink()).toMatchObject({ subscribed: true });
    expect(choirBefore).toBeGreaterThanOrEqual(1);
    expect(allBefore).toBeGreaterThanOrEqual(choirBefore);

    // unsubscribing leaves the stream out of 'all' and its badge, not out of its own page or count
    const off = await call(reader, 'delete', `/activitystreams/${choir.slug}/subscribe`);
    expect([off.status, off.body.subscribed]).toEqual([200, false]);
    expect((await call(reader, 'delete', `/activitystreams/${choir.slug}/subscribe`)).status).toBe(200);
    await must(reader, 'post', `/api/v1/members/${friend.id}/follow`);
    await post(writer, choir.slug, '<p>after unsubscribing</p>');
    await post(friend, choir.slug, '<p>by a followed member</p>');
    await post(writer, choir.slug, `<p>hello ${mentionMarkup(reader.id, 'reader Test')}</p>`);
    await post(reader, choir.slug, '<p>my own</p>');
    const all = await allContents();
    expect(all).not.toContain('<p>after unsubscribing</p>');
    expect(all).not.toContain('<p>before unsubscribing</p>');
    expect(all).toEqual(expect.arrayContaining(['<p>by a followed member</p>', '<p>my own</p>', expect.stringContaining('hello <a href="/members/')]));
    const own = await stream(reader, choir.slug);
    expect(own.stream).toMatchObject({ subscribed: false });
    expect(own.can.subscribe).toBe(true);
    expect(own.activities.map((activity) => activity.html_content)).toContain('<p>after unsubscribing</p>');
    // three new posts of others in the group's own count; 'all''s leaves the group out but for what it shows of it:
    // the followed member's post and joining (both shown in 'all') and the mention; the reader's own post is nobody's news to them
    expect(await choirLink()).toMatchObject({ subscribed: false, unread_count: choirBefore + 3 });
    expect((await links(reader)).find((link) => link.slug === 'all')?.unread_count).toBe(allBefore - choirBefore + 3);
    expect((await stream(reader, 'all')).unread_count).toBe(allBefore - choirBefore + 3);
    expect((await must<UnreadActivitiesResponse>(reader, 'get', '/api/v1/unreads/activities')).total).toBe(allBefore - choirBefore + 3);
    expect((await must<{ Activitystreams: number }>(reader, 'get', '/unreads/features')).Activitystreams).toBe(allBefore - choirBefore + 3);

    // subscribing again brings the stream back; 'all', unknown and hidden streams cannot be toggled
    expect((await call(reader, 'post', `/activitystreams/${choir.slug}/subscribe`)).body.subscribed).toBe(true);
    expect(await allContents()).toContain('<p>after unsubscribing</p>');
    expect((await call(reader, 'post', '/activitystreams/all/subscribe')).status).toBe(404);
    expect((await call(reader, 'post', '/activitystreams/nowhere/subscribe')).status).toBe(404);
    // external members read the network's stream through 'all' only: they may leave it out, as its page's flag says
    expect((await stream(clients.guest, 'network')).can.subscribe).toBe(true);
    expect((await call(clients.guest, 'delete', '/activitystreams/network/subscribe')).status).toBe(200);
    expect((await call(clients.guest, 'post', '/activitystreams/network/subscribe')).status).toBe(200);
    const hidden = await found(admin, 'Hidden board', { access: 'hidden' });
    expect((await call(reader, 'delete', `/activitystreams/${hidden.slug}/subscribe`)).status).toBe(404);
    expect((await stream(reader, 'all')).can.subscribe).toBe(false);
  });
});
