import type { FileArchiveEvent } from '@cn/contracts';
import { DomainError, type Decider } from '@cn/domain';

/**
 * One archive export (`fileArchiveStream(id)`): asked for once, finished once (by the projection service),
 * then expired once (its period ran out) or deleted by its member.
 */
export interface FileArchiveState {
  requested: boolean;
  finished: boolean;
  archive_id: string;
  member_id: string | null;
  /** the zip's bytes while the export holds them (a finished build, neither expired nor deleted) */
  blob_key: string | null;
  expired: boolean;
  deleted: boolean;
}

/** an item the member named, as the handler found it: whether they may read it now */
export interface ArchiveItem {
  id: string;
  visible: boolean;
}

export interface RequestFileArchive {
  type: 'RequestFileArchive';
  archive_id: string;
  member_id: string;
  files: readonly ArchiveItem[];
  folders: readonly ArchiveItem[];
  current_folder_id: string | null;
}

/** the expiry's timer came due (idempotent: nothing once the export is expired, deleted, failed or unfinished) */
export interface ExpireFileArchive {
  type: 'ExpireFileArchive';
}

/** the member removes their export (404 for anybody else; 409 while it is being built) */
export interface DeleteFileArchive {
  type: 'DeleteFileArchive';
  member_id: string;
}

export type FileArchiveCommand = RequestFileArchive | ExpireFileArchive | DeleteFileArchive;

/**
 * A member may export only what they may read: a file published in a scope they see, a live folder of a
 * scope they see (a group's only to its members). Anything else is 404 naming the item (`file_ids.N`,
 * `folder_ids.N`), as if it did not exist, and nothing is appended.
 */
export const fileArchiveDecider: Decider<FileArchiveState, FileArchiveCommand, FileArchiveEvent> = {
  initialState: () => ({ requested: false, finished: false, archive_id: '', member_id: null, blob_key: null, expired: false, deleted: false }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'FileArchiveRequested':
        return { ...state, requested: true, archive_id: event.data.archive_id, member_id: event.data.member_id };
      case 'FileArchiveFinished':
        return { ...state, finished: true, blob_key: event.data.outcome === 'finished' ? event.data.blob_key : null };
      case 'FileArchiveExpired':
        return { ...state, expired: true, blob_key: null };
      case 'FileArchiveDeleted':
        return { ...state, deleted: true, blob_key: null };
      default:
        return state;
    }
  },
  decide: (command, state) => {
    if (command.type === 'ExpireFileArchive') {
      if (state.blob_key === null || state.expired || state.deleted) return [];
      return [{ type: 'FileArchiveExpired', data: { archive_id: state.archive_id, blob_key: state.blob_key } }];
    }
    if (command.type === 'DeleteFileArchive') {
      // someone else's export does not exist for this member
      if (!state.requested || state.deleted || state.member_id !== command.member_id) throw new DomainError('not_found', 'not_found');
      if (!state.finished) throw new DomainError('archive_in_progress', 'conflict');
      return [{ type: 'FileArchiveDeleted', data: { archive_id: state.archive_id, member_id: command.member_id, blob_key: state.blob_key } }];
    }
    if (state.requested) throw new DomainError('concurrency_conflict', 'conflict');
    if (command.files.length === 0 && command.folders.length === 0) throw new DomainError('required', 'invalid', 'file_ids');
    const hiddenFile = command.files.findIndex((item) => !item.visible);
    if (hiddenFile >= 0) throw new DomainError('not_found', 'not_found', `file_ids.${hiddenFile}`);
    const hiddenFolder = command.folders.findIndex((item) => !item.visible);
    if (hiddenFolder >= 0) throw new DomainError('not_found', 'not_found', `folder_ids.${hiddenFolder}`);
    return [
      {
        type: 'FileArchiveRequested',
        data: {
          archive_id: command.archive_id,
          member_id: command.member_id,
          file_ids: command.files.map((item) => item.id),
          folder_ids: command.folders.map((item) => item.id),
          current_folder_id: command.current_folder_id,
        },
      },
    ];
  },
};
