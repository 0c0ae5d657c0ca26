import type { AddressInfo } from 'node:net';
import { jest } from '@jest/globals';
import request from 'supertest';
import WebSocket from 'ws';
import {
  fileStream,
  folderReadsStream,
  groupRootFolderId,
  NETWORK_ROOT_FOLDER_ID,
  type FolderContentsDto,
  type GroupCategoriesResponse,
  type UnreadFoldersResponse,
  type UploadedFileAnswer,
} from '@cn/contracts';
import { httpCaller, type SignedInClient } from './testing/signed-in-client';
import { useDemoServer } from './testing/demo-server';

type Client = SignedInClient;

/**
 * Batch move and delete of files and folders (every item decided by the files rule before anything is
 * appended, the failing item named) and unread folders (files new to a member since they last opened
 * the folder; opening it is a command and an event), all services in one process.
 */
jest.setTimeout(60_000);

describe('batch file changes and unread folders over HTTP', () => {
  const demo = useDemoServer('files-batch');
  const clients: Record<string, Client> = demo.clients;
  let groupRoot = '';

  const { call, must } = httpCaller(() => demo.server);
  const folder = async (client: Client, name: string, parent: string) => (await must<{ id: string }>(client, 'post', '/api/storage/folders', { name, parent_folder_id: parent })).id;
  const published = async (client: Client, folderId: string, name: string): Promise<string> => {
    const res = await request(demo.server).post('/api/storage/files').set('Cookie', client.cookie).set('X-CSRF-Token', client.csrf).attach('file', Buffer.from(`bytes of ${name}`), name);
    expect(res.status).toBe(201);
    const id = (res.body as UploadedFileAnswer).id;
    await must(client, 'post', '/api/storage/files/publish', { files: [{ id }], folder_ids: [folderId] });
    return id;
  };
  const contents = (client: Client, folderId: string) => must<FolderContentsDto>(client, 'get', `/api/storage/folders/${folderId}`);
  const unreads = (client: Client) => must<UnreadFoldersResponse>(client, 'get', '/api/v1/unreads/folders');
  const head = () => demo.running.infra.eventStore.headPosition();

  beforeAll(async () => {
    const categories = await must<GroupCategoriesResponse>(clients.admin, 'get', '/api/v1/group_categories');
    const group = await must<{ id: string; slug: string }>(clients.admin, 'post', '/groups', { group_category_slug: categories.group_categories[0].slug, group: { name: 'Batch group' } });
    await must(clients.member, 'post', `/api/v1/groups/${group.slug}/join`);
    groupRoot = groupRootFolderId(group.id);
  });

  it('moves files and folders at once into a folder, each item an event', async () => {
    const { member } = clients;
    const from = await folder(member, 'Batch source', NETWORK_ROOT_FOLDER_ID);
    const to = await folder(member, 'Batch target', NETWORK_ROOT_FOLDER_ID);
    const [f1, f2] = [await published(member, from, 'one.txt'), await published(member, from, 'two.txt')];
    const sub = await folder(member, 'Inner', from);
    const before = await head();
    await must(member, 'post', '/api/storage/files/move', { file_ids: [f1, f2], folder_ids: [sub], target_folder_id: to, source_folder_id: from });
    const appended = await demo.running.infra.eventStore.readAll({ after: before });
    expect(appended.map((event) => event.type).sort()).toEqual(['FileMoved', 'FileMoved', 'FolderMoved']);
    const target = await contents(member, to);
    expect(target.files.map((file) => file.id).sort()).toEqual([f1, f2].sort());
    expect(target.folders.map((child) => child.id)).toEqual([sub]);
    expect((await contents(member, from)).files).toEqual([]);
  });

  it('refuses the whole batch when one item may not be changed, naming it, and appends nothing', async () => {
    const { admin, member, auditor } = clients;
    const place = await folder(member, 'Mixed', NETWORK_ROOT_FOLDER_ID);
    const own = await published(member, place, 'mine.txt');
    const others = await published(admin, place, 'admins.txt');
    const before = await head();
    const refused = await call(member, 'delete', '/api/storage/files', { file_ids: [own, others], folder_ids: [] });
    expect(refused.status).toBe(403);
    expect(refused.body.errors).toEqual([expect.objectContaining({ field: 'file_ids.1', key: 'forbidden' })]);
    const unknown = await call(member, 'post', '/api/storage/files/move', { file_ids: [own], folder_ids: ['no-such-folder'], target_folder_id: NETWORK_ROOT_FOLDER_ID });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors).toEqual([expect.objectContaining({ field: 'folder_ids.0', key: 'not_found' })]);
    // a group folder as the target for a non-member: 404 on the target, whatever else is fine
    const outsider = await published(auditor, place, 'auditors.txt');
    const intoGroup = await call(auditor, 'post', '/api/storage/files/move', { file_ids: [outsider], target_folder_id: groupRoot });
    expect(intoGroup.status).toBe(404);
    expect(intoGroup.body.errors).toEqual([expect.objectContaining({ field: 'target_folder_id' })]);
    const afterOutsider = await head();
    // into another scope: refused on the target (the item is decided in its own scope, where the group's folder is unseen)
    const crossing = await call(member, 'post', '/api/storage/files/move', { file_ids: [own], target_folder_id: groupRoot });
    expect(crossing.status).toBe(404);
    expect(crossing.body.errors).toEqual([expect.objectContaining({ field: 'target_folder_id' })]);
    expect((await call(member, 'delete', '/api/storage/files', {})).body.errors).toContainEqual(expect.objectContaining({ field: 'file_ids', key: 'required' }));
    expect(await head()).toBe(afterOutsider);
    expect(afterOutsider).toBeGreaterThan(before); // only the auditor's own upload and publish
    expect((await contents(member, place)).files.map((file) => file.id).sort()).toEqual([own, others, outsider].sort());
    // the admin of the network may delete all three
    await must(admin, 'delete', '/api/storage/files', { file_ids: [own, others, outsider] });
    expect((await contents(member, place)).files).toEqual([]);
  });

  it('answers 409 naming the item another member changed while the batch was decided, with nothing appended', async () => {
    const { admin, member } = clients;
    const place = await folder(member, 'Raced', NETWORK_ROOT_FOLDER_ID);
    const to = await folder(member, 'Raced target', NETWORK_ROOT_FOLDER_ID);
    const [f1, f2] = [await published(member, place, 'a.txt'), await published(member, place, 'b.txt')];
    const store = demo.running.infra.eventStore;
    const readStream = store.readStream.bind(store);
    let raced = false;
    const spy = jest.spyOn(store, 'readStream').mockImplementation(async (streamId, options) => {
      const events = await readStream(streamId, options);
      if (!raced && streamId === fileStream(f2) && options?.fromRevision === undefined) {
        raced = true;
        // the admin renames the second file right after the batch read it
        await must(admin, 'put', `/api/storage/files/${f2}`, { name: 'renamed.txt' });
      }
      return events;
    });
    try {
      const before = await head();
      const conflict = await call(member, 'post', '/api/storage/files/move', { file_ids: [f1, f2], target_folder_id: to });
      expect(raced).toBe(true);
      expect(conflict.status).toBe(409);
      expect(conflict.body.errors).toEqual([expect.objectContaining({ field: 'file_ids.1', key: 'concurrency_conflict' })]);
      const appended = await store.readAll({ after: before });
      expect(appended.map((event) => event.type)).toEqual(['FileRenamed']);
    } finally {
      spy.mockRestore();
    }
    expect((await contents(member, place)).files.map((file) => file.name).sort()).toEqual(['a.txt', 'renamed.txt']);
  });

  it('counts folders with files new to the member until they open them; opening is an event', async () => {
    const { admin, member, auditor } = clients;
    const news = await folder(admin, 'News', NETWORK_ROOT_FOLDER_ID);
    const groupNews = await folder(admin, 'Group news', groupRoot);
    const baseline = (await unreads(member)).folders.map((entry) => entry.id);
    await published(admin, news, 'first.txt');
    await published(admin, news, 'second.txt');
    await published(admin, groupNews, 'group.txt');
    const counted = await unreads(member);
    expect(counted.folders).toEqual(expect.arrayContaining([{ id: news, count: 2 }, { id: groupNews, count: 1 }]));
    expect(counted.total).toBe(counted.folders.length);
    // the author's own files are not new to them; a group's files not counted for a non-member
    expect((await unreads(admin)).folders.map((entry) => entry.id)).not.toContain(news);
    expect((await unreads(auditor)).folders.map((entry) => entry.id)).toContain(news);
    expect((await unreads(auditor)).folders.map((entry) => entry.id)).not.toContain(groupNews);
    expect((await call(member, 'get', '/unreads/folders')).body).toEqual(counted);
    expect((await contents(member, NETWORK_ROOT_FOLDER_ID)).folders.find((child) => child.id === news)?.unread).toBe(true);

    await must(member, 'post', `/api/storage/folders/${news}/read`);
    const marks = await demo.running.infra.eventStore.readStream(folderReadsStream(member.id));
    expect(marks.at(-1)).toMatchObject({ type: 'FolderMarkedRead', data: { member_id: member.id, folder_id: news } });
    expect((await unreads(member)).folders.map((entry) => entry.id)).not.toContain(news);
    expect((await contents(member, NETWORK_ROOT_FOLDER_ID)).folders.find((child) => child.id === news)?.unread).toBe(false);
    expect((await unreads(auditor)).folders.map((entry) => entry.id)).toContain(news);

    // a new file makes it unread again; a group folder is not the non-member's to open
    await published(admin, news, 'third.txt');
    expect((await unreads(member)).folders).toContainEqual({ id: news, count: 1 });
    const before = await head();
    expect((await call(auditor, 'post', `/api/storage/folders/${groupNews}/read`)).status).toBe(404);
    expect((await call(auditor, 'post', '/api/storage/folders/no-such-folder/read')).status).toBe(404);
    expect(await head()).toBe(before);
    expect(baseline).not.toContain(news);
  });

  it('pushes a new file to every connected member who may see it (the badge on any page), and a mark to its reader only, within a second', async () => {
    const { admin, member, auditor } = clients;
    const { port } = demo.server.address() as AddressInfo;
    const listen = (client: Client) => {
      const socket = new WebSocket(`ws://127.0.0.1:${port}/api/realtime`, { headers: { Cookie: client.cookie } });
      const received: Array<{ collection?: string; id?: string }> = [];
      socket.on('message', (raw: Buffer) => received.push(JSON.parse(raw.toString()) as { collection?: string; id?: string }));
      return { socket, received, open: new Promise((resolve) => socket.once('open', resolve)) };
    };
    const waitFor = async (received: Array<{ id?: string }>, id: string): Promise<number> => {
      const started = Date.now();
      while (!received.some((message) => message.id === id) && Date.now() - started < 1000) await new Promise((resolve) => setTimeout(resolve, 10));
      return Date.now() - started;
    };
    // neither watches the files topic (no files page open)
    const [memberSocket, auditorSocket] = [listen(member), listen(auditor)];
    await Promise.all([memberSocket.open, auditorSocket.open]);
    const place = await folder(admin, 'Live news', NETWORK_ROOT_FOLDER_ID);
    const fileId = await published(admin, place, 'live.txt');
    expect(await waitFor(memberSocket.received, fileId)).toBeLessThan(1000);
    expect(memberSocket.received.find((message) => message.id === fileId)).toMatchObject({ collection: 'files' });
    expect(await waitFor(auditorSocket.received, fileId)).toBeLessThan(1000);
    await must(member, 'post', `/api/storage/folders/${place}/read`);
    expect(await waitFor(memberSocket.received, place)).toBeLessThan(1000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(auditorSocket.received.filter((message) => message.id === place && message.collection === 'files')).toHaveLength(0);
    memberSocket.socket.close();
    auditorSocket.socket.close();
  });
});
