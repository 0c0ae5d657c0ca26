import { DEFAULT_FILE_SETTINGS, fileReadAccess, groupRootFolderId, mayAttachFile, type FileEvent, type FolderEvent, type FileViewer } from '@cn/contracts';
import { deciderSpecification } from '@cn/platform/testing';
import { fileDecider, type FileCommand, type UploadedBlob } from './file.decider';
import { folderDecider, type FilesContext, type FolderRef } from './folder.decider';
import { folderReadsDecider } from './folder-reads.decider';

const files = deciderSpecification(fileDecider);
const folders = deciderSpecification(folderDecider);
const NOW = '2026-11-23T12:00:00.000Z';
const LATER = '2026-11-30T12:00:00.000Z';

const viewer = (memberId: string, overrides: Partial<FileViewer> = {}): FileViewer => ({ member_id: memberId, network_admin: false, external: false, group_ids: ['g1'], admin_group_ids: [], category_admin_group_ids: [], ...overrides });
const as = (memberId: string, overrides: Partial<FileViewer> = {}, group_archived = false): FilesContext => ({ viewer: viewer(memberId, overrides), group_archived });
const groupAdmin = as('ada', { admin_group_ids: ['g1'] });
const author = as('max');
const colleague = as('eva');
const outsider = as('sam', { group_ids: [] });

const folder = (overrides: Partial<FolderRef> = {}): FolderRef => ({
  folder_id: 'f1',
  scope: { type: 'group', group_id: 'g1' },
  author_id: 'ada',
  group_archived: false,
  live: true,
  ancestors: [groupRootFolderId('g1')],
  ...overrides,
});
const blob = (overrides: Partial<UploadedBlob> = {}): UploadedBlob => ({ version_id: 'v1', blob_key: 'a'.repeat(64), size: 10, content_type: 'text/plain', original_filename: 'plan.txt', extension: 'txt', ...overrides });

const uploaded: FileEvent = { type: 'FileUploaded', data: { file_id: 'file1', uploader_id: 'max', ...blob() } };
const published: FileEvent = { type: 'FilePublished', data: { file_id: 'file1', scope_type: 'group', group_id: 'g1', folder_id: 'f1', name: 'plan.txt', description: '', author_id: 'max' } };
const lockedBy = (memberId: string, until = LATER): FileEvent => ({ type: 'FileLocked', data: { file_id: 'file1', locked_by: memberId, locked_until: until } });
const timed = (context: FilesContext) => ({ context, now: NOW });
const publish = (context: FilesContext, overrides: Partial<Extract<FileCommand, { type: 'PublishFile' }>> = {}): FileCommand => ({
  type: 'PublishFile',
  folder: folder(),
  name: 'plan.txt',
  description: '',
  settings: DEFAULT_FILE_SETTINGS,
  ...timed(context),
  ...overrides,
});
const addVersion = (context: FilesContext): FileCommand => ({ type: 'AddVersion', blob: blob({ version_id: 'v2', blob_key: 'b'.repeat(64) }), description: '', settings: DEFAULT_FILE_SETTINGS, ...timed(context) });

describe('files decider', () => {
  it('publishes a volatile upload of the issuer into a folder they may add to', () => {
    files.given([uploaded]).when(publish(author)).then([published]);
  });

  it('publishes a sealed upload only with its bytes unsealed: the folder\'s file is the scope\'s, not the uploader\'s', () => {
    const sealed: FileEvent = { type: 'FileUploaded', data: { file_id: 'file1', uploader_id: 'max', ...blob(), sealed_for: 'max' } };
    files.given([]).when({ type: 'UploadFile', file_id: 'file1', uploader_id: 'max', blob: { ...blob(), sealed_for: 'max' } }).then([sealed]);
    expect(() => files.decide([sealed], publish(author))).toThrow('unsealed');
    const plainKey = 'c'.repeat(64);
    const [event] = files.decide([sealed], publish(author, { unsealed_blob_key: plainKey }));
    expect(event).toEqual({ ...published, data: { ...published.data, blob_key: plainKey } });
    const state = [sealed, event].reduce(fileDecider.evolve, fileDecider.initialState());
    expect(state.versions[0]).toMatchObject({ blob_key: plainKey, sealed_for: null, major: 1 });
    // an upload stored before uploads were sealed publishes as it is
    files.given([uploaded]).when(publish(author, { unsealed_blob_key: plainKey })).then([published]);
  });

  it('hides an upload from everybody but its uploader, and a group\'s folder from non-members', () => {
    files.given([uploaded]).when(publish(colleague)).thenRefused('not_found', 'files');
    files.given([uploaded]).when({ type: 'DiscardUpload', ...timed(colleague) }).thenRefused('not_found');
    files.given([uploaded]).when(publish(as('max', { group_ids: [] }))).thenRefused('not_found', 'folder_ids.0');
    files.given([uploaded]).when(publish(author, { folder: folder({ live: false }) })).thenRefused('not_found', 'folder_ids.0');
  });

  it('refuses a name the extension filter denies and an archived group\'s folder', () => {
    files.given([uploaded]).when(publish(author, { settings: { ...DEFAULT_FILE_SETTINGS, extension_filter: { enabled: true, type: 'allow', list: ['pdf'] } } })).thenRefused('file_type_not_accepted', 'files');
    files.given([uploaded]).when(publish(as('max', {}, true), { folder: folder({ group_archived: true }) })).thenRefused('forbidden');
  });

  it('publishes the author\'s and the group admin\'s versions at once, and others\' pending approval', () => {
    expect(files.decide([uploaded, published], addVersion(author))[0]).toMatchObject({ type: 'FileVersionAdded', data: { major: 2, pending: false, author_id: 'max' } });
    expect(files.decide([uploaded, published], addVersion(groupAdmin))[0]).toMatchObject({ data: { major: 2, pending: false } });
    const proposed = files.decide([uploaded, published], addVersion(colleague));
    expect(proposed[0]).toMatchObject({ data: { major: null, pending: true, author_id: 'eva' } });
    files.given([uploaded, published, ...proposed]).when({ type: 'ApproveVersion', version_id: 'v2', ...timed(colleague) }).thenRefused('forbidden');
    files.given([uploaded, published, ...proposed]).when({ type: 'ApproveVersion', version_id: 'v2', ...timed(groupAdmin) }).then([
      { type: 'FileVersionApproved', data: { file_id: 'file1', version_id: 'v2', major: 2, approver_id: 'ada' } },
    ]);
    const approved = files.decide([uploaded, published, ...proposed], { type: 'ApproveVersion', version_id: 'v2', ...timed(groupAdmin) });
    files.given([uploaded, published, ...proposed, ...approved]).when({ type: 'DeclineVersion', version_id: 'v2', ...timed(groupAdmin) }).thenRefused('version_not_pending');
  });

  it('keeps a lock: nobody else adds versions, moves, renames or removes until it runs out', () => {
    const history = [uploaded, published, lockedBy('eva')];
    files.given(history).when(addVersion(author)).thenRefused('file_locked');
    files.given(history).when({ type: 'RenameFile', name: 'x.txt', ...timed(author) }).thenRefused('file_locked');
    files.given(history).when({ type: 'RemoveFile', ...timed(author) }).thenRefused('file_locked');
    files.given(history).when({ type: 'LockFile', locked_until: LATER, ...timed(author) }).thenRefused('file_locked');
    files.given(history).when({ type: 'UnlockFile', ...timed(author) }).thenRefused('file_locked');
    // the group admin may always unlock; a lock that ran out holds nobody back
    files.given(history).when({ type: 'UnlockFile', ...timed(groupAdmin) }).then([{ type: 'FileUnlocked', data: { file_id: 'file1' } }]);
    expect(files.decide([uploaded, published, lockedBy('eva', '2026-11-01T00:00:00.000Z')], { type: 'RemoveFile', ...timed(author) })).toEqual([{ type: 'FileRemoved', data: { file_id: 'file1' } }]);
    files.given([uploaded, published]).when({ type: 'LockFile', locked_until: '2026-11-01T00:00:00.000Z', ...timed(author) }).thenRefused('invalid_date', 'locked_unitl');
  });

  it('answers 404 to a non-member for every change of a group\'s file', () => {
    for (const command of [addVersion(outsider), { type: 'RemoveFile', ...timed(outsider) }, { type: 'LockFile', locked_until: LATER, ...timed(outsider) }] as FileCommand[]) {
      files.given([uploaded, published]).when(command).thenRefused('not_found');
    }
  });

  it('moves a file only within its scope', () => {
    files.given([uploaded, published]).when({ type: 'MoveFile', target: folder({ folder_id: 'f2' }), ...timed(author) }).then([{ type: 'FileMoved', data: { file_id: 'file1', from_folder_id: 'f1', folder_id: 'f2' } }]);
    files.given([uploaded, published]).when({ type: 'MoveFile', target: folder({ folder_id: 'root', scope: { type: 'network', group_id: null } }), ...timed(author) }).thenRefused('invalid_target', 'target_folder_id');
    files.given([uploaded, published]).when({ type: 'RenameFile', name: 'y.txt', ...timed(colleague) }).thenRefused('forbidden');
  });
});

describe('folder decider', () => {
  const created: FolderEvent = { type: 'FolderCreated', data: { folder_id: 'f2', scope_type: 'group', group_id: 'g1', parent_folder_id: 'f1', name: 'Protokolle', description: '', author_id: 'max' } };

  it('creates a folder where the member may create subfolders', () => {
    folders.given([]).when({ type: 'CreateFolder', folder_id: 'f2', parent: folder(), name: 'Protokolle', description: '', context: author }).then([created]);
    folders.given([]).when({ type: 'CreateFolder', folder_id: 'f2', parent: folder(), name: 'Protokolle', description: '', context: outsider }).thenRefused('not_found', 'parent_folder_id');
    folders.given([]).when({ type: 'CreateFolder', folder_id: 'f2', parent: folder({ group_archived: true }), name: 'x', description: '', context: as('max', {}, true) }).thenRefused('forbidden');
  });

  it('lets its author and the group admin edit, move and delete it, nobody else', () => {
    folders.given([created]).when({ type: 'EditFolder', name: 'Neu', description: '', context: colleague }).thenRefused('forbidden');
    folders.given([created]).when({ type: 'DeleteFolder', context: groupAdmin }).then([{ type: 'FolderDeleted', data: { folder_id: 'f2' } }]);
    folders.given([created]).when({ type: 'EditFolder', name: 'Neu', description: '', context: outsider }).thenRefused('not_found');
  });

  it('never moves a folder into itself or below itself', () => {
    folders.given([created]).when({ type: 'MoveFolder', target: folder({ folder_id: 'f2' }), context: author }).thenRefused('invalid_target');
    folders.given([created]).when({ type: 'MoveFolder', target: folder({ folder_id: 'f3', ancestors: ['f2', 'f1'] }), context: author }).thenRefused('invalid_target');
    folders.given([created]).when({ type: 'MoveFolder', target: folder({ folder_id: 'f4', ancestors: ['root-g1'] }), context: author }).then([
      { type: 'FolderMoved', data: { folder_id: 'f2', from_folder_id: 'f1', parent_folder_id: 'f4' } },
    ]);
  });
});

describe('reading files and folders', () => {
  it('a file is read through its scope, as one\'s own upload, or through a message one holds', () => {
    const none = { published_in_visible_scope: false, own_upload: false, attached_to_held_message: false };
    expect(fileReadAccess(none)).toBeNull();
    expect(fileReadAccess({ ...none, published_in_visible_scope: true })).toBe('scope');
    expect(fileReadAccess({ ...none, own_upload: true })).toBe('upload');
    expect(fileReadAccess({ ...none, attached_to_held_message: true })).toBe('message');
    // what an author may attach: what they read themselves, not what reached them through a message
    expect(mayAttachFile({ published_in_visible_scope: false, own_upload: false })).toBe(false);
    expect(mayAttachFile({ published_in_visible_scope: true, own_upload: false })).toBe(true);
  });

  it('opening a folder marks it read for the member, only a folder they may see', () => {
    const reads = deciderSpecification(folderReadsDecider);
    expect(reads.decide([], { type: 'MarkFolderRead', folder: folder(), context: author })).toEqual([{ type: 'FolderMarkedRead', data: { member_id: 'max', folder_id: 'f1' } }]);
    expect(() => reads.decide([], { type: 'MarkFolderRead', folder: folder(), context: outsider })).toThrow('not_found');
    expect(() => reads.decide([], { type: 'MarkFolderRead', folder: folder({ live: false }), context: author })).toThrow('not_found');
  });
});

describe('sizes of image files and expiry of uploads', () => {
  const sized = (key: string) => ({ blob_key: key, size: 100, content_type: 'image/webp' as const });
  const sizes = { small: sized('s'.repeat(64)), large: sized('l'.repeat(64)), lightbox: sized('x'.repeat(64)) };
  const resized: FileEvent = { type: 'FileImageResized', data: { file_id: 'file1', version_id: 'v1', sizes } };
  const removed: FileEvent = { type: 'FileRemoved', data: { file_id: 'file1' } };

  it('records a version\'s sizes once, none of an unknown version or a removed file', () => {
    files.given([uploaded]).when({ type: 'RecordImageSizes', version_id: 'v1', sizes }).then([resized]);
    files.given([uploaded, resized]).when({ type: 'RecordImageSizes', version_id: 'v1', sizes }).then([]);
    files.given([uploaded]).when({ type: 'RecordImageSizes', version_id: 'v9', sizes }).then([]);
    files.given([uploaded, removed]).when({ type: 'RecordImageSizes', version_id: 'v1', sizes }).then([]);
  });

  it('expires only an upload still volatile, naming its bytes and its sizes', () => {
    files.given([uploaded, resized]).when({ type: 'ExpireUpload' }).then([{ type: 'FileUploadExpired', data: { file_id: 'file1', blob_keys: ['a'.repeat(64), 's'.repeat(64), 'l'.repeat(64), 'x'.repeat(64)] } }]);
    files.given([uploaded, published]).when({ type: 'ExpireUpload' }).then([]);
    files.given([uploaded, removed]).when({ type: 'ExpireUpload' }).then([]);
    files.given([]).when({ type: 'ExpireUpload' }).then([]);
    // an expired upload is gone for its uploader too
    files.given([uploaded, { type: 'FileUploadExpired', data: { file_id: 'file1', blob_keys: ['a'.repeat(64)] } }]).when(publish(author)).thenRefused('not_found', 'files');
  });
});

describe('undoing a failed batch', () => {
  const created: FolderEvent = { type: 'FolderCreated', data: { folder_id: 'f2', scope_type: 'group', group_id: 'g1', parent_folder_id: 'f1', name: 'Protokolle', description: '', author_id: 'max' } };
  const folderMoved: FolderEvent = { type: 'FolderMoved', data: { folder_id: 'f2', from_folder_id: 'f1', parent_folder_id: 'f3' } };
  const folderDeleted: FolderEvent = { type: 'FolderDeleted', data: { folder_id: 'f2' } };
  const fileMoved: FileEvent = { type: 'FileMoved', data: { file_id: 'file1', from_folder_id: 'f1', folder_id: 'f3' } };
  const fileRemoved: FileEvent = { type: 'FileRemoved', data: { file_id: 'file1' } };

  it('moves an item back and restores a removed one, as long as nobody changed it since', () => {
    files.given([uploaded, published, fileMoved]).when({ type: 'UndoFileChange', undo: fileMoved }).then([{ type: 'FileMoved', data: { file_id: 'file1', from_folder_id: 'f3', folder_id: 'f1' } }]);
    files.given([uploaded, published, fileRemoved]).when({ type: 'UndoFileChange', undo: fileRemoved }).then([{ type: 'FileRestored', data: { file_id: 'file1' } }]);
    folders.given([created, folderMoved]).when({ type: 'UndoFolderChange', undo: folderMoved }).then([{ type: 'FolderMoved', data: { folder_id: 'f2', from_folder_id: 'f3', parent_folder_id: 'f1' } }]);
    folders.given([created, folderDeleted]).when({ type: 'UndoFolderChange', undo: folderDeleted }).then([{ type: 'FolderRestored', data: { folder_id: 'f2' } }]);
    // moved on by someone else meanwhile, or already back: the undo changes nothing
    files.given([uploaded, published, fileMoved, { type: 'FileMoved', data: { file_id: 'file1', from_folder_id: 'f3', folder_id: 'f4' } }]).when({ type: 'UndoFileChange', undo: fileMoved }).then([]);
    folders.given([created]).when({ type: 'UndoFolderChange', undo: folderDeleted }).then([]);
  });

  it('a restored file is published again (or the uploader\'s upload again) and may be changed', () => {
    files.given([uploaded, published, fileRemoved, { type: 'FileRestored', data: { file_id: 'file1' } }]).when({ type: 'RemoveFile', ...timed(groupAdmin) }).then([fileRemoved]);
    files.given([uploaded, { type: 'FileRemoved', data: { file_id: 'file1' } }, { type: 'FileRestored', data: { file_id: 'file1' } }]).when(publish(author)).then([published]);
  });
});
