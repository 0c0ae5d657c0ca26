import type { TaskMarkEvent } from '@cn/contracts';
import { deciderSpecification } from '@cn/platform/testing';
import { taskMarkDecider, type TaskMarkCommand } from './task-mark.decider';

const target = { member_id: 'ann', app_id: 'tasks', item_id: 'i1' };
const assignedItem = { assigned: true, archived: false };
const spec = deciderSpecification(taskMarkDecider);
const starred: TaskMarkEvent = { type: 'TaskStarred', data: target };
const declined: TaskMarkEvent = { type: 'TaskDeclined', data: target };
const command = (change: Omit<Extract<TaskMarkCommand, { type: 'StarTask' }>, keyof typeof target | 'item'> | Omit<Extract<TaskMarkCommand, { type: 'DeclineTask' }>, keyof typeof target | 'item'>, item = assignedItem): TaskMarkCommand =>
  ({ ...target, item, ...change });

describe('taskMarkDecider', () => {
  it('stars and unstars any task once (a repeated star appends nothing)', () => {
    spec.given([]).when(command({ type: 'StarTask', starred: true }, { assigned: false, archived: true })).then([starred]);
    spec.given([starred]).when(command({ type: 'StarTask', starred: true })).then([]);
    spec.given([starred]).when(command({ type: 'StarTask', starred: false })).then([{ type: 'TaskUnstarred', data: target }]);
  });
  it('declines only a task assigned to the member and not archived, and takes a declined one back', () => {
    spec.given([]).when(command({ type: 'DeclineTask', declined: true })).then([declined]);
    spec.given([]).when(command({ type: 'DeclineTask', declined: true }, { assigned: false, archived: false })).thenRefused('not_assigned');
    spec.given([]).when(command({ type: 'DeclineTask', declined: true }, { assigned: true, archived: true })).thenRefused('item_archived');
    spec.given([declined]).when(command({ type: 'DeclineTask', declined: true })).then([]);
    spec.given([declined]).when(command({ type: 'DeclineTask', declined: false }, { assigned: false, archived: false })).then([{ type: 'TaskDeclineWithdrawn', data: target }]);
    spec.given([]).when(command({ type: 'DeclineTask', declined: false })).then([]);
  });
  it('writes a note, removes it with an empty one, and removes nothing twice', () => {
    const sealed = { $pii: 'c2VhbGVk', subject: 'ann' };
    spec.given([]).when({ ...target, item: assignedItem, type: 'WriteTaskNote', note: sealed, empty: false }).then([{ type: 'TaskNoteWritten', data: { ...target, note: sealed } }]);
    const noted: TaskMarkEvent = { type: 'TaskNoteWritten', data: { ...target, note: sealed } };
    spec.given([noted]).when({ ...target, item: assignedItem, type: 'WriteTaskNote', note: '', empty: true }).then([{ type: 'TaskNoteWritten', data: { ...target, note: '' } }]);
    spec.given([]).when({ ...target, item: assignedItem, type: 'WriteTaskNote', note: '', empty: true }).then([]);
  });
});
