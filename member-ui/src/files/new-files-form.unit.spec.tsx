/** @jest-environment jsdom */
import '../appointments/jsdom-text-encoding.cjs';
import { DEFAULT_FILE_SETTINGS, propertyDefinition, type FileSettings, type PropertySetResponse } from '@cn/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { FakeUpload, useFakeUploads } from '../testing/fake-upload';
import { fakeServer, renderPage } from '../testing/render';
import { NewFilesForm } from './NewFilesForm';

const profileSet: Pick<PropertySetResponse, 'properties'> = {
  properties: [
    propertyDefinition({ id: 'kind', name: 'kind', type: 'selection', label: 'Document type', required: true, options: [{ label: 'Contract', value: 'contract' }, { label: 'Minutes', value: 'minutes' }] }),
    propertyDefinition({ id: 'valid_from', name: 'valid_from', type: 'date', label: 'Valid from' }),
    // not a profile type: never offered
    propertyDefinition({ id: 'pages', name: 'pages', type: 'number', label: 'Pages' }),
  ],
};
const on: FileSettings = { ...DEFAULT_FILE_SETTINGS, profiles_enabled: true };

describe('the new-files form with file profiles', () => {
  useFakeUploads();

  const uploadOne = async () => {
    fireEvent.change(await screen.findByTestId('new-files-input'), { target: { files: [new File(['lease'], 'Lease.pdf', { type: 'application/pdf' })] } });
    await waitFor(() => expect(FakeUpload.open).toHaveLength(1));
    act(() => FakeUpload.open[0]?.answer(201, { id: 'up-1', position: 1 }));
    await waitFor(() => expect(screen.getByTestId('upload-Lease.pdf').getAttribute('data-state')).toBe('volatile'));
  };

  it("shows the group's file profile fields and sends their values; a refused value is said at its field in words", async () => {
    let publishes = 0;
    const server = fakeServer({
      'GET /api/v1/property_sets/file_profile': { status: 200, body: profileSet },
      'POST /api/storage/files/publish': () => {
        publishes += 1;
        // the first save is refused at the date's field, the second accepted
        if (publishes === 1) return { status: 400, body: { statusCode: 400, error: 'validation_failed', errors: [{ field: 'file_profile.valid_from', key: 'invalid_date' }] } };
        return { status: 200, body: { position: 3, file_ids: ['up-1'] } };
      },
    });
    const done = jest.fn();
    renderPage(<NewFilesForm folderId="f1" groupId="g1" settings={on} onDone={done} />, { url: '/groups/choir/files', api: server.api });
    const kind = await screen.findByTestId<HTMLSelectElement>('profile-kind');
    expect(screen.getByText('Document type')).toBeTruthy();
    expect(screen.queryByTestId('profile-pages')).toBeNull();
    expect(server.callsTo('GET', '/api/v1/property_sets/file_profile')[0]?.url).toContain('context_type=group&context_id=g1&inherit=true');
    expect([...kind.options].map((option) => option.textContent)).toEqual(['(none)', 'Contract', 'Minutes']);
    await uploadOne();
    fireEvent.change(kind, { target: { value: 'contract' } });
    fireEvent.change(screen.getByTestId('profile-valid_from'), { target: { value: '2026-12-01' } });
    fireEvent.click(screen.getByTestId('new-files-save'));
    await waitFor(() => expect(server.callsTo('POST', '/api/storage/files/publish')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/storage/files/publish')[0]?.body).toEqual({ files: [{ id: 'up-1' }], folder_ids: ['f1'], description: '', post_to_stream: false, file_profile: { kind: 'contract', valid_from: '2026-12-01' } });
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a valid date.');
    expect(done).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('new-files-save'));
    await waitFor(() => expect(done).toHaveBeenCalled());
  });

  it("in an activity-stream folder: posts the files (the checkbox checked and fixed) and asks no profile", async () => {
    const server = fakeServer({ 'POST /api/storage/files/publish': { status: 200, body: { position: 3, file_ids: ['up-1'] } } });
    const done = jest.fn();
    renderPage(<NewFilesForm folderId="activitystream-g1" groupId="g1" settings={on} onDone={done} />, { url: '/groups/choir/files/activitystream', api: server.api });
    const post = await screen.findByTestId<HTMLInputElement>('new-files-post-to-stream');
    expect([post.checked, post.disabled]).toEqual([true, true]);
    expect(screen.queryByTestId('profile-kind')).toBeNull();
    await uploadOne();
    fireEvent.click(screen.getByTestId('new-files-save'));
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(server.callsTo('POST', '/api/storage/files/publish')[0]?.body).toEqual({ files: [{ id: 'up-1' }], folder_ids: ['activitystream-g1'], description: '', post_to_stream: true });
    expect(server.callsTo('GET', '/api/v1/property_sets/file_profile')).toHaveLength(0);
  });

  it('shows no profile and sends none while the network has profiles off', async () => {
    const server = fakeServer({
      'GET /api/v1/property_sets/file_profile': { status: 200, body: profileSet },
      'POST /api/storage/files/publish': { status: 200, body: { position: 3, file_ids: ['up-1'] } },
    });
    renderPage(<NewFilesForm folderId="root" groupId={null} settings={DEFAULT_FILE_SETTINGS} onDone={() => undefined} />, { url: '/files', api: server.api });
    await uploadOne();
    expect(screen.queryByTestId('profile-fields')).toBeNull();
    fireEvent.click(screen.getByTestId('new-files-save'));
    await waitFor(() => expect(server.callsTo('POST', '/api/storage/files/publish')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/storage/files/publish')[0]?.body).toEqual({ files: [{ id: 'up-1' }], folder_ids: ['root'], description: '', post_to_stream: false });
    expect(server.callsTo('GET', '/api/v1/property_sets/file_profile')).toHaveLength(0);
  });

  it("offers to post the files in the folder's stream (the group's in a group, the network's otherwise), unchecked, and sends the choice", async () => {
    const server = fakeServer({ 'POST /api/storage/files/publish': { status: 200, body: { position: 3, file_ids: ['up-1'] } } });
    const done = jest.fn();
    renderPage(<NewFilesForm folderId="f1" groupId="g1" settings={DEFAULT_FILE_SETTINGS} onDone={done} />, { url: '/groups/choir/files', api: server.api });
    const checkbox = await screen.findByRole<HTMLInputElement>('checkbox', { name: "Post the files in the group's activity stream" });
    expect(checkbox.checked).toBe(false);
    await uploadOne();
    fireEvent.click(checkbox);
    fireEvent.change(screen.getByTestId('new-files-description'), { target: { value: 'For Friday' } });
    fireEvent.click(screen.getByTestId('new-files-save'));
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(server.callsTo('POST', '/api/storage/files/publish')[0]?.body).toEqual({ files: [{ id: 'up-1' }], folder_ids: ['f1'], description: 'For Friday', post_to_stream: true });
  });

  it("names the network's stream for a network folder", async () => {
    renderPage(<NewFilesForm folderId="root" groupId={null} settings={DEFAULT_FILE_SETTINGS} onDone={() => undefined} />, { url: '/files', api: fakeServer({}).api });
    expect((await screen.findByRole<HTMLInputElement>('checkbox', { name: "Post the files in the network's activity stream" })).checked).toBe(false);
  });
});
