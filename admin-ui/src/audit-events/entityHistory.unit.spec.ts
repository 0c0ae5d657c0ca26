import type { AuditEventDto } from '@cn/contracts';
import { flatten, historySteps } from './entityHistory';

const event = (position: number, type: string, data: unknown): AuditEventDto => ({
  id: `e${position}`,
  position,
  stream: 'appointment-1',
  revision: position - 1,
  type,
  schema_version: 1,
  data,
  who: { id: 'ada', name: 'Ada Admin' },
  when: '2026-11-23T10:00:00.000Z',
  correlation_id: `c${position}`,
  causation_id: `c${position}`,
});

describe('entity history', () => {
  it('flattens nested data to dotted paths, arrays as leaves, without the event-only fields', () => {
    expect([...flatten({ basic: { name: 'Neu', tags: ['a'] }, changed_fields: ['name'], n: 1 })]).toEqual([
      ['basic.name', 'Neu'],
      ['basic.tags', ['a']],
      ['n', 1],
    ]);
  });

  it('names the fields each event changed against the state before it, oldest first', () => {
    const steps = historySteps([
      event(7, 'AppointmentUpdated', { appointment_id: '1', title: 'Sommerfest', place: 'Hof' }),
      event(3, 'AppointmentCreated', { appointment_id: '1', title: 'Fest', place: 'Hof', limit: { seats: 10 } }),
      event(9, 'AppointmentUpdated', { appointment_id: '1', limit: { seats: 12 } }),
    ]);
    expect(steps.map((step) => step.event.position)).toEqual([3, 7, 9]);
    expect(steps[0]?.changes).toEqual([
      { field: 'appointment_id', before: null, after: '1' },
      { field: 'title', before: null, after: 'Fest' },
      { field: 'place', before: null, after: 'Hof' },
      { field: 'limit.seats', before: null, after: '10' },
    ]);
    // the repeated id and the unchanged place are no changes
    expect(steps[1]?.changes).toEqual([{ field: 'title', before: 'Fest', after: 'Sommerfest' }]);
    expect(steps[2]?.changes).toEqual([{ field: 'limit.seats', before: '10', after: '12' }]);
  });

  it('shows an event that changed nothing as a step without changes', () => {
    const steps = historySteps([event(1, 'A', { x: 1 }), event(2, 'B', { x: 1 })]);
    expect(steps[1]?.changes).toEqual([]);
  });
});
