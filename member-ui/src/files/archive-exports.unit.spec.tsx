/** @jest-environment jsdom */
import '../appointments/jsdom-text-encoding.cjs';
import { FILE_ARCHIVES_COLLECTION, type FileArchiveDto } from '@cn/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { aFolder, rootContents } from '../testing/file-fixtures';
import { fakeServer, renderPage } from '../testing/render';
import { FolderPage } from './FolderPage';

const contents = rootContents({ total_files_count: 0, total_subfolders_count: 1 }, [aFolder('minutes', 'Minutes')], []);
const anArchive = (overrides: Partial<FileArchiveDto>): FileArchiveDto => ({
  id: 'a1',
  status: 'initialized',
  progress: 0,
  createdAt: '2026-12-07T03:00:00.000Z',
  finishedAt: null,
  expiresAt: null,
  files: [],
  ...overrides,
});

describe('archive exports on a folder page', () => {
  it('asks for an export of the selection, shows its progress bar live and then the zip with a generate-new action', async () => {
    let archive = anArchive({ status: 'in_progress', progress: 40 });
    const server = fakeServer({
      'GET /api/storage/settings': { status: 200, body: { extension_filter: { enabled: false, type: 'deny', list: [] }, lock_period_days: 7, profiles_enabled: false } },
      'GET /api/storage/approval': { status: 200, body: { versions: [] } },
      'GET /api/storage/folders/root': { status: 200, body: contents },
      'GET /api/storage/archives': () => ({ status: 200, body: { archives: [archive] } }),
      'POST /api/storage/archives': { status: 201, body: { id: 'a2', position: 9 } },
    });
    const { channel } = renderPage(<FolderPage />, { url: '/files', api: server.api });

    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Minutes' }));
    fireEvent.click(screen.getByTestId('files-export-archive'));
    await waitFor(() => expect(server.callsTo('POST', '/api/storage/archives')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/storage/archives')[0]?.body).toEqual({ file_ids: [], folder_ids: ['minutes'], current_folder_id: 'root' });

    const running = await screen.findByTestId('files-archive-in_progress');
    expect(running.querySelector('progress')?.getAttribute('value')).toBe('40');
    expect(running.textContent).toContain('Building the archive');
    expect(running.textContent).toContain('40 %');

    // the runner's push: the exports are read again, without a reload
    archive = anArchive({ status: 'in_progress', progress: 85 });
    act(() => channel.push({ collection: FILE_ARCHIVES_COLLECTION, id: 'a1', doc: { position: 10 } }));
    await waitFor(() => expect(screen.getByTestId('files-archive-in_progress').querySelector('progress')?.getAttribute('value')).toBe('85'));

    archive = anArchive({
      status: 'finished',
      progress: 100,
      finishedAt: '2026-12-07T03:01:00.000Z',
      files: [{ id: 'a1', name: 'files-2026-12-07.zip', bytes: 2048, fileUrl: '/api/storage/archives/a1/download', downloadUrl: '/api/storage/archives/a1/download', extension: 'zip' }],
    });
    act(() => channel.push({ collection: FILE_ARCHIVES_COLLECTION, id: 'a1', doc: { position: 11 } }));
    const link = await screen.findByTestId('files-archive-download');
    expect(link.getAttribute('href')).toBe('/api/storage/archives/a1/download');
    expect(link.textContent).toContain('files-2026-12-07.zip (2.0 kB)');
    expect(screen.queryByTestId('files-archive-in_progress')).toBeNull();

    fireEvent.click(screen.getByTestId('files-archive-generate'));
    await waitFor(() => expect(server.callsTo('POST', '/api/storage/archives')).toHaveLength(2));
  });

  it('shows when a finished export expires, its expiry live, and deletes it', async () => {
    const zip = { id: 'a1', name: 'files-2026-12-07.zip', bytes: 2048, fileUrl: '/api/storage/archives/a1/download', downloadUrl: '/api/storage/archives/a1/download', extension: 'zip' };
    let archives = [anArchive({ status: 'finished', progress: 100, finishedAt: '2026-12-07T03:01:00.000Z', expiresAt: '2026-12-08T03:01:00.000Z', files: [zip] })];
    const server = fakeServer({
      'GET /api/storage/folders/root': { status: 200, body: contents },
      'GET /api/storage/archives': () => ({ status: 200, body: { archives } }),
      'DELETE /api/storage/archives/a1': { status: 200, body: { position: 13 } },
    });
    const { channel } = renderPage(<FolderPage />, { url: '/files', api: server.api });
    const finished = await screen.findByTestId('files-archive-finished');
    expect(finished.textContent).toContain('Kept until');

    // the expiry's event is pushed: the zip goes, the state says so, without a reload
    archives = [anArchive({ status: 'expired', progress: 100, finishedAt: '2026-12-07T03:01:00.000Z' })];
    act(() => channel.push({ collection: FILE_ARCHIVES_COLLECTION, id: 'a1', doc: { position: 12 } }));
    const expired = await screen.findByTestId('files-archive-expired');
    expect(expired.textContent).toContain('has expired and is no longer kept');
    expect(screen.queryByTestId('files-archive-download')).toBeNull();

    fireEvent.click(screen.getByTestId('files-archive-delete'));
    await waitFor(() => expect(server.callsTo('DELETE', '/api/storage/archives/a1')).toHaveLength(1));
    archives = [];
    act(() => channel.push({ collection: FILE_ARCHIVES_COLLECTION, id: 'a1', doc: { position: 13 } }));
    await waitFor(() => expect(screen.queryByTestId('files-archives')).toBeNull());
  });

  it('shows nothing while the member has no exports', async () => {
    const server = fakeServer({
      'GET /api/storage/folders/root': { status: 200, body: contents },
      'GET /api/storage/archives': { status: 200, body: { archives: [] } },
    });
    renderPage(<FolderPage />, { url: '/files', api: server.api });
    await screen.findByTestId('files-export-archive');
    await waitFor(() => expect(server.callsTo('GET', '/api/storage/archives')).toHaveLength(1));
    expect(screen.queryByTestId('files-archives')).toBeNull();
  });
});
