import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import {
  CONSISTENCY_HEADER,
  NAVIGATION_COLLECTION,
  PUBLIC_NAVIGATION_TOPIC,
  VISITOR_REALTIME_PATH,
  VISITOR_TOPIC_REFUSED_CODE,
  type GroupCategoriesResponse,
  type NavigationResponse,
  type NetworkResponse,
} from '@cn/contracts';
import { loadConfig } from '@cn/platform';
import { DEMO_PASSWORD } from '@cn/command-service';
import { startStandalone, type RunningStandalone } from './standalone';
import { listenSocket, upgradeRealtime } from './testing/realtime-upgrade';
import { signInClient, type SignedInClient } from './testing/signed-in-client';

/**
 * The navigation editor through the one-process server: the empty-fields rule, depth 2, revisions (409),
 * network administrators for the network, a group's administrators for their group, members read it.
 */
describe('navigation editor', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cn-navigation-'));
  let running: RunningStandalone;
  let server: Server;
  let position = 0;
  const clients: Record<string, SignedInClient> = {};

  const call = (client: SignedInClient, method: 'get' | 'post' | 'put' | 'delete', path: string, body?: object) => {
    let pending = request(server)[method](path).set(CONSISTENCY_HEADER, String(position)).set('Cookie', client.cookie).set('X-CSRF-Token', client.csrf);
    if (body !== undefined) pending = pending.send(body);
    return pending.expect((res) => {
      const answered = (res.body as { position?: unknown } | undefined)?.position;
      if (typeof answered === 'number') position = Math.max(position, answered);
    });
  };

  beforeAll(async () => {
    const config = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'navigation-spec-secret-0123456789abcdef012345', PORT: '0', PASSWORD_SCRYPT_N: '1024', LOG_LEVEL: 'error' });
    running = await startStandalone(config, { repositoryRoot: dataDir, host: '127.0.0.1' });
    server = running.app.getHttpServer() as Server;
    for (const name of ['admin', 'member', 'guest', 'auditor']) clients[name] = await signInClient(server, `${name}@example.org`, DEMO_PASSWORD);
  });
  afterAll(async () => {
    await running.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const items = [
    { text: 'Handbook', link: '/pages/handbook' },
    { text: 'Links', navigation_items: [{ text: 'Website', link: 'https://example.org', new_window: true }] },
  ];

  it('saves items with text and a link or children, and members read them', async () => {
    await call(clients.admin, 'put', '/administration/navigation', { navigation_items: items, revision: 0 }).expect(200);
    const read = (await call(clients.member, 'get', '/api/v1/navigation').expect(200)).body as NavigationResponse;
    expect(read.revision).toBe(1);
    expect(read.navigation_items).toEqual([
      { text: 'Handbook', link: '/pages/handbook', link_type: 'link', target: '', public: false, new_window: false, navigation_items: [] },
      {
        text: 'Links',
        link: '',
        link_type: 'link',
        target: '',
        public: false,
        new_window: false,
        navigation_items: [{ text: 'Website', link: 'https://example.org', link_type: 'link', target: '', public: false, new_window: true }],
      },
    ]);
    expect((await call(clients.admin, 'put', '/administration/navigation', { navigation_items: [], revision: 0 }).expect(409)).body.error).toBe('concurrency_conflict');
  });

  it('answers 400 empty_fields, invalid links and depth 3 naming the field, and appends nothing', async () => {
    const before = await running.infra.eventStore.headPosition();
    const errors = async (navigation_items: unknown[]): Promise<unknown> => (await call(clients.admin, 'put', '/administration/navigation', { navigation_items, revision: 1 }).expect(400)).body.errors as unknown;
    expect(await errors([{ text: '', link: '/x' }])).toEqual([{ field: 'navigation_items.0.text', key: 'empty_fields' }]);
    expect(await errors([{ text: 'Nothing' }])).toEqual([{ field: 'navigation_items.0.link', key: 'empty_fields' }]);
    expect(await errors([{ text: 'Top', navigation_items: [{ text: 'Child' }] }])).toEqual([{ field: 'navigation_items.0.navigation_items.0.link', key: 'empty_fields' }]);
    expect(await errors([{ text: 'Bad', link: 'javascript:alert(1)' }])).toEqual([{ field: 'navigation_items.0.link', key: 'invalid_format' }]);
    const deep = await errors([{ text: 'Top', navigation_items: [{ text: 'Child', link: '/c', navigation_items: [{ text: 'Grandchild', link: '/g' }] }] }]);
    expect(deep).toEqual([expect.objectContaining({ field: expect.stringMatching(/^navigation_items\.0\.navigation_items\.0/) })]);
    expect(await running.infra.eventStore.headPosition()).toBe(before);
  });

  it('lets network administrators edit the network navigation (as the flags say) and group admins their group only', async () => {
    for (const role of ['member', 'guest', 'auditor']) {
      const can = ((await call(clients[role], 'get', '/api/v1/network').expect(200)).body as NetworkResponse).can;
      const res = await call(clients[role], 'put', '/administration/navigation', { navigation_items: [], revision: 1 });
      expect({ role, status: res.status }).toEqual({ role, status: can.administrate ? 200 : 403 });
      const editor = await call(clients[role], 'get', '/administration/navigation.json');
      expect({ role, status: editor.status }).toEqual({ role, status: can.audit ? 200 : 403 });
    }
    const categorySlug = ((await call(clients.admin, 'get', '/api/v1/group_categories').expect(200)).body as GroupCategoriesResponse).group_categories[0].slug;
    const { slug } = (await call(clients.member, 'post', '/groups', { group_category_slug: categorySlug, group: { name: 'Navigation choir' } }).expect(201)).body as { slug: string };
    const path = `/groups/${slug}/administration/navigation`;
    await call(clients.member, 'put', path, { navigation_items: [{ text: 'Rehearsals', link: '/appointments' }], revision: 0 }).expect(200);
    expect(((await call(clients.member, 'get', `${path}.json`).expect(200)).body as NavigationResponse).navigation_items).toHaveLength(1);
    await call(clients.guest, 'put', path, { navigation_items: [], revision: 1 }).expect(403);
    await call(clients.guest, 'get', `${path}.json`).expect(403);
    await call(clients.admin, 'put', path, { navigation_items: [], revision: 1 }).expect(200);
    await call(clients.member, 'put', '/groups/no-such-group/administration/navigation', { navigation_items: [], revision: 0 }).expect(404);
    // the group's navigation is not the network's
    expect(((await call(clients.member, 'get', '/api/v1/navigation').expect(200)).body as NavigationResponse).navigation_items).toHaveLength(2);
  });

  it('links items to a page, an app or a standard module: the target must exist, and members read the link as it is now', async () => {
    const revision = ((await call(clients.admin, 'get', '/administration/navigation.json').expect(200)).body as NavigationResponse).revision;
    const { id: pageId } = (await call(clients.admin, 'post', '/administration/pages', { title: 'Staff handbook', slug: 'staff-handbook', visibility: 'internal' }).expect(201)).body as { id: string };
    await call(clients.admin, 'post', '/api/v1/apps', { slug: 'rooms', name: 'Rooms' }).expect(201);

    const before = await running.infra.eventStore.headPosition();
    const refused = await call(clients.admin, 'put', '/administration/navigation', {
      navigation_items: [
        { text: 'Gone page', link_type: 'page', target: 'no-such-page' },
        { text: 'More', navigation_items: [{ text: 'Gone app', link_type: 'app', target: 'no-such-app' }, { text: 'Odd', link_type: 'standard', target: 'kitchen' }, { text: 'Blank', link_type: 'page' }] },
      ],
      revision,
    }).expect(400);
    expect(refused.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'navigation_items.1.navigation_items.1.target', key: 'invalid_value' },
        { field: 'navigation_items.1.navigation_items.2.target', key: 'empty_fields' },
      ]),
    );
    const unknown = await call(clients.admin, 'put', '/administration/navigation', {
      navigation_items: [{ text: 'Gone page', link_type: 'page', target: 'no-such-page' }, { text: 'More', navigation_items: [{ text: 'Gone app', link_type: 'app', target: 'no-such-app' }] }],
      revision,
    }).expect(400);
    expect(unknown.body.errors).toEqual([
      { field: 'navigation_items.0.target', key: 'unknown_page' },
      { field: 'navigation_items.1.navigation_items.0.target', key: 'unknown_app' },
    ]);
    expect(await running.infra.eventStore.headPosition()).toBe(before);

    const chosen = [
      { text: 'Handbook', link_type: 'page', target: pageId, link: '/typed/by/hand' },
      { text: 'Work', navigation_items: [{ text: 'Rooms', link_type: 'app', target: 'rooms' }, { text: 'My tasks', link_type: 'standard', target: 'tasks' }] },
    ];
    await call(clients.admin, 'put', '/administration/navigation', { navigation_items: chosen, revision }).expect(200);
    const links = async (client: SignedInClient) =>
      ((await call(client, 'get', '/api/v1/navigation').expect(200)).body as NavigationResponse).navigation_items.map((item) => [item.text, item.link, item.navigation_items.map((child) => [child.text, child.link])]);
    expect(await links(clients.member)).toEqual([
      ['Handbook', '/pages/staff-handbook', []],
      ['Work', '', [['Rooms', '/apps/rooms'], ['My tasks', '/tasks/my']]],
    ]);
    // an internal page is not offered to an external member
    expect(await links(clients.guest)).toEqual([['Work', '', [['Rooms', '/apps/rooms'], ['My tasks', '/tasks/my']]]]);

    // the page moves to another slug: the item follows it
    await call(clients.admin, 'put', `/administration/pages/${pageId}`, { title: 'Staff handbook', slug: 'handbook-2', content: '', visibility: 'internal', revision: 1 }).expect(200);
    expect((await links(clients.member))[0]).toEqual(['Handbook', '/pages/handbook-2', []]);
    // the page is deleted: members no longer see the item, the editor still has it (with its target) to fix
    await call(clients.admin, 'delete', `/administration/pages/${pageId}`).expect(200);
    expect((await links(clients.member)).map(([text]) => text)).toEqual(['Work']);
    const editor = (await call(clients.admin, 'get', '/administration/navigation.json').expect(200)).body as NavigationResponse;
    expect(editor.navigation_items[0]).toMatchObject({ text: 'Handbook', link_type: 'page', target: pageId, link: '' });
  });

  it('shows a signed-out visitor (no cookie) only the public items that lead somewhere without a session, with no member data', async () => {
    const revision = ((await call(clients.admin, 'get', '/administration/navigation.json').expect(200)).body as NavigationResponse).revision;
    const { id: pageId } = (await call(clients.admin, 'post', '/administration/pages', { title: 'Open day', slug: 'open-day', visibility: 'members' }).expect(201)).body as { id: string };
    const navigation_items = [
      { text: 'About us', link: 'https://example.org/about', public: true, new_window: true },
      { text: 'Members only', link: '/directory/members' },
      { text: 'Open day', link_type: 'page', target: pageId, public: true },
      {
        text: 'More',
        public: true,
        navigation_items: [
          { text: 'Contact', link: '/legal/contact', public: true },
          { text: 'Internal', link: '/files' },
          { text: 'Search', link_type: 'standard', target: 'search', public: true },
          { text: 'Rooms', link_type: 'app', target: 'rooms', public: true },
        ],
      },
      { text: 'Nothing public inside', public: true, navigation_items: [{ text: 'Tasks', link: '/tasks/my' }] },
    ];
    await call(clients.admin, 'put', '/administration/navigation', { navigation_items, revision }).expect(200);
    const visitor = await request(server).get('/api/v1/navigation/public').set(CONSISTENCY_HEADER, String(position)).expect(200);
    expect(visitor.headers['set-cookie']).toBeUndefined();
    expect(visitor.body).toEqual({
      navigation_items: [
        { text: 'About us', link: 'https://example.org/about', public: true, new_window: true, navigation_items: [] },
        {
          text: 'More',
          link: '',
          public: true,
          new_window: false,
          navigation_items: [
            { text: 'Contact', link: '/legal/contact', public: true, new_window: false },
            { text: 'Search', link: '/search', public: true, new_window: false },
          ],
        },
      ],
    });
    // members still read every item through their own route; a visitor gets nothing there
    expect(((await call(clients.member, 'get', '/api/v1/navigation').expect(200)).body as NavigationResponse).navigation_items.map((item) => item.text)).toEqual([
      'About us',
      'Members only',
      'Open day',
      'More',
      'Nothing public inside',
    ]);
    await request(server).get('/api/v1/navigation').expect(401);
  });

  it("pushes a saved navigation to a signed-out visitor's socket watching the public navigation, and refuses it any other topic", async () => {
    const port = (server.address() as AddressInfo).port;
    const own = { Origin: `http://127.0.0.1:${port}` };
    // no session needed, but another site's page may not open it (nor relay through it)
    expect(await upgradeRealtime(port, { Origin: 'https://evil.example' }, VISITOR_REALTIME_PATH)).toBe(403);
    expect(await upgradeRealtime(port, own, VISITOR_REALTIME_PATH)).toBe('open');
    const visitor = await listenSocket(port, VISITOR_REALTIME_PATH, own);
    // a member topic is refused, with a member's cookie too: the visitors' socket never reads a session
    const asking = await listenSocket(port, VISITOR_REALTIME_PATH, { ...own, Cookie: clients.admin.cookie });
    const mixed = await listenSocket(port, VISITOR_REALTIME_PATH, own);
    const garbled = await listenSocket(port, VISITOR_REALTIME_PATH, own);
    try {
      visitor.watch([PUBLIC_NAVIGATION_TOPIC]);
      await visitor.next((frame) => frame.type === 'watching');
      asking.watch(['statistics']);
      mixed.watch([PUBLIC_NAVIGATION_TOPIC, 'groups']);
      garbled.watch(['Not A Topic']);
      for (const refused of [asking, mixed, garbled]) expect(await refused.closed).toBe(VISITOR_TOPIC_REFUSED_CODE);
      for (const refused of [asking, mixed, garbled]) expect(refused.frames).toEqual([]);

      // a change members see (a group's) is not pushed to the visitor; the navigation's is
      const categorySlug = ((await call(clients.admin, 'get', '/api/v1/group_categories').expect(200)).body as GroupCategoriesResponse).group_categories[0].slug;
      await call(clients.member, 'post', '/groups', { group_category_slug: categorySlug, group: { name: 'Visitors never hear of us' } }).expect(201);
      const revision = ((await call(clients.admin, 'get', '/administration/navigation.json').expect(200)).body as NavigationResponse).revision;
      const saved = (await call(clients.admin, 'put', '/administration/navigation', { navigation_items: [{ text: 'Visit us', link: 'https://example.org/visit', public: true }], revision }).expect(200)).body as { position: number };
      const pushed = await visitor.next((frame) => frame.type === 'changed' && frame.collection === NAVIGATION_COLLECTION);
      // the fact of the change only: the page reads the public route again
      expect(pushed).toEqual({ type: 'changed', collection: NAVIGATION_COLLECTION, id: 'network', doc: { position: saved.position } });
      expect(visitor.frames.filter((frame) => frame.type === 'changed').map((frame) => frame.collection)).toEqual([NAVIGATION_COLLECTION]);
      const read = (await request(server).get('/api/v1/navigation/public').set(CONSISTENCY_HEADER, String(saved.position)).expect(200)).body as { navigation_items: Array<{ text: string }> };
      expect(read.navigation_items.map((item) => item.text)).toEqual(['Visit us']);
    } finally {
      for (const socket of [visitor, asking, mixed, garbled]) socket.close();
    }
  });
});
