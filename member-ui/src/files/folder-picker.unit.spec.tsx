/** @jest-environment jsdom */
import '../appointments/jsdom-text-encoding.cjs';
import { fireEvent, screen } from '@testing-library/react';
import { aFolder, rootContents } from '../testing/file-fixtures';
import { fakeServer, renderPage } from '../testing/render';
import { FolderPicker } from './FolderPicker';

describe('the folder picker', () => {
  it('sorts subfolders by name, counts the files new to the member per folder, and offers no activity-stream folder', async () => {
    const picked: string[] = [];
    const server = fakeServer({
      'GET /api/storage/folders/root': {
        status: 200,
        body: rootContents({}, [aFolder('f2', 'reports', { unread: true }), aFolder('f1', 'Archive'), aFolder('activitystream', '', { type: 'activitystream_folder' })], []),
      },
      'GET /api/v1/unreads/folders': { status: 200, body: { total: 3, folders: [{ id: 'f2', count: 3 }] } },
    });
    renderPage(<FolderPicker start="root" exclude={[]} onPick={(folder) => picked.push(folder.id)} onCancel={() => undefined} />, { url: '/files', api: server.api });
    const badge = await screen.findByTestId('folder-picker-unread-reports');
    expect(badge.textContent).toBe('3');
    expect(badge.getAttribute('aria-label')).toBe('3 new files');
    expect(screen.queryByTestId('folder-picker-unread-Archive')).toBeNull();
    expect(screen.getAllByTestId(/^folder-picker-item-/).map((item) => item.textContent)).toEqual(['Archive', 'reports']);
    fireEvent.click(screen.getByTestId('folder-picker-choose'));
    expect(picked).toEqual(['root']);
  });
});
