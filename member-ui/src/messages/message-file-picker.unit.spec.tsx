/** @jest-environment jsdom */
import '../appointments/jsdom-text-encoding.cjs';
import type { FileItemDto, FileRootsDto, FolderContentsDto, FolderItemDto, MyGroupsResponse, RecipientOptionsResponse } from '@cn/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeServer, renderPage } from '../testing/render';
import { MessageComposerPage } from './MessageComposerPage';

jest.mock('./messages.css', () => ({}));

const folderItem = (id: string, name: string, parent: string | null, groupId: string | null = null): FolderItemDto => ({
  id,
  type: parent ? 'folder' : 'root_folder',
  name,
  description: '',
  parent_folder_id: parent,
  namespace: groupId ? 'group' : 'network',
  group_id: groupId,
  total_files_count: 0,
  total_subfolders_count: 0,
  revision: 1,
  unread: false,
  folder_profile: null,
  can: { destroy: false, update: false, create_subfolders: false, add_files: false },
});
const fileItem = (id: string, name: string, folder: string, size = 2048): FileItemDto => ({
  id,
  type: 'file',
  name,
  original_filename: name,
  extension: 'pdf',
  content_type: 'application/pdf',
  size,
  description: '',
  folder_id: folder,
  namespace: 'network',
  group_id: null,
  updated_at: '2026-11-23T09:00:00.000Z',
  locked_until: null,
  lockedById: null,
  current_version: 1,
  current_version_authors: [],
  url: `/api/storage/files/${id}/download`,
  thumbnail_url: null,
  revision: 1,
  pending_versions_count: 0,
  file_profile: null,
  finalizedAt: null,
  view_count: 0,
  can: { update: false, move: false, destroy: false, lock: false, unlock: false, add_version: false, approve: false, finalize: false },
});
const contents = (folder: FolderItemDto, crumbs: Array<{ id: string; name: string }>, folders: FolderItemDto[], files: FileItemDto[]): FolderContentsDto => ({ folder, breadcrumbs: crumbs, folders, files });

const root = folderItem('root', '', null);
const minutes = folderItem('f-minutes', 'Minutes', 'root');
const groupRoot = folderItem('root-g1', 'Garden Club', null, 'g1');
const options: RecipientOptionsResponse = { members: [{ id: 'max', name: 'Max Member', path: '/members/max' }], groups: [], can: { send_direct_messages: true, send_to_network: false, send_to_any_group: false } };
// the member belongs to the choir too, but the server lists no files of it to browse (the files module's rule)
const myGroups: MyGroupsResponse = {
  groups: [
    { id: 'g1', slug: 'garden', name: 'Garden Club', favorited: false, archived: false },
    { id: 'g2', slug: 'choir', name: 'Choir', favorited: false, archived: false },
  ],
};
const roots: FileRootsDto = { roots: [root, groupRoot] };

const routes = (send: { status: number; body: object } = { status: 201, body: { id: 'new', position: 4 } }) => ({
  'GET /api/v1/messages/recipients': { status: 200, body: options },
  'GET /members/max': { status: 200, body: { id: 'max', displayName: 'Max Member', name: 'Max Member' } },
  'GET /api/v1/my_groups': { status: 200, body: myGroups },
  'GET /api/storage/roots': { status: 200, body: roots },
  'GET /api/storage/folders/root': { status: 200, body: contents(root, [{ id: 'root', name: '' }], [minutes], [fileItem('rules', 'Rules.pdf', 'root')]) },
  'GET /api/storage/folders/f-minutes': { status: 200, body: contents(minutes, [{ id: 'root', name: '' }, { id: 'f-minutes', name: 'Minutes' }], [], [fileItem('march', 'March.pdf', 'f-minutes', 4096)]) },
  'GET /api/storage/folders/root-g1': { status: 200, body: contents(groupRoot, [{ id: 'root-g1', name: 'Garden Club' }], [], [fileItem('seeds', 'Seeds.pdf', 'root-g1')]) },
  'POST /api/v1/messages': send,
});

const openComposer = async (server: ReturnType<typeof fakeServer>) => {
  renderPage(<MessageComposerPage />, { url: '/messages/new?to=max', path: '/messages/new', api: server.api, others: { '/messages': <p data-testid="inbox-page" /> } });
  await screen.findByTestId('recipient-chip');
  fireEvent.change(screen.getByTestId('message-content-input'), { target: { value: 'Papers' } });
};

describe("the composer's 'choose from files'", () => {
  it('picks files across folders and groups from the files listing, attaches them as they are, and removing one deletes nothing', async () => {
    const server = fakeServer(routes());
    await openComposer(server);
    fireEvent.click(screen.getByTestId('message-attachment-choose'));
    const picker = await screen.findByTestId('message-file-picker');
    fireEvent.click(await within(picker).findByTestId('message-file-picker-file-Rules.pdf'));
    fireEvent.click(within(picker).getByTestId('message-file-picker-folder-Minutes'));
    fireEvent.click(await within(picker).findByTestId('message-file-picker-file-March.pdf'));
    // another place: a group of the member's, as the server lists the places (the item form's pickers' list)
    await within(picker).findByRole('option', { name: 'Garden Club' });
    expect(within(picker).getAllByRole('option').map((option) => option.textContent)).toEqual(['The network', 'Garden Club']);
    expect(server.callsTo('GET', '/api/storage/roots')).toHaveLength(1);
    fireEvent.change(within(picker).getByTestId('message-file-picker-place'), { target: { value: 'root-g1' } });
    fireEvent.click(await within(picker).findByTestId('message-file-picker-file-Seeds.pdf'));
    fireEvent.click(within(picker).getByTestId('message-file-picker-attach'));
    expect(screen.queryByTestId('message-file-picker')).toBeNull();

    for (const name of ['Rules.pdf', 'March.pdf', 'Seeds.pdf']) {
      const row = screen.getByTestId(`message-attachment-${name}`);
      expect(row.getAttribute('data-state')).toBe('ready');
      expect(row.textContent).toContain('from the files');
    }
    expect(screen.getByTestId('message-attachment-March.pdf').textContent).toContain('4.0 kB');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Seeds.pdf' }));
    expect(screen.queryByTestId('message-attachment-Seeds.pdf')).toBeNull();

    // picking again: what is attached is marked and not offered twice
    fireEvent.click(screen.getByTestId('message-attachment-choose'));
    const again = await screen.findByTestId('message-file-picker');
    const rules = await within(again).findByTestId<HTMLInputElement>('message-file-picker-file-Rules.pdf');
    expect(rules.checked).toBe(true);
    expect(rules.disabled).toBe(true);
    fireEvent.click(within(again).getByText('Cancel'));

    fireEvent.click(screen.getByTestId('message-send'));
    await waitFor(() => expect(server.callsTo('POST', '/api/v1/messages')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/v1/messages')[0]?.body).toMatchObject({ to: ['max'], attachments: ['rules', 'march'] });
    expect(server.calls.filter((call) => call.method === 'DELETE')).toEqual([]);
    await screen.findByTestId('inbox-page');
  });

  it("names the picked file the server refuses (attachments.N), in words", async () => {
    const server = fakeServer(routes({ status: 422, body: { statusCode: 422, error: 'unknown_attachment', errors: [{ field: 'attachments.1', key: 'unknown_attachment' }] } }));
    await openComposer(server);
    fireEvent.click(screen.getByTestId('message-attachment-choose'));
    const picker = await screen.findByTestId('message-file-picker');
    fireEvent.click(await within(picker).findByTestId('message-file-picker-file-Rules.pdf'));
    fireEvent.click(within(picker).getByTestId('message-file-picker-folder-Minutes'));
    fireEvent.click(await within(picker).findByTestId('message-file-picker-file-March.pdf'));
    fireEvent.click(within(picker).getByTestId('message-file-picker-attach'));
    fireEvent.click(screen.getByTestId('message-send'));
    expect((await screen.findByTestId('error-attachments')).textContent).toBe('A file is not available to you (any more).');
    expect(screen.getByTestId('message-attachment-March.pdf').textContent).toContain('A file is not available to you (any more).');
    expect(screen.getByTestId('message-attachment-Rules.pdf').textContent).not.toContain('not available');
  });
});
