import { jest } from '@jest/globals';
import request from 'supertest';
import { fileStream, groupRootFolderId, NETWORK_ROOT_FOLDER_ID, type FileDetailsDto, type FolderContentsDto, type GroupCategoriesResponse, type UploadedFileAnswer } from '@cn/contracts';
import { httpCaller, type SignedInClient } from './testing/signed-in-client';
import { useDemoServer } from './testing/demo-server';

/**
 * File and folder profiles over HTTP: the network admin turns them on in the files settings and defines the
 * `file_profile` and `folder_profile` property sets; the new-files form, new folders and the file's profile
 * route record values checked against them (a group's own set in its folders), items carry them while
 * profiles are on; off, nothing is taken or shown. Who may change a file's profile is who may change the file.
 */
jest.setTimeout(60_000);

const settings = (profiles_enabled: boolean) => ({ extension_filter: { enabled: false, type: 'deny', list: [] }, lock_period_days: 7, profiles_enabled });
const kindProperty = { name: 'kind', type: 'selection', label: 'Document type', required: true, options: [{ label: 'Contract', value: 'contract' }, { label: 'Minutes', value: 'minutes' }] };

describe('file and folder profiles', () => {
  const demo = useDemoServer('file-profiles');
  const clients: Record<string, SignedInClient> = demo.clients;
  const { call, must } = httpCaller(() => demo.server);
  const upload = async (client: SignedInClient, name: string): Promise<string> => {
    const res = await request(demo.server).post('/api/storage/files').set('Cookie', client.cookie).set('X-CSRF-Token', client.csrf).attach('file', Buffer.from(`${name}\n`), name);
    expect(res.status).toBe(201);
    return (res.body as UploadedFileAnswer).id;
  };
  const eventsOf = async (fileId: string) => (await demo.running.infra.eventStore.readStream(fileStream(fileId))).map((event) => event.type);
  let groupId = '';

  beforeAll(async () => {
    const { admin } = clients;
    const categories = await must<GroupCategoriesResponse>(admin, 'get', '/api/v1/group_categories');
    groupId = (await must<{ id: string }>(admin, 'post', '/groups', { group_category_slug: categories.group_categories[0].slug, group: { name: 'Profiles group', access: 'hidden' } })).id;
  });

  it('takes and shows no profile while profiles are off', async () => {
    const { member } = clients;
    const fileId = await upload(member, 'Off.txt');
    const refused = await call(member, 'post', '/api/storage/files/publish', { files: [{ id: fileId }], folder_ids: [NETWORK_ROOT_FOLDER_ID], file_profile: { kind: 'contract' } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ errors: [{ field: 'file_profile', key: 'profiles_disabled' }] });
    expect(await eventsOf(fileId)).toEqual(['FileUploaded']);
    await must(member, 'post', '/api/storage/files/publish', { files: [{ id: fileId }], folder_ids: [NETWORK_ROOT_FOLDER_ID] });
    const root = await must<FolderContentsDto>(member, 'get', `/api/storage/folders/${NETWORK_ROOT_FOLDER_ID}`);
    expect(root.folder.folder_profile).toBeNull();
    expect(root.files.find((file) => file.id === fileId)?.file_profile).toBeNull();
  });

  it('lets only a network admin turn profiles on', async () => {
    const { admin, member } = clients;
    expect((await call(member, 'put', '/api/storage/settings', settings(true))).status).toBe(403);
    expect((await call(admin, 'put', '/api/storage/settings', { ...settings(true), profiles_enabled: 'yes' })).body).toMatchObject({ errors: [{ field: 'profiles_enabled', key: 'invalid_type' }] });
    await must(admin, 'put', '/api/storage/settings', settings(true));
    expect(await must(member, 'get', '/api/storage/settings')).toEqual(settings(true));
    await must(admin, 'put', '/api/v1/property_sets/file_profile', { properties: [kindProperty, { name: 'valid_from', type: 'date', label: 'Valid from' }], revision: 0 });
    await must(admin, 'put', '/api/v1/property_sets/folder_profile', { properties: [{ name: 'department', type: 'text', label: 'Department', maxlength: 30 }], revision: 0 });
  });

  it('publishes files and creates folders with their profiles, refusing values that do not fit with nothing appended', async () => {
    const { member } = clients;
    const folder = await must<{ id: string }>(member, 'post', '/api/storage/folders', { name: 'Contracts', parent_folder_id: NETWORK_ROOT_FOLDER_ID, folder_profile: { department: 'Legal' } });
    const tooLong = await call(member, 'post', '/api/storage/folders', { name: 'Other', parent_folder_id: NETWORK_ROOT_FOLDER_ID, folder_profile: { department: 'x'.repeat(31) } });
    expect(tooLong.body).toMatchObject({ statusCode: 400, errors: [{ field: 'folder_profile.department', key: 'too_long' }] });

    const fileId = await upload(member, 'Lease.txt');
    const wrong = await call(member, 'post', '/api/storage/files/publish', { files: [{ id: fileId }], folder_ids: [folder.id], file_profile: { kind: 'invoice', valid_from: '2026-13-01', colour: 'red' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      errors: [
        { field: 'file_profile.colour', key: 'unknown_property' },
        { field: 'file_profile.kind', key: 'invalid_value' },
        { field: 'file_profile.valid_from', key: 'invalid_date' },
      ],
    });
    // a required property is required even when the form sends no profile at all
    expect((await call(member, 'post', '/api/storage/files/publish', { files: [{ id: fileId }], folder_ids: [folder.id] })).body).toMatchObject({ errors: [{ field: 'file_profile.kind', key: 'required' }] });
    expect(await eventsOf(fileId)).toEqual(['FileUploaded']);

    await must(member, 'post', '/api/storage/files/publish', { files: [{ id: fileId }], folder_ids: [folder.id], file_profile: { kind: 'contract', valid_from: '2026-12-01' } });
    const contents = await must<FolderContentsDto>(member, 'get', `/api/storage/folders/${folder.id}`);
    expect(contents.folder.folder_profile).toEqual({ department: 'Legal' });
    expect(contents.files.map((file) => [file.name, file.file_profile])).toEqual([['Lease.txt', { kind: 'contract', valid_from: '2026-12-01' }]]);
    const root = await must<FolderContentsDto>(member, 'get', `/api/storage/folders/${NETWORK_ROOT_FOLDER_ID}`);
    expect(root.folder.folder_profile).toEqual({});
    expect(root.folders.find((entry) => entry.id === folder.id)?.folder_profile).toEqual({ department: 'Legal' });

    // an edit without a profile keeps it; with one, replaces it
    await must(member, 'put', `/api/storage/folders/${folder.id}`, { name: 'Leases' });
    await must(member, 'put', `/api/storage/folders/${folder.id}`, { name: 'Leases', folder_profile: { department: 'Facilities' } });
    expect((await must<FolderContentsDto>(member, 'get', `/api/storage/folders/${folder.id}`)).folder).toMatchObject({ name: 'Leases', folder_profile: { department: 'Facilities' } });
  });

  it('changes a file’s profile for whoever may change the file; a group’s file is nobody else’s business', async () => {
    const { admin, member, auditor } = clients;
    const fileId = await upload(member, 'Minutes.txt');
    await must(member, 'post', '/api/storage/files/publish', { files: [{ id: fileId }], folder_ids: [NETWORK_ROOT_FOLDER_ID], file_profile: { kind: 'minutes' } });
    expect((await call(auditor, 'put', `/api/storage/files/${fileId}/profile`, { file_profile: { kind: 'contract' } })).status).toBe(403);
    expect((await call(member, 'put', `/api/storage/files/${fileId}/profile`, { file_profile: { kind: 'letter' } })).body).toMatchObject({ errors: [{ field: 'file_profile.kind', key: 'invalid_value' }] });
    await must(admin, 'put', `/api/storage/files/${fileId}/profile`, { file_profile: { kind: 'contract', valid_from: '2027-01-01' } });
    expect((await must<FileDetailsDto>(member, 'get', `/api/storage/files/${fileId}`)).file.file_profile).toEqual({ kind: 'contract', valid_from: '2027-01-01' });
    expect(await eventsOf(fileId)).toEqual(['FileUploaded', 'FilePublished', 'FileProfileChanged']);

    // the group's own file profile applies in its folders; a member of the network outside the group gets 404
    await must(admin, 'put', `/api/v1/property_sets/file_profile?context_type=group&context_id=${groupId}`, { properties: [{ name: 'meeting', type: 'date', label: 'Meeting', required: true }], revision: 0 });
    const groupFile = await upload(admin, 'Agenda.txt');
    const groupRoot = groupRootFolderId(groupId);
    expect((await call(admin, 'post', '/api/storage/files/publish', { files: [{ id: groupFile }], folder_ids: [groupRoot], file_profile: { kind: 'contract' } })).body).toMatchObject({
      errors: [{ field: 'file_profile.kind', key: 'unknown_property' }, { field: 'file_profile.meeting', key: 'required' }],
    });
    await must(admin, 'post', '/api/storage/files/publish', { files: [{ id: groupFile }], folder_ids: [groupRoot], file_profile: { meeting: '2026-12-24' } });
    expect((await call(member, 'put', `/api/storage/files/${groupFile}/profile`, { file_profile: { meeting: '2026-12-31' } })).status).toBe(404);
    expect((await call(member, 'put', `/api/storage/files/${groupFile}/profile`, { file_profile: { meeting: 'soon' } })).status).toBe(404);
    expect((await must<FileDetailsDto>(admin, 'get', `/api/storage/files/${groupFile}`)).file.file_profile).toEqual({ meeting: '2026-12-24' });

    // off again: the values stay recorded but are neither shown nor changed
    await must(admin, 'put', '/api/storage/settings', settings(false));
    expect((await must<FileDetailsDto>(member, 'get', `/api/storage/files/${fileId}`)).file.file_profile).toBeNull();
    expect((await call(member, 'put', `/api/storage/files/${fileId}/profile`, { file_profile: {} })).body).toMatchObject({ errors: [{ field: 'file_profile', key: 'profiles_disabled' }] });
  });
});
