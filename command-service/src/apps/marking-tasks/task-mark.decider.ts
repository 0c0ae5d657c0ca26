import { taskAbilities, type EncryptedEnvelope, type TaskFacts, type TaskMarkEvent } from '@cn/contracts';
import { DomainError, type Decider } from '@cn/domain';

/** One member's marks on one task, folded from their stream. */
export interface TaskMarkState {
  starred: boolean;
  declined: boolean;
  /** whether a note is kept (its text is sealed personal data: the decider never reads it) */
  noted: boolean;
}

interface MarkTarget {
  member_id: string;
  app_id: string;
  item_id: string;
  /** the item as it is now: whether it is assigned to the member, archived */
  item: Omit<TaskFacts, 'declined'>;
}

export type TaskMarkCommand =
  | (MarkTarget & { type: 'StarTask'; starred: boolean })
  | (MarkTarget & { type: 'DeclineTask'; declined: boolean })
  /** `note` already sealed under the member's key; `empty` says whether the member's text was '' */
  | (MarkTarget & { type: 'WriteTaskNote'; note: string | EncryptedEnvelope; empty: boolean });

export const evolveTaskMark = (state: TaskMarkState, event: TaskMarkEvent): TaskMarkState => {
  switch (event.type) {
    case 'TaskStarred':
      return { ...state, starred: true };
    case 'TaskUnstarred':
      return { ...state, starred: false };
    case 'TaskDeclined':
      return { ...state, declined: true };
    case 'TaskDeclineWithdrawn':
      return { ...state, declined: false };
    case 'TaskNoteWritten':
      return { ...state, noted: event.data.note !== '' };
    default:
      return state;
  }
};

/**
 * Star, decline and note decide with `taskAbilities`, the rule the consoles' flags come from. Setting
 * what is already set appends nothing (a repeated click, a retried request).
 */
export const taskMarkDecider: Decider<TaskMarkState, TaskMarkCommand, TaskMarkEvent> = {
  initialState: () => ({ starred: false, declined: false, noted: false }),
  evolve: evolveTaskMark,
  decide: (command, state) => {
    const data = { member_id: command.member_id, app_id: command.app_id, item_id: command.item_id };
    const can = taskAbilities({ ...command.item, declined: state.declined });
    switch (command.type) {
      case 'StarTask':
        if (!can.star) throw new DomainError('forbidden', 'forbidden');
        if (state.starred === command.starred) return [];
        return [{ type: command.starred ? 'TaskStarred' : 'TaskUnstarred', data }];
      case 'DeclineTask':
        if (state.declined === command.declined) return [];
        if (command.declined && !can.decline) {
          if (command.item.archived) throw new DomainError('item_archived', 'refused');
          throw new DomainError('not_assigned', 'refused');
        }
        if (!command.declined && !can.withdraw_decline) throw new DomainError('forbidden', 'forbidden');
        return [{ type: command.declined ? 'TaskDeclined' : 'TaskDeclineWithdrawn', data }];
      case 'WriteTaskNote':
        if (!can.note) throw new DomainError('forbidden', 'forbidden');
        if (command.empty && !state.noted) return [];
        return [{ type: 'TaskNoteWritten', data: { ...data, note: command.note } }];
    }
  },
};
