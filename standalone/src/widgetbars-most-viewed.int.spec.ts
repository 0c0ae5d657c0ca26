import type { AddressInfo } from 'node:net';
import { jest } from '@jest/globals';
import request from 'supertest';
import WebSocket from 'ws';
import { NETWORK_ROOT_FOLDER_ID, groupRootFolderId, type GroupCategoriesResponse, type ResolvedWidgetBarResponse, type UploadedFileAnswer, type WidgetBarResponse, type WidgetFile } from '@cn/contracts';
import { eventually } from '@cn/platform/testing';
import { httpCaller, type SignedInClient } from './testing/signed-in-client';
import { useDemoServer } from './testing/demo-server';

/**
 * The most-viewed files widget through the one-process server: a network bar lists the network's files and
 * the viewer's groups' by views, a group bar its group's, only files the viewer may open (every listed file
 * opens for them; a group's file is listed to nobody outside it); a new view reaches open consoles as a
 * `widgetbars` push named `files`, and the bar read again shows the new count.
 */
jest.setTimeout(90_000);

describe('the most viewed files widget', () => {
  const demo = useDemoServer('widgetbars-most-viewed');
  const clients = demo.clients;
  const { call, must } = httpCaller(() => demo.server);
  const publish = async (client: SignedInClient, name: string, folderId: string): Promise<string> => {
    const res = await request(demo.server).post('/api/storage/files').set('Cookie', client.cookie).set('X-CSRF-Token', client.csrf).attach('file', Buffer.from(`bytes of ${name}\n`), name);
    expect(res.status).toBe(201);
    const { id } = res.body as UploadedFileAnswer;
    await must(client, 'post', '/api/storage/files/publish', { files: [{ id }], folder_ids: [folderId] });
    return id;
  };
  const view = async (fileId: string, ...viewers: SignedInClient[]) => {
    for (const viewer of viewers) expect((await call(viewer, 'post', `/api/storage/files/${fileId}/track_view`)).status).toBe(200);
  };
  const listed = async (client: SignedInClient, path: string): Promise<WidgetFile[]> => {
    const data = (await must<ResolvedWidgetBarResponse>(client, 'get', path)).widgets.find((widget) => widget.type === 'most_viewed_files')?.data;
    if (data?.kind !== 'files') throw new Error(`no files widget at ${path}`);
    return data.files;
  };
  const shown = (files: WidgetFile[]) => files.map((file) => [file.name, file.view_count, file.group_name]);

  let groupId = '';
  let slug = '';
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const { admin, member, auditor } = clients;
    const [category] = ((await call(admin, 'get', '/api/v1/group_categories')).body as GroupCategoriesResponse).group_categories;
    const group = await must<{ id: string; slug: string }>(admin, 'post', '/groups', { group_category_slug: category.slug, group: { name: 'Reading circle' } });
    groupId = group.id;
    slug = group.slug;
    await must(auditor, 'post', `/api/v1/groups/${slug}/join`);
    ids.agenda = await publish(member, 'Agenda.txt', NETWORK_ROOT_FOLDER_ID);
    ids.minutes = await publish(member, 'Minutes.txt', NETWORK_ROOT_FOLDER_ID);
    ids.unseen = await publish(member, 'Unseen.txt', NETWORK_ROOT_FOLDER_ID);
    ids.secret = await publish(admin, 'Reading list.txt', groupRootFolderId(groupId));
    await view(ids.agenda, member, auditor, admin);
    await view(ids.minutes, member);
    await view(ids.secret, admin, auditor);
    await must(admin, 'put', '/administration/widgetbars/popular.json', { widgetbar: { widgets: [{ type: 'most_viewed_files', properties: { count: 5 } }] }, revision: 0 });
    const groupBar = `/groups/${groupId}/administration/widgetbars/popular.json`;
    const revision = (await must<WidgetBarResponse>(admin, 'get', groupBar)).revision;
    await must(admin, 'put', groupBar, { widgetbar: { widgets: [{ type: 'most_viewed_files', properties: { headline: 'Read most' } }] }, revision });
  });

  it('lists, most views first, only files each viewer may open: the network bar with their groups\' files, the group bar with the group\'s', async () => {
    const { member, auditor } = clients;
    // the member is not in the group: its file is never listed to them, and it would not open for them
    const forMember = await listed(member, '/widgetbars/as-popular');
    expect(shown(forMember)).toEqual([
      ['Agenda.txt', 3, null],
      ['Minutes.txt', 1, null],
    ]);
    expect((await call(member, 'get', `/api/storage/files/${ids.secret}`)).status).toBe(404);
    const forAuditor = await listed(auditor, '/widgetbars/as-popular');
    expect(shown(forAuditor)).toEqual([
      ['Agenda.txt', 3, null],
      ['Reading list.txt', 2, 'Reading circle'],
      ['Minutes.txt', 1, null],
    ]);
    expect(forAuditor.map((file) => file.path)).toEqual([`/files/${ids.agenda}`, `/groups/${slug}/files/${ids.secret}`, `/files/${ids.minutes}`]);
    // every file listed opens for its viewer
    for (const [client, files] of [
      [member, forMember],
      [auditor, forAuditor],
    ] as const) {
      for (const file of files) expect((await call(client, 'get', `/api/storage/files/${file.id}`)).status).toBe(200);
    }
    expect(shown(await listed(auditor, `/widgetbars/g-${groupId}-as-popular`))).toEqual([['Reading list.txt', 2, 'Reading circle']]);
    // the group's bar shows an outsider (the group is open) none of its files
    expect(await listed(member, `/widgetbars/g-${groupId}-as-popular`)).toEqual([]);
    // a count of 1 keeps the most viewed one
    await must(clients.admin, 'put', '/administration/widgetbars/popular_one.json', { widgetbar: { widgets: [{ type: 'most_viewed_files', properties: { count: 1 } }] }, revision: 0 });
    expect(shown(await listed(auditor, '/widgetbars/as-popular_one'))).toEqual([['Agenda.txt', 3, null]]);
  });

  it('follows a new view on an open console: a `files` push, then the new count; a removed file leaves the list', async () => {
    const { admin, member, guest } = clients;
    const port = (demo.server.address() as AddressInfo).port;
    const socket = new WebSocket(`ws://127.0.0.1:${port}/api/realtime`, { headers: { Cookie: member.cookie } });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    // the console shows a bar: it watches the topic the bars' pushes go to
    const watching = new Promise<void>((resolve) =>
      socket.on('message', (raw: Buffer) => {
        if ((JSON.parse(raw.toString('utf8')) as { type: string }).type === 'watching') resolve();
      }),
    );
    socket.send(JSON.stringify({ type: 'watch', topics: ['widgetbars'] }));
    await watching;
    const heard: Array<{ id: string; position: number }> = [];
    socket.on('message', (raw: Buffer) => {
      const message = JSON.parse(raw.toString('utf8')) as { type: string; collection: string; id: string; doc?: { position?: number } };
      if (message.type === 'changed' && message.collection.startsWith('widgetbars')) heard.push({ id: message.id, position: message.doc?.position ?? 0 });
    });
    /** a `files` push naming the change at `position` (or a later one) reached the console */
    const pushed = (position: number) => eventually(() => heard.some((message) => message.id === 'files' && message.position >= position), 10_000);
    try {
      await view(ids.minutes, guest);
      await pushed((await must<{ position: number }>(admin, 'post', `/api/storage/files/${ids.minutes}/track_view`)).position);
      expect(shown(await listed(member, '/widgetbars/as-popular'))).toEqual([
        ['Agenda.txt', 3, null],
        ['Minutes.txt', 3, null],
      ]);
      await pushed((await must<{ position: number }>(member, 'delete', `/api/storage/files/${ids.agenda}`)).position);
      expect(shown(await listed(member, '/widgetbars/as-popular'))).toEqual([['Minutes.txt', 3, null]]);
    } finally {
      socket.close();
    }
  });
});
