import { appointmentFieldsSchema, appointmentStream, occurrenceId, type AppointmentFieldsInput } from '@cn/contracts';
import { project, projectEachTwice, recorded } from '../__tests__/events';
import { instancesInWindow, neighboursOf, resolveInstance } from './appointment-instances';
import { icalEventOfInstance, icalEventsOfDocument } from './appointment-ical';
import { appointmentsProjection } from './appointments.projection';

const stream = { streamId: appointmentStream('a1'), memberId: 'alice' };
const fields = (input: Partial<AppointmentFieldsInput> = {}) =>
  appointmentFieldsSchema.parse({
    name: 'Rehearsal',
    calendar_ids: ['c1'],
    date: { start: '2026-03-02T17:00:00.000Z', end: '2026-03-02T19:00:00.000Z', time_zone: 'Europe/Berlin' },
    recurrence_pattern: { recurrence_frequency: 'weekly', recurrence_end_time: '2026-03-30' },
    ...input,
  });

const created = recorded('AppointmentCreated', { appointment_id: 'a1', author_id: 'alice', appointment: fields() }, stream);
const invited = recorded(
  'ParticipantsInvited',
  {
    appointment_id: 'a1',
    occurrence_start: null,
    participants: [
      { member_id: 'bob', status: 'invited' },
      { member_id: 'carol', status: 'accepted' },
    ],
    group_ids: [],
    membership_role_ids: [],
    send_email_notification: false,
    invited_by: 'alice',
  },
  stream,
);
const second = '2026-03-09T17:00:00.000Z';
const modified = recorded(
  'AppointmentOccurrenceModified',
  {
    appointment_id: 'a1',
    occurrence_id: occurrenceId('a1', second),
    occurrence_start: second,
    appointment: fields({ name: 'Dress rehearsal', date: { start: '2026-03-10T17:00:00.000Z', end: '2026-03-10T20:00:00.000Z', time_zone: 'Europe/Berlin' } }),
    changed_fields: ['name', 'date'],
  },
  stream,
);
const declinedOnce = recorded(
  'ParticipantStatusChanged',
  { appointment_id: 'a1', occurrence_start: '2026-03-16T17:00:00.000Z', member_id: 'carol', status: 'declined', previous_status: 'accepted', changed_by: 'carol', via: 'invite' },
  { ...stream, memberId: 'carol' },
);
const canceledOnce = recorded('AppointmentCanceled', { appointment_id: 'a1', occurrence_start: '2026-03-23T17:00:00.000Z' }, stream);
const deletedOnce = recorded('AppointmentDeleted', { appointment_id: 'a1', occurrence_start: '2026-03-30T16:00:00.000Z' }, stream);
const events = [created, invited, modified, declinedOnce, canceledOnce, deletedOnce];
const march = { from: '2026-03-01', to: '2026-04-01', time_zone: 'Europe/Berlin', fromMs: Date.parse('2026-02-28T23:00:00Z'), toMs: Date.parse('2026-03-31T22:00:00Z') };

describe('appointments projection', () => {
  it('keeps the series with its derived range, calendars and participants', () => {
    const doc = project(appointmentsProjection, [created, invited], 'a1');
    expect(doc).toMatchObject({
      recurring: true,
      calendar_ids: ['c1'],
      participant_ids: ['bob', 'carol'],
      range_start: '2026-03-02T17:00:00.000Z',
      // the last occurrence (30 March, in summer time) still ends at 20:00 local: 18:00Z
      range_end: '2026-03-30T18:00:00.000Z',
      author_id: 'alice',
      created_at: created.metadata.occurredAt,
    });
    expect(doc?.participants.map((p) => [p.member_id, p.status, p.invited_by])).toEqual([
      ['bob', 'invited', 'alice'],
      ['carol', 'accepted', 'alice'],
    ]);
  });

  it('expands the month with the modified occurrence in place of its own, canceled and deleted ones handled', () => {
    const doc = project(appointmentsProjection, events, 'a1');
    if (!doc) throw new Error('appointment expected');
    const instances = instancesInWindow(doc, march).sort((a, b) => a.start.localeCompare(b.start));
    expect(instances.map((i) => [i.start, i.fields.name, i.canceled])).toEqual([
      ['2026-03-02T17:00:00.000Z', 'Rehearsal', false],
      ['2026-03-10T17:00:00.000Z', 'Dress rehearsal', false],
      ['2026-03-16T17:00:00.000Z', 'Rehearsal', false],
      ['2026-03-23T17:00:00.000Z', 'Rehearsal', true],
    ]);
    expect(instances[1]?.id).toBe(occurrenceId('a1', second));
    // carol declined one occurrence only
    expect(instances[2]?.participants.find((p) => p.member_id === 'carol')?.status).toBe('declined');
    expect(instances[0]?.participants.find((p) => p.member_id === 'carol')?.status).toBe('accepted');
    // the deleted last occurrence is neither an instance nor a neighbour
    expect(resolveInstance(doc, '2026-03-30T16:00:00.000Z')).toBeNull();
    const fourth = resolveInstance(doc, '2026-03-23T17:00:00.000Z');
    expect(fourth && neighboursOf(fourth, new Date('2026-01-01T00:00:00Z'))).toEqual({
      previous: occurrenceId('a1', '2026-03-16T17:00:00.000Z'),
      next: null,
      next_date: '2026-03-02T17:00:00.000Z',
    });
  });

  it('changes nothing when an event is applied twice', () => {
    const once = project(appointmentsProjection, events, 'a1');
    const twice = project(appointmentsProjection, [...events, ...events], 'a1');
    expect(twice).toEqual(once);
    // and evolve itself, given each event twice in a row
    expect(projectEachTwice(appointmentsProjection, events, 'a1')).toEqual(once);
    // and from the stored document, replaying everything again changes nothing
    expect(project(appointmentsProjection, events, 'a1', once)).toEqual(once);
  });

  it('tracks removal, the waiting list, the lock, cancellation and deletion as a tombstone', () => {
    const later = [
      recorded('ParticipantRemoved', { appointment_id: 'a1', occurrence_start: null, member_id: 'bob', removed_by: 'alice' }, stream),
      recorded('WaitlistJoined', { appointment_id: 'a1', member_id: 'dave' }, stream),
      recorded('WaitlistJoined', { appointment_id: 'a1', member_id: 'erin' }, stream),
      recorded('WaitlistPromoted', { appointment_id: 'a1', member_id: 'dave', freed_by: 'bob', promoted_at: '2026-03-01T00:00:00Z' }, stream),
      recorded('ParticipationLockToggled', { appointment_id: 'a1', participation_locked: true }, stream),
      recorded('AppointmentCanceled', { appointment_id: 'a1', occurrence_start: null }, stream),
    ];
    const doc = project(appointmentsProjection, [created, invited, ...later], 'a1');
    expect(doc?.participants.map((p) => [p.member_id, p.status, p.removed])).toEqual([
      ['bob', 'invited', true],
      ['carol', 'accepted', false],
      ['dave', 'accepted', false],
    ]);
    expect(doc?.waitlist).toEqual(['erin']);
    expect(doc?.fields.attendee_configuration.participation_locked).toBe(true);
    expect(doc?.canceled).toBe(true);
    const deleted = project(appointmentsProjection, [recorded('AppointmentDeleted', { appointment_id: 'a1', occurrence_start: null }, stream)], 'a1', doc);
    expect(deleted).toMatchObject({ deleted: true });
    expect(deleted && instancesInWindow(deleted, march)).toEqual([]);
  });

  it('takes a waiting member off the list for good when they decline or are removed from the series, not for one occurrence', () => {
    const waiting = [
      recorded('WaitlistJoined', { appointment_id: 'a1', member_id: 'bob' }, stream),
      recorded('WaitlistJoined', { appointment_id: 'a1', member_id: 'dave' }, stream),
      recorded('WaitlistJoined', { appointment_id: 'a1', member_id: 'erin' }, stream),
    ];
    const bobDeclinesOnce = recorded(
      'ParticipantStatusChanged',
      { appointment_id: 'a1', occurrence_start: second, member_id: 'bob', status: 'declined', previous_status: 'invited', changed_by: 'bob', via: 'invite' },
      stream,
    );
    expect(project(appointmentsProjection, [created, invited, ...waiting, bobDeclinesOnce], 'a1')?.waitlist).toEqual(['bob', 'dave', 'erin']);
    const bobDeclines = recorded(
      'ParticipantStatusChanged',
      { appointment_id: 'a1', occurrence_start: null, member_id: 'bob', status: 'declined', previous_status: 'invited', changed_by: 'bob', via: 'invite' },
      stream,
    );
    const daveRemoved = recorded('ParticipantRemoved', { appointment_id: 'a1', occurrence_start: null, member_id: 'dave', removed_by: 'alice' }, stream);
    expect(project(appointmentsProjection, [created, invited, ...waiting, bobDeclines, daveRemoved], 'a1')?.waitlist).toEqual(['erin']);
  });

  it('lets an answer for the whole series replace the member\'s answers for single occurrences', () => {
    const seriesAccept = recorded(
      'ParticipantStatusChanged',
      { appointment_id: 'a1', occurrence_start: null, member_id: 'carol', status: 'accepted', previous_status: 'accepted', changed_by: 'carol', via: 'invite' },
      stream,
    );
    const before = project(appointmentsProjection, [created, invited, declinedOnce], 'a1');
    expect(before?.occurrences.flatMap((o) => o.participants.map((p) => [o.occurrence_start, p.member_id, p.status]))).toEqual([['2026-03-16T17:00:00.000Z', 'carol', 'declined']]);
    const after = project(appointmentsProjection, [created, invited, declinedOnce, seriesAccept], 'a1');
    expect(after?.occurrences.flatMap((o) => o.participants)).toEqual([]);
  });

  it('moves the occurrences with a life of their own where a series edit says, and drops the ones it no longer has', () => {
    const movedSecond = '2026-03-09T18:00:00.000Z';
    const retimed = recorded(
      'AppointmentUpdated',
      {
        appointment_id: 'a1',
        appointment: fields({ date: { start: '2026-03-02T18:00:00.000Z', end: '2026-03-02T20:00:00.000Z', time_zone: 'Europe/Berlin' } }),
        changed_fields: ['date'],
        reanchored: { [second]: movedSecond, '2026-03-23T17:00:00.000Z': null },
      },
      stream,
    );
    const doc = project(appointmentsProjection, [...events, retimed], 'a1');
    const starts = doc?.occurrences.map((o) => [o.occurrence_start, o.occurrence_id, o.fields?.name ?? null]);
    expect(starts).toContainEqual([movedSecond, occurrenceId('a1', movedSecond), 'Dress rehearsal']);
    expect(doc?.occurrences.some((o) => o.occurrence_start === second)).toBe(false);
    expect(doc?.occurrences.some((o) => o.occurrence_start === '2026-03-23T17:00:00.000Z')).toBe(false);
  });

  it('exports SEQUENCE growing with each reschedule, and an occurrence under the series UID with its RECURRENCE-ID', () => {
    const retimed = recorded(
      'AppointmentUpdated',
      {
        appointment_id: 'a1',
        appointment: fields({ date: { start: '2026-03-02T18:00:00.000Z', end: '2026-03-02T20:00:00.000Z', time_zone: 'Europe/Berlin' } }),
        changed_fields: ['date'],
      },
      stream,
    );
    const renamed = recorded('AppointmentUpdated', { appointment_id: 'a1', appointment: fields({ name: 'Renamed' }), changed_fields: ['name'] }, stream);
    const before = project(appointmentsProjection, events, 'a1');
    const after = project(appointmentsProjection, [...events, retimed, renamed], 'a1');
    if (!before || !after) throw new Error('no document');
    const [seriesBefore] = icalEventsOfDocument(before, 'https://network.example.org');
    const [seriesAfter, ...overrides] = icalEventsOfDocument(after, 'https://network.example.org');
    expect(seriesBefore.sequence).toBe(0);
    expect(seriesAfter.sequence).toBe(1);
    expect(overrides.every((override) => override.sequence === 2)).toBe(true);
    const occurrence = resolveInstance(before, '2026-03-23T17:00:00.000Z');
    if (!occurrence) throw new Error('no occurrence');
    const single = icalEventOfInstance(occurrence, 'https://network.example.org');
    expect(single.uid).toBe('a1@network.example.org');
    expect(single.recurrence_id).toBe('2026-03-23T17:00:00.000Z');
  });

  it('keeps a single appointment as one instance with its own id', () => {
    const single = recorded('AppointmentCreated', { appointment_id: 'a2', author_id: null, appointment: fields({ recurrence_pattern: { recurrence_frequency: 'never' } }) }, stream);
    const doc = project(appointmentsProjection, [single], 'a2');
    expect(doc).toMatchObject({ recurring: false, range_end: '2026-03-02T19:00:00.000Z' });
    expect(doc && instancesInWindow(doc, march).map((i) => i.id)).toEqual(['a2']);
  });
});
