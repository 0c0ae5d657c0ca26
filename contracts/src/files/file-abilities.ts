import type { Viewer } from '../calendars/calendar-abilities';
import type { FileScope } from './file-constants';

/**
 * A viewer of files: a `Viewer` that also names the groups they administrate through a category
 * (`groupAbilities`' `category_admin`: the group is in a category they administrate). A category's
 * administrators manage its groups' files as the groups' own admins do (rename, move and delete anyone's
 * files and folders, lift anyone's lock, approve or decline pending versions), but only where they see the
 * files: what a group's files show follows membership (`canSeeScope`), for network admins too (docs/FILES.md).
 */
export interface FileViewer extends Viewer {
  /** groups in the categories the viewer administrates (each side may name only those they belong to: the others' files stay unseen) */
  category_admin_group_ids: readonly string[];
}

/**
 * Who may do what with folders and files (§6). The command service refuses with these functions and the
 * query service answers them as `can` flags, each on facts folded from its own model, so the two cannot
 * disagree. A group's files exist only for the group's members: everybody else (network admins and the
 * administrators of the group's category included) gets 404, whatever id they know. Within the group, its
 * admins, its category's administrators and network admins who are members manage them (`managesScope`).
 */
export interface FileScopeFacts {
  scope: FileScope;
  /** an archived group's files are read-only */
  group_archived: boolean;
}

export interface FolderFacts extends FileScopeFacts {
  /** null for a root folder (and an activity-stream folder) */
  author_id: string | null;
  /** the scope's activity-stream folder: files come in by posting, nothing moves in or out, no subfolders (absent: a folder) */
  activitystream?: boolean;
}

export interface FileFacts extends FileScopeFacts {
  author_id: string;
  locked_by: string | null;
  locked_until: string | null;
  /** when the file was finalized (FileFinalized): immutable from then on; absent or null: not finalized */
  finalized_at?: string | null;
  /** versions awaiting approval: a file is finalized only once none awaits (absent: none) */
  pending_versions?: number;
  /** it lives in its scope's activity-stream folder: it is not moved out (absent: no) */
  in_activitystream_folder?: boolean;
}

export interface FolderCan {
  destroy: boolean;
  update: boolean;
  create_subfolders: boolean;
  add_files: boolean;
}

export interface FileCan {
  /** rename (and move, where `move` says so) */
  update: boolean;
  /** move to another folder: `update`, but never out of an activity-stream folder */
  move: boolean;
  destroy: boolean;
  lock: boolean;
  unlock: boolean;
  /** upload a new version (published at once when `update`, pending approval otherwise) */
  add_version: boolean;
  /** approve or decline pending versions */
  approve: boolean;
  /** make the file final: no version, move, delete, rename, profile edit or lock afterwards (view stays) */
  finalize: boolean;
}

export const canSeeScope = (scope: FileScope, viewer: Pick<Viewer, 'group_ids'>): boolean => (scope.type === 'network' ? true : viewer.group_ids.includes(scope.group_id));

/**
 * administrates the scope: network admins the network's files; a group's, whoever administrates the group
 * (`groupAbilities`' `manages`: its admins, its category's administrators and network admins), among those
 * who see its files (`canSeeScope`: its members). A network admin or category administrator outside the
 * group gets 404 for its files like any other non-member; once a member, they manage them.
 */
export const managesScope = (scope: FileScope, viewer: FileViewer): boolean =>
  scope.type === 'network'
    ? viewer.network_admin
    : canSeeScope(scope, viewer) &&
      (viewer.network_admin || viewer.admin_group_ids.includes(scope.group_id) || viewer.category_admin_group_ids.includes(scope.group_id));

/** may add files and folders: every internal member in the network's area, every group member in a group's */
const contributes = (facts: FileScopeFacts, viewer: FileViewer): boolean =>
  !facts.group_archived && canSeeScope(facts.scope, viewer) && (facts.scope.type === 'group' || !viewer.external || viewer.network_admin);

export const folderAbilities = (folder: FolderFacts, viewer: FileViewer): FolderCan => {
  const contribute = contributes(folder, viewer);
  const own = folder.author_id !== null && (folder.author_id === viewer.member_id || managesScope(folder.scope, viewer));
  // an activity-stream folder is its scope's, like the root: never edited, deleted or given subfolders
  const stream = folder.activitystream === true;
  return { destroy: contribute && own && !stream, update: contribute && own && !stream, create_subfolders: contribute && !stream, add_files: contribute };
};

/** a lock that has not run out yet */
export const activeLock = (file: Pick<FileFacts, 'locked_by' | 'locked_until'>, now: Date): string | null =>
  file.locked_by !== null && file.locked_until !== null && Date.parse(file.locked_until) > now.getTime() ? file.locked_by : null;

export const fileAbilities = (file: FileFacts, viewer: FileViewer, now: Date): FileCan => {
  const contribute = contributes(file, viewer);
  const manages = managesScope(file.scope, viewer);
  const lockedBy = activeLock(file, now);
  const lockedByOther = lockedBy !== null && lockedBy !== viewer.member_id && !manages;
  const own = file.author_id === viewer.member_id || manages;
  // a finalized file stays as it is: only a lock still held may be lifted
  const open = !file.finalized_at;
  const update = contribute && own && !lockedByOther;
  return {
    update: open && update,
    move: open && update && !file.in_activitystream_folder,
    destroy: open && update,
    lock: open && contribute && lockedBy === null,
    unlock: contribute && lockedBy !== null && (lockedBy === viewer.member_id || manages),
    add_version: open && contribute && !lockedByOther,
    approve: contribute && manages,
    finalize: open && update && !file.pending_versions,
  };
};

/**
 * How a member may read a file's bytes: through its scope (a published file in a folder they see), as
 * the uploader of a file not yet published, or through a direct message they hold that carries it
 * (recipients read exactly the version attached). Every reader of a file decides with this one rule:
 * the command side when a file is attached to a message, the read side for the download routes and
 * their `can.download` flags.
 */
export interface FileReadFacts {
  /** published, in a live folder of a scope the viewer sees */
  published_in_visible_scope: boolean;
  /** an upload of the viewer's own that is not published (volatile) */
  own_upload: boolean;
  /** attached to a message of which the viewer holds a copy (not deleted) */
  attached_to_held_message: boolean;
}

export type FileReadGrant = 'scope' | 'upload' | 'message';

/** why the viewer may read the file, or null when they may not (404: they do not learn it exists) */
export const fileReadAccess = (facts: FileReadFacts): FileReadGrant | null =>
  facts.published_in_visible_scope ? 'scope' : facts.own_upload ? 'upload' : facts.attached_to_held_message ? 'message' : null;

/** what a member may attach to a message they write: files they may read through their scope or their own uploads */
export const mayAttachFile = (facts: Omit<FileReadFacts, 'attached_to_held_message'>): boolean =>
  fileReadAccess({ ...facts, attached_to_held_message: false }) !== null;

/** the document-action providers of GET /files/{id}/{type}/actions */
export const DOCUMENT_ACTION_TYPES = ['wopi', 'docs'] as const;
export type DocumentActionType = (typeof DOCUMENT_ACTION_TYPES)[number];

export interface DocumentAction {
  action: 'view' | 'edit' | 'review';
  /** the app that performs it: `files`, the platform's own document flow, or the office suite's app (WOPI discovery) */
  app: string;
  authorized: boolean;
  /** wopi, when authorized: the suite's address for this file (urlsrc with WOPISrc filled in), posted to with the token */
  url?: string;
  /** wopi, when authorized: the access token for this member and file (sent in a form's body, never in a link) */
  access_token?: string;
  /** wopi: when the token runs out, epoch milliseconds */
  access_token_ttl?: number;
}

/**
 * Who may perform each document action, from the file's `can` flags, so the list and the routes that
 * perform the actions decide alike: view opens the file; edit is a new version published at once (may
 * change the file); review proposes a version for a scope admin's approval (may add versions but not
 * change the file), so review is never authorized where edit is. A lock of someone else or a finalized
 * file leaves view only.
 */
export const documentActionRights = (can: Pick<FileCan, 'update' | 'add_version'>): Record<DocumentAction['action'], boolean> => ({
  view: true,
  edit: can.add_version && can.update,
  review: can.add_version && !can.update,
});

/**
 * A file's document actions of the platform's own flow (`docs`, §6, §7). `wopi` (an office suite) is
 * answered from the suite's discovery by the query side (WOPI_DISCOVERY_URL); with no suite connected it
 * offers none.
 */
export const documentActions = (type: DocumentActionType, can: Pick<FileCan, 'update' | 'add_version'>): DocumentAction[] => {
  if (type === 'wopi') return [];
  const rights = documentActionRights(can);
  return (['view', 'edit', 'review'] as const).map((action) => ({ action, app: 'files', authorized: rights[action] }));
};

/** a WOPI lock runs out after 30 minutes unless the suite refreshes it (WOPI Lock, RefreshLock) */
export const WOPI_LOCK_PERIOD_MS = 30 * 60_000;
/** the longest lock id a suite may choose (WOPI) */
export const WOPI_LOCK_MAX_LENGTH = 1024;
