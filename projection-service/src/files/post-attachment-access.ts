import { canSeeScope, type FileScope } from '@cn/contracts';
import type { DocumentStore } from '@cn/platform';
import type { FileDocument } from './files.projection';
import { scopeOfDoc, scopeTree, type ScopeTree } from './files.read';

/** the scope of a post's stream: the network's, or its group's */
export const postScopeOf = (groupId: string | null): FileScope => (groupId === null ? { type: 'network', group_id: null } : { type: 'group', group_id: groupId });

/**
 * Who may open a file a post carries: whoever sees the post (the caller decides that) **and** the file's folder.
 * A published file: its folder is live and its scope is one the reader sees (a group's files only for the
 * group's members, whoever sees the group's stream: network admins and, in a group that is not hidden,
 * everybody else see its posts but not its files). An upload the post carries that was never published
 * (posts before activity-stream folders, or an upload its author could not put there) counts as in the post's
 * scope's activity-stream folder: the same rule with the post's scope; its uploader always opens it. A removed
 * file is in no folder: nobody opens it through a post. One rule for the post's list, its route and its thumbnails.
 */
export const postAttachmentAccess = (store: DocumentStore, reader: { member_id: string; group_ids: readonly string[] }) => {
  const trees = new Map<string, Promise<ScopeTree | null>>();
  const treeOf = (scope: FileScope): Promise<ScopeTree | null> => {
    const key = scope.group_id ?? '';
    const known = trees.get(key);
    if (known) return known;
    const loaded = scopeTree(store, scope);
    trees.set(key, loaded);
    return loaded;
  };
  return async (file: FileDocument | undefined, postGroupId: string | null): Promise<boolean> => {
    if (!file) return false;
    if (file.state === 'volatile') return file.uploader_id === reader.member_id || canSeeScope(postScopeOf(postGroupId), reader);
    if (file.state !== 'published' || !file.folder_id) return false;
    const scope = scopeOfDoc(file);
    if (!scope || !canSeeScope(scope, reader)) return false;
    const tree = await treeOf(scope);
    return !!tree && tree.live(file.folder_id);
  };
};
