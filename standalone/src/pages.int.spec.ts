import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { type GlobalSearchResponse, type MemberAppNavigationResponse, type NetworkResponse, type PageDto, type PageHistory, type PagesResponse, type PageVersionDto } from '@cn/contracts';
import { useDemoServer, type DemoAccount } from './testing/demo-server';
import { requestCaller, type HttpMethod } from './testing/signed-in-client';

/**
 * Pages (/pages/{slug}) through the one-process server: validation (400 with field and key, nothing
 * appended), the content sanitised on the server, revisions (409) and unique slugs, the `can` flags of the
 * page answer against what every role's writes answer, internal pages hidden from external members (read,
 * list and search), search hits with their link, a change pushed to the open consoles, and the app
 * navigation's page items.
 */
describe('pages', () => {
  const demo = useDemoServer('pages');
  const { clients } = demo;
  const call = requestCaller(() => demo.server);
  const head = async (): Promise<number> => demo.running.infra.eventStore.headPosition();
  const search = async (role: DemoAccount, q: string): Promise<GlobalSearchResponse> =>
    (await call(clients[role], 'get', `/search.json?q=${encodeURIComponent(q)}&module=pages`).expect(200)).body as GlobalSearchResponse;

  it('answers 400 naming each field with its key and appends nothing', async () => {
    const before = await head();
    const created = await call(clients.admin, 'post', '/administration/pages', { title: ' ', slug: 'Not A Slug', content: 7, visibility: 'everyone' }).expect(400);
    expect(created.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'title', key: 'required' },
        { field: 'slug', key: 'invalid_format' },
        { field: 'content', key: 'invalid_type' },
        { field: 'visibility', key: 'invalid_value' },
      ]),
    );
    const unknown = await call(clients.admin, 'post', '/administration/pages', { title: 'x', extra: 1 }).expect(400);
    expect(unknown.body.errors).toEqual([{ field: 'extra', key: 'unknown_field' }]);
    expect(await head()).toBe(before);
  });

  it('sanitises the content, keeps slugs unique and edits at the revision read', async () => {
    const created = await call(clients.admin, 'post', '/administration/pages', { title: 'House rules', content: '<p onclick="x()">Be kind<script>alert(1)</script></p><a href="javascript:x()">link</a>' }).expect(201);
    const id = created.body.id as string;
    const page = (await call(clients.member, 'get', '/api/v1/pages/house-rules').expect(200)).body as PageDto;
    expect(page).toMatchObject({ id, slug: 'house-rules', title: 'House rules', visibility: 'members', html_url: '/pages/house-rules', revision: 1 });
    expect(page.content).toContain('Be kind');
    expect(page.content).not.toMatch(/script|onclick|javascript:/);
    expect((await call(clients.admin, 'post', '/administration/pages', { title: 'Other', slug: 'house-rules' }).expect(409)).body.errors).toEqual([{ field: 'slug', key: 'slug_taken' }]);

    const edit = { title: 'House rules', slug: 'rules', content: '<p>Be kind, always</p>', visibility: 'members', revision: 1 };
    await call(clients.admin, 'put', `/administration/pages/${id}`, edit).expect(200);
    expect((await call(clients.admin, 'put', `/administration/pages/${id}`, { ...edit, content: '<p>Lost</p>' }).expect(409)).body.error).toBe('concurrency_conflict');
    expect((await call(clients.admin, 'put', `/administration/pages/${id}`, { ...edit, revision: 2 }).expect(422)).body.error).toBe('nothing_changed');
    await call(clients.member, 'get', '/api/v1/pages/house-rules').expect(404);
    expect(((await call(clients.member, 'get', '/api/v1/pages/rules').expect(200)).body as PageDto).content).toBe('<p>Be kind, always</p>');
    await call(null, 'get', '/api/v1/pages/rules').expect(401);
  });

  it('keeps every version: the history says who changed what, an earlier one is read and restored as the newest, never against a stale revision', async () => {
    const { id } = (await call(clients.admin, 'post', '/administration/pages', { title: 'Recipes', content: '<p>Bread</p>' }).expect(201)).body as { id: string };
    const base = { title: 'Recipes', slug: 'recipes', content: '<p>Bread</p>', visibility: 'members' };
    await call(clients.admin, 'put', `/administration/pages/${id}`, { ...base, content: '<p>Cake</p>', revision: 1 }).expect(200);
    await call(clients.admin, 'put', `/administration/pages/${id}`, { ...base, title: 'Our recipes', content: '<p>Cake</p>', visibility: 'internal', revision: 2 }).expect(200);

    const history = (await call(clients.admin, 'get', `/administration/pages/${id}/versions`).expect(200)).body as PageHistory;
    expect(history).toMatchObject({ page_id: id, revision: 3, can: { restore: true } });
    expect(history.versions.map((version) => [version.version, version.kind, version.changed, version.author?.name])).toEqual([
      [3, 'edited', ['title', 'visibility'], 'Ada Admin'],
      [2, 'edited', ['content'], 'Ada Admin'],
      [1, 'created', ['title', 'slug', 'content', 'visibility'], 'Ada Admin'],
    ]);
    const first = (await call(clients.auditor, 'get', `/administration/pages/${id}/versions/1`).expect(200)).body as PageVersionDto;
    expect(first).toMatchObject({ version: 1, title: 'Recipes', content: '<p>Bread</p>', visibility: 'members', current: false });
    await call(clients.admin, 'get', `/administration/pages/${id}/versions/4`).expect(404);
    expect((await call(clients.admin, 'get', `/administration/pages/${id}/versions/zero`).expect(400)).body.errors).toEqual([{ field: 'version', key: 'invalid_type' }]);
    for (const role of ['member', 'guest'] as const) await call(clients[role], 'get', `/administration/pages/${id}/versions`).expect(403);

    // restoring at the revision the history was read at; someone's edit meanwhile makes it a 409, appending nothing
    await call(clients.admin, 'put', `/administration/pages/${id}`, { ...base, title: 'Our recipes', content: '<p>Cake and soup</p>', visibility: 'internal', revision: 3 }).expect(200);
    const before = await head();
    expect((await call(clients.admin, 'post', `/administration/pages/${id}/versions/1/restore`, { revision: history.revision }).expect(409)).body.error).toBe('concurrency_conflict');
    await call(clients.auditor, 'post', `/administration/pages/${id}/versions/1/restore`, { revision: 4 }).expect(403);
    expect((await call(clients.admin, 'post', `/administration/pages/${id}/versions/1/restore`, {}).expect(400)).body.errors).toEqual([{ field: 'revision', key: 'invalid_type' }]);
    expect(await head()).toBe(before);
    await call(clients.admin, 'post', `/administration/pages/${id}/versions/1/restore`, { revision: 4 }).expect(200);
    // the title and content of version 1, at the address and visibility the page has now
    expect((await call(clients.member, 'get', '/api/v1/pages/recipes').expect(200)).body as PageDto).toMatchObject({ title: 'Recipes', content: '<p>Bread</p>', visibility: 'internal', revision: 5 });
    const after = (await call(clients.admin, 'get', `/administration/pages/${id}/versions`).expect(200)).body as PageHistory;
    expect(after.versions.map((version) => [version.version, version.kind, version.restored_version])).toEqual([
      [5, 'restored', 1],
      [4, 'edited', null],
      [3, 'edited', null],
      [2, 'edited', null],
      [1, 'created', null],
    ]);
    // the edit it came after is still there to go back to
    expect(((await call(clients.admin, 'get', `/administration/pages/${id}/versions/4`).expect(200)).body as PageVersionDto).content).toBe('<p>Cake and soup</p>');
    expect((await call(clients.admin, 'post', `/administration/pages/${id}/versions/5/restore`, { revision: 5 }).expect(422)).body.error).toBe('nothing_changed');
  });

  it("gives every role the flags its writes' answers match", async () => {
    const id = ((await call(clients.admin, 'post', '/administration/pages', { title: 'Probe page', content: '<p>probe</p>' }).expect(201)).body as { id: string }).id;
    for (const role of ['admin', 'member', 'guest', 'auditor'] as const) {
      const can = ((await call(clients[role], 'get', '/api/v1/network').expect(200)).body as NetworkResponse).can;
      const page = (await call(clients[role], 'get', '/api/v1/pages/probe-page').expect(200)).body as PageDto;
      const list = (await call(clients[role], 'get', '/api/v1/pages').expect(200)).body as PagesResponse;
      expect({ role, page: page.can, create: list.can.create }).toEqual({ role, page: { update: can.administrate, destroy: can.administrate }, create: can.administrate });
      const before = await head();
      const writes: Array<[HttpMethod, string, object | undefined, boolean]> = [
        ['post', '/administration/pages', { title: `Made by ${role}` }, list.can.create],
        ['put', `/administration/pages/${id}`, { title: 'Probe page', slug: 'probe-page', content: `<p>by ${role}</p>`, visibility: 'members', revision: page.revision }, page.can.update],
      ];
      for (const [method, path, body, allowed] of writes) {
        const res = await call(clients[role], method, path, body);
        expect({ role, path, status: res.status }).toEqual({ role, path, status: allowed ? (method === 'post' ? 201 : 200) : 403 });
      }
      if (!page.can.update) expect(await head()).toBe(before);
      const denied = await call(clients[role], 'delete', `/administration/pages/${id}-none`);
      expect({ role, status: denied.status }).toEqual({ role, status: page.can.destroy ? 404 : 403 });
      const admin = await call(clients[role], 'get', '/administration/pages');
      expect({ role, status: admin.status }).toEqual({ role, status: can.audit ? 200 : 403 });
    }
    await call(clients.admin, 'delete', `/administration/pages/${id}`).expect(200);
    await call(clients.member, 'get', '/api/v1/pages/probe-page').expect(404);
    await call(clients.admin, 'get', `/administration/pages/${id}`).expect(404);
  });

  it('hides internal pages from external members in the page, the list and the search, and finds pages with their link', async () => {
    await call(clients.admin, 'post', '/administration/pages', { title: 'Staff handbook', content: '<p>Zanzibar procedures for the team</p>', visibility: 'internal' }).expect(201);
    await call(clients.admin, 'post', '/administration/pages', { title: 'Welcome', content: '<p>Zanzibar welcomes everyone</p>' }).expect(201);
    await call(clients.guest, 'get', '/api/v1/pages/staff-handbook').expect(404);
    await call(clients.member, 'get', '/api/v1/pages/staff-handbook').expect(200);
    const titles = async (role: DemoAccount) => ((await call(clients[role], 'get', '/api/v1/pages').expect(200)).body as PagesResponse).pages.map((page) => page.title);
    expect(await titles('guest')).not.toContain('Staff handbook');
    expect(await titles('member')).toEqual(expect.arrayContaining(['Staff handbook', 'Welcome']));

    const found = await search('member', 'zanzibar');
    expect(found.counts.find((count) => count.module === 'pages')?.count).toBe(2);
    const hits = found.results[0].hits;
    expect(hits.map((hit) => [hit.title, hit.html_url]).sort()).toEqual([['Staff handbook', '/pages/staff-handbook'], ['Welcome', '/pages/welcome']]);
    expect(hits.find((hit) => hit.title === 'Staff handbook')).toMatchObject({ module: 'pages', html_content: 'Zanzibar procedures for the team', page: { slug: 'staff-handbook', visibility: 'internal' } });
    expect((await search('guest', 'zanzibar')).results[0].hits.map((hit) => hit.title)).toEqual(['Welcome']);
    // the overview lists pages beside the other modules
    const overview = (await call(clients.member, 'get', '/search.json?q=zanzibar').expect(200)).body as GlobalSearchResponse;
    expect(overview.results.map((result) => result.module)).toContain('pages');
  });

  it('pushes a changed page to the open consoles that may see it, and re-indexes and forgets it in the search', async () => {
    const { id } = (await call(clients.admin, 'post', '/administration/pages', { title: 'Live page', content: '<p>Quokka</p>' }).expect(201)).body as { id: string };
    const port = (demo.server.address() as AddressInfo).port;
    const open = async (role: DemoAccount) => {
      const socket = new WebSocket(`ws://127.0.0.1:${port}/api/realtime`, { headers: { Cookie: clients[role].cookie } });
      const pushed: Array<{ collection: string; id: string }> = [];
      socket.on('message', (raw: Buffer) => {
        const message = JSON.parse(raw.toString('utf8')) as { type: string; collection: string; id: string };
        if (message.type === 'changed') pushed.push(message);
      });
      await new Promise<void>((resolve, reject) => {
        socket.once('open', () => resolve());
        socket.once('error', reject);
      });
      socket.send(JSON.stringify({ type: 'watch', topics: ['pages'] }));
      return { socket, pushed };
    };
    const member = await open('member');
    const guest = await open('guest');
    try {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const started = Date.now();
      await call(clients.admin, 'put', `/administration/pages/${id}`, { title: 'Live page', slug: 'live-page', content: '<p>Wombat</p>', visibility: 'internal', revision: 1 }).expect(200);
      while (Date.now() - started < 1000 && !member.pushed.some((message) => message.id === id)) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(member.pushed).toContainEqual(expect.objectContaining({ collection: 'pages', id }));
      // the guest saw it before the change (every member's page then), so hears that it went away
      expect(guest.pushed).toContainEqual(expect.objectContaining({ collection: 'pages', id }));
      guest.pushed.length = 0;
      await call(clients.admin, 'put', `/administration/pages/${id}`, { title: 'Live page', slug: 'live-page', content: '<p>Wombat again</p>', visibility: 'internal', revision: 2 }).expect(200);
      await new Promise((resolve) => setTimeout(resolve, 300));
      // other collections' pushes (the online members' widget) may come meanwhile: no page's may
      expect(guest.pushed.filter((message) => message.collection === 'pages')).toEqual([]);
    } finally {
      member.socket.close();
      guest.socket.close();
    }
    expect((await search('member', 'quokka')).counts.find((count) => count.module === 'pages')?.count).toBe(0);
    expect((await search('member', 'wombat')).results[0].hits.map((hit) => hit.html_url)).toEqual(['/pages/live-page']);
    await call(clients.admin, 'delete', `/administration/pages/${id}`).expect(200);
    expect((await search('member', 'wombat')).counts.find((count) => count.module === 'pages')?.count).toBe(0);
  });

  it('lets the app navigation open a page that exists', async () => {
    await call(clients.admin, 'post', '/administration/pages', { title: 'Handbook' }).expect(201);
    const editor = (await call(clients.admin, 'get', '/administration/app_navigation.json').expect(200)).body as { items: Array<Record<string, unknown>>; revision: number };
    const items = editor.items.map((item) => (item.type === 'more' ? { ...item, options: {} } : item));
    items[3] = { id: 'handbook', type: 'page', label: 'Handbook', icon: 'description', isEntryPoint: false, isDefault: false, options: { page: { slug: 'handbook', name: 'Handbook' } } };
    await call(clients.admin, 'put', '/administration/app_navigation', { items, revision: editor.revision }).expect(200);
    const appItems = async (role: DemoAccount) => ((await call(clients[role], 'get', '/api/v1/app_navigation').expect(200)).body as MemberAppNavigationResponse).items;
    expect((await appItems('guest')).find((item) => item.id === 'handbook')).toMatchObject({ type: 'page', title: 'Handbook', options: { page: { slug: 'handbook' } } });
    // for internal members only now: the external member's app no longer offers it
    const handbook = (await call(clients.member, 'get', '/api/v1/pages/handbook').expect(200)).body as PageDto;
    await call(clients.admin, 'put', `/administration/pages/${handbook.id}`, { title: 'Handbook', slug: 'handbook', content: '', visibility: 'internal', revision: handbook.revision }).expect(200);
    expect((await appItems('guest')).some((item) => item.id === 'handbook')).toBe(false);
    expect((await appItems('member')).some((item) => item.id === 'handbook')).toBe(true);
    items[3] = { ...items[3], options: { page: { slug: 'no-such-page', name: 'None' } } };
    expect((await call(clients.admin, 'put', '/administration/app_navigation', { items, revision: editor.revision + 1 }).expect(400)).body.errors).toEqual([{ field: 'items.3.options.page', key: 'not_found' }]);
  });

  it('keeps pages across a restart', async () => {
    await demo.restart();
    expect(((await call(clients.member, 'get', '/api/v1/pages/rules').expect(200)).body as PageDto).title).toBe('House rules');
  });
});
