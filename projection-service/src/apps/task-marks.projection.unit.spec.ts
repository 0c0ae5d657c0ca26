import type { RecordedEvent } from '@cn/domain';
import { inTaskList } from './tasks.controller';
import { taskMarkDtoOf, taskMarksProjection, type TaskMark, type TaskMarksDocument } from './task-marks.projection';

let position = 0;
const recorded = (type: string, data: object, revision: number): RecordedEvent => ({
  id: `e${position + 1}`,
  type,
  data,
  metadata: { memberId: 'ann', occurredAt: '2026-11-23T10:00:00.000Z', correlationId: 'c', causationId: 'c', schemaVersion: 1 },
  streamId: 'taskmark-ann-i1',
  revision,
  position: (position += 1),
  recordedAt: '2026-11-23T10:00:00.000Z',
});
const target = { member_id: 'ann', app_id: 'tasks', item_id: 'i1' };
const foldAll = (events: RecordedEvent[]): TaskMarksDocument | null =>
  events.reduce<TaskMarksDocument | null>((doc, event) => {
    // the runner skips an event the document already carries
    if (doc && doc._position >= event.position) return doc;
    const next = taskMarksProjection.evolve(doc, event, 'ann');
    return next === null ? null : ({ ...next, _position: event.position } as TaskMarksDocument);
  }, null);
const fold = (events: RecordedEvent[]): TaskMark | null => foldAll(events)?.marks.i1 ?? null;

describe('task marks', () => {
  it('folds star, decline and note per member and item, and replaying an event changes nothing', () => {
    const events = [recorded('TaskStarred', target, 0), recorded('TaskDeclined', target, 1), recorded('TaskNoteWritten', { ...target, note: 'call Bob first' }, 2)];
    const doc = fold(events);
    expect(taskMarksProjection.documentIds(events[0])).toEqual(['ann']);
    expect(doc).toMatchObject({ member_id: 'ann', item_id: 'i1', starred: true, declined: true, note: 'call Bob first', revision: 2 });
    expect(fold([...events, events[0]])).toMatchObject({ starred: true, declined: true });
    expect(fold([...events, recorded('TaskUnstarred', target, 3), recorded('TaskDeclineWithdrawn', target, 4), recorded('TaskNoteWritten', { ...target, note: '' }, 5)])).toMatchObject({ starred: false, declined: false, note: '' });
  });
  it("keeps a member's marks on several items in their one document, and drops them all, notes too, when the member is erased", () => {
    const other = { ...target, item_id: 'i2', app_id: 'crm' };
    const events = [recorded('TaskNoteWritten', { ...target, note: 'private' }, 0), recorded('TaskStarred', other, 0)];
    expect(foldAll(events)?.marks).toEqual({
      i1: expect.objectContaining({ note: 'private', app_id: 'tasks' }),
      i2: expect.objectContaining({ starred: true, app_id: 'crm', note: '' }),
    });
    const erased = recorded('MemberErased', { member_id: 'ann' }, 7);
    expect(taskMarksProjection.documentIds(erased)).toEqual(['ann']);
    expect(foldAll([...events, erased])).toBeNull();
  });
  it("reads a note sealed under an erased member's key as no note", () => {
    expect(fold([recorded('TaskNoteWritten', { ...target, note: { $pii: 'x', subject: 'ann' } }, 0)])?.note).toBe('');
  });
  it('puts a task in the lists by the member, its assignees and their marks', () => {
    const open = { author_id: 'bob', archived: false };
    const mark = (marks: Partial<TaskMark>) => ({ ...(fold([recorded('TaskStarred', target, 0)]) as TaskMark), starred: false, ...marks });
    expect(inTaskList('my', 'ann', ['ann'], open, undefined)).toBe(true);
    expect(inTaskList('my', 'ann', ['ann'], open, mark({ declined: true }))).toBe(false);
    expect(inTaskList('declined', 'ann', ['ann'], open, mark({ declined: true }))).toBe(true);
    // declined but no longer assigned: in neither list
    expect(inTaskList('declined', 'ann', ['bob'], open, mark({ declined: true }))).toBe(false);
    expect(inTaskList('starred', 'ann', [], { author_id: 'bob', archived: true }, mark({ starred: true }))).toBe(true);
    expect(inTaskList('notes', 'ann', [], open, mark({ note: 'x' }))).toBe(true);
    expect(inTaskList('notes', 'ann', [], open, mark({ note: '' }))).toBe(false);
    expect(inTaskList('assigned', 'bob', ['ann'], open, undefined)).toBe(true);
    expect(inTaskList('archive', 'bob', ['ann'], { author_id: 'bob', archived: true }, undefined)).toBe(true);
  });
  it("answers the flags with the commands' rule", () => {
    expect(taskMarkDtoOf(null, { assigned: true, archived: false }).can).toEqual({ star: true, note: true, decline: true, withdraw_decline: false });
    expect(taskMarkDtoOf(null, { assigned: false, archived: false }).can.decline).toBe(false);
    expect(taskMarkDtoOf(null, { assigned: true, archived: true }).can.decline).toBe(false);
  });
});
