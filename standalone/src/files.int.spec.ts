import { createHash } from 'node:crypto';
import { jest } from '@jest/globals';
import request from 'supertest';
import {
  CONSISTENCY_HEADER,
  fileStream,
  groupRootFolderId,
  NETWORK_ROOT_FOLDER_ID,
  type ApprovalDto,
  type FileDetailsDto,
  type FolderContentsDto,
  type GroupCategoriesResponse,
  type UploadedFileAnswer,
} from '@cn/contracts';
import { BlobSweep } from '@cn/command-service';
import { readZipEntries } from '@cn/platform/testing';
import { binaryBody, type SignedInClient } from './testing/signed-in-client';
import { useDemoServer } from './testing/demo-server';

type Client = SignedInClient;
type Method = 'get' | 'post' | 'put' | 'delete';

/**
 * Files and folders over HTTP, all services in one process on the embedded adapters: uploads stream into
 * the file storage and stay the uploader's until published; downloads name the file safely and answer
 * ranges; hostile names, renamed executables and oversized uploads are refused with nothing appended; a
 * group's files exist for its members only; locks, pending versions and their approval; zip archives.
 */
jest.setTimeout(60_000);

describe('files over HTTP', () => {
  const demo = useDemoServer('files');
  let position = 0;
  const clients: Record<string, Client> = demo.clients;

  const call = async (client: Client, method: Method, path: string, body?: object) => {
    const pending = request(demo.server)[method](path).set('Cookie', client.cookie).set('X-CSRF-Token', client.csrf).set(CONSISTENCY_HEADER, String(position));
    const res = await (body === undefined ? pending : pending.send(body));
    const answered = (res.body as { position?: unknown } | undefined)?.position;
    if (typeof answered === 'number') position = Math.max(position, answered);
    return res;
  };
  const must = async <T = Record<string, unknown>>(client: Client, method: Method, path: string, body?: object): Promise<T> => {
    const res = await call(client, method, path, body);
    if (res.status >= 300) throw new Error(`${client.email} ${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as T;
  };
  const upload = async (client: Client, name: string, bytes: Buffer, path = '/api/storage/files') => {
    const res = await request(demo.server).post(path).set('Cookie', client.cookie).set('X-CSRF-Token', client.csrf).attach('file', bytes, name);
    const answered = (res.body as { position?: unknown }).position;
    if (typeof answered === 'number') position = Math.max(position, answered);
    return res;
  };
  const download = (client: Client, url: string, headers: Record<string, string> = {}) => {
    let pending = request(demo.server).get(url).set('Cookie', client.cookie).set(CONSISTENCY_HEADER, String(position)).buffer(true).parse(binaryBody);
    for (const [name, value] of Object.entries(headers)) pending = pending.set(name, value);
    return pending;
  };
  const published = async (client: Client, folderId: string, name: string, bytes: Buffer): Promise<string> => {
    const uploaded = await upload(client, name, bytes);
    expect(uploaded.status).toBe(201);
    const id = (uploaded.body as UploadedFileAnswer).id;
    await must(client, 'post', '/api/storage/files/publish', { files: [{ id }], folder_ids: [folderId], description: 'for the tests' });
    return id;
  };
  const headPosition = () => demo.running.infra.eventStore.headPosition();

  let groupId = '';
  let groupSlug = '';

  beforeAll(async () => {
    process.env['FILES_MAX_UPLOAD_MB'] = '1';
    const categories = await must<GroupCategoriesResponse>(clients.admin, 'get', '/api/v1/group_categories');
    const founded = await must<{ id: string; slug: string }>(clients.admin, 'post', '/groups', { group_category_slug: categories.group_categories[0].slug, group: { name: 'Files test group' } });
    groupId = founded.id;
    groupSlug = founded.slug;
    await must(clients.member, 'post', `/api/v1/groups/${groupSlug}/join`);
    await must(clients.auditor, 'post', `/api/v1/groups/${groupSlug}/join`);
  });
  afterAll(() => {
    delete process.env['FILES_MAX_UPLOAD_MB'];
  });

  it('keeps an upload the uploader\'s until the new-files form publishes it, then lists and serves it', async () => {
    const folder = await must<{ id: string }>(clients.admin, 'post', '/api/storage/folders', { name: 'Reports', parent_folder_id: NETWORK_ROOT_FOLDER_ID });
    const bytes = Buffer.from('Quartalsbericht: alles gut.\n');
    const uploaded = await upload(clients.member, 'Bericht ä.txt', bytes);
    expect(uploaded.status).toBe(201);
    const file = uploaded.body as UploadedFileAnswer;
    expect(file).toMatchObject({ name: 'Bericht ä.txt', size: bytes.length, extension: 'txt', content_type: 'text/plain', state: 'volatile' });
    expect((await call(clients.admin, 'get', `/api/storage/uploads/${file.id}`)).status).toBe(404);
    expect((await call(clients.admin, 'get', `/api/storage/files/${file.id}`)).status).toBe(404);
    expect((await must<{ state: string }>(clients.member, 'get', `/api/storage/uploads/${file.id}`)).state).toBe('volatile');

    await must(clients.member, 'post', '/api/storage/files/publish', { files: [{ id: file.id }], folder_ids: [folder.id], description: 'Q3' });
    const contents = await must<FolderContentsDto>(clients.admin, 'get', `/api/storage/folders/${folder.id}`);
    expect(contents.breadcrumbs.map((crumb) => crumb.id)).toEqual([NETWORK_ROOT_FOLDER_ID, folder.id]);
    expect(contents.files).toEqual([expect.objectContaining({ id: file.id, name: 'Bericht ä.txt', size: bytes.length, description: 'Q3', current_version: 1 })]);
    expect(contents.files[0].url).toMatch(/\?_=v1$/);
    expect(JSON.stringify(contents)).not.toContain('blob_key');

    const res = await download(clients.guest, contents.files[0].url);
    expect(res.status).toBe(200);
    expect((res.body as Buffer).equals(bytes)).toBe(true);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe(`inline; filename="Bericht _.txt"; filename*=UTF-8''Bericht%20%C3%A4.txt`);
    const partial = await download(clients.guest, contents.files[0].url, { Range: 'bytes=0-3' });
    expect(partial.status).toBe(206);
    expect((partial.body as Buffer).toString()).toBe('Quar');
    expect(partial.headers['content-range']).toBe(`bytes 0-3/${bytes.length}`);
    expect((await download(clients.guest, contents.files[0].url, { Range: 'bytes=999-' })).status).toBe(416);
  });

  it('refuses hostile uploads with the field and key, appending nothing', async () => {
    const before = await headPosition();
    const renamedExe = await upload(clients.member, 'invoice.pdf', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(500, 1)]));
    expect(renamedExe.status).toBe(400);
    expect(renamedExe.body).toMatchObject({ errors: [{ field: 'file', key: 'file_type_not_accepted' }] });
    const oversized = await upload(clients.member, 'big.bin', Buffer.alloc(1024 * 1024 + 10, 7));
    expect(oversized.status).toBe(413);
    expect(oversized.body).toMatchObject({ error: 'payload_too_large', errors: [{ field: 'file', key: 'file_too_large' }] });
    const noFile = await request(demo.server).post('/api/storage/files').set('Cookie', clients.member.cookie).set('X-CSRF-Token', clients.member.csrf).field('name', 'x.txt');
    expect(noFile.status).toBe(400);
    expect(noFile.body).toMatchObject({ errors: [{ field: 'file', key: 'required' }] });
    const notMultipart = await call(clients.member, 'post', '/api/storage/files', { file: 'x' });
    expect(notMultipart.status).toBe(415);
    const badFolder = await call(clients.member, 'post', '/api/storage/folders', { name: '../etc', parent_folder_id: NETWORK_ROOT_FOLDER_ID });
    expect(badFolder.status).toBe(400);
    expect(badFolder.body).toMatchObject({ errors: [{ field: 'name', key: 'invalid_name' }] });
    const noFiles = await call(clients.member, 'post', '/api/storage/files/publish', { files: [], folder_ids: [NETWORK_ROOT_FOLDER_ID] });
    expect(noFiles.status).toBe(400);
    expect(noFiles.body).toMatchObject({ errors: [{ field: 'files', key: 'required' }] });
    expect((await call(clients.guest, 'post', '/api/storage/folders', { name: 'x' })).status).toBe(400);
    expect(await headPosition()).toBe(before);

    const traversal = await upload(clients.member, '../../../etc/passwd', Buffer.from('root:x:0:0'));
    expect(traversal.status).toBe(201);
    expect((traversal.body as UploadedFileAnswer).name).toBe('passwd');
  });

  it('refuses a name the network\'s extension filter denies', async () => {
    const refusedBefore = await call(clients.member, 'put', '/api/storage/settings', { extension_filter: { enabled: true, type: 'deny', list: ['exe'] }, lock_period_days: 3 });
    expect(refusedBefore.status).toBe(403);
    const badEntry = await call(clients.admin, 'put', '/api/storage/settings', { extension_filter: { enabled: true, type: 'deny', list: ['e.xe'] }, lock_period_days: 3 });
    expect(badEntry.status).toBe(400);
    expect(badEntry.body).toMatchObject({ errors: [{ field: 'extension_filter.list.0', key: 'invalid_extension' }] });
    await must(clients.admin, 'put', '/api/storage/settings', { extension_filter: { enabled: true, type: 'deny', list: ['CMD', 'bat'] }, lock_period_days: 3 });
    const denied = await upload(clients.member, 'run.cmd', Buffer.from('echo hi'));
    expect(denied.status).toBe(400);
    expect(denied.body).toMatchObject({ errors: [{ field: 'file', key: 'file_type_not_accepted' }] });
    expect((await upload(clients.member, 'notes.txt', Buffer.from('fine'))).status).toBe(201);
    expect(await must(clients.member, 'get', '/api/storage/settings')).toEqual({ extension_filter: { enabled: true, type: 'deny', list: ['cmd', 'bat'] }, lock_period_days: 3, profiles_enabled: false });
    await must(clients.admin, 'put', '/api/storage/settings', { extension_filter: { enabled: false, type: 'deny', list: [] }, lock_period_days: 3 });
  });

  it('shows a group\'s files to its members only: 404 for everybody else, whatever id they know', async () => {
    const root = groupRootFolderId(groupId);
    const folder = await must<{ id: string }>(clients.admin, 'post', '/api/storage/folders', { name: 'Protokolle', parent_folder_id: root });
    const fileId = await published(clients.member, folder.id, 'protokoll.txt', Buffer.from('geheim'));
    const details = await must<FileDetailsDto>(clients.auditor, 'get', `/api/storage/files/${fileId}`);
    expect(details.breadcrumbs.map((crumb) => crumb.id)).toEqual([root, folder.id, fileId]);
    for (const path of [`/api/storage/folders/${root}`, `/api/storage/folders/${folder.id}`, `/api/storage/files/${fileId}`, details.file.url]) {
      expect((await call(clients.guest, 'get', path)).status).toBe(404);
    }
    expect((await upload(clients.guest, 'x.txt', Buffer.from('x'), `/api/storage/files/${fileId}/versions`)).status).toBe(404);
    expect((await call(clients.guest, 'put', `/api/storage/files/${fileId}/lock`, {})).status).toBe(404);
    expect((await call(clients.guest, 'post', '/api/storage/folders', { name: 'Mine', parent_folder_id: root })).status).toBe(404);
    const intoGroup = (await upload(clients.guest, 'y.txt', Buffer.from('y'))).body as UploadedFileAnswer;
    expect((await call(clients.guest, 'post', '/api/storage/files/publish', { files: [{ id: intoGroup.id }], folder_ids: [folder.id] })).status).toBe(404);
  });

  it('locks, proposes versions for approval and approves them', async () => {
    const root = groupRootFolderId(groupId);
    const locked = await published(clients.admin, root, 'plan.txt', Buffer.from('plan v1'));
    const other = await published(clients.admin, root, 'budget.txt', Buffer.from('budget v1'));

    await must(clients.member, 'put', `/api/storage/files/${locked}/lock`, {});
    const lockedView = await must<FileDetailsDto>(clients.auditor, 'get', `/api/storage/files/${locked}`);
    expect(lockedView.file.lockedById).toBe(clients.member.id);
    expect(Date.parse(lockedView.file.locked_until ?? '') - Date.now()).toBeGreaterThan(2.9 * 86_400_000);
    expect(lockedView.file.can).toMatchObject({ lock: false, unlock: false, add_version: false });
    expect((await upload(clients.auditor, 'plan.txt', Buffer.from('plan v2'), `/api/storage/files/${locked}/versions`)).status).toBe(409);
    expect((await call(clients.auditor, 'put', `/api/storage/files/${locked}/lock`, {})).status).toBe(409);
    const invalidUntil = await call(clients.member, 'put', `/api/storage/files/${locked}/lock`, { locked_unitl: 'tomorrow' });
    expect(invalidUntil.status).toBe(400);
    expect(invalidUntil.body).toMatchObject({ errors: [{ field: 'locked_unitl', key: 'invalid_date' }] });

    const proposal = await upload(clients.member, 'budget.txt', Buffer.from('budget v2'), `/api/storage/files/${other}/versions`);
    expect(proposal.status).toBe(201);
    expect((await must<FileDetailsDto>(clients.member, 'get', `/api/storage/files/${other}`)).pending_versions).toHaveLength(1);
    expect((await must<FileDetailsDto>(clients.auditor, 'get', `/api/storage/files/${other}`)).pending_versions).toEqual([]);
    const approval = await must<ApprovalDto>(clients.admin, 'get', `/api/storage/approval?context_type=group&context_id=${groupId}`);
    expect(approval.versions).toEqual([expect.objectContaining({ file_id: other, original_filename: 'budget.txt' })]);
    expect((await must<ApprovalDto>(clients.auditor, 'get', `/api/storage/approval?context_type=group&context_id=${groupId}`)).versions).toEqual([]);
    const versionId = approval.versions[0].id;
    expect((await call(clients.auditor, 'post', `/api/storage/files/${other}/pending_versions/${versionId}/approve`)).status).toBe(403);
    await must(clients.admin, 'post', `/api/storage/files/${other}/pending_versions/${versionId}/approve`);
    expect((await call(clients.admin, 'post', `/api/storage/files/${other}/pending_versions/${versionId}/approve`)).status).toBe(409);
    const approved = await must<FileDetailsDto>(clients.member, 'get', `/api/storage/files/${other}`);
    expect(approved.file.current_version).toBe(2);
    expect(approved.versions.map((version) => version.major)).toEqual([2, 1]);
    expect(((await download(clients.member, approved.file.url)).body as Buffer).toString()).toBe('budget v2');
    expect(((await download(clients.member, approved.versions[1].url)).body as Buffer).toString()).toBe('budget v1');

    // the admin's own new version is published at once
    await upload(clients.admin, 'budget.txt', Buffer.from('budget v3'), `/api/storage/files/${other}/versions`);
    expect((await must<FileDetailsDto>(clients.member, 'get', `/api/storage/files/${other}`)).file.current_version).toBe(3);
  });

  it('never lets an edit silently undo a newer one', async () => {
    const folder = await must<{ id: string }>(clients.member, 'post', '/api/storage/folders', { name: 'Drafts', parent_folder_id: NETWORK_ROOT_FOLDER_ID });
    const read = await must<FolderContentsDto>(clients.member, 'get', `/api/storage/folders/${folder.id}`);
    await must(clients.member, 'put', `/api/storage/folders/${folder.id}`, { name: 'Drafts 2', expected_revision: read.folder.revision });
    const stale = await call(clients.member, 'put', `/api/storage/folders/${folder.id}`, { name: 'Drafts 3', expected_revision: read.folder.revision });
    expect(stale.status).toBe(409);
    expect((await must<FolderContentsDto>(clients.member, 'get', `/api/storage/folders/${folder.id}`)).folder.name).toBe('Drafts 2');
    expect((await call(clients.auditor, 'put', `/api/storage/folders/${folder.id}`, { name: 'Mine now' })).status).toBe(403);
    expect((await call(clients.member, 'put', `/api/storage/folders/${folder.id}/move`, { target_folder_id: folder.id })).status).toBe(422);
  });

  it('collects bytes no event names once the grace period is over, and only those', async () => {
    // what a crash between storing the bytes and appending the event leaves behind
    const orphan = await demo.running.infra.fileStorage.put([Buffer.from('stored, never appended')]);
    const kept = (await upload(clients.member, 'kept.txt', Buffer.from('appended'))).body as UploadedFileAnswer;
    const sweep = demo.running.app.get(BlobSweep);
    expect(await sweep.sweep(new Date())).toEqual([]);
    const removed = await sweep.sweep(new Date(Date.now() + 2 * 3_600_000));
    expect(removed).toContain(orphan.key);
    expect(await demo.running.infra.fileStorage.stat(orphan.key)).toBeNull();
    expect((await must<{ state: string }>(clients.member, 'get', `/api/storage/uploads/${kept.id}`)).state).toBe('volatile');
    // the refused uploads' sealed bytes (the renamed executable's among them) went too; every file's bytes stay
    expect(removed.length).toBeGreaterThan(1);
    // the volatile upload's bytes are sealed for its uploader: stored under the envelope's key, kept
    const [uploadedEvent] = await demo.running.infra.eventStore.readStream(fileStream(kept.id));
    const sealedKey = (uploadedEvent?.data as { blob_key: string; sealed_for?: string }).blob_key;
    expect(uploadedEvent?.data).toMatchObject({ sealed_for: clients.member.id });
    expect(sealedKey).not.toBe(createHash('sha256').update('appended').digest('hex'));
    expect(await demo.running.infra.fileStorage.stat(sealedKey)).not.toBeNull();
    expect(await demo.running.infra.fileStorage.stat(createHash('sha256').update('appended').digest('hex'))).toBeNull();
    expect(await demo.running.infra.fileStorage.stat(createHash('sha256').update('geheim').digest('hex'))).not.toBeNull();
  });

  it('downloads folders and files as one zip of what the member may read', async () => {
    const root = groupRootFolderId(groupId);
    const folder = await must<{ id: string }>(clients.admin, 'post', '/api/storage/folders', { name: 'Archiv', parent_folder_id: root });
    const sub = await must<{ id: string }>(clients.admin, 'post', '/api/storage/folders', { name: 'Unterordner', parent_folder_id: folder.id });
    await published(clients.member, folder.id, 'a.txt', Buffer.from('A'));
    await published(clients.member, sub.id, 'b.txt', Buffer.from('B'));
    const { token } = await must<{ token: string }>(clients.member, 'post', '/api/v1/file_token', { file_ids: [], folder_ids: [folder.id], current_folder_id: root });
    const res = await download(clients.member, `/api/storage/v2/archive?token=${encodeURIComponent(token)}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const entries = readZipEntries(res.body as Buffer);
    expect(entries.map((entry) => [entry.name, entry.bytes.toString()])).toEqual([
      ['Archiv/a.txt', 'A'],
      ['Archiv/Unterordner/b.txt', 'B'],
    ]);
    expect((await download(clients.guest, `/api/storage/v2/archive?token=${encodeURIComponent(token)}`)).status).toBe(403);
    const guestToken = await must<{ token: string }>(clients.guest, 'post', '/api/v1/file_token', { folder_ids: [folder.id] });
    const empty = await download(clients.guest, `/api/storage/v2/archive?token=${encodeURIComponent(guestToken.token)}`);
    expect(readZipEntries(empty.body as Buffer)).toEqual([]);
  });
});
