import {
  DEFAULT_FILE_SETTINGS,
  fileAbilities,
  folderAbilities,
  rootFolderIdOf,
  rootFolderScope,
  activityStreamFolderIdOf,
  activityStreamFolderScope,
  canSeeScope,
  activeLock,
  isInlineImage,
  sizedFileUrl,
  type FileDetailsDto,
  type FileRootsDto,
  type FileItemDto,
  type FileRef,
  type FileScope,
  type FileSettings,
  type FileVersionDto,
  type FolderContentsDto,
  type FolderItemDto,
  type PendingVersionDto,
  type FileViewer,
} from '@cn/contracts';
import { collectionName } from '@cn/domain';
import { HttpProblem, type DocumentStore } from '@cn/platform';
import { loadMembers } from '../calendars/calendars.read';
import { groupsCollection } from '../groups/groups.read';
import { displayNameOf } from '../members/member-dto';
import {
  currentVersionOf,
  fileFoldersProjection,
  fileSettingsProjection,
  filesProjection,
  type FileDocument,
  type FileSettingsDocument,
  type FileVersionEntry,
  type FolderDocument,
  folderReadsProjection,
  type FolderReadDocument,
} from './files.projection';

export const foldersCollection = (store: DocumentStore) => store.collection<FolderDocument>(collectionName(fileFoldersProjection));
export const filesCollection = (store: DocumentStore) => store.collection<FileDocument>(collectionName(filesProjection));

export const fileSettingsOf = async (store: DocumentStore): Promise<FileSettings> => {
  const doc = await store.collection<FileSettingsDocument>(collectionName(fileSettingsProjection)).get('settings');
  return doc ? { extension_filter: doc.extension_filter, lock_period_days: doc.lock_period_days, profiles_enabled: doc.profiles_enabled } : DEFAULT_FILE_SETTINGS;
};

const notFound = (): HttpProblem => new HttpProblem(404, 'not_found');

export const scopeOfDoc = (doc: { scope_type: 'network' | 'group' | null; group_id: string | null }): FileScope | null =>
  doc.scope_type === 'network' ? { type: 'network', group_id: null } : doc.scope_type === 'group' && doc.group_id ? { type: 'group', group_id: doc.group_id } : null;

/** a scope's folders, by id, and which of them are live (they and all their ancestors exist) */
export interface ScopeTree {
  scope: FileScope;
  group_archived: boolean;
  group_name: string | null;
  /** the network's file and folder profiles are on: items carry their profile values */
  profiles_enabled: boolean;
  folders: Map<string, FolderDocument>;
  live(folderId: string): boolean;
  /** from the root down to the folder, root first */
  path(folderId: string): FileRef[];
}

export const scopeTree = async (store: DocumentStore, scope: FileScope): Promise<ScopeTree | null> => {
  let group_archived = false;
  let group_name: string | null = null;
  if (scope.type === 'group') {
    const group = await groupsCollection(store).get(scope.group_id);
    if (!group) return null;
    group_archived = group.archived;
    group_name = group.name;
  }
  const folders = new Map((await foldersCollection(store).find({ scope_type: scope.type, group_id: scope.group_id })).map((folder) => [folder._id, folder]));
  const root = rootFolderIdOf(scope);
  const stream = activityStreamFolderIdOf(scope);
  // the activity-stream folder is virtual like the root, and right below it
  const memo = new Map<string, boolean>([
    [root, true],
    [stream, true],
  ]);
  const live = (folderId: string, depth = 0): boolean => {
    const known = memo.get(folderId);
    if (known !== undefined) return known;
    const folder = folders.get(folderId);
    const result = !!folder && !folder.deleted && depth < 64 && live(folder.parent_folder_id, depth + 1);
    memo.set(folderId, result);
    return result;
  };
  const rootName = scope.type === 'network' ? '' : (group_name ?? '');
  const path = (folderId: string): FileRef[] => {
    if (folderId === stream) return [{ id: root, name: rootName }, { id: stream, name: '' }];
    const chain: FileRef[] = [];
    let current = folderId;
    for (let depth = 0; current !== root && depth < 64; depth += 1) {
      const folder = folders.get(current);
      if (!folder) break;
      chain.unshift({ id: folder._id, name: folder.name });
      current = folder.parent_folder_id;
    }
    return [{ id: root, name: rootName }, ...chain];
  };
  const { profiles_enabled } = await fileSettingsOf(store);
  return { scope, group_archived, group_name, profiles_enabled, folders, live, path };
};

/** the scope a folder id names (root ids name their scope); null when unknown */
export const scopeOfFolderId = async (store: DocumentStore, folderId: string): Promise<FileScope | null> => {
  const root = rootFolderScope(folderId) ?? activityStreamFolderScope(folderId);
  if (root) return root;
  const folder = await foldersCollection(store).get(folderId);
  return folder ? scopeOfDoc(folder) : null;
};

/** the viewer's tree of a scope they may see; 404 otherwise (a group's files for a non-member) */
export const visibleTree = async (store: DocumentStore, scope: FileScope | null, viewer: FileViewer): Promise<ScopeTree> => {
  if (!scope || !canSeeScope(scope, viewer)) throw notFound();
  const tree = await scopeTree(store, scope);
  if (!tree) throw notFound();
  return tree;
};

const namesOf = async (store: DocumentStore, ids: Iterable<string>): Promise<Map<string, string>> => {
  const members = await loadMembers(store, new Set(ids));
  return new Map([...members].map(([id, member]) => [id, displayNameOf(member)]));
};

/**
 * Files new to the member, per folder of the scope: published files in live folders that reached their
 * folder (published, moved in, a new version) after the member last opened it, by someone else. A folder
 * never opened counts every such file.
 */
export const unreadInTree = async (store: DocumentStore, tree: ScopeTree, viewer: FileViewer, files?: readonly FileDocument[]): Promise<Map<string, number>> => {
  const docs = files ?? (await filesCollection(store).find({ scope_type: tree.scope.type, group_id: tree.scope.group_id }));
  const reads = await store.collection<FolderReadDocument>(collectionName(folderReadsProjection)).find({ member_id: viewer.member_id });
  const readAt = new Map(reads.map((read) => [read.folder_id, read.read_position]));
  const unread = new Map<string, number>();
  for (const doc of docs) {
    if (doc.state !== 'published' || !doc.folder_id || !tree.live(doc.folder_id) || doc.new_by === viewer.member_id) continue;
    if ((doc.new_position ?? 0) > (readAt.get(doc.folder_id) ?? 0)) unread.set(doc.folder_id, (unread.get(doc.folder_id) ?? 0) + 1);
  }
  return unread;
};

/** GET /api/v1/unreads/folders: the folders of every scope the member sees with files new to them */
export const unreadFolders = async (store: DocumentStore, viewer: FileViewer): Promise<{ total: number; folders: Array<{ id: string; count: number }> }> => {
  const scopes: FileScope[] = [{ type: 'network', group_id: null }, ...viewer.group_ids.map((group_id): FileScope => ({ type: 'group', group_id }))];
  const folders: Array<{ id: string; count: number }> = [];
  for (const scope of scopes) {
    const tree = await scopeTree(store, scope);
    if (!tree) continue;
    for (const [id, count] of await unreadInTree(store, tree, viewer)) folders.push({ id, count });
  }
  return { total: folders.length, folders };
};

export const folderItemOf = (tree: ScopeTree, folderId: string, viewer: FileViewer, counts: { files: number; folders: number }, unread = false): FolderItemDto => {
  const root = rootFolderIdOf(tree.scope);
  const folder = tree.folders.get(folderId);
  const isRoot = folderId === root;
  // its name is the console's to say (in the member's language)
  const isStream = folderId === activityStreamFolderIdOf(tree.scope);
  return {
    id: folderId,
    type: isRoot ? 'root_folder' : isStream ? 'activitystream_folder' : 'folder',
    name: isRoot ? (tree.group_name ?? '') : (folder?.name ?? ''),
    description: folder?.description ?? '',
    parent_folder_id: isRoot ? null : isStream ? root : (folder?.parent_folder_id ?? null),
    namespace: tree.scope.type,
    group_id: tree.scope.group_id,
    total_files_count: counts.files,
    total_subfolders_count: counts.folders,
    revision: folder?.revision ?? 0,
    unread,
    // a root folder is virtual (no events): its profile is empty
    folder_profile: tree.profiles_enabled ? { ...(folder?.profile ?? {}) } : null,
    can: folderAbilities({ scope: tree.scope, author_id: isRoot || isStream ? null : (folder?.author_id ?? null), group_archived: tree.group_archived, activitystream: isStream }, viewer),
  };
};

export const downloadUrlOf = (doc: FileDocument, version: FileVersionEntry): string =>
  `/api/storage/files/${doc._id}/get/${encodeURIComponent(version.original_filename)}?_=v${version.major ?? 0}`;

export const fileItemOf = (tree: ScopeTree, doc: FileDocument, viewer: FileViewer, now: Date, names: Map<string, string>): FileItemDto => {
  const current = currentVersionOf(doc) ?? doc.versions[0];
  const lockedBy = activeLock(doc, now);
  return {
    id: doc._id,
    type: 'file',
    name: doc.name,
    original_filename: current.original_filename,
    extension: current.extension,
    content_type: current.content_type,
    size: current.size,
    description: doc.description,
    folder_id: doc.folder_id ?? '',
    namespace: tree.scope.type,
    group_id: tree.scope.group_id,
    updated_at: doc.updated_at,
    locked_until: lockedBy ? doc.locked_until : null,
    lockedById: lockedBy,
    current_version: current.major ?? 1,
    current_version_authors: [...new Set(doc.versions.filter((version) => version.major !== null).map((version) => names.get(version.author_id) ?? ''))].filter(Boolean),
    url: downloadUrlOf(doc, current),
    thumbnail_url: isInlineImage(current.content_type) ? sizedFileUrl(downloadUrlOf(doc, current), 'thumb') : null,
    revision: doc.revision,
    pending_versions_count: doc.versions.filter((version) => version.pending).length,
    file_profile: tree.profiles_enabled ? { ...doc.profile } : null,
    finalizedAt: doc.finalized_at ?? null,
    view_count: doc.view_count ?? 0,
    can: fileAbilities(
      {
        scope: tree.scope,
        author_id: doc.author_id,
        locked_by: doc.locked_by,
        locked_until: doc.locked_until,
        group_archived: tree.group_archived,
        finalized_at: doc.finalized_at ?? null,
        pending_versions: doc.versions.filter((version) => version.pending).length,
        in_activitystream_folder: doc.folder_id === activityStreamFolderIdOf(tree.scope),
      },
      viewer,
      now,
    ),
  };
};

const byName = <T extends { name: string }>(a: T, b: T): number => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });

/** a scope's published files, how many files and subfolders each folder holds, and which are new to the viewer */
const treeCounts = async (store: DocumentStore, tree: ScopeTree, viewer: FileViewer) => {
  const allFiles = await filesCollection(store).find({ scope_type: tree.scope.type, group_id: tree.scope.group_id });
  const filesIn = new Map<string, number>();
  for (const file of allFiles) if (file.state === 'published' && file.folder_id) filesIn.set(file.folder_id, (filesIn.get(file.folder_id) ?? 0) + 1);
  const foldersIn = new Map<string, number>();
  for (const folder of tree.folders.values()) if (!folder.deleted) foldersIn.set(folder.parent_folder_id, (foldersIn.get(folder.parent_folder_id) ?? 0) + 1);
  // the activity-stream folder is listed in the root (and counted there) once something was posted into it
  const stream = activityStreamFolderIdOf(tree.scope);
  const streamListed = (filesIn.get(stream) ?? 0) > 0;
  if (streamListed) foldersIn.set(rootFolderIdOf(tree.scope), (foldersIn.get(rootFolderIdOf(tree.scope)) ?? 0) + 1);
  const countsOf = (id: string) => ({ files: filesIn.get(id) ?? 0, folders: foldersIn.get(id) ?? 0 });
  return { countsOf, streamListed, unread: await unreadInTree(store, tree, viewer, allFiles) };
};

/**
 * GET /api/storage/roots: the root folders of the scopes the member sees (the network's, then their
 * groups' by name), so a picker offers a group's folders only to its members; a group gone from the read
 * side is left out.
 */
export const fileRoots = async (store: DocumentStore, viewer: FileViewer): Promise<FileRootsDto> => {
  const scopes: FileScope[] = [{ type: 'network', group_id: null }, ...viewer.group_ids.map((group_id): FileScope => ({ type: 'group', group_id }))];
  const roots: FolderItemDto[] = [];
  for (const scope of scopes) {
    if (!canSeeScope(scope, viewer)) continue;
    const tree = await scopeTree(store, scope);
    if (!tree) continue;
    const root = rootFolderIdOf(scope);
    const { countsOf, unread } = await treeCounts(store, tree, viewer);
    roots.push(folderItemOf(tree, root, viewer, countsOf(root), unread.has(root)));
  }
  const networkFirst = (item: FolderItemDto): number => (item.namespace === 'network' ? 0 : 1);
  return { roots: roots.sort((a, b) => networkFirst(a) - networkFirst(b) || byName(a, b)) };
};

export const folderContents = async (store: DocumentStore, folderId: string, viewer: FileViewer, now: Date): Promise<FolderContentsDto> => {
  const tree = await visibleTree(store, await scopeOfFolderId(store, folderId), viewer);
  if (!tree.live(folderId)) throw notFound();
  const subfolders = [...tree.folders.values()].filter((folder) => folder.parent_folder_id === folderId && !folder.deleted).sort(byName);
  const files = (await filesCollection(store).find({ folder_id: folderId })).filter((file) => file.state === 'published').sort(byName);
  const names = await namesOf(store, files.flatMap((file) => file.versions.map((version) => version.author_id)));
  const { countsOf, streamListed, unread } = await treeCounts(store, tree, viewer);
  const stream = activityStreamFolderIdOf(tree.scope);
  const listedFolders = [...(streamListed && folderId === rootFolderIdOf(tree.scope) ? [stream] : []), ...subfolders.map((folder) => folder._id)];
  return {
    folder: folderItemOf(tree, folderId, viewer, countsOf(folderId), unread.has(folderId)),
    breadcrumbs: tree.path(folderId),
    // the activity-stream folder first, as special folders are
    folders: listedFolders.map((id) => folderItemOf(tree, id, viewer, countsOf(id), unread.has(id))),
    files: files.map((file) => fileItemOf(tree, file, viewer, now, names)),
  };
};

/** a published file the viewer may see, with its scope's tree; 404 otherwise */
export const visibleFile = async (store: DocumentStore, fileId: string, viewer: FileViewer): Promise<{ doc: FileDocument; tree: ScopeTree }> => {
  const doc = await filesCollection(store).get(fileId);
  if (!doc || doc.state !== 'published' || !doc.folder_id) throw notFound();
  const tree = await visibleTree(store, scopeOfDoc(doc), viewer);
  if (!tree.live(doc.folder_id)) throw notFound();
  return { doc, tree };
};

const pendingOf = (doc: FileDocument, names: Map<string, string>): PendingVersionDto[] =>
  doc.versions
    .filter((version) => version.pending)
    .map((version) => ({
      id: version.version_id,
      file_id: doc._id,
      file_name: doc.name,
      original_filename: version.original_filename,
      extension: version.extension,
      created_at: version.created_at,
      author_name: names.get(version.author_id) ?? '',
      description: version.description,
    }));

/** pending versions: all of them for those who approve them, each member's own proposals for the others */
export const fileDetails = async (store: DocumentStore, fileId: string, viewer: FileViewer, now: Date): Promise<FileDetailsDto> => {
  const { doc, tree } = await visibleFile(store, fileId, viewer);
  const names = await namesOf(store, doc.versions.map((version) => version.author_id));
  const file = fileItemOf(tree, doc, viewer, now, names);
  const versions: FileVersionDto[] = doc.versions
    .filter((version) => version.major !== null)
    .sort((a, b) => (b.major ?? 0) - (a.major ?? 0))
    .map((version) => ({
      id: version.version_id,
      major: version.major ?? 0,
      original_filename: version.original_filename,
      extension: version.extension,
      size: version.size,
      content_type: version.content_type,
      created_at: version.created_at,
      author_name: names.get(version.author_id) ?? '',
      url: downloadUrlOf(doc, version),
    }));
  return { file, breadcrumbs: [...tree.path(doc.folder_id ?? ''), { id: doc._id, name: doc.name }], versions, pending_versions: pendingOf(doc, names).filter((version) => file.can.approve || doc.versions.some((own) => own.version_id === version.id && own.author_id === viewer.member_id)) };
};

/** pending versions of a scope's files that the viewer may approve */
export const pendingVersions = async (store: DocumentStore, scope: FileScope, viewer: FileViewer, now: Date): Promise<PendingVersionDto[]> => {
  const tree = await visibleTree(store, scope, viewer);
  const docs = (await filesCollection(store).find({ scope_type: scope.type, group_id: scope.group_id })).filter(
    (doc) => doc.state === 'published' && doc.folder_id !== null && tree.live(doc.folder_id) && doc.versions.some((version) => version.pending),
  );
  const approvable = docs.filter((doc) => fileItemOf(tree, doc, viewer, now, new Map()).can.approve);
  const names = await namesOf(store, approvable.flatMap((doc) => doc.versions.map((version) => version.author_id)));
  return approvable.flatMap((doc) => pendingOf(doc, names)).sort((a, b) => b.created_at.localeCompare(a.created_at));
};
