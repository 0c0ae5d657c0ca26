import { jest } from '@jest/globals';
import request from 'supertest';
import {
  CONSISTENCY_HEADER,
  fileStream,
  groupRootFolderId,
  NETWORK_ROOT_FOLDER_ID,
  type FileDetailsDto,
  type GroupCategoriesResponse,
  type GroupNavigationResponse,
  type OpenReviewDto,
  type UploadedFileAnswer,
} from '@cn/contracts';
import { type SignedInClient } from './testing/signed-in-client';
import { useDemoServer } from './testing/demo-server';

type Client = SignedInClient;
type Method = 'get' | 'post' | 'put' | 'delete';
const ROLES = ['admin', 'member', 'auditor', 'guest'] as const;
type Role = (typeof ROLES)[number];

/**
 * The open-review tab (GET /api/storage/approval/open): each member's list of the pending versions they
 * may approve across the network's and their groups' folders, read from the pending_file_versions read
 * model; approving or declining takes a version off it; the list is exactly what the approve command
 * accepts, for every role; the group navigation names the files page for the group's members only.
 */
jest.setTimeout(60_000);

describe('files: the open-review list', () => {
  const demo = useDemoServer('open-review');
  let position = 0;
  const clients: Record<Role, Client> = demo.clients;
  let group = { id: '', slug: '' };

  const call = async (client: Client, method: Method, path: string, body?: object) => {
    const pending = request(demo.server)[method](path).set('Cookie', client.cookie).set('X-CSRF-Token', client.csrf).set(CONSISTENCY_HEADER, String(position));
    const res = await (body === undefined ? pending : pending.send(body));
    const answered = (res.body as { position?: unknown } | undefined)?.position;
    if (typeof answered === 'number') position = Math.max(position, answered);
    return res;
  };
  const ok = (status: number): boolean => status >= 200 && status < 300;
  const upload = async (client: Client, name: string, path = '/api/storage/files') => {
    const res = await request(demo.server).post(path).set('Cookie', client.cookie).set('X-CSRF-Token', client.csrf).attach('file', Buffer.from(`bytes of ${name} ${Math.random()}`), name);
    const answered = (res.body as { position?: unknown }).position;
    if (typeof answered === 'number') position = Math.max(position, answered);
    return res;
  };
  const publishedBy = async (client: Client, folderId: string, name: string): Promise<string> => {
    const id = ((await upload(client, name)).body as UploadedFileAnswer).id;
    expect((await call(client, 'post', '/api/storage/files/publish', { files: [{ id }], folder_ids: [folderId] })).status).toBe(200);
    return id;
  };
  /** the auditor proposes a version of the member's file: pending, the auditor may not change it */
  const proposed = async (fileId: string, name: string): Promise<string> => {
    expect((await upload(clients.auditor, name, `/api/storage/files/${fileId}/versions`)).status).toBe(201);
    const own = ((await call(clients.auditor, 'get', `/api/storage/files/${fileId}`)).body as FileDetailsDto).pending_versions;
    expect(own).toHaveLength(1);
    return own[0].id;
  };
  const openReview = async (client: Client, query = ''): Promise<OpenReviewDto> => {
    const res = await call(client, 'get', `/api/storage/approval/open${query}`);
    expect(res.status).toBe(200);
    return res.body as OpenReviewDto;
  };

  beforeAll(async () => {
    const categories = (await call(clients.admin, 'get', '/api/v1/group_categories')).body as GroupCategoriesResponse;
    group = (await call(clients.admin, 'post', '/groups', { group_category_slug: categories.group_categories[0].slug, group: { name: 'Reviewers' } })).body as { id: string; slug: string };
    for (const role of ['member', 'auditor'] as const) expect((await call(clients[role], 'post', `/api/v1/groups/${group.slug}/join`)).status).toBeLessThan(300);
  });

  it("lists a pending version for the scope's approver only, with file, folder, uploader and date; approving and declining take it off", async () => {
    const folder = (await call(clients.member, 'post', '/api/storage/folders', { name: 'Budgets', parent_folder_id: groupRootFolderId(group.id) })).body as { id: string };
    const fileId = await publishedBy(clients.member, folder.id, 'budget.txt');
    const networkFile = await publishedBy(clients.member, NETWORK_ROOT_FOLDER_ID, 'handbook.txt');
    const versionId = await proposed(fileId, 'budget-2.txt');
    const networkVersion = await proposed(networkFile, 'handbook-2.txt');

    const mine = await openReview(clients.admin);
    expect(mine.total).toBe(2);
    expect(mine.versions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: versionId, file_id: fileId, file_name: 'budget.txt', original_filename: 'budget-2.txt', folder_id: folder.id, folder_name: 'Budgets', namespace: 'group', group_id: group.id, group_name: 'Reviewers', group_slug: group.slug }),
        expect.objectContaining({ id: networkVersion, file_id: networkFile, folder_id: NETWORK_ROOT_FOLDER_ID, folder_name: '', namespace: 'network', group_id: null, group_slug: null }),
      ]),
    );
    const entry = mine.versions.find((version) => version.id === versionId);
    expect(entry?.author_name).not.toBe('');
    expect(Date.now() - Date.parse(entry?.created_at ?? '')).toBeLessThan(60_000);
    // one scope only
    expect((await openReview(clients.admin, `?context_type=group&context_id=${group.id}`)).versions.map((version) => version.id)).toEqual([versionId]);
    expect((await openReview(clients.admin, '?context_type=network')).versions.map((version) => version.id)).toEqual([networkVersion]);
    // the author of the file, the proposer and an outsider approve nothing
    for (const role of ['member', 'auditor', 'guest'] as const) expect(await openReview(clients[role])).toEqual({ versions: [], total: 0 });
    expect((await call(clients.guest, 'get', `/api/storage/approval/open?context_type=group&context_id=${group.id}`)).status).toBe(404);
    expect((await call(clients.admin, 'get', '/api/storage/approval/open?context_type=somewhere')).body).toMatchObject({ errors: [{ field: 'context_type', key: 'invalid_value' }] });

    const before = (await demo.running.infra.eventStore.readStream(fileStream(fileId))).length;
    expect((await call(clients.admin, 'post', `/api/storage/files/${fileId}/pending_versions/${versionId}/approve`)).status).toBeLessThan(300);
    const events = await demo.running.infra.eventStore.readStream(fileStream(fileId));
    expect(events.slice(before).map((event) => event.type)).toEqual(['FileVersionApproved']);
    expect((await openReview(clients.admin)).versions.map((version) => version.id)).toEqual([networkVersion]);

    expect((await call(clients.admin, 'delete', `/api/storage/files/${networkFile}/pending_versions/${networkVersion}`)).status).toBeLessThan(300);
    expect(await openReview(clients.admin)).toEqual({ versions: [], total: 0 });
  });

  it('leaves out a file whose folder was deleted and a removed file', async () => {
    const folder = (await call(clients.member, 'post', '/api/storage/folders', { name: 'Doomed', parent_folder_id: NETWORK_ROOT_FOLDER_ID })).body as { id: string };
    const inFolder = await publishedBy(clients.member, folder.id, 'doomed.txt');
    const removed = await publishedBy(clients.member, NETWORK_ROOT_FOLDER_ID, 'removed.txt');
    const kept = await publishedBy(clients.member, NETWORK_ROOT_FOLDER_ID, 'kept.txt');
    await proposed(inFolder, 'doomed-2.txt');
    await proposed(removed, 'removed-2.txt');
    const keptVersion = await proposed(kept, 'kept-2.txt');
    expect((await openReview(clients.admin)).total).toBe(3);
    expect((await call(clients.member, 'delete', `/api/storage/folders/${folder.id}`)).status).toBeLessThan(300);
    expect((await call(clients.member, 'delete', `/api/storage/files/${removed}`)).status).toBeLessThan(300);
    expect((await openReview(clients.admin)).versions.map((version) => version.id)).toEqual([keptVersion]);
    expect((await call(clients.admin, 'delete', `/api/storage/files/${kept}/pending_versions/${keptVersion}`)).status).toBeLessThan(300);
  });

  for (const scope of ['network', 'group'] as const) {
    for (const role of ROLES) {
      it(`the list is the approve flag and the approve answer: ${scope} files as ${role}`, async () => {
        const root = scope === 'network' ? NETWORK_ROOT_FOLDER_ID : groupRootFolderId(group.id);
        const fileId = await publishedBy(clients.member, root, `${scope}-${role}.txt`);
        const versionId = await proposed(fileId, `${scope}-${role}-2.txt`);
        const listed = (await openReview(clients[role])).versions.some((version) => version.id === versionId);
        const view = await call(clients[role], 'get', `/api/storage/files/${fileId}`);
        const approve = await call(clients[role], 'post', `/api/storage/files/${fileId}/pending_versions/${versionId}/approve`);
        if (scope === 'group' && role === 'guest') {
          expect([view.status, approve.status, listed]).toEqual([404, 404, false]);
          return;
        }
        expect(listed).toBe((view.body as FileDetailsDto).file.can.approve);
        expect(ok(approve.status)).toBe(listed);
        expect(listed).toBe(role === 'admin');
        // whoever approved it, it is off every list
        if (!listed) expect(ok((await call(clients.admin, 'post', `/api/storage/files/${fileId}/pending_versions/${versionId}/approve`)).status)).toBe(true);
        for (const other of ROLES) expect((await openReview(clients[other])).versions.some((version) => version.id === versionId)).toBe(false);
      });
    }
  }

  it("names the files page in the group's navigation for its members only", async () => {
    const itemsOf = async (client: Client) => ((await call(client, 'get', `/groups/${group.slug}/navigation`)).body as GroupNavigationResponse).navigation_items.map((item) => item.id);
    for (const role of ['admin', 'member', 'auditor'] as const) expect(await itemsOf(clients[role])).toContain('files');
    const guest = await call(clients.guest, 'get', `/groups/${group.slug}/navigation`);
    if (guest.status === 200) expect((guest.body as GroupNavigationResponse).navigation_items.map((item) => item.id)).not.toContain('files');
    else expect(guest.status).toBe(404);
    const files = ((await call(clients.member, 'get', `/groups/${group.slug}/navigation`)).body as GroupNavigationResponse).navigation_items.find((item) => item.id === 'files');
    expect(files?.link).toBe(`/groups/${group.slug}/files`);
  });
});
