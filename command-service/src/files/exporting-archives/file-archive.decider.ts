import type { FileArchiveEvent } from '@cn/contracts';
import { DomainError, type Decider } from '@cn/domain';

/** One archive export (`fileArchiveStream(id)`): asked for once, finished once (by the projection service). */
export interface FileArchiveState {
  requested: boolean;
  finished: boolean;
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

export type FileArchiveCommand = RequestFileArchive;

/**
 * A member may export only what they may read: a file published in a scope they see, a live folder of a
 * scope they see (a group's only to its members). Anything else is 404 naming the item (`file_ids.N`,
 * `folder_ids.N`), as if it did not exist, and nothing is appended.
 */
export const fileArchiveDecider: Decider<FileArchiveState, FileArchiveCommand, FileArchiveEvent> = {
  initialState: () => ({ requested: false, finished: false }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'FileArchiveRequested':
        return { ...state, requested: true };
      case 'FileArchiveFinished':
        return { ...state, finished: true };
      default:
        return state;
    }
  },
  decide: (command, state) => {
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
