import { activityStreamFolderIdOf, isActivityStreamFolderId, rootFolderIdOf, type FileViewer } from '@cn/contracts';
import type { ArchiveEntry, DocumentStore } from '@cn/platform';
import { currentVersionOf, type FileDocument } from './files.projection';
import { filesCollection, scopeOfDoc, scopeOfFolderId, visibleFile, visibleTree } from './files.read';

/**
 * What a batch download names and the member may read now: files at the top, folders with everything
 * below them (an empty folder as a folder entry). The streamed archive and the archive export both build
 * their zip from it; the zip sanitizes every name (zip slip).
 */
export const archiveEntries = async (store: DocumentStore, fileIds: readonly string[], folderIds: readonly string[], viewer: FileViewer): Promise<ArchiveEntry[]> => {
  const entries: ArchiveEntry[] = [];
  const fileEntry = (doc: FileDocument, path: string[]): void => {
    const version = currentVersionOf(doc);
    if (version) entries.push({ path: [...path, doc.name], blob_key: version.blob_key, modified: new Date(doc.updated_at), size: version.size });
  };
  for (const fileId of fileIds) {
    const found = await visibleFile(store, fileId, viewer).catch(() => null);
    if (found) fileEntry(found.doc, []);
  }
  for (const folderId of folderIds) {
    const tree = await visibleTree(store, await scopeOfFolderId(store, folderId), viewer).catch(() => null);
    if (!tree || !tree.live(folderId)) continue;
    const files = (await filesCollection(store).find({ scope_type: tree.scope.type, group_id: tree.scope.group_id })).filter(
      (doc) => doc.state === 'published' && doc.folder_id !== null && scopeOfDoc(doc) !== null,
    );
    const top = tree.path(folderId).length - 1;
    const relative = (id: string): string[] => tree.path(id).slice(top).map((ref) => ref.name || (isActivityStreamFolderId(ref.id) ? 'activitystream' : 'files'));
    // the root holds its activity-stream folder (virtual) once something was posted into it
    const stream = activityStreamFolderIdOf(tree.scope);
    const streamChild = files.some((doc) => doc.folder_id === stream) ? [stream] : [];
    const walk = (id: string): void => {
      const children = [...[...tree.folders.values()].filter((folder) => folder.parent_folder_id === id && !folder.deleted).map((folder) => folder._id), ...(id === rootFolderIdOf(tree.scope) ? streamChild : [])];
      const inside = files.filter((doc) => doc.folder_id === id);
      if (children.length === 0 && inside.length === 0) entries.push({ path: relative(id), blob_key: null, modified: new Date(), size: 0 });
      for (const doc of inside) fileEntry(doc, relative(id));
      for (const child of children) walk(child);
    };
    walk(folderId);
  }
  return entries;
};
