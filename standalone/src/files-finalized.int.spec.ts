import { jest } from '@jest/globals';
import request from 'supertest';
import { fileStream, groupRootFolderId, NETWORK_ROOT_FOLDER_ID, type FileDetailsDto, type FolderContentsDto, type GroupCategoriesResponse, type UploadedFileAnswer } from '@cn/contracts';
import { httpCaller, type SignedInClient } from './testing/signed-in-client';
import { useDemoServer, type DemoAccount } from './testing/demo-server';

/**
 * Finalized files over HTTP: who may change a file (can.update) may finalize it once no proposed version
 * awaits a decision; from then on every change is refused with 409 file_finalized and nothing is appended,
 * while the file is read as before. Every role's can.finalize is what the route answers it.
 */
jest.setTimeout(60_000);

describe('finalized files', () => {
  const demo = useDemoServer('files-finalized');
  const clients: Record<DemoAccount, SignedInClient> = demo.clients;
  const { call, must } = httpCaller(() => demo.server);
  const send = (client: SignedInClient, path: string, name: string) =>
    request(demo.server).post(path).set('Cookie', client.cookie).set('X-CSRF-Token', client.csrf).attach('file', Buffer.from(`${name} ${path}\n`), name);
  const publish = async (client: SignedInClient, name: string, folderId: string): Promise<string> => {
    const uploaded = await send(client, '/api/storage/files', name);
    expect(uploaded.status).toBe(201);
    const id = (uploaded.body as UploadedFileAnswer).id;
    await must(client, 'post', '/api/storage/files/publish', { files: [{ id }], folder_ids: [folderId] });
    return id;
  };
  const eventsOf = async (fileId: string) => (await demo.running.infra.eventStore.readStream(fileStream(fileId))).map((event) => event.type);
  const details = (client: SignedInClient, fileId: string) => must<FileDetailsDto>(client, 'get', `/api/storage/files/${fileId}`);

  it('lets exactly the roles whose can.finalize is true finalize, refusing the others with nothing appended', async () => {
    const fileId = await publish(clients.member, 'Minutes.txt', NETWORK_ROOT_FOLDER_ID);
    const expected: Record<DemoAccount, boolean> = { admin: true, member: true, auditor: false, guest: false };
    for (const role of ['guest', 'auditor'] as const) {
      expect((await details(clients[role], fileId)).file.can.finalize).toBe(expected[role]);
      const refused = await call(clients[role], 'post', `/api/storage/files/${fileId}/finalize`);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ error: 'forbidden' });
    }
    expect(await eventsOf(fileId)).toEqual(['FileUploaded', 'FilePublished']);
    expect((await details(clients.admin, fileId)).file.can.finalize).toBe(true);
    const before = await details(clients.member, fileId);
    expect(before.file).toMatchObject({ finalizedAt: null, can: { finalize: true } });
    await must(clients.member, 'post', `/api/storage/files/${fileId}/finalize`);
    expect(await eventsOf(fileId)).toEqual(['FileUploaded', 'FilePublished', 'FileFinalized']);
    for (const role of Object.keys(expected) as DemoAccount[]) {
      const after = await details(clients[role], fileId);
      expect(after.file.finalizedAt).toEqual(expect.any(String));
      expect(after.file.can).toMatchObject({ finalize: false, update: false, destroy: false, lock: false, add_version: false });
    }
  });

  it('refuses every change of a finalized file with 409 file_finalized, appending nothing, and still serves it', async () => {
    const { member, admin } = clients;
    const folder = await must<{ id: string }>(member, 'post', '/api/storage/folders', { name: 'Final', parent_folder_id: NETWORK_ROOT_FOLDER_ID });
    const fileId = await publish(member, 'Contract.txt', NETWORK_ROOT_FOLDER_ID);
    await must(member, 'post', `/api/storage/files/${fileId}/finalize`);
    const stored = await eventsOf(fileId);
    const refusals = [
      await call(member, 'post', `/api/storage/files/${fileId}/finalize`),
      await call(member, 'put', `/api/storage/files/${fileId}`, { name: 'Other.txt' }),
      await call(admin, 'put', `/api/storage/files/${fileId}/move`, { target_folder_id: folder.id }),
      await call(member, 'delete', `/api/storage/files/${fileId}`),
      await call(member, 'put', `/api/storage/files/${fileId}/lock`, {}),
      await call(admin, 'post', '/api/storage/files/move', { file_ids: [fileId], folder_ids: [], target_folder_id: folder.id }),
      await call(admin, 'delete', '/api/storage/files', { file_ids: [fileId], folder_ids: [] }),
      await send(member, `/api/storage/files/${fileId}/versions`, 'Contract.txt'),
    ];
    for (const [index, refused] of refusals.entries()) {
      expect([index, refused.status]).toEqual([index, 409]);
      expect(refused.body).toMatchObject({ error: 'file_finalized' });
    }
    expect(await eventsOf(fileId)).toEqual(stored);
    const root = await must<FolderContentsDto>(member, 'get', `/api/storage/folders/${NETWORK_ROOT_FOLDER_ID}`);
    const item = root.files.find((file) => file.id === fileId);
    expect(item).toMatchObject({ name: 'Contract.txt', finalizedAt: expect.any(String) });
    const download = await request(demo.server).get(item?.url ?? '').set('Cookie', member.cookie);
    expect(download.status).toBe(200);
  });

  it('waits for proposed versions to be decided (422) and keeps a group’s file from non-members (404)', async () => {
    const { admin, member, auditor } = clients;
    const fileId = await publish(member, 'Budget.txt', NETWORK_ROOT_FOLDER_ID);
    expect((await send(auditor, `/api/storage/files/${fileId}/versions`, 'Budget.txt')).status).toBe(201);
    const pending = await details(admin, fileId);
    expect((await details(member, fileId)).file.can.finalize).toBe(false);
    const refused = await call(member, 'post', `/api/storage/files/${fileId}/finalize`);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ error: 'pending_versions' });
    expect(await eventsOf(fileId)).toEqual(['FileUploaded', 'FilePublished', 'FileVersionAdded']);
    await must(admin, 'delete', `/api/storage/files/${fileId}/pending_versions/${pending.pending_versions[0].id}`);
    expect((await details(member, fileId)).file.can.finalize).toBe(true);
    await must(member, 'post', `/api/storage/files/${fileId}/finalize`);

    const categories = await must<GroupCategoriesResponse>(admin, 'get', '/api/v1/group_categories');
    const groupId = (await must<{ id: string }>(admin, 'post', '/groups', { group_category_slug: categories.group_categories[0].slug, group: { name: 'Final group', access: 'hidden' } })).id;
    const groupFile = await publish(admin, 'Agenda.txt', groupRootFolderId(groupId));
    expect((await call(member, 'post', `/api/storage/files/${groupFile}/finalize`)).status).toBe(404);
    expect(await eventsOf(groupFile)).toEqual(['FileUploaded', 'FilePublished']);
    await must(admin, 'post', `/api/storage/files/${groupFile}/finalize`);
    expect((await details(admin, groupFile)).file.finalizedAt).toEqual(expect.any(String));
  });
});
