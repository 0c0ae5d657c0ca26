import type { AddressInfo } from 'node:net';
import { jest } from '@jest/globals';
import request from 'supertest';
import WebSocket from 'ws';
import {
  fileStream,
  fileViewsStream,
  groupRootFolderId,
  NETWORK_ROOT_FOLDER_ID,
  type FileDetailsDto,
  type FolderContentsDto,
  type GroupCategoriesResponse,
  type UploadedFileAnswer,
} from '@cn/contracts';
import { httpCaller, type SignedInClient } from './testing/signed-in-client';
import { useDemoServer } from './testing/demo-server';

/**
 * Views of files (the statistics' view_count): POST /api/storage/files/{id}/track_view records a member's
 * first view on the file's own views stream, so the count grows per member and an edit's expected_revision
 * stays what it was; whoever may not read the file gets 404 and nothing is appended.
 */
jest.setTimeout(60_000);

describe('file views over HTTP', () => {
  const demo = useDemoServer('files-views');
  const clients = demo.clients;
  const { call, must } = httpCaller(() => demo.server);
  const upload = async (client: SignedInClient, name: string): Promise<string> => {
    const res = await request(demo.server).post('/api/storage/files').set('Cookie', client.cookie).set('X-CSRF-Token', client.csrf).attach('file', Buffer.from(`bytes of ${name}\n`), name);
    expect(res.status).toBe(201);
    return (res.body as UploadedFileAnswer).id;
  };
  const publish = async (client: SignedInClient, name: string, folderId: string): Promise<string> => {
    const id = await upload(client, name);
    await must(client, 'post', '/api/storage/files/publish', { files: [{ id }], folder_ids: [folderId] });
    return id;
  };
  const eventsOf = async (streamId: string) => (await demo.running.infra.eventStore.readStream(streamId)).map((event) => [event.type, (event.data as { member_id?: string }).member_id]);
  const details = (client: SignedInClient, fileId: string) => must<FileDetailsDto>(client, 'get', `/api/storage/files/${fileId}`);
  const track = (client: SignedInClient, fileId: string) => call(client, 'post', `/api/storage/files/${fileId}/track_view`);

  it('counts each member who viewed a file once, on the file page and in its folder, without moving its revision', async () => {
    const { admin, member, auditor } = clients;
    const fileId = await publish(member, 'Agenda.txt', NETWORK_ROOT_FOLDER_ID);
    const before = await details(member, fileId);
    expect(before.file.view_count).toBe(0);
    const fileEvents = await eventsOf(fileStream(fileId));

    for (const client of [member, auditor, member, auditor, member]) expect((await track(client, fileId)).status).toBe(200);

    expect(await eventsOf(fileViewsStream(fileId))).toEqual([
      ['FileViewed', member.id],
      ['FileViewed', auditor.id],
    ]);
    expect(await eventsOf(fileStream(fileId))).toEqual(fileEvents);
    const after = await details(admin, fileId);
    expect(after.file).toMatchObject({ view_count: 2, revision: before.file.revision, updated_at: before.file.updated_at });
    const root = await must<FolderContentsDto>(auditor, 'get', `/api/storage/folders/${NETWORK_ROOT_FOLDER_ID}`);
    expect(root.files.find((file) => file.id === fileId)?.view_count).toBe(2);

    // an edit sent with the revision read before the views is no conflict
    await must(member, 'put', `/api/storage/files/${fileId}`, { name: 'Agenda 2.txt', expected_revision: before.file.revision });
    expect((await details(member, fileId)).file).toMatchObject({ name: 'Agenda 2.txt', view_count: 2 });
    // and a stale one still is
    const stale = await call(member, 'put', `/api/storage/files/${fileId}`, { name: 'Agenda 3.txt', expected_revision: before.file.revision });
    expect(stale.status).toBe(409);
  });

  it("refuses a view of a group's file to a non-member (404, nothing appended) and counts its members' views", async () => {
    const { admin, member } = clients;
    const categories = await must<GroupCategoriesResponse>(admin, 'get', '/api/v1/group_categories');
    const groupId = (await must<{ id: string }>(admin, 'post', '/groups', { group_category_slug: categories.group_categories[0].slug, group: { name: 'Viewing group', access: 'hidden' } })).id;
    const fileId = await publish(admin, 'Minutes.txt', groupRootFolderId(groupId));

    const refused = await track(member, fileId);
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ error: 'not_found' });
    expect((await track(member, 'no-such-file')).status).toBe(404);
    expect(await eventsOf(fileViewsStream(fileId))).toEqual([]);
    expect(await eventsOf(fileViewsStream('no-such-file'))).toEqual([]);

    expect((await track(admin, fileId)).status).toBe(200);
    expect((await details(admin, fileId)).file.view_count).toBe(1);
    expect((await call(member, 'get', `/api/storage/files/${fileId}`)).status).toBe(404);
  });

  it('records a view for exactly the roles that may read the file, in the network and in a group', async () => {
    const { admin } = clients;
    const categories = await must<GroupCategoriesResponse>(admin, 'get', '/api/v1/group_categories');
    const groupId = (await must<{ id: string }>(admin, 'post', '/groups', { group_category_slug: categories.group_categories[0].slug, group: { name: 'Roles group', access: 'hidden' } })).id;
    for (const folderId of [NETWORK_ROOT_FOLDER_ID, groupRootFolderId(groupId)]) {
      const fileId = await publish(admin, 'Roles.txt', folderId);
      const readers: string[] = [];
      for (const role of ['admin', 'member', 'auditor', 'guest'] as const) {
        const read = (await call(clients[role], 'get', `/api/storage/files/${fileId}`)).status;
        const tracked = (await track(clients[role], fileId)).status;
        expect([folderId, role, tracked]).toEqual([folderId, role, read]);
        if (read === 200) readers.push(clients[role].id);
      }
      expect((await eventsOf(fileViewsStream(fileId))).map(([, memberId]) => memberId)).toEqual(readers);
      expect((await details(admin, fileId)).file.view_count).toBe(readers.length);
    }
  });

  it('counts no view of an upload not published yet, and refuses it to everybody but its uploader', async () => {
    const { member, auditor } = clients;
    const uploadId = await upload(member, 'Draft.txt');
    expect((await track(member, uploadId)).status).toBe(200);
    expect((await track(auditor, uploadId)).status).toBe(404);
    expect(await eventsOf(fileViewsStream(uploadId))).toEqual([]);
  });

  it('pushes a view to the open files pages of those who may see the file, so the count follows without a reload', async () => {
    const { admin, member, auditor } = clients;
    const fileId = await publish(member, 'Live.txt', NETWORK_ROOT_FOLDER_ID);
    const { port } = demo.server.address() as AddressInfo;
    const socket = new WebSocket(`ws://127.0.0.1:${port}/api/realtime`, { headers: { Cookie: admin.cookie } });
    const received: Array<{ type?: string; collection?: string; id?: string; doc?: { position?: number } }> = [];
    socket.on('message', (raw: Buffer) => received.push(JSON.parse(raw.toString()) as (typeof received)[number]));
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    try {
      // the admin's console has a files page open; the pong comes after the server took the watch message
      socket.send(JSON.stringify({ type: 'watch', topics: ['files'] }));
      const pong = new Promise((resolve) => socket.once('pong', resolve));
      socket.ping();
      await pong;
      const { position } = await must<{ position: number }>(auditor, 'post', `/api/storage/files/${fileId}/track_view`);
      const pushed = () => received.some((message) => message.collection === 'files' && message.id === fileId && (message.doc?.position ?? 0) >= position);
      for (let attempt = 0; attempt < 100 && !pushed(); attempt += 1) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(pushed()).toBe(true);
      expect((await details(admin, fileId)).file.view_count).toBe(1);
    } finally {
      socket.close();
    }
  });
});
