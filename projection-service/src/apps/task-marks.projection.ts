import { taskAbilities, TaskDeclined, TaskDeclineWithdrawn, TaskNoteWritten, TaskStarred, TaskUnstarred, type TaskMarkDto, type TaskMarkEvent } from '@cn/contracts';
import type { ProjectedDocument, Projection } from '@cn/domain';

/** One member's marks on one task (`<member>:<item>`): the starred, declined and notes views read these. */
export interface TaskMarkDocument extends ProjectedDocument {
  member_id: string;
  app_id: string;
  item_id: string;
  starred: boolean;
  declined: boolean;
  /** the member's note, revealed (an erased member's note reads as '') */
  note: string;
  /** the marks' stream revision: a note's expected revision */
  revision: number;
}

export const taskMarkId = (memberId: string, itemId: string): string => `${memberId}:${itemId}`;
const plain = (value: unknown): string => (typeof value === 'string' ? value : '');

export const taskMarksProjection: Projection<TaskMarkDocument> = {
  name: 'task_marks',
  version: 1,
  eventTypes: [TaskStarred.type, TaskUnstarred.type, TaskDeclined.type, TaskDeclineWithdrawn.type, TaskNoteWritten.type],
  documentIds: (recorded) => {
    const data = recorded.data as { member_id: string; item_id: string };
    return [taskMarkId(data.member_id, data.item_id)];
  },
  evolve: (doc, recorded, id) => {
    const event = recorded as TaskMarkEvent;
    const current: Omit<TaskMarkDocument, '_position'> = doc ?? { _id: id, member_id: event.data.member_id, app_id: event.data.app_id, item_id: event.data.item_id, starred: false, declined: false, note: '', revision: -1 };
    const next = { ...current, revision: recorded.revision };
    switch (event.type) {
      case 'TaskStarred':
        return { ...next, starred: true };
      case 'TaskUnstarred':
        return { ...next, starred: false };
      case 'TaskDeclined':
        return { ...next, declined: true };
      case 'TaskDeclineWithdrawn':
        return { ...next, declined: false };
      case 'TaskNoteWritten':
        return { ...next, note: plain(event.data.note) };
      default:
        return doc;
    }
  },
  indexes: [['member_id']],
};

/** the member's marks as answered, with the flags from the rule the commands decide with */
export const taskMarkDtoOf = (mark: TaskMarkDocument | null, item: { assigned: boolean; archived: boolean }): TaskMarkDto => {
  const declined = mark?.declined ?? false;
  return {
    starred: mark?.starred ?? false,
    declined,
    note: mark?.note ?? '',
    revision: mark?.revision ?? -1,
    can: taskAbilities({ assigned: item.assigned, archived: item.archived, declined }),
  };
};
