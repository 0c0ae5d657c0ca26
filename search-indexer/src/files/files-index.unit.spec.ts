import { applyAll, fakeCipher, memoryIndex, recordedEvent } from '../__tests__/memory-index';
import { fileHitUrl, filesIndexing, type FileSearchDocument, type RemovedSearchDocument, type UploadSearchDocument } from './files-index';

describe('files search indexing', () => {
  const { cipher, pii } = fakeCipher();
  const setup = async (events: Parameters<typeof applyAll>[1]) => {
    const files = memoryIndex<FileSearchDocument>();
    const uploads = memoryIndex<UploadSearchDocument>();
    const removed = memoryIndex<RemovedSearchDocument>();
    await applyAll(filesIndexing(files.collection, uploads.collection, removed.collection, cipher), events);
    return { files: files.docs, uploads: uploads.docs, removed: removed.docs };
  };
  const folder = (id: string, parent: string, groupId: string | null, name: string) =>
    recordedEvent('FolderCreated', {
      folder_id: id,
      scope_type: groupId ? 'group' : 'network',
      group_id: groupId,
      parent_folder_id: parent,
      name,
      description: pii('ann', `${name} notes`),
      author_id: 'ann',
    });
  const upload = (id: string) =>
    recordedEvent('FileUploaded', { file_id: id, uploader_id: 'ann', version_id: 'v1', blob_key: 'k'.repeat(64), size: 42, content_type: 'application/pdf', original_filename: 'x.pdf', extension: 'pdf' });
  const publish = (id: string, folderId: string, groupId: string | null, name: string) =>
    recordedEvent('FilePublished', {
      file_id: id,
      scope_type: groupId ? 'group' : 'network',
      group_id: groupId,
      folder_id: folderId,
      name,
      description: pii('ann', 'the minutes'),
      author_id: 'ann',
    });
  const tree = [
    folder('f1', 'root-g1', 'g1', 'Scores'),
    folder('f2', 'f1', 'g1', 'Bach'),
    upload('x1'),
    publish('x1', 'f2', 'g1', 'Cantata.pdf'),
    folder('n1', 'root', null, 'Network docs'),
    upload('x2'),
  ];

  it('indexes published files and folders with their scope and the folders above them; uploads stay out until published', async () => {
    const { files, uploads } = await setup(tree);
    expect(files.get('f2')).toMatchObject({ kind: 'folder', name: 'Bach', description: 'Bach notes', scope: 'g1', ancestor_ids: ['f1'] });
    expect(files.get('x1')).toMatchObject({ kind: 'file', name: 'Cantata.pdf', description: 'the minutes', scope: 'g1', parent_id: 'f2', ancestor_ids: ['f1', 'f2'], content_type: 'application/pdf', size: 42 });
    expect(files.get('n1')).toMatchObject({ scope: 'network', ancestor_ids: [] });
    expect(files.has('x2')).toBe(false);
    expect([...uploads.keys()]).toEqual(['x2']);
    expect(fileHitUrl(files.get('x1') as FileSearchDocument, 'choir')).toBe('/groups/choir/files/x1');
    expect(fileHitUrl(files.get('n1') as FileSearchDocument, null)).toBe('/files/folders/n1');
  });

  it('moves what is below a moved folder, and a deleted folder takes everything below it along', async () => {
    const moved = await setup([...tree, folder('f3', 'root-g1', 'g1', 'Archive'), recordedEvent('FolderMoved', { folder_id: 'f2', from_folder_id: 'f1', parent_folder_id: 'f3' })]);
    expect(moved.files.get('f2')?.ancestor_ids).toEqual(['f3']);
    expect(moved.files.get('x1')?.ancestor_ids).toEqual(['f3', 'f2']);
    const deleted = await setup([...tree, recordedEvent('FolderDeleted', { folder_id: 'f1' })]);
    expect([...deleted.files.keys()].sort()).toEqual(['n1']);
  });

  it('follows renames, moves and removal, and blanks an erased author’s descriptions', async () => {
    const { files } = await setup([
      ...tree,
      recordedEvent('FileRenamed', { file_id: 'x1', name: 'Motet.pdf' }),
      recordedEvent('FileLocked', { file_id: 'x1', locked_by: 'bob', locked_until: '2030-01-01T00:00:00.000Z' }),
      recordedEvent('FileMoved', { file_id: 'x1', from_folder_id: 'f2', folder_id: 'f1' }),
      recordedEvent('MemberErased', { member_id: 'ann' }),
    ]);
    expect(files.get('x1')).toMatchObject({ name: 'Motet.pdf', parent_id: 'f1', ancestor_ids: ['f1'], description: '', locked_by: 'bob', locked_until: '2030-01-01T00:00:00.000Z' });
    const unlocked = await setup([...tree, recordedEvent('FileLocked', { file_id: 'x1', locked_by: 'bob', locked_until: '2030-01-01T00:00:00.000Z' }), recordedEvent('FileUnlocked', { file_id: 'x1' })]);
    expect(unlocked.files.get('x1')).toMatchObject({ locked_by: null, locked_until: null });
    expect(files.get('f1')?.description).toBe('');
    const removed = await setup([...tree, recordedEvent('FileRemoved', { file_id: 'x1' })]);
    expect(removed.files.has('x1')).toBe(false);
  });

  it('finds a file or a folder again when a batch compensation restores it, as it was, with what is below the folder', async () => {
    const fileBack = await setup([...tree, recordedEvent('FileRemoved', { file_id: 'x1' }), recordedEvent('FileRestored', { file_id: 'x1' })]);
    expect(fileBack.files.get('x1')).toMatchObject({ kind: 'file', name: 'Cantata.pdf', description: 'the minutes', scope: 'g1', ancestor_ids: ['f1', 'f2'] });
    expect(fileBack.removed.size).toBe(0);
    const folderBack = await setup([...tree, recordedEvent('FolderDeleted', { folder_id: 'f1' }), recordedEvent('FolderRestored', { folder_id: 'f1' })]);
    expect([...folderBack.files.keys()].sort()).toEqual(['f1', 'f2', 'n1', 'x1']);
    expect(folderBack.files.get('x1')).toMatchObject({ parent_id: 'f2', ancestor_ids: ['f1', 'f2'] });
    // an upload discarded and restored is an upload again (still not searched)
    const uploadBack = await setup([...tree, recordedEvent('FileRemoved', { file_id: 'x2' }), recordedEvent('FileRestored', { file_id: 'x2' })]);
    expect(uploadBack.uploads.has('x2')).toBe(true);
    expect(uploadBack.files.has('x2')).toBe(false);
    // a restore names only what its own removal took: the folder's restore leaves a file removed on its own out
    const separately = await setup([...tree, recordedEvent('FileRemoved', { file_id: 'x1' }), recordedEvent('FolderDeleted', { folder_id: 'f1' }), recordedEvent('FolderRestored', { folder_id: 'f1' })]);
    expect(separately.files.has('f2')).toBe(true);
    expect(separately.files.has('x1')).toBe(false);
  });

  it('keeps no erased author’s description aside, and an expired upload is gone for good', async () => {
    const { files, removed } = await setup([
      ...tree,
      recordedEvent('FileRemoved', { file_id: 'x1' }),
      recordedEvent('MemberErased', { member_id: 'ann' }),
      recordedEvent('FileRestored', { file_id: 'x1' }),
      recordedEvent('FileUploadExpired', { file_id: 'x2', blob_keys: [] }),
    ]);
    expect(files.get('x1')).toMatchObject({ name: 'Cantata.pdf', description: '' });
    expect(removed.size).toBe(0);
  });
});
