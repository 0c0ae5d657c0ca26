import { z } from 'zod';
import { defineEvent, personal, type EventOf } from '../common/events';

/**
 * A member's own marks on one task (an app item): starred, declined, a personal note. One stream per
 * member and item: the marks of different members or items never contend, a note carries its revision.
 */
export const taskMarkStream = (memberId: string, itemId: string): string => `taskmark-${memberId}-${itemId}`;
export const TASK_MARKS_COLLECTION = 'task_marks';
export const TASK_NOTE_MAX_LENGTH = 2000;

const markFields = { member_id: z.string(), app_id: z.string(), item_id: z.string() };
export const TaskStarred = defineEvent('TaskStarred', 1, z.object(markFields));
export const TaskUnstarred = defineEvent('TaskUnstarred', 1, z.object(markFields));
/** the member declines being assigned (the item's assignment stays as its editors set it; it leaves their 'my' list) */
export const TaskDeclined = defineEvent('TaskDeclined', 1, z.object(markFields));
/** a declined task taken back: it is the member's own again */
export const TaskDeclineWithdrawn = defineEvent('TaskDeclineWithdrawn', 1, z.object(markFields));
/** the member's personal note on a task (personal data, sealed under their key); '' removes it */
export const TaskNoteWritten = defineEvent('TaskNoteWritten', 1, z.object({ ...markFields, note: personal(z.string()) }));

export const taskMarkEvents = [TaskStarred, TaskUnstarred, TaskDeclined, TaskDeclineWithdrawn, TaskNoteWritten] as const;
export type TaskMarkEvent =
  | EventOf<typeof TaskStarred>
  | EventOf<typeof TaskUnstarred>
  | EventOf<typeof TaskDeclined>
  | EventOf<typeof TaskDeclineWithdrawn>
  | EventOf<typeof TaskNoteWritten>;

/** What the task rules decide on: the item as it is and the member's own marks on it. */
export interface TaskFacts {
  /** the member is named in one of the item's membership properties */
  assigned: boolean;
  archived: boolean;
  declined: boolean;
}

/**
 * The one rule for the task commands and the consoles' flags: every member who may read the item (every
 * active member, external ones included) stars it and writes a note for themselves; only a member it is
 * assigned to declines it, while it is not archived; a declined task is taken back by its decliner.
 */
export const taskAbilities = (facts: TaskFacts): { star: boolean; note: boolean; decline: boolean; withdraw_decline: boolean } => ({
  star: true,
  note: true,
  decline: facts.assigned && !facts.archived && !facts.declined,
  withdraw_decline: facts.declined,
});
export type TaskAbilities = ReturnType<typeof taskAbilities>;

/** PUT /api/v1/tasks/{item}/note */
export const taskNoteRequestSchema = z
  .object({
    note: z.string().max(TASK_NOTE_MAX_LENGTH, { message: 'too_long' }),
    /** the mark's revision the member edited (-1: none yet): a stale note is a 409, never a lost one */
    revision: z.number().int().min(-1).optional(),
  })
  .strict();
export type TaskNoteRequest = z.input<typeof taskNoteRequestSchema>;
export const taskMarkAnswerSchema = z.object({ position: z.number().int(), revision: z.number().int() });
export type TaskMarkAnswer = z.infer<typeof taskMarkAnswerSchema>;

/** the member's own marks on a task as the read side answers them */
export const taskMarkDtoSchema = z.object({
  starred: z.boolean(),
  declined: z.boolean(),
  note: z.string(),
  /** the marks' stream revision (-1: none yet), the note's expected revision */
  revision: z.number().int(),
  can: z.object({ star: z.boolean(), note: z.boolean(), decline: z.boolean(), withdraw_decline: z.boolean() }),
});
export type TaskMarkDto = z.infer<typeof taskMarkDtoSchema>;
