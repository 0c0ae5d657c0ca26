import { jest } from '@jest/globals';
import request from 'supertest';
import { CONSISTENCY_HEADER, groupRootFolderId, NETWORK_ROOT_FOLDER_ID, type FileDetailsDto, type FolderContentsDto, type GroupCategoriesResponse, type UnreadFoldersResponse, type UploadedFileAnswer } from '@cn/contracts';
import { type SignedInClient } from './testing/signed-in-client';
import { useDemoServer } from './testing/demo-server';

type Client = SignedInClient;
type Method = 'get' | 'post' | 'put' | 'delete';
const ROLES = ['admin', 'member', 'auditor', 'guest'] as const;
type Role = (typeof ROLES)[number];

/**
 * One rule for flags and answers: for every role (network and group admin, the files' author, another
 * group member, an external non-member) in the network's files and a group's, every `can` flag the
 * console receives is exactly whether the server accepts the action it stands for.
 */
jest.setTimeout(60_000);

describe('file abilities: the flags are the answers', () => {
  const demo = useDemoServer('file-abilities');
  let position = 0;
  const clients: Record<Role, Client> = demo.clients;

  const call = async (client: Client, method: Method, path: string, body?: object) => {
    const pending = request(demo.server)[method](path).set('Cookie', client.cookie).set('X-CSRF-Token', client.csrf).set(CONSISTENCY_HEADER, String(position));
    const res = await (body === undefined ? pending : pending.send(body));
    const answered = (res.body as { position?: unknown } | undefined)?.position;
    if (typeof answered === 'number') position = Math.max(position, answered);
    return res;
  };
  const ok = (status: number): boolean => status >= 200 && status < 300;
  const upload = async (client: Client, name: string, path = '/api/storage/files') => {
    const res = await request(demo.server).post(path).set('Cookie', client.cookie).set('X-CSRF-Token', client.csrf).attach('file', Buffer.from(`bytes of ${name}`), name);
    const answered = (res.body as { position?: unknown }).position;
    if (typeof answered === 'number') position = Math.max(position, answered);
    return res;
  };
  const publishedBy = async (client: Client, folderId: string, name: string): Promise<string> => {
    const id = ((await upload(client, name)).body as UploadedFileAnswer).id;
    const res = await call(client, 'post', '/api/storage/files/publish', { files: [{ id }], folder_ids: [folderId] });
    expect(res.status).toBe(200);
    return id;
  };

  let groupRoot = '';
  beforeAll(async () => {
    const categories = (await call(clients.admin, 'get', '/api/v1/group_categories')).body as GroupCategoriesResponse;
    const group = (await call(clients.admin, 'post', '/groups', { group_category_slug: categories.group_categories[0].slug, group: { name: 'Abilities' } })).body as { id: string; slug: string };
    for (const role of ['member', 'auditor'] as const) expect((await call(clients[role], 'post', `/api/v1/groups/${group.slug}/join`)).status).toBeLessThan(300);
    groupRoot = groupRootFolderId(group.id);
  });

  for (const scope of ['network', 'group'] as const) {
    for (const role of ROLES) {
      it(`${scope} files as ${role}`, async () => {
        const root = scope === 'network' ? NETWORK_ROOT_FOLDER_ID : groupRoot;
        const client = clients[role];
        const folder = (await call(clients.member, 'post', '/api/storage/folders', { name: `Folder for ${role}`, parent_folder_id: root })).body as { id: string };
        const fileId = await publishedBy(clients.member, folder.id, `${role}.txt`);
        const doomed = await publishedBy(clients.member, folder.id, `${role}-doomed.txt`);
        const doomedFolder = (await call(clients.member, 'post', '/api/storage/folders', { name: `Doomed for ${role}`, parent_folder_id: folder.id })).body as { id: string };
        const batchFile = await publishedBy(clients.member, folder.id, `${role}-batch.txt`);
        const batchFolder = (await call(clients.member, 'post', '/api/storage/folders', { name: `Batch for ${role}`, parent_folder_id: folder.id })).body as { id: string };

        const folderView = await call(client, 'get', `/api/storage/folders/${folder.id}`);
        const fileView = await call(client, 'get', `/api/storage/files/${fileId}`);
        if (scope === 'group' && role === 'guest') {
          // a non-member's every call is a 404: the group's files do not exist for them
          expect([folderView.status, fileView.status]).toEqual([404, 404]);
          for (const [method, path] of [
            ['put', `/api/storage/files/${fileId}/lock`],
            ['put', `/api/storage/files/${fileId}`],
            ['delete', `/api/storage/files/${doomed}`],
            ['delete', `/api/storage/files/${fileId}/pending_versions/none`],
            ['put', `/api/storage/folders/${folder.id}`],
            ['delete', `/api/storage/folders/${doomedFolder.id}`],
          ] as Array<[Method, string]>) {
            expect((await call(client, method, path, method === 'put' ? { name: 'x.txt' } : undefined)).status).toBe(404);
          }
          expect((await call(client, 'delete', '/api/storage/files', { file_ids: [batchFile], folder_ids: [batchFolder.id] })).status).toBe(404);
          expect((await call(client, 'post', `/api/storage/folders/${folder.id}/read`)).status).toBe(404);
          return;
        }
        const folderCan = (folderView.body as FolderContentsDto).folder.can;
        const doomedCan = (folderView.body as FolderContentsDto).folders.find((child) => child.id === doomedFolder.id)?.can;
        const fileCan = (fileView.body as FileDetailsDto).file.can;
        const doomedFileCan = (folderView.body as FolderContentsDto).files.find((file) => file.id === doomed)?.can;
        const batchFileCan = (folderView.body as FolderContentsDto).files.find((file) => file.id === batchFile)?.can;
        const batchFolderCan = (folderView.body as FolderContentsDto).folders.find((child) => child.id === batchFolder.id)?.can;

        // the unread mark is what GET /api/v1/unreads/folders counts (the member's own files are not new to them)
        const unread = ((await call(client, 'get', '/api/v1/unreads/folders')).body as UnreadFoldersResponse).folders.some((entry) => entry.id === folder.id);
        expect(unread).toBe((folderView.body as FolderContentsDto).folder.unread);
        expect(unread).toBe(role !== 'member');

        // folder flags
        expect(ok((await call(client, 'post', '/api/storage/folders', { name: 'Sub', parent_folder_id: folder.id })).status)).toBe(folderCan.create_subfolders);
        expect(ok((await call(client, 'put', `/api/storage/folders/${folder.id}`, { name: `Folder for ${role}` })).status)).toBe(folderCan.update);
        expect(ok((await call(client, 'delete', `/api/storage/folders/${doomedFolder.id}`)).status)).toBe(doomedCan?.destroy);
        const adding = ((await upload(client, 'add.txt')).body as UploadedFileAnswer).id;
        expect(ok((await call(client, 'post', '/api/storage/files/publish', { files: [{ id: adding }], folder_ids: [folder.id] })).status)).toBe(folderCan.add_files);

        // file flags
        expect(ok((await call(client, 'put', `/api/storage/files/${fileId}`, { name: `${role}.txt` })).status)).toBe(fileCan.update);
        const declined = await call(client, 'delete', `/api/storage/files/${fileId}/pending_versions/none`);
        expect(declined.status).toBe(fileCan.approve ? 404 : 403);
        expect(ok((await upload(client, `${role}.txt`, `/api/storage/files/${fileId}/versions`)).status)).toBe(fileCan.add_version);
        const locked = await call(client, 'put', `/api/storage/files/${fileId}/lock`, {});
        expect(ok(locked.status)).toBe(fileCan.lock);
        if (ok(locked.status)) {
          const lockedCan = ((await call(client, 'get', `/api/storage/files/${fileId}`)).body as FileDetailsDto).file.can;
          expect(ok((await call(client, 'delete', `/api/storage/files/${fileId}/lock`)).status)).toBe(lockedCan.unlock);
        }
        expect(ok((await call(client, 'delete', `/api/storage/files/${doomed}`)).status)).toBe(doomedFileCan?.destroy);
        // batch delete: every selected item must be destroyable (§6)
        const batch = await call(client, 'delete', '/api/storage/files', { file_ids: [batchFile], folder_ids: [batchFolder.id] });
        expect(ok(batch.status)).toBe(!!batchFileCan?.destroy && !!batchFolderCan?.destroy);
      });
    }
  }
});
