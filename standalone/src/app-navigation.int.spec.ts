import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import WebSocket from 'ws';
import {
  CONSISTENCY_HEADER,
  defaultAppNavigation,
  type AppNavigationItem,
  type AppNavigationResponse,
  type GroupCategoriesResponse,
  type MemberAppNavigationResponse,
  type NetworkResponse,
} from '@cn/contracts';
import { loadConfig } from '@cn/platform';
import { DEMO_PASSWORD } from '@cn/command-service';
import { startStandalone, type RunningStandalone } from './standalone';
import { signInClient, type SignedInClient } from './testing/signed-in-client';

/**
 * The app navigation editor through the one-process server (issue 14): the default until a save, the
 * five-item and entry-point rules as field errors, revisions (409), administrators save, auditors read,
 * members get their own view (streams they may see), and a save is pushed to open consoles.
 */
describe('app navigation editor', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cn-app-navigation-'));
  let running: RunningStandalone;
  let server: Server;
  let position = 0;
  const clients: Record<string, SignedInClient> = {};

  const call = (client: SignedInClient, method: 'get' | 'post' | 'put', path: string, body?: object) => {
    let pending = request(server)[method](path).set(CONSISTENCY_HEADER, String(position)).set('Cookie', client.cookie).set('X-CSRF-Token', client.csrf);
    if (body !== undefined) pending = pending.send(body);
    return pending.expect((res) => {
      const answered = (res.body as { position?: unknown } | undefined)?.position;
      if (typeof answered === 'number') position = Math.max(position, answered);
    });
  };
  const editor = async (): Promise<AppNavigationResponse> => (await call(clients.admin, 'get', '/administration/app_navigation.json').expect(200)).body as AppNavigationResponse;

  beforeAll(async () => {
    const config = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'app-navigation-spec-secret-0123456789abcdef0123', PORT: '0', PASSWORD_SCRYPT_N: '1024', LOG_LEVEL: 'error' });
    running = await startStandalone(config, { repositoryRoot: dataDir, host: '127.0.0.1' });
    server = running.app.getHttpServer() as Server;
    for (const name of ['admin', 'member', 'guest', 'auditor']) clients[name] = await signInClient(server, `${name}@example.org`, DEMO_PASSWORD);
  });
  afterAll(async () => {
    await running.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers the default navigation until a save: five items, more last with the unused defaults, an entry point', async () => {
    const answer = await editor();
    expect(answer).toEqual({ items: defaultAppNavigation(), revision: 0, saved: false });
    const app = (await call(clients.member, 'get', '/api/v1/app_navigation').expect(200)).body as MemberAppNavigationResponse;
    expect(app.items.map((item) => item.title)).toEqual(['Aktivitäten', 'Nachrichten', 'Termine', 'Dateien', 'Mehr']);
  });

  it('lets network administrators save (as the flags say), auditors read, members and guests neither', async () => {
    for (const role of ['member', 'guest', 'auditor', 'admin']) {
      const can = ((await call(clients[role], 'get', '/api/v1/network').expect(200)).body as NetworkResponse).can;
      const read = await call(clients[role], 'get', '/administration/app_navigation.json');
      expect({ role, status: read.status }).toEqual({ role, status: can.audit || can.administrate ? 200 : 403 });
      if (role === 'admin') continue;
      const saved = await call(clients[role], 'put', '/administration/app_navigation', { items: defaultAppNavigation(), revision: 0 });
      expect({ role, status: saved.status }).toEqual({ role, status: can.administrate ? 200 : 403 });
    }
    expect((await editor()).saved).toBe(false);
  });

  it('answers 400 naming the field for every rule and appends nothing', async () => {
    const before = await running.infra.eventStore.headPosition();
    const errors = async (items: unknown[]): Promise<unknown> => (await call(clients.admin, 'put', '/administration/app_navigation', { items, revision: 0 }).expect(400)).body.errors as unknown;
    // 'more' left to the server: it lists what the first four leave out
    const items = (): AppNavigationItem[] => defaultAppNavigation().map((item) => (item.type === 'more' ? { ...item, options: {} } : item));
    expect(await errors(items().slice(1))).toEqual(expect.arrayContaining([{ field: 'items', key: 'wrong_count' }]));
    expect(await errors(items().map((item) => ({ ...item, isEntryPoint: false })))).toEqual([{ field: 'entry_point', key: 'required' }]);
    const link = (url: string, open_in: 'webview' | 'browser'): AppNavigationItem[] => {
      const next = items();
      next[3] = { id: 'site', type: 'link', label: 'Site', icon: 'link', isEntryPoint: false, isDefault: false, options: { url, open_in } };
      return next;
    };
    expect(await errors(link('not a link', 'webview'))).toEqual([{ field: 'items.3.options.url', key: 'invalid_link' }]);
    const { port } = server.address() as AddressInfo;
    expect(await errors(link(`http://127.0.0.1:${port}/pages/handbook`, 'browser'))).toEqual([{ field: 'items.3.options.open_in', key: 'same_host_webview' }]);
    const page = items();
    page[3] = { id: 'page', type: 'page', label: 'Handbook', icon: 'description', isEntryPoint: false, isDefault: false, options: { page: { slug: 'handbook', name: 'Handbook' } } };
    expect(await errors(page)).toEqual([{ field: 'items.3.options.page', key: 'not_found' }]);
    const stream = (slug: string): AppNavigationItem[] => {
      const next = items();
      next[3] = { id: 'stream', type: 'activitystream', label: '', icon: 'groups', isEntryPoint: false, isDefault: false, options: { activitystream: { slug, name: '' } } };
      return next;
    };
    expect(await errors(stream('all'))).toEqual([{ field: 'items.3.options.activitystream', key: 'not_allowed' }]);
    expect(await errors(stream('no-such-group'))).toEqual([{ field: 'items.3.options.activitystream', key: 'not_found' }]);
    const titled = items();
    titled[1] = { ...titled[1], label: 'Mail' };
    expect(await errors(titled)).toEqual([{ field: 'items.1.label', key: 'not_editable' }]);
    const listed = defaultAppNavigation();
    listed[3] = link('https://example.org', 'webview')[3];
    expect(await errors(listed)).toEqual([{ field: 'items.4.options.items', key: 'invalid_value' }]);
    expect(await running.infra.eventStore.headPosition()).toBe(before);
  });

  it('saves at the revision read (409 on a stale one), pushes the save live, and shows members only the streams they see', async () => {
    const categorySlug = ((await call(clients.admin, 'get', '/api/v1/group_categories').expect(200)).body as GroupCategoriesResponse).group_categories[0].slug;
    const { slug } = (await call(clients.member, 'post', '/groups', { group_category_slug: categorySlug, group: { name: 'App choir' } }).expect(201)).body as { slug: string };
    const items = defaultAppNavigation().map((item) => ({ ...item, isEntryPoint: false }));
    items[0] = { id: 'choir', type: 'activitystream', label: '', icon: 'groups', isEntryPoint: true, isDefault: false, options: { activitystream: { slug, name: 'App choir' } } };
    items[3] = { id: 'site', type: 'link', label: 'Website', icon: 'public', isEntryPoint: false, isDefault: false, options: { url: 'https://example.org/' } };
    items[4] = { ...items[4], options: {} };

    const socket = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}/api/realtime`, { headers: { Cookie: clients.admin.cookie } });
    const pushed: string[] = [];
    socket.on('message', (raw: Buffer) => {
      const message = JSON.parse(raw.toString('utf8')) as { type: string; collection: string };
      if (message.type === 'changed') pushed.push(message.collection);
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    try {
      await call(clients.admin, 'put', '/administration/app_navigation', { items, revision: 0 }).expect(200);
      const deadline = Date.now() + 1000;
      while (Date.now() < deadline && !pushed.includes('app_navigations')) await new Promise((resolve) => setTimeout(resolve, 25));
      expect(pushed).toContain('app_navigations');
    } finally {
      socket.close();
    }

    const saved = await editor();
    expect(saved.revision).toBe(1);
    expect(saved.saved).toBe(true);
    expect(saved.items[3].options).toEqual({ url: 'https://example.org/', open_in: 'webview' });
    expect(saved.items[4].options.items).toEqual(['default', 'activitystreams', 'files', 'channels', 'directory', 'search', 'pages', 'settings']);
    expect((await call(clients.admin, 'put', '/administration/app_navigation', { items, revision: 0 }).expect(409)).body.error).toBe('concurrency_conflict');

    const ofMember = (await call(clients.member, 'get', '/api/v1/app_navigation').expect(200)).body as MemberAppNavigationResponse;
    expect(ofMember.items.map((item) => [item.title, item.isEntryPoint])).toEqual([
      ['App choir', true],
      ['Nachrichten', false],
      ['Termine', false],
      ['Website', false],
      ['Mehr', false],
    ]);
    const ofGuest = (await call(clients.guest, 'get', '/api/v1/app_navigation').expect(200)).body as MemberAppNavigationResponse;
    expect(ofGuest.items.map((item) => [item.title, item.isEntryPoint])).toEqual([
      ['Nachrichten', true],
      ['Termine', false],
      ['Website', false],
      ['Mehr', false],
    ]);
  });
});
