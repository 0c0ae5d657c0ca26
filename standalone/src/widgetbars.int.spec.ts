import { createServer, type Server as PlainServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import {
  widgetBarStream,
  type GroupCategoriesResponse,
  type GroupDetailDto,
  type NetworkResponse,
  type ResolvedWidgetBarResponse,
  type WidgetBarCalendarsResponse,
  type WidgetBarListResponse,
  type WidgetBarResponse,
} from '@cn/contracts';
import { useDemoServer } from './testing/demo-server';
import { requestCaller, signInClient, type HttpMethod, type SignedInClient } from './testing/signed-in-client';

const NETWORK = '/administration/widgetbars';
const text = (content: string) => ({ type: 'text', properties: { content } });

/**
 * Widget bars through the one-process server: the editors' reads and saves (revisions, 400 with field and
 * key, 403, 409), the bars resolved for a member, and the can flags agreeing with the answers for each role.
 */
describe('widget bars', () => {
  const feedServer: PlainServer = createServer((req, res) => {
    if (req.url === '/feed.xml') {
      res.writeHead(200, { 'Content-Type': 'application/rss+xml' });
      res.end('<?xml version="1.0"?><rss version="2.0"><channel><title>News</title><item><title>First news</title><link>https://example.org/1</link></item><item><title>Second news</title><link>https://example.org/2</link></item></channel></rss>');
    } else {
      res.writeHead(500).end();
    }
  });
  const demo = useDemoServer('widgetbars', { FEEDS_ALLOW_PRIVATE_NETWORKS: 'true' });
  const call = requestCaller(() => demo.server);
  const must = async <T = Record<string, unknown>>(client: SignedInClient, method: HttpMethod, path: string, body?: object): Promise<T> => {
    const res = await call(client, method, path, body);
    if (res.status >= 300) throw new Error(`${client.email} ${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as T;
  };
  const clients = demo.clients as Record<string, SignedInClient>;
  let feedBase = '';

  beforeAll(async () => {
    await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
    feedBase = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}`;
    const email = 'plain-widgets@example.org';
    await must(clients.admin, 'post', '/administration/members', { user: { email, password: 'a good passphrase for tests', first_name: 'Pia', last_name: 'Plain' } });
    clients.plain = await signInClient(demo.server, email, 'a good passphrase for tests');
  });
  afterAll(() => new Promise<void>((resolve) => feedServer.close(() => resolve())));

  const streamLength = async (scope: string, slug: string) => (await demo.running.infra.eventStore.readStream(widgetBarStream(scope, slug))).length;

  it('shows the seeded dashboard bar on the start page, resolved for the member', async () => {
    const bar = await must<ResolvedWidgetBarResponse>(clients.member, 'get', '/widgetbars/as-dashboard');
    expect(bar.widgets.map((widget) => widget.type)).toEqual(['text', 'online_members', 'newest_members', 'appointments', 'birthday', 'speed_dial']);
    expect(bar.widgets[0]?.data).toEqual({ kind: 'markdown', markdown: expect.stringContaining('Willkommen') });
    const newest = bar.widgets[2]?.data;
    expect(newest?.kind === 'members' && newest.members.map((member) => member.name)).toEqual(expect.arrayContaining(['Ada Admin', 'Max Member', 'Pia Plain']));
    expect(bar.widgets[5]?.data).toEqual({ kind: 'links', links: [] });
    await call(null, 'get', '/widgetbars/as-dashboard').expect(401);
  });

  it('saves a network bar at its revision: one event, read back by editors and members; a stale revision answers 409', async () => {
    const list = await must<WidgetBarListResponse>(clients.admin, 'get', `${NETWORK}.json`);
    const dashboard = list.widgetbars.find((bar) => bar.slug === 'dashboard');
    expect(dashboard?.revision).toBe(1);
    const before = await streamLength('network', 'dashboard');
    await call(clients.admin, 'put', `${NETWORK}/dashboard.json`, {
      widgetbar: { widgets: [text('Hello **team**'), { type: 'rss', properties: { url: `${feedBase}/feed.xml`, count: 1 } }, { type: 'rss', properties: { url: `${feedBase}/broken` } }, { type: 'newest_members', properties: { count: 0 } }] },
      revision: 1,
    }).expect(200);
    expect(await streamLength('network', 'dashboard')).toBe(before + 1);
    const saved = await must<WidgetBarResponse>(clients.admin, 'get', `${NETWORK}/dashboard.json`);
    expect(saved.revision).toBe(2);
    expect(saved.widgets[0]).toEqual({ type: 'text', properties: { content: 'Hello **team**', renderer: 'markdown' } });
    expect(saved.widgets[2]).toEqual({ type: 'rss', properties: { url: `${feedBase}/broken`, count: 12 } });
    const shown = await must<ResolvedWidgetBarResponse>(clients.member, 'get', '/widgetbars/as-dashboard');
    expect(shown.widgets.map((widget) => widget.data)).toEqual([
      { kind: 'markdown', markdown: 'Hello **team**' },
      { kind: 'feed', items: [{ title: 'First news', link: 'https://example.org/1' }], error: null },
      { kind: 'feed', items: [], error: 'rss_unavailable' },
      { kind: 'members', members: [] },
    ]);
    const conflict = await call(clients.admin, 'put', `${NETWORK}/dashboard.json`, { widgetbar: { widgets: [] }, revision: 1 }).expect(409);
    expect(conflict.body.error).toBe('concurrency_conflict');
    expect(await streamLength('network', 'dashboard')).toBe(before + 1);
  });

  it('answers 400 naming the field and key, and appends nothing', async () => {
    const before = await demo.running.infra.eventStore.headPosition();
    const errors = async (path: string, body: object) => (await call(clients.admin, 'put', path, body).expect(400)).body.errors as unknown;
    expect(await errors(`${NETWORK}/dashboard.json`, { widgetbar: { widgets: [{ type: 'online_members', properties: { count: -1 } }] }, revision: 2 })).toEqual([
      { field: 'widgetbar.widgets.0.properties.count', key: 'too_small' },
    ]);
    expect(await errors(`${NETWORK}/dashboard.json`, { widgetbar: { widgets: [{ type: 'birthday', properties: { count: 2.5, show_age: 'yes' } }] }, revision: 2 })).toEqual([
      { field: 'widgetbar.widgets.0.properties.count', key: 'invalid_type' },
      { field: 'widgetbar.widgets.0.properties.show_age', key: 'invalid_type' },
    ]);
    expect(await errors(`${NETWORK}/dashboard.json`, { widgetbar: { widgets: [{ type: 'text', properties: { renderer: 'html' } }] }, revision: 2 })).toEqual([
      { field: 'widgetbar.widgets.0.properties.renderer', key: 'invalid_value' },
    ]);
    expect(await errors(`${NETWORK}/dashboard.json`, { widgetbar: { widgets: [text('x'), { type: 'group_info' }] }, revision: 2 })).toEqual([
      { field: 'widgetbar.widgets.1.type', key: 'widget_only_in_groups' },
    ]);
    expect(await errors(`${NETWORK}/Bad%20Slug.json`, { widgetbar: { widgets: [] }, revision: 0 })).toEqual([{ field: 'slug', key: 'invalid_format' }]);
    expect(await demo.running.infra.eventStore.headPosition()).toBe(before);
    await call(null, 'put', `${NETWORK}/dashboard.json`, { widgetbar: { widgets: [] }, revision: 2 }).expect((res) => expect([401, 403]).toContain(res.status));
  });

  it("keeps a group's bars to its administrators and shows group_info with the group's name", async () => {
    const categorySlug = (await must<GroupCategoriesResponse>(clients.admin, 'get', '/api/v1/group_categories')).group_categories[0]?.slug;
    const { slug } = await must<{ slug: string }>(clients.member, 'post', '/groups', { group_category_slug: categorySlug, group: { name: 'Widget choir' } });
    const group = await must<GroupDetailDto>(clients.member, 'get', `/api/v1/groups/${slug}`);
    const base = `/groups/${group.id}/administration/widgetbars`;
    await call(clients.member, 'put', `${base}/dashboard.json`, { widgetbar: { widgets: [{ type: 'group_info' }, { type: 'admin_members' }] }, revision: 0 }).expect(200);
    expect((await must<WidgetBarListResponse>(clients.member, 'get', `${base}.json`)).widgetbars.map((bar) => [bar.slug, bar.widgets.length])).toEqual([['dashboard', 2]]);
    expect((await must<WidgetBarCalendarsResponse>(clients.member, 'get', `${base}/calendars.json`)).calendars).toEqual([]);
    const shown = await must<ResolvedWidgetBarResponse>(clients.plain, 'get', `/widgetbars/g-${group.id}-as-dashboard`);
    expect(shown.widgets[0]?.data).toEqual({ kind: 'markdown', markdown: expect.stringContaining('## Widget choir') });
    expect(shown.widgets[1]?.data).toEqual({ kind: 'members', members: [expect.objectContaining({ name: 'Max Member' })] });
    await call(clients.plain, 'get', `${base}/dashboard.json`).expect(403);
    await call(clients.plain, 'put', `${base}/dashboard.json`, { widgetbar: { widgets: [] }, revision: 1 }).expect(403);
    await call(clients.member, 'put', `${base}/dashboard.json`, { widgetbar: { widgets: [] }, revision: 0 }).expect(409);
    await call(clients.member, 'put', '/groups/no-such-group/administration/widgetbars/dashboard.json', { widgetbar: { widgets: [] }, revision: 0 }).expect(404);
    await call(clients.member, 'get', '/widgetbars/g-no-such-group-as-dashboard').expect(404);
  });

  it("shows the members widgets' chosen profile fields as far as each viewer may see them on the member's page", async () => {
    await must(clients.plain, 'put', `/members/${clients.plain.id}`, { birthday: '1990-12-24', show_age: true });
    await must(clients.admin, 'put', `${NETWORK}/profiles.json`, {
      widgetbar: { widgets: [{ type: 'admin_members', properties: { profile_fields: ['email', 'last_name'] } }, { type: 'birthday', properties: { count: 50, profile_fields: ['birthday', 'age'] } }] },
      revision: 0,
    });
    const seen = async (client: SignedInClient) => {
      const [admins, birthdays] = (await must<ResolvedWidgetBarResponse>(client, 'get', '/widgetbars/as-profiles')).widgets.map((widget) => widget.data);
      const fieldsOf = (data: typeof admins, name: string) =>
        (data?.kind === 'members' || data?.kind === 'birthdays' ? data.members : []).find((member) => member.name === name)?.fields?.map((entry) => entry.field) ?? [];
      return { admin: fieldsOf(admins, 'Ada Admin'), pia: fieldsOf(birthdays, 'Pia Plain') };
    };
    // another member sees names and the age Pia shows; the email and the birthday only she and network administrators
    expect(await seen(clients.member)).toEqual({ admin: ['last_name'], pia: ['age'] });
    expect(await seen(clients.plain)).toEqual({ admin: ['last_name'], pia: ['birthday', 'age'] });
    expect(await seen(clients.admin)).toEqual({ admin: ['email', 'last_name'], pia: ['birthday', 'age'] });
    const bar = await must<ResolvedWidgetBarResponse>(clients.admin, 'get', '/widgetbars/as-profiles');
    const pia = bar.widgets[1]?.data.kind === 'birthdays' ? bar.widgets[1].data.members.find((member) => member.name === 'Pia Plain') : undefined;
    expect(pia?.fields?.[0]).toEqual({ field: 'birthday', value: '1990-12-24' });
    // once Pia no longer shows her age, others see none
    await must(clients.plain, 'put', `/members/${clients.plain.id}`, { show_age: false });
    expect((await seen(clients.member)).pia).toEqual([]);
  });

  it('gives every role the flags the answers agree with: admin, group admin, member, guest', async () => {
    const categorySlug = (await must<GroupCategoriesResponse>(clients.admin, 'get', '/api/v1/group_categories')).group_categories[0]?.slug;
    const { slug } = await must<{ slug: string }>(clients.member, 'post', '/groups', { group_category_slug: categorySlug, group: { name: 'Flag choir' } });
    const groupId = (await must<GroupDetailDto>(clients.member, 'get', `/api/v1/groups/${slug}`)).id;
    const outcomes: string[] = [];
    const expected: string[] = [];
    for (const [role, client] of [['admin', clients.admin], ['group admin', clients.member], ['member', clients.plain], ['guest', clients.guest]] as const) {
      const network = (await call(client, 'get', '/api/v1/network').expect(200)).body as NetworkResponse;
      const groupRead = await call(client, 'get', `/api/v1/groups/${slug}`);
      const groupFlag = groupRead.status === 200 && (groupRead.body as GroupDetailDto).can.edit_widgetbars;
      const networkRevision = (await must<WidgetBarResponse>(clients.admin, 'get', `${NETWORK}/flags.json`)).revision;
      const groupRevision = (await must<WidgetBarResponse>(clients.admin, 'get', `/groups/${groupId}/administration/widgetbars/flags.json`)).revision;
      const networkSave = (await call(client, 'put', `${NETWORK}/flags.json`, { widgetbar: { widgets: [] }, revision: networkRevision })).status;
      const networkRead = (await call(client, 'get', `${NETWORK}.json`)).status;
      const groupSave = (await call(client, 'put', `/groups/${groupId}/administration/widgetbars/flags.json`, { widgetbar: { widgets: [] }, revision: groupRevision })).status;
      const groupEditor = (await call(client, 'get', `/groups/${groupId}/administration/widgetbars.json`)).status;
      outcomes.push(`${role}: network save ${networkSave}, read ${networkRead}; group save ${groupSave}, read ${groupEditor}`);
      const allowed = (flag: boolean) => (flag ? 200 : 403);
      expected.push(`${role}: network save ${allowed(network.can.administrate)}, read ${allowed(network.can.administrate)}; group save ${allowed(groupFlag)}, read ${allowed(groupFlag)}`);
    }
    expect(outcomes).toEqual(expected);
    // each answer is given to someone and refused to someone
    expect(expected.join('\n')).toMatch(/network save 200/);
    expect(expected.join('\n')).toMatch(/group save 403/);
    expect(expected.filter((line) => line.includes('group save 200'))).toHaveLength(2);
  });

  it('never lists a locked member, nor one the viewer ignores', async () => {
    await must(clients.admin, 'put', `${NETWORK}/people.json`, { widgetbar: { widgets: [{ type: 'newest_members', properties: { count: 50 } }] }, revision: 0 });
    const names = async () => {
      const data = (await must<ResolvedWidgetBarResponse>(clients.member, 'get', '/widgetbars/as-people')).widgets[0]?.data;
      return data?.kind === 'members' ? data.members.map((member) => member.name) : [];
    };
    expect(await names()).toContain('Pia Plain');
    expect(await names()).toContain('Gina Guest');
    await must(clients.member, 'post', `/api/v1/members/${clients.guest.id}/ignore`);
    expect(await names()).not.toContain('Gina Guest');
    await must(clients.admin, 'put', `/administration/members/${clients.plain.id}/lock`, { locked: true });
    expect(await names()).not.toContain('Pia Plain');
  });

  it('reaches open consoles showing a bar within a second: a saved bar, a new member, a member coming online; not a console without one', async () => {
    const port = (demo.server.address() as AddressInfo).port;
    const open = async (client: SignedInClient, topics: string[] = []) => {
      const socket = new WebSocket(`ws://127.0.0.1:${port}/api/realtime`, { headers: { Cookie: client.cookie } });
      await new Promise<void>((resolve, reject) => {
        socket.once('open', () => resolve());
        socket.once('error', reject);
      });
      // a page showing a bar watches the topic, as the member console's bar does; the answer says it holds
      const watching = new Promise<void>((resolve) =>
        socket.on('message', (raw: Buffer) => {
          if ((JSON.parse(raw.toString('utf8')) as { type: string }).type === 'watching') resolve();
        }),
      );
      socket.send(JSON.stringify({ type: 'watch', topics }));
      await watching;
      return socket;
    };
    // the bar shows an online-members widget: presence is told to consoles watching `widgetbars_online` too
    const socket = await open(clients.member, ['widgetbars', 'widgetbars_online']);
    const heard: Array<{ id: string; at: number }> = [];
    socket.on('message', (raw: Buffer) => {
      const message = JSON.parse(raw.toString('utf8')) as { type: string; collection: string; id: string };
      if (message.type === 'changed' && message.collection === 'widgetbars') heard.push({ id: message.id, at: Date.now() });
    });
    // the same member's console on a page without a bar: told nothing of bars
    const elsewhere = await open(clients.member, ['appointments']);
    const heardElsewhere: string[] = [];
    elsewhere.on('message', (raw: Buffer) => {
      const message = JSON.parse(raw.toString('utf8')) as { type: string; collection: string; id: string };
      if (message.type === 'changed' && message.collection === 'widgetbars') heardElsewhere.push(message.id);
    });
    const within = async (id: string, since: number) => {
      while (Date.now() < since + 1000 && !heard.some((message) => message.id === id && message.at >= since)) await new Promise((resolve) => setTimeout(resolve, 20));
      return heard.some((message) => message.id === id && message.at >= since && message.at <= since + 1000);
    };
    let other: WebSocket | null = null;
    try {
      const saving = Date.now();
      await must(clients.admin, 'put', `${NETWORK}/live.json`, { widgetbar: { widgets: [{ type: 'online_members', properties: { count: 10 } }] }, revision: 0 });
      expect(await within('network:live', saving)).toBe(true);
      const registered = Date.now();
      await must(clients.admin, 'post', '/administration/members', { user: { email: 'newcomer-widgets@example.org', password: 'a good passphrase for tests', first_name: 'Nia', last_name: 'Newcomer' } });
      expect(await within('members', registered)).toBe(true);
      const online = async () => {
        const data = (await must<ResolvedWidgetBarResponse>(clients.member, 'get', '/widgetbars/as-live')).widgets[0]?.data;
        return data?.kind === 'members' ? data.members.map((member) => member.name) : [];
      };
      expect(await online()).not.toContain('Ada Admin');
      const connecting = Date.now();
      other = await open(clients.admin);
      expect(await within('members', connecting)).toBe(true);
      expect(await online()).toContain('Ada Admin');
      expect(heardElsewhere).toEqual([]);
    } finally {
      socket.close();
      elsewhere.close();
      other?.close();
    }
  });
});
