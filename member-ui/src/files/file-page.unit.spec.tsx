/** @jest-environment jsdom */
import '../appointments/jsdom-text-encoding.cjs';
import { propertyDefinition, type DocumentAction, type FileCan, type FileDetailsDto } from '@cn/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeServer, renderPage } from '../testing/render';
import { FilePage } from './FilePage';

const details = (can: Partial<FileCan> = {}): FileDetailsDto => ({
  file: {
    id: 'f1',
    type: 'file',
    name: 'budget.txt',
    original_filename: 'budget.txt',
    extension: 'txt',
    content_type: 'text/plain',
    size: 12,
    description: '',
    folder_id: 'root',
    namespace: 'network',
    group_id: null,
    updated_at: '2026-11-23T09:00:00.000Z',
    locked_until: null,
    lockedById: null,
    current_version: 1,
    current_version_authors: ['Max Muster'],
    url: '/api/storage/files/f1/get/budget.txt?_=v1',
    thumbnail_url: null,
    revision: 1,
    pending_versions_count: 0,
    file_profile: null,
    finalizedAt: null,
    view_count: 0,
    can: { update: false, move: false, destroy: false, lock: true, unlock: false, add_version: true, approve: false, finalize: false, ...can },
  },
  breadcrumbs: [{ id: 'root', name: '' }, { id: 'f1', name: 'budget.txt' }],
  versions: [],
  pending_versions: [],
});

const actions = (edit: boolean, review: boolean): { actions: DocumentAction[] } => ({
  actions: [
    { action: 'view', app: 'files', authorized: true },
    { action: 'edit', app: 'files', authorized: edit },
    { action: 'review', app: 'files', authorized: review },
  ],
});

const show = (answer: { actions: DocumentAction[] }, can: Partial<FileCan> = {}) => {
  const server = fakeServer({
    'GET /api/storage/files/f1': { status: 200, body: details(can) },
    'GET /files/f1/docs/actions': { status: 200, body: answer },
  });
  renderPage(<FilePage />, { url: '/files/f1', path: '/files/:id', api: server.api });
  return server;
};

describe('the file page\'s document actions', () => {
  it('offers view and edit to a member who may change the file, never review beside edit', async () => {
    const server = show(actions(true, false), { update: true });
    expect((await screen.findByTestId('document-action-edit')).textContent).toContain('Edit: upload a new version');
    expect(screen.getByTestId('document-action-view').getAttribute('href')).toBe('/api/storage/files/f1/get/budget.txt?_=v1');
    expect(screen.queryByTestId('document-action-review')).toBeNull();
    expect(server.callsTo('GET', '/files/f1/docs/actions')).toHaveLength(1);
  });

  it('offers review (a proposal for approval) where edit is not authorized', async () => {
    show(actions(false, true));
    expect((await screen.findByTestId('document-action-review')).textContent).toContain('Propose a version for review');
    expect(screen.queryByTestId('document-action-edit')).toBeNull();
  });

  it('shows the file\'s review status while versions await approval', async () => {
    const server = fakeServer({
      'GET /api/storage/files/f1': { status: 200, body: { ...details(), file: { ...details().file, pending_versions_count: 1 } } },
      'GET /files/f1/docs/actions': { status: 200, body: actions(false, true) },
    });
    renderPage(<FilePage />, { url: '/files/f1', path: '/files/:id', api: server.api });
    expect((await screen.findByTestId('file-review-status')).textContent).toContain('1 version awaiting review');
  });

  it('shows only view when neither is authorized (a lock of someone else)', async () => {
    show(actions(false, false), { add_version: false });
    await screen.findByTestId('document-action-view');
    expect(screen.queryByTestId('file-review-status')).toBeNull();
    await waitFor(() => expect(screen.queryByTestId('file-version-input')).toBeNull());
    expect(screen.queryByTestId('document-action-edit')).toBeNull();
    expect(screen.queryByTestId('document-action-review')).toBeNull();
  });
});

describe('the file page\'s office actions (WOPI)', () => {
  const office = (edit: boolean, review: boolean): { actions: DocumentAction[] } => ({
    actions: [
      { action: 'view', app: 'writer', authorized: true, url: 'http://office.test/cool.html?WOPISrc=x', access_token: 'view-token', access_token_ttl: 1_900_000_000_000 },
      { action: 'edit', app: 'writer', authorized: edit, ...(edit ? { url: 'http://office.test/cool.html?WOPISrc=x', access_token: 'edit-token', access_token_ttl: 1_900_000_000_000 } : {}) },
      { action: 'review', app: 'writer', authorized: review, ...(review ? { url: 'http://office.test/cool.html?WOPISrc=x', access_token: 'review-token', access_token_ttl: 1_900_000_000_000 } : {}) },
    ],
  });
  const showOffice = (answer: { actions: DocumentAction[] }) => {
    const server = fakeServer({
      'GET /api/storage/files/f1': { status: 200, body: details() },
      'GET /files/f1/docs/actions': { status: 200, body: actions(false, true) },
      'GET /files/f1/wopi/actions': { status: 200, body: answer },
    });
    renderPage(<FilePage />, { url: '/files/f1', path: '/files/:id', api: server.api });
    return server;
  };
  const tokenOf = (form: HTMLElement) => (form.querySelector('input[name="access_token"]') as HTMLInputElement).value;

  it('posts the token to the suite in a new tab, for each authorized action only', async () => {
    showOffice(office(true, false));
    const edit = await screen.findByTestId('office-action-edit');
    expect(edit.textContent).toBe('Edit in writer');
    expect([edit.getAttribute('method'), edit.getAttribute('action'), edit.getAttribute('target')]).toEqual(['post', 'http://office.test/cool.html?WOPISrc=x', '_blank']);
    expect(tokenOf(edit)).toBe('edit-token');
    expect((edit.querySelector('input[name="access_token_ttl"]') as HTMLInputElement).value).toBe('1900000000000');
    expect(screen.getByTestId('office-action-view').textContent).toBe('Open in writer');
    expect(screen.queryByTestId('office-action-review')).toBeNull();
  });

  it('offers review in the suite where edit is not authorized', async () => {
    showOffice(office(false, true));
    expect((await screen.findByTestId('office-action-review')).textContent).toBe('Propose a version in writer');
    expect(screen.queryByTestId('office-action-edit')).toBeNull();
  });

  it('shows no office action without a suite', async () => {
    const server = showOffice({ actions: [] });
    await screen.findByTestId('document-action-view');
    await waitFor(() => expect(server.callsTo('GET', '/files/f1/wopi/actions')).toHaveLength(1));
    expect(screen.queryByTestId('office-action-view')).toBeNull();
  });
});

describe("the file page's profile", () => {
  const profile = {
    properties: [
      propertyDefinition({ id: 'kind', name: 'kind', type: 'selection', label: 'Document type', options: [{ label: 'Contract', value: 'contract' }, { label: 'Minutes', value: 'minutes' }] }),
      propertyDefinition({ id: 'valid_from', name: 'valid_from', type: 'date', label: 'Valid from' }),
    ],
  };
  const withProfile = (can: Partial<FileCan>, values: Record<string, string> | null): FileDetailsDto => ({ ...details(can), file: { ...details(can).file, file_profile: values } });

  it('shows the values by their labels and lets who may change the file replace them at the revision read', async () => {
    const server = fakeServer({
      'GET /api/storage/files/f1': { status: 200, body: withProfile({ update: true }, { kind: 'contract' }) },
      'GET /files/f1/docs/actions': { status: 200, body: actions(true, false) },
      'GET /api/v1/property_sets/file_profile': { status: 200, body: profile },
      'PUT /api/storage/files/f1/profile': { status: 200, body: { position: 9 } },
    });
    renderPage(<FilePage />, { url: '/files/f1', path: '/files/:id', api: server.api });
    expect((await screen.findByTestId('file-profile-kind')).textContent).toBe('Document typeContract');
    expect(screen.getByTestId('file-profile-valid_from').textContent).toBe('Valid from—');
    fireEvent.click(screen.getByTestId('file-profile-edit'));
    fireEvent.change(screen.getByTestId('profile-kind'), { target: { value: 'minutes' } });
    fireEvent.click(screen.getByTestId('file-profile-save'));
    await waitFor(() => expect(server.callsTo('PUT', '/api/storage/files/f1/profile')).toHaveLength(1));
    expect(server.callsTo('PUT', '/api/storage/files/f1/profile')[0]?.body).toEqual({ file_profile: { kind: 'minutes' }, expected_revision: 1 });
  });

  it('offers no change to those who may not change the file', async () => {
    const server = fakeServer({
      'GET /api/storage/files/f1': { status: 200, body: withProfile({}, { kind: 'minutes' }) },
      'GET /files/f1/docs/actions': { status: 200, body: actions(false, true) },
      'GET /api/v1/property_sets/file_profile': { status: 200, body: profile },
    });
    renderPage(<FilePage />, { url: '/files/f1', path: '/files/:id', api: server.api });
    expect((await screen.findByTestId('file-profile-kind')).textContent).toBe('Document typeMinutes');
    expect(screen.queryByTestId('file-profile-edit')).toBeNull();
  });

  it('shows nothing and reads no profile while profiles are off', async () => {
    const server = fakeServer({
      'GET /api/storage/files/f1': { status: 200, body: withProfile({ update: true }, null) },
      'GET /files/f1/docs/actions': { status: 200, body: actions(true, false) },
      'GET /api/v1/property_sets/file_profile': { status: 200, body: profile },
    });
    renderPage(<FilePage />, { url: '/files/f1', path: '/files/:id', api: server.api });
    await screen.findByTestId('document-action-edit');
    expect(screen.queryByTestId('file-profile')).toBeNull();
    expect(server.callsTo('GET', '/api/v1/property_sets/file_profile')).toHaveLength(0);
  });
});

describe('finalizing a file', () => {
  it('finalizes after the member confirms, and sends nothing when they do not', async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const server = fakeServer({
      'GET /api/storage/files/f1': { status: 200, body: details({ update: true, finalize: true }) },
      'GET /files/f1/docs/actions': { status: 200, body: actions(true, false) },
      'POST /api/storage/files/f1/finalize': { status: 200, body: { position: 12 } },
    });
    renderPage(<FilePage />, { url: '/files/f1', path: '/files/:id', api: server.api });
    fireEvent.click(await screen.findByTestId('file-finalize'));
    expect(confirm).toHaveBeenLastCalledWith('Finalize “budget.txt”? It can no longer be changed, moved, deleted or locked afterwards.');
    expect(server.callsTo('POST', '/api/storage/files/f1/finalize')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('file-finalize'));
    await waitFor(() => expect(server.callsTo('POST', '/api/storage/files/f1/finalize')).toHaveLength(1));
    expect((await screen.findByTestId('toast')).textContent).toContain('The file is finalized.');
    confirm.mockRestore();
  });

  it('shows a finalized file as such with view only: no finalize, lock, edit or review', async () => {
    const server = fakeServer({
      'GET /api/storage/files/f1': { status: 200, body: { ...details({ lock: false, add_version: false }), file: { ...details({ lock: false, add_version: false }).file, finalizedAt: '2026-11-24T10:00:00.000Z' } } },
      'GET /files/f1/docs/actions': { status: 200, body: actions(false, false) },
    });
    renderPage(<FilePage />, { url: '/files/f1', path: '/files/:id', api: server.api });
    expect((await screen.findByTestId('file-finalized')).textContent).toContain('Finalized on');
    await screen.findByTestId('document-action-view');
    for (const action of ['file-finalize', 'file-lock', 'document-action-edit', 'document-action-review']) expect(screen.queryByTestId(action)).toBeNull();
  });

  it('names the refusal in words when the file was finalized meanwhile', async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    const server = fakeServer({
      'GET /api/storage/files/f1': { status: 200, body: details({ update: true, finalize: true }) },
      'GET /files/f1/docs/actions': { status: 200, body: actions(true, false) },
      'POST /api/storage/files/f1/finalize': { status: 422, body: { statusCode: 422, error: 'pending_versions', errors: [] } },
    });
    renderPage(<FilePage />, { url: '/files/f1', path: '/files/:id', api: server.api });
    fireEvent.click(await screen.findByTestId('file-finalize'));
    expect((await screen.findByTestId('toast')).textContent).toContain('Approve or decline the proposed versions first.');
    confirm.mockRestore();
  });
});

describe("the file page's view count", () => {
  it('records a view once on opening, shows the count and follows a pushed change without a reload', async () => {
    let views = 0;
    const server = fakeServer({
      'GET /api/storage/files/f1': () => ({ status: 200, body: { ...details(), file: { ...details().file, view_count: views } } }),
      'GET /files/f1/docs/actions': { status: 200, body: actions(false, false) },
      'POST /api/storage/files/f1/track_view': () => {
        views += 1;
        return { status: 200, body: { position: 5 } };
      },
    });
    const { channel } = renderPage(<FilePage />, { url: '/files/f1', path: '/files/:id', api: server.api });
    await waitFor(() => expect(screen.getByTestId('file-view-count').textContent).toContain('1 view'));
    expect(server.callsTo('POST', '/api/storage/files/f1/track_view')).toHaveLength(1);

    // another member opened it: the push reads the file again, and this page records no second view
    views = 2;
    act(() => channel.push({ collection: 'files_v5', id: 'f1', doc: { position: 9 } }));
    await waitFor(() => expect(screen.getByTestId('file-view-count').textContent).toContain('2 views'));
    expect(server.callsTo('POST', '/api/storage/files/f1/track_view')).toHaveLength(1);
  });
});
