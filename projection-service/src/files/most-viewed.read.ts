import { canSeeScope, type FileScope, type FileViewer, type WidgetFile } from '@cn/contracts';
import type { DocumentStore } from '@cn/platform';
import { groupsCollection } from '../groups/groups.read';
import { filesCollection, scopeTree } from './files.read';

/**
 * The most-viewed widget's files: published files in live folders of the scopes given that the viewer sees
 * (`canSeeScope`, the rule of the file pages and downloads: a group's files only for its members), viewed
 * at least once, most views first (then by name), at most `count`. A network bar names the network's
 * scope and the viewer's groups'; a group bar its group's.
 */
export const mostViewedFiles = async (store: DocumentStore, scopes: readonly FileScope[], viewer: FileViewer, count: number): Promise<WidgetFile[]> => {
  if (count === 0) return [];
  const found: WidgetFile[] = [];
  for (const scope of scopes) {
    if (!canSeeScope(scope, viewer)) continue;
    const tree = await scopeTree(store, scope);
    if (!tree) continue;
    const slug = scope.type === 'group' ? (await groupsCollection(store).get(scope.group_id))?.slug : null;
    const base = scope.type === 'group' && slug ? `/groups/${encodeURIComponent(slug)}/files` : '/files';
    for (const file of await filesCollection(store).find({ scope_type: scope.type, group_id: scope.group_id })) {
      const views = file.view_count ?? 0;
      if (views === 0 || file.state !== 'published' || !file.folder_id || !tree.live(file.folder_id)) continue;
      found.push({ id: file._id, name: file.name, path: `${base}/${encodeURIComponent(file._id)}`, view_count: views, group_name: tree.group_name });
    }
  }
  return found.sort((a, b) => b.view_count - a.view_count || a.name.localeCompare(b.name)).slice(0, count);
};
