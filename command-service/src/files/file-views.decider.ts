import { fileReadAccess, type FileReadFacts, type FileViewEvent } from '@cn/contracts';
import { DomainError, type Decider } from '@cn/domain';

/** A file's views: the members who opened or downloaded it (each counts once). */
export interface FileViewsState {
  viewers: Record<string, true>;
}

/**
 * A member opens or downloads a file. The facts are the file read rule's (fileReadAccess), as they stand
 * for this member: a message holder's or an uploader's read is no view of the file in its folder.
 */
export interface TrackFileView {
  type: 'TrackFileView';
  file_id: string;
  member_id: string;
  facts: Omit<FileReadFacts, 'attached_to_held_message'>;
}

export type FileViewCommand = TrackFileView;

export const fileViewsDecider: Decider<FileViewsState, FileViewCommand, FileViewEvent> = {
  initialState: () => ({ viewers: {} }),
  evolve: (state, event) => (event.type === 'FileViewed' ? { viewers: { ...state.viewers, [event.data.member_id]: true } } : state),
  decide: (command, state) => {
    const access = fileReadAccess({ ...command.facts, attached_to_held_message: false });
    // whoever may not read the file does not learn it exists
    if (access === null) throw new DomainError('not_found', 'not_found');
    // an unpublished upload has no statistics; a member's second view is not counted again
    if (access !== 'scope' || state.viewers[command.member_id]) return [];
    return [{ type: 'FileViewed', data: { file_id: command.file_id, member_id: command.member_id } }];
  },
};
