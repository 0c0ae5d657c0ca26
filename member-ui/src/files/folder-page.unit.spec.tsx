/** @jest-environment jsdom */
import '../appointments/jsdom-text-encoding.cjs';
import { propertyDefinition, type FileItemDto } from '@cn/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { aFolder, rootContents } from '../testing/file-fixtures';
import { fakeServer, renderPage } from '../testing/render';
import { FolderPage } from './FolderPage';

const can = { destroy: true, update: true, create_subfolders: true, add_files: true };
const aFile = (id: string, name: string): FileItemDto => ({
  id,
  type: 'file',
  name,
  original_filename: name,
  extension: 'txt',
  content_type: 'text/plain',
  size: 10,
  description: '',
  folder_id: 'root',
  namespace: 'network',
  group_id: null,
  updated_at: '2026-11-23T09:00:00.000Z',
  locked_until: null,
  lockedById: null,
  current_version: 1,
  current_version_authors: [],
  url: `/api/storage/files/${id}/get/${name}?_=v1`,
  thumbnail_url: null,
  revision: 1,
  pending_versions_count: 0,
  file_profile: null,
  finalizedAt: null,
  view_count: 0,
  can: { update: true, move: true, destroy: true, lock: true, unlock: false, add_version: true, approve: false, finalize: true },
});
const common = {
  'GET /api/storage/settings': { status: 200, body: { extension_filter: { enabled: false, type: 'deny', list: [] }, lock_period_days: 7, profiles_enabled: false } },
  'GET /api/storage/approval': { status: 200, body: { versions: [] } },
};

describe('a folder page', () => {
  it("lists the activity-stream folder with its own icon and name, opens it at its own route, and offers no move there", async () => {
    const streamFolder = aFolder('activitystream', '', { type: 'activitystream_folder', can: { destroy: false, update: false, create_subfolders: false, add_files: true } });
    const server = fakeServer({
      ...common,
      'GET /api/storage/folders/root': { status: 200, body: rootContents({}, [streamFolder, aFolder('d1', 'Drafts')], []) },
      'GET /api/storage/folders/activitystream': {
        status: 200,
        body: {
          folder: streamFolder,
          breadcrumbs: [{ id: 'root', name: '' }, { id: 'activitystream', name: '' }],
          folders: [],
          files: [{ ...aFile('p1', 'poster.txt'), folder_id: 'activitystream', can: { ...aFile('p1', 'poster.txt').can, move: false } }],
        },
      },
    });
    renderPage(<FolderPage />, { url: '/files', api: server.api, others: { '/files/activitystream': <FolderPage activityStream /> } });
    const row = await screen.findByTestId('files-folder-activitystream_folder');
    expect(row.textContent).toContain('Activity stream');
    expect(row.querySelector('svg path')?.getAttribute('d')).not.toBe(screen.getByTestId('files-folder-folder').querySelector('svg path')?.getAttribute('d'));
    fireEvent.click(row);
    // in the folder: its name in the breadcrumbs, no new folder; a file selected may be deleted, never moved
    expect((await screen.findByTestId('files-breadcrumbs')).textContent).toContain('Activity stream');
    expect(screen.queryByTestId('files-new-folder')).toBeNull();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select poster.txt' }));
    expect(screen.getByTestId('files-delete')).toBeTruthy();
    expect(screen.queryByTestId('files-move')).toBeNull();
  });

  it('marks subfolders with new files, and marks the open folder read when it is unread', async () => {
    const server = fakeServer({
      ...common,
      'GET /api/storage/folders/root': { status: 200, body: rootContents({ unread: true }, [aFolder('news', 'News', { unread: true }), aFolder('old', 'Old')], []) },
      'POST /api/storage/folders/root/read': { status: 200, body: { position: 7 } },
    });
    renderPage(<FolderPage />, { url: '/files', api: server.api });
    expect((await screen.findByTestId('files-unread-News')).textContent).toContain('new');
    expect(screen.queryByTestId('files-unread-Old')).toBeNull();
    // a root folder is virtual: nothing to edit, whatever the flags
    expect(screen.queryByTestId('files-edit-folder')).toBeNull();
    await waitFor(() => expect(server.callsTo('POST', '/api/storage/folders/root/read')).toHaveLength(1));
  });

  it('shows the review status of files with versions awaiting approval, and none on the others', async () => {
    const server = fakeServer({
      ...common,
      'GET /api/storage/folders/root': { status: 200, body: rootContents({}, [], [{ ...aFile('f1', 'budget.txt'), pending_versions_count: 2 }, aFile('f2', 'plan.txt')]) },
      'POST /api/storage/folders/root/read': { status: 200, body: { position: 7 } },
    });
    renderPage(<FolderPage />, { url: '/files', api: server.api });
    expect((await screen.findByTestId('files-review-budget.txt')).textContent).toContain('2 versions awaiting review');
    expect(screen.queryByTestId('files-review-plan.txt')).toBeNull();
  });

  it('deletes the selection with one batch command, and names the item a refusal is about', async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    const server = fakeServer({
      ...common,
      'GET /api/storage/folders/root': { status: 200, body: rootContents({}, [aFolder('d1', 'Drafts')], [aFile('f1', 'a.txt'), aFile('f2', 'b.txt')]) },
      'DELETE /api/storage/files': { status: 403, body: { statusCode: 403, error: 'forbidden', errors: [{ field: 'file_ids.1', key: 'forbidden' }] } },
    });
    renderPage(<FolderPage />, { url: '/files', api: server.api });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Drafts' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select a.txt' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select b.txt' }));
    fireEvent.click(screen.getByTestId('files-delete'));
    await waitFor(() => expect(server.callsTo('DELETE', '/api/storage/files')).toHaveLength(1));
    expect(server.callsTo('DELETE', '/api/storage/files')[0]?.body).toEqual({ file_ids: ['f1', 'f2'], folder_ids: ['d1'], source_folder_id: 'root' });
    expect((await screen.findByTestId('toast')).textContent).toContain('You may not do this. (b.txt)');
    confirm.mockRestore();
  });

  it('offers no batch move or delete while a finalized file is selected, and marks it', async () => {
    const finalized = { ...aFile('f2', 'final.txt'), finalizedAt: '2026-11-24T10:00:00.000Z' };
    const server = fakeServer({ ...common, 'GET /api/storage/folders/root': { status: 200, body: rootContents({}, [], [aFile('f1', 'a.txt'), finalized]) } });
    renderPage(<FolderPage />, { url: '/files', api: server.api });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select a.txt' }));
    expect(screen.getByTestId('files-delete')).toBeTruthy();
    expect(screen.getByTestId('files-move')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select final.txt' }));
    expect(screen.queryByTestId('files-delete')).toBeNull();
    expect(screen.queryByTestId('files-move')).toBeNull();
    expect(screen.getByTestId('files-finalized-final.txt').getAttribute('title')).toContain('Finalized on');
    expect(screen.queryByTestId('files-finalized-a.txt')).toBeNull();
  });

  it('shows an image file with the server\'s thumbnail, other files without one', async () => {
    const photo: FileItemDto = { ...aFile('f3', 'beach.jpg'), extension: 'jpg', content_type: 'image/jpeg', thumbnail_url: '/api/storage/files/f3/get/beach.jpg?_=v1&size=thumb' };
    const server = fakeServer({ ...common, 'GET /api/storage/folders/root': { status: 200, body: rootContents({}, [], [photo, aFile('f4', 'notes.txt')]) } });
    renderPage(<FolderPage />, { url: '/files', api: server.api });
    const thumbnail = await screen.findByTestId('file-thumbnail-beach.jpg');
    expect(thumbnail.getAttribute('src')).toBe('/api/storage/files/f3/get/beach.jpg?_=v1&size=thumb');
    expect(screen.getByTestId('files-row-notes.txt').querySelector('img')).toBeNull();
  });

  it("creates a folder with the folder profile's values while profiles are on, and says a refused value at its field", async () => {
    let creations = 0;
    const server = fakeServer({
      ...common,
      'GET /api/storage/settings': { status: 200, body: { extension_filter: { enabled: false, type: 'deny', list: [] }, lock_period_days: 7, profiles_enabled: true } },
      'GET /api/storage/folders/root': { status: 200, body: rootContents({ folder_profile: {} }, [], []) },
      'POST /api/storage/folders/root/read': { status: 200, body: { position: 7 } },
      'GET /api/v1/property_sets/folder_profile': { status: 200, body: { properties: [propertyDefinition({ id: 'department', name: 'department', type: 'text', label: 'Department', maxlength: 30 })] } },
      'POST /api/storage/folders': () => {
        creations += 1;
        if (creations === 1) return { status: 400, body: { statusCode: 400, error: 'validation_failed', errors: [{ field: 'folder_profile.department', key: 'too_long' }] } };
        return { status: 201, body: { id: 'new', position: 8 } };
      },
    });
    renderPage(<FolderPage />, { url: '/files', api: server.api });
    fireEvent.click(await screen.findByTestId('files-new-folder'));
    fireEvent.change(screen.getByTestId('new-folder-name'), { target: { value: 'Contracts' } });
    fireEvent.change(await screen.findByTestId('profile-department'), { target: { value: 'Legal' } });
    fireEvent.click(screen.getByTestId('new-folder-save'));
    await waitFor(() => expect(server.callsTo('POST', '/api/storage/folders')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/storage/folders')[0]?.body).toEqual({ name: 'Contracts', parent_folder_id: 'root', folder_profile: { department: 'Legal' } });
    expect((await screen.findByRole('alert')).textContent).toBe('The text is too long.');
    fireEvent.click(screen.getByTestId('new-folder-save'));
    await waitFor(() => expect(screen.queryByTestId('new-folder-form')).toBeNull());
  });

  it('edits a folder it may update (name and folder profile) at the revision read, keeping its description', async () => {
    const contracts = aFolder('c1', 'Contracts', { description: 'Signed ones', revision: 4, folder_profile: { department: 'Legal' } });
    const server = fakeServer({
      ...common,
      'GET /api/storage/settings': { status: 200, body: { extension_filter: { enabled: false, type: 'deny', list: [] }, lock_period_days: 7, profiles_enabled: true } },
      'GET /api/storage/folders/c1': { status: 200, body: { folder: contracts, breadcrumbs: [{ id: 'root', name: '' }, { id: 'c1', name: 'Contracts' }], folders: [], files: [] } },
      'POST /api/storage/folders/c1/read': { status: 200, body: { position: 7 } },
      'GET /api/v1/property_sets/folder_profile': { status: 200, body: { properties: [propertyDefinition({ id: 'department', name: 'department', type: 'text', label: 'Department' })] } },
      'PUT /api/storage/folders/c1': { status: 200, body: { position: 8 } },
    });
    renderPage(<FolderPage />, { url: '/files/folders/c1', path: '/files/folders/:id', api: server.api });
    fireEvent.click(await screen.findByTestId('files-edit-folder'));
    expect(screen.getByTestId<HTMLInputElement>('new-folder-name').value).toBe('Contracts');
    const department = await screen.findByTestId<HTMLInputElement>('profile-department');
    expect(department.value).toBe('Legal');
    fireEvent.change(department, { target: { value: 'Facilities' } });
    fireEvent.click(screen.getByTestId('new-folder-save'));
    await waitFor(() => expect(server.callsTo('PUT', '/api/storage/folders/c1')).toHaveLength(1));
    expect(server.callsTo('PUT', '/api/storage/folders/c1')[0]?.body).toEqual({ name: 'Contracts', description: 'Signed ones', expected_revision: 4, folder_profile: { department: 'Facilities' } });
  });

  it('offers no folder edit without can.update', async () => {
    const server = fakeServer({
      ...common,
      'GET /api/storage/folders/c1': { status: 200, body: { folder: aFolder('c1', 'Contracts', { can: { ...can, update: false } }), breadcrumbs: [{ id: 'root', name: '' }, { id: 'c1', name: 'Contracts' }], folders: [], files: [] } },
      'GET /api/storage/folders/root': { status: 200, body: rootContents({}, [], []) },
    });
    renderPage(<FolderPage />, { url: '/files/folders/c1', path: '/files/folders/:id', api: server.api });
    await screen.findByTestId('files-breadcrumbs');
    expect(screen.queryByTestId('files-edit-folder')).toBeNull();
  });
});
