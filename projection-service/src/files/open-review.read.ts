import { fileAbilities, managesScope, type FileScope, type OpenReviewDto, type OpenReviewVersionDto, type FileViewer } from '@cn/contracts';
import { collectionName } from '@cn/domain';
import type { DocumentStore } from '@cn/platform';
import { loadMembers } from '../calendars/calendars.read';
import { displayNameOf } from '../members/member-dto';
import { groupsCollection } from '../groups/groups.read';
import { scopeTree } from './files.read';
import { pendingFileVersionsProjection, type PendingFileDocument } from './pending-versions.projection';

export const pendingFilesCollection = (store: DocumentStore) => store.collection<PendingFileDocument>(collectionName(pendingFileVersionsProjection));

/**
 * The open-review tab: the pending versions the member may approve, across the network's files and their
 * groups' (or one scope's, when `only` names it). Only files awaiting review are read (the
 * `pending_file_versions` read model), and each is kept by `fileAbilities(…).approve`, the rule the
 * approve command enforces; files in deleted folders are left out, as everywhere else.
 */
export const openReview = async (store: DocumentStore, viewer: FileViewer, now: Date, only?: FileScope): Promise<OpenReviewDto> => {
  const scopes: FileScope[] = only ? [only] : [{ type: 'network', group_id: null }, ...viewer.group_ids.map((group_id): FileScope => ({ type: 'group', group_id }))];
  const found: Array<{ doc: PendingFileDocument; scope: FileScope; folder_name: string; group_name: string | null; group_slug: string | null }> = [];
  for (const scope of scopes) {
    // nobody else approves: skip reading the scope at all
    if (!managesScope(scope, viewer)) continue;
    const docs = await pendingFilesCollection(store).find({ has_pending: true, scope_type: scope.type, group_id: scope.group_id });
    if (docs.length === 0) continue;
    const tree = await scopeTree(store, scope);
    if (!tree) continue;
    const group_slug = scope.type === 'group' ? ((await groupsCollection(store).get(scope.group_id))?.slug ?? null) : null;
    for (const doc of docs) {
      if (!tree.live(doc.folder_id)) continue;
      const may = fileAbilities({ scope, author_id: doc.author_id, locked_by: null, locked_until: null, group_archived: tree.group_archived }, viewer, now).approve;
      if (!may) continue;
      const path = tree.path(doc.folder_id);
      found.push({ doc, scope, folder_name: path[path.length - 1]?.name ?? '', group_name: tree.group_name, group_slug });
    }
  }
  const members = await loadMembers(store, new Set(found.flatMap(({ doc }) => doc.pending.map((entry) => entry.author_id))));
  const versions: OpenReviewVersionDto[] = found.flatMap(({ doc, scope, folder_name, group_name, group_slug }) =>
    doc.pending.map((entry) => {
      const author = members.get(entry.author_id);
      return {
        id: entry.version_id,
        file_id: doc._id,
        file_name: doc.name,
        original_filename: entry.original_filename,
        extension: entry.extension,
        created_at: entry.created_at,
        author_name: author ? displayNameOf(author) : '',
        description: entry.description,
        folder_id: doc.folder_id,
        folder_name,
        namespace: scope.type,
        group_id: scope.group_id,
        group_name,
        group_slug,
      };
    }),
  );
  versions.sort((a, b) => b.created_at.localeCompare(a.created_at) || a.id.localeCompare(b.id));
  return { versions, total: versions.length };
};
