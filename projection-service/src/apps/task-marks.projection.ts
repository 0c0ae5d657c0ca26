import { MemberErased, taskAbilities, TaskDeclined, TaskDeclineWithdrawn, TaskNoteWritten, TaskStarred, TaskUnstarred, type TaskMarkDto, type TaskMarkEvent } from '@cn/contracts';
import type { ProjectedDocument, Projection } from '@cn/domain';

/** One member's marks on one task: the starred, declined and notes views read these. */
export interface TaskMark {
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

/**
 * All of one member's marks, by item (version 2: one document per member, so that `MemberErased` deletes
 * them with their notes at once; version 1 kept one document per member and item, which the erasure
 * event could not name, and an erased member's notes stayed until a rebuild).
 */
export interface TaskMarksDocument extends ProjectedDocument {
  marks: Record<string, TaskMark>;
}

const plain = (value: unknown): string => (typeof value === 'string' ? value : '');

export const taskMarksProjection: Projection<TaskMarksDocument> = {
  name: 'task_marks',
  version: 2,
  eventTypes: [TaskStarred.type, TaskUnstarred.type, TaskDeclined.type, TaskDeclineWithdrawn.type, TaskNoteWritten.type, MemberErased.type],
  documentIds: (recorded) => [(recorded.data as { member_id: string }).member_id],
  evolve: (doc, recorded, id) => {
    // an erased member's marks go with them, notes and all
    if (recorded.type === MemberErased.type) return null;
    const event = recorded as TaskMarkEvent;
    const { app_id, item_id } = event.data;
    const marks = doc?.marks ?? {};
    const current: TaskMark = marks[item_id] ?? { member_id: id, app_id, item_id, starred: false, declined: false, note: '', revision: -1 };
    const next = { ...current, revision: recorded.revision };
    const changed = (mark: TaskMark): Omit<TaskMarksDocument, '_position'> => ({ _id: id, marks: { ...marks, [item_id]: mark } });
    switch (event.type) {
      case 'TaskStarred':
        return changed({ ...next, starred: true });
      case 'TaskUnstarred':
        return changed({ ...next, starred: false });
      case 'TaskDeclined':
        return changed({ ...next, declined: true });
      case 'TaskDeclineWithdrawn':
        return changed({ ...next, declined: false });
      case 'TaskNoteWritten':
        return changed({ ...next, note: plain(event.data.note) });
      default:
        return doc;
    }
  },
};

/** the member's marks as answered, with the flags from the rule the commands decide with */
export const taskMarkDtoOf = (mark: TaskMark | null, item: { assigned: boolean; archived: boolean }): TaskMarkDto => {
  const declined = mark?.declined ?? false;
  return {
    starred: mark?.starred ?? false,
    declined,
    note: mark?.note ?? '',
    revision: mark?.revision ?? -1,
    can: taskAbilities({ assigned: item.assigned, archived: item.archived, declined }),
  };
};
