import type { FolderReadEvent } from '@cn/contracts';
import { DomainError, type Decider } from '@cn/domain';
import type { FilesContext, FolderRef } from './folder.decider';

/** A member's folder marks: which folders they opened, how often (the read side keeps the positions). */
export interface FolderReadsState {
  opened: Record<string, number>;
}

export interface MarkFolderRead {
  type: 'MarkFolderRead';
  folder: FolderRef;
  context: FilesContext;
}

export type FolderReadCommand = MarkFolderRead;

export const folderReadsDecider: Decider<FolderReadsState, FolderReadCommand, FolderReadEvent> = {
  initialState: () => ({ opened: {} }),
  evolve: (state, event) =>
    event.type === 'FolderMarkedRead' ? { opened: { ...state.opened, [event.data.folder_id]: (state.opened[event.data.folder_id] ?? 0) + 1 } } : state,
  decide: (command) => {
    const { folder, context } = command;
    // only a folder the member may open: a group's to its members, and only while it and its ancestors exist
    if (!folder.live || (folder.scope.type === 'group' && !context.viewer.group_ids.includes(folder.scope.group_id))) throw new DomainError('not_found', 'not_found');
    return [{ type: 'FolderMarkedRead', data: { member_id: context.viewer.member_id, folder_id: folder.folder_id } }];
  },
};
