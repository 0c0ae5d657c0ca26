import { jest } from '@jest/globals';
import request from 'supertest';
import { fileArchiveStream, fileStream, NETWORK_ROOT_FOLDER_ID, type FileArchiveDto, type FileArchivesResponse, type UploadedFileAnswer } from '@cn/contracts';
import { ArchiveExpiry } from '@cn/command-service';
import { eventually } from '@cn/platform/testing';
import { binaryBody, httpCaller, type SignedInClient } from './testing/signed-in-client';
import { useDemoServer } from './testing/demo-server';

/**
 * The end of an archive export (docs/FILES.md "Archive exports"), all services in one process: when its
 * period runs out (ArchiveExpiry.expire, what its timer does; the timer itself, its restart and its clock are
 * in command-service's archive-expiry.int.spec.ts) it is `expired`, its download answers 410 and its zip's
 * bytes are gone unless another export holds the same bytes; its member may delete it (404 for anybody
 * else, with nothing appended); a build that fails leaves no bytes behind.
 */
jest.setTimeout(90_000);

describe('archive export expiry and deletion', () => {
  const demo = useDemoServer('file-archive-expiry');
  const clients: Record<string, SignedInClient> = demo.clients;
  const { call, must } = httpCaller(() => demo.server);
  const infra = () => demo.running.infra;
  const publish = async (client: SignedInClient, name: string, bytes: Buffer): Promise<string> => {
    const uploaded = await request(demo.server).post('/api/storage/files').set('Cookie', client.cookie).set('X-CSRF-Token', client.csrf).attach('file', bytes, name);
    expect(uploaded.status).toBe(201);
    const id = (uploaded.body as UploadedFileAnswer).id;
    await must(client, 'post', '/api/storage/files/publish', { files: [{ id }], folder_ids: [NETWORK_ROOT_FOLDER_ID] });
    return id;
  };
  const download = (client: SignedInClient, url: string) => request(demo.server).get(url).set('Cookie', client.cookie).buffer(true).parse(binaryBody);
  const streamOf = async (archiveId: string) => (await infra().eventStore.readStream(fileArchiveStream(archiveId))).map((event) => event.type);
  const ended = (client: SignedInClient, archiveId: string) =>
    eventually(async () => {
      const archive = await must<FileArchiveDto>(client, 'get', `/api/storage/archives/${archiveId}`);
      return archive.status === 'finished' || archive.status === 'failed' ? archive : false;
    }, 20_000);
  const exported = async (client: SignedInClient, fileId: string): Promise<{ id: string; archive: FileArchiveDto; key: string }> => {
    const { id } = await must<{ id: string }>(client, 'post', '/api/storage/archives', { file_ids: [fileId] });
    const archive = await ended(client, id);
    const finished = (await infra().eventStore.readStream(fileArchiveStream(id))).find((event) => event.type === 'FileArchiveFinished');
    return { id, archive, key: (finished?.data as { blob_key: string | null }).blob_key ?? '' };
  };
  const storedKeys = async (): Promise<string[]> => {
    const keys: string[] = [];
    for await (const blob of infra().fileStorage.list()) keys.push(blob.key);
    return keys.sort();
  };

  it('expires a finished export: expired in the list, 410 archive_expired for its download, its bytes removed once no other export holds them', async () => {
    const { admin } = clients;
    const fileId = await publish(admin, 'bericht.txt', Buffer.from('Bericht '.repeat(2000)));
    const first = await exported(admin, fileId);
    const second = await exported(admin, fileId);
    expect(first.archive).toMatchObject({ status: 'finished', expiresAt: expect.any(String) });
    // a day after it finished (DEFAULT_ARCHIVE_EXPIRY_HOURS)
    expect(Date.parse(first.archive.expiresAt ?? '') - Date.parse(first.archive.finishedAt ?? '')).toBe(24 * 60 * 60_000);
    // the same file the same way: the same zip, content-addressed, held by both exports
    expect(second.key).toBe(first.key);
    expect((await download(admin, first.archive.files[0].downloadUrl)).status).toBe(200);

    const expiry = demo.running.app.get(ArchiveExpiry, { strict: false });
    await expiry.expire(first.id);
    // its timer firing again (a second replica, a restart) appends nothing more
    await expiry.expire(first.id);
    expect(await streamOf(first.id)).toEqual(['FileArchiveRequested', 'FileArchiveFinished', 'FileArchiveExpired']);
    const expired = await eventually(async () => {
      const archive = await must<FileArchiveDto>(admin, 'get', `/api/storage/archives/${first.id}`);
      return archive.status === 'expired' ? archive : false;
    }, 10_000);
    expect(expired).toMatchObject({ status: 'expired', files: [], expiresAt: null });
    expect((await must<FileArchivesResponse>(admin, 'get', '/api/storage/archives')).archives.find((entry) => entry.id === first.id)?.status).toBe('expired');
    const gone = await download(admin, `/api/storage/archives/${first.id}/download`);
    expect(gone.status).toBe(410);
    expect(JSON.parse((gone.body as Buffer).toString('utf8'))).toMatchObject({ error: 'archive_expired' });
    // the second export still holds the bytes
    expect(await infra().fileStorage.stat(first.key)).not.toBeNull();
    expect((await download(admin, second.archive.files[0].downloadUrl)).status).toBe(200);

    await expiry.expire(second.id);
    expect(await infra().fileStorage.stat(first.key)).toBeNull();
    expect((await download(admin, `/api/storage/archives/${second.id}/download`)).status).toBe(410);
  });

  it("deletes the member's own export and its bytes; anybody else gets 404 with nothing appended", async () => {
    const { admin, member } = clients;
    const fileId = await publish(admin, 'liste.txt', Buffer.from('Liste\n'));
    const own = await exported(member, fileId);
    expect(await infra().fileStorage.stat(own.key)).not.toBeNull();

    const head = await infra().eventStore.headPosition();
    for (const other of [admin, clients.auditor]) {
      const refused = await call(other, 'delete', `/api/storage/archives/${own.id}`);
      expect(refused.status).toBe(404);
      expect(refused.body).toMatchObject({ error: 'not_found' });
    }
    expect((await call(member, 'delete', '/api/storage/archives/no-such-export')).status).toBe(404);
    expect(await infra().eventStore.headPosition()).toBe(head);

    expect((await call(member, 'delete', `/api/storage/archives/${own.id}`)).status).toBe(200);
    expect(await streamOf(own.id)).toEqual(['FileArchiveRequested', 'FileArchiveFinished', 'FileArchiveDeleted']);
    expect(await infra().fileStorage.stat(own.key)).toBeNull();
    expect((await call(member, 'get', `/api/storage/archives/${own.id}`)).status).toBe(404);
    expect((await download(member, `/api/storage/archives/${own.id}/download`)).status).toBe(404);
    expect((await must<FileArchivesResponse>(member, 'get', '/api/storage/archives')).archives.map((entry) => entry.id)).not.toContain(own.id);
    // once
    expect((await call(member, 'delete', `/api/storage/archives/${own.id}`)).status).toBe(404);
    expect(await streamOf(own.id)).toEqual(['FileArchiveRequested', 'FileArchiveFinished', 'FileArchiveDeleted']);
  });

  it('leaves no bytes behind when a build fails, and the failed export may be deleted', async () => {
    const { admin } = clients;
    const fileId = await publish(admin, 'verloren.txt', Buffer.from('bytes lost from the store\n'));
    // every copy of its bytes (the upload's, sealed, and the published plain one) gone from the store
    for (const event of await infra().eventStore.readStream(fileStream(fileId))) {
      const key = (event.data as { blob_key?: string }).blob_key;
      if (key) await infra().fileStorage.delete(key);
    }
    const before = await storedKeys();

    const failed = await exported(admin, fileId);
    expect(failed.archive).toMatchObject({ status: 'failed', files: [] });
    expect(failed.key).toBe('');
    expect(await storedKeys()).toEqual(before);

    expect((await call(admin, 'delete', `/api/storage/archives/${failed.id}`)).status).toBe(200);
    expect(await streamOf(failed.id)).toEqual(['FileArchiveRequested', 'FileArchiveFinished', 'FileArchiveDeleted']);
    expect(await storedKeys()).toEqual(before);
  });
});
