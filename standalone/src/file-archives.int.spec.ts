import { jest } from '@jest/globals';
import request from 'supertest';
import WebSocket from 'ws';
import {
  FILE_ARCHIVES_COLLECTION,
  fileArchiveStream,
  groupRootFolderId,
  NETWORK_ROOT_FOLDER_ID,
  type FileArchiveDto,
  type FileArchivesResponse,
  type GroupCategoriesResponse,
  type UploadedFileAnswer,
} from '@cn/contracts';
import { BlobSweep } from '@cn/command-service';
import { PROJECTION_RUNTIME, type ProjectionServiceRuntime } from '@cn/projection-service';
import { eventually, readZipEntries } from '@cn/platform/testing';
import { binaryBody, httpCaller, type SignedInClient } from './testing/signed-in-client';
import { useDemoServer } from './testing/demo-server';

/**
 * Archive exports over HTTP (docs/FILES.md "Archive exports"): a member asks for folders and files as a
 * zip (FileArchiveRequested), the projection service builds it into the file storage, pushing its
 * progress to the member, and records it (FileArchiveFinished); the export goes initialized → in_progress →
 * finished and its zip downloads. Only what the member may read: a non-member cannot export a group's
 * folder or file (404, nothing appended) nor read or download someone else's export (404).
 */
jest.setTimeout(60_000);

describe('archive exports', () => {
  const demo = useDemoServer('file-archives');
  const clients: Record<string, SignedInClient> = demo.clients;
  const { call, must } = httpCaller(() => demo.server);
  const publish = async (client: SignedInClient, folderId: string, name: string, bytes: Buffer): Promise<string> => {
    const uploaded = await request(demo.server).post('/api/storage/files').set('Cookie', client.cookie).set('X-CSRF-Token', client.csrf).attach('file', bytes, name);
    expect(uploaded.status).toBe(201);
    const id = (uploaded.body as UploadedFileAnswer).id;
    await must(client, 'post', '/api/storage/files/publish', { files: [{ id }], folder_ids: [folderId] });
    return id;
  };
  const download = (client: SignedInClient, url: string) => request(demo.server).get(url).set('Cookie', client.cookie).buffer(true).parse(binaryBody);
  const streamOf = async (archiveId: string) => (await demo.running.infra.eventStore.readStream(fileArchiveStream(archiveId))).map((event) => event.type);
  const finished = (client: SignedInClient, archiveId: string) =>
    eventually(async () => {
      const archive = await must<FileArchiveDto>(client, 'get', `/api/storage/archives/${archiveId}`);
      return archive.status === 'finished' || archive.status === 'failed' ? archive : false;
    }, 20_000);

  let groupId = '';
  let folderId = '';
  let groupFileId = '';

  beforeAll(async () => {
    const categories = await must<GroupCategoriesResponse>(clients.admin, 'get', '/api/v1/group_categories');
    groupId = (await must<{ id: string }>(clients.admin, 'post', '/groups', { group_category_slug: categories.group_categories[0].slug, group: { name: 'Archive group', access: 'hidden' } })).id;
    folderId = (await must<{ id: string }>(clients.admin, 'post', '/api/storage/folders', { name: 'Protokolle', parent_folder_id: groupRootFolderId(groupId) })).id;
    const sub = await must<{ id: string }>(clients.admin, 'post', '/api/storage/folders', { name: 'Anhänge', parent_folder_id: folderId });
    groupFileId = await publish(clients.admin, folderId, 'januar.txt', Buffer.from('Januar '.repeat(5000)));
    await publish(clients.admin, sub.id, '..\\..\\boot.ini', Buffer.from('slip'));
  });

  it('builds a group folder into a zip, pushing the progress to the member, and downloads it', async () => {
    const address = demo.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const socket = new WebSocket(`ws://127.0.0.1:${port}/api/realtime`, { headers: { Cookie: clients.admin.cookie } });
    const pushed: Array<{ collection: string; id: string; doc: { progress?: number } }> = [];
    socket.on('message', (raw: Buffer) => pushed.push(JSON.parse(raw.toString('utf8')) as (typeof pushed)[number]));
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    const runtime = demo.running.app.get<ProjectionServiceRuntime>(PROJECTION_RUNTIME, { strict: false });
    await eventually(() => runtime.hub.connectionCount() > 0, 5000, 10);
    try {
      const requested = await call(clients.admin, 'post', '/api/storage/archives', { folder_ids: [folderId], current_folder_id: groupRootFolderId(groupId) });
      expect(requested.status).toBe(201);
      const { id } = requested.body as { id: string };
      const listed = await must<FileArchivesResponse>(clients.admin, 'get', '/api/storage/archives');
      expect(['initialized', 'in_progress', 'finished']).toContain(listed.archives.find((archive) => archive.id === id)?.status);
      const archive = await finished(clients.admin, id);
      expect(archive).toMatchObject({ id, status: 'finished', progress: 100, finishedAt: expect.any(String), createdAt: expect.any(String) });
      expect(archive.files).toEqual([{ id, name: expect.stringMatching(/^files-\d{4}-\d{2}-\d{2}\.zip$/), bytes: expect.any(Number), fileUrl: `/api/storage/archives/${id}/download`, downloadUrl: `/api/storage/archives/${id}/download`, extension: 'zip' }]);
      expect(await streamOf(id)).toEqual(['FileArchiveRequested', 'FileArchiveFinished']);
      // the zip is named by its event: the sweep of orphaned bytes keeps it
      const [, recorded] = await demo.running.infra.eventStore.readStream(fileArchiveStream(id));
      const zipKey = (recorded?.data as { blob_key: string }).blob_key;
      await demo.running.app.get(BlobSweep).sweep(new Date(Date.now() + 2 * 3_600_000));
      expect(await demo.running.infra.fileStorage.stat(zipKey)).not.toBeNull();
      // the runner's progress (0 first, rising) and the read model's request and end reached the member's consoles
      const ours = () => pushed.filter((message) => message.collection === FILE_ARCHIVES_COLLECTION && message.id === id);
      await eventually(() => ours().length >= 3);
      const progress = ours().map((message) => message.doc.progress).filter((value) => value !== undefined);
      expect(progress[0]).toBe(0);
      expect(progress).toEqual([...progress].sort((a, b) => (a ?? 0) - (b ?? 0)));

      const res = await download(clients.admin, archive.files[0].downloadUrl);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['content-disposition']).toContain('attachment');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      const entries = readZipEntries(res.body as Buffer);
      expect(entries.map((entry) => entry.name)).toEqual(['Protokolle/januar.txt', 'Protokolle/Anhänge/boot.ini']);
      expect(entries[0].bytes.toString()).toBe('Januar '.repeat(5000));
      // no entry leaves the folder it is unpacked into (zip slip)
      for (const entry of entries) {
        expect(entry.name.startsWith('/')).toBe(false);
        expect(entry.name.split(/[\\/]/)).not.toContain('..');
      }
    } finally {
      socket.close();
    }
  });

  it('refuses a non-member the export of a group folder or file (404, nothing appended) and keeps exports to their member', async () => {
    const { admin, member } = clients;
    const head = await demo.running.infra.eventStore.headPosition();
    for (const body of [{ folder_ids: [folderId] }, { folder_ids: [groupRootFolderId(groupId)] }, { file_ids: [groupFileId] }, { folder_ids: [NETWORK_ROOT_FOLDER_ID, folderId] }]) {
      const refused = await call(member, 'post', '/api/storage/archives', body);
      expect([JSON.stringify(body), refused.status]).toEqual([JSON.stringify(body), 404]);
      expect(refused.body).toMatchObject({ error: 'not_found' });
    }
    const empty = await call(member, 'post', '/api/storage/archives', { file_ids: [], folder_ids: [] });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ errors: [{ field: 'file_ids', key: 'required' }] });
    expect(await demo.running.infra.eventStore.headPosition()).toBe(head);

    // the admin's export: neither listed to, read nor downloaded by the member
    const { id } = await must<{ id: string }>(admin, 'post', '/api/storage/archives', { file_ids: [groupFileId] });
    const archive = await finished(admin, id);
    expect(archive.status).toBe('finished');
    expect((await call(member, 'get', `/api/storage/archives/${id}`)).status).toBe(404);
    expect((await download(member, `/api/storage/archives/${id}/download`)).status).toBe(404);
    expect((await must<FileArchivesResponse>(member, 'get', '/api/storage/archives')).archives.map((entry) => entry.id)).not.toContain(id);
    // the member's own export of the network's root works
    const own = await must<{ id: string }>(member, 'post', '/api/storage/archives', { folder_ids: [NETWORK_ROOT_FOLDER_ID] });
    expect((await finished(member, own.id)).status).toBe('finished');
    expect((await download(member, `/api/storage/archives/${own.id}/download`)).status).toBe(200);
  });
});
