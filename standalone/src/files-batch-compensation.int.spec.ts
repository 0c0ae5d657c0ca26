import { jest } from '@jest/globals';
import request from 'supertest';
import { CONSISTENCY_HEADER, fileStream, folderStream, NETWORK_ROOT_FOLDER_ID, type FolderContentsDto, type GlobalSearchResponse, type UploadedFileAnswer } from '@cn/contracts';
import { httpCaller, type SignedInClient } from './testing/signed-in-client';
import { useDemoServer } from './testing/demo-server';

type Client = SignedInClient;

/**
 * A batch is every item or none also when an append fails after others landed (the event store appends one
 * stream at a time): the items already changed are undone, so the folders list what they listed before,
 * and the streams show the change and its undo.
 */
jest.setTimeout(60_000);

describe('a batch failing half-way is undone', () => {
  const demo = useDemoServer('files-batch-undo');
  const clients: Record<string, Client> = demo.clients;
  const { call, must } = httpCaller(() => demo.server);
  const folder = async (name: string, parent: string) => (await must<{ id: string }>(clients.admin, 'post', '/api/storage/folders', { name, parent_folder_id: parent })).id;
  const published = async (folderId: string, name: string): Promise<string> => {
    const res = await request(demo.server).post('/api/storage/files').set('Cookie', clients.admin.cookie).set('X-CSRF-Token', clients.admin.csrf).attach('file', Buffer.from(`bytes of ${name}`), name);
    expect(res.status).toBe(201);
    const id = (res.body as UploadedFileAnswer).id;
    await must(clients.admin, 'post', '/api/storage/files/publish', { files: [{ id }], folder_ids: [folderId] });
    return id;
  };
  const contents = async (folderId: string) =>
    (await request(demo.server).get(`/api/storage/folders/${folderId}`).set('Cookie', clients.admin.cookie).set(CONSISTENCY_HEADER, String(await demo.running.infra.eventStore.headPosition())).expect(200)).body as FolderContentsDto;
  /** the titles the global search finds in one module, at the log's head (the search side follows the log) */
  const searched = async (q: string, module: 'files' | 'folders'): Promise<string[]> => {
    const res = await request(demo.server)
      .get(`/search.json?q=${encodeURIComponent(q)}&module=${module}`)
      .set('Cookie', clients.admin.cookie)
      .set(CONSISTENCY_HEADER, String(await demo.running.infra.eventStore.headPosition()))
      .expect(200);
    return ((res.body as GlobalSearchResponse).results[0]?.hits ?? []).map((hit) => hit.title).sort();
  };
  const types = async (streamId: string) => (await demo.running.infra.eventStore.readStream(streamId)).map((event) => event.type);
  /** the store refuses the next append to `streamId` (a full disk, say); every other append goes through */
  const failNextAppendTo = (streamId: string) => {
    const store = demo.running.infra.eventStore;
    const append = store.append.bind(store);
    const spy = jest.spyOn(store, 'append').mockImplementation(async (...args: Parameters<typeof store.append>) => {
      if (args[0] !== streamId) return append(...args);
      spy.mockRestore();
      throw new Error('disk full');
    });
  };

  it('moves back the items a failing batch move had moved', async () => {
    const from = await folder('Undo source', NETWORK_ROOT_FOLDER_ID);
    const to = await folder('Undo target', NETWORK_ROOT_FOLDER_ID);
    const inner = await folder('Undo inner', from);
    const [first, second] = [await published(from, 'first.txt'), await published(from, 'second.txt')];
    // folders are appended first, then files in the order named: the second file fails
    failNextAppendTo(fileStream(second));
    const res = await call(clients.admin, 'post', '/api/storage/files/move', { file_ids: [first, second], folder_ids: [inner], target_folder_id: to, source_folder_id: from });
    expect(res.status).toBe(500);
    expect(await types(folderStream(inner))).toEqual(['FolderCreated', 'FolderMoved', 'FolderMoved']);
    expect(await types(fileStream(first))).toEqual(['FileUploaded', 'FilePublished', 'FileMoved', 'FileMoved']);
    expect(await types(fileStream(second))).toEqual(['FileUploaded', 'FilePublished']);
    const source = await contents(from);
    expect(source.files.map((file) => file.id).sort()).toEqual([first, second].sort());
    expect(source.folders.map((child) => child.id)).toEqual([inner]);
    expect(await contents(to)).toMatchObject({ files: [], folders: [] });
    // the batch again, nothing failing: done
    await must(clients.admin, 'post', '/api/storage/files/move', { file_ids: [first, second], folder_ids: [inner], target_folder_id: to });
    expect((await contents(to)).files).toHaveLength(2);
  });

  it('restores the folder and file a failing batch delete had deleted', async () => {
    const place = await folder('Undo delete', NETWORK_ROOT_FOLDER_ID);
    const doomed = await folder('kumquat doomed', place);
    const below = await published(doomed, 'kumquat below.txt');
    const [first, second] = [await published(place, 'kumquat a.txt'), await published(place, 'kumquat b.txt')];
    failNextAppendTo(fileStream(second));
    const res = await call(clients.admin, 'delete', '/api/storage/files', { file_ids: [first, second], folder_ids: [doomed] });
    expect(res.status).toBe(500);
    expect(await types(folderStream(doomed))).toEqual(['FolderCreated', 'FolderDeleted', 'FolderRestored']);
    expect(await types(fileStream(first))).toEqual(['FileUploaded', 'FilePublished', 'FileRemoved', 'FileRestored']);
    const listed = await contents(place);
    expect(listed.files.map((file) => file.id).sort()).toEqual([first, second].sort());
    expect(listed.folders.map((child) => child.id)).toEqual([doomed]);
    expect((await contents(doomed)).files.map((file) => file.id)).toEqual([below]);
    // the search finds them again as they were: the restored file, the restored folder and the file below it
    expect(await searched('kumquat', 'files')).toEqual(['kumquat a.txt', 'kumquat b.txt', 'kumquat below.txt']);
    expect(await searched('kumquat', 'folders')).toEqual(['kumquat doomed']);
    // the restored file is a file again: it downloads and may be deleted
    expect((await request(demo.server).get(listed.files.find((file) => file.id === first)?.url ?? '').set('Cookie', clients.admin.cookie)).status).toBe(200);
    await must(clients.admin, 'delete', '/api/storage/files', { file_ids: [first, second], folder_ids: [doomed] });
    expect(await contents(place)).toMatchObject({ files: [], folders: [] });
    expect(await searched('kumquat', 'files')).toEqual([]);
  });
});
