import { appointmentFieldsSchema, occurrenceId, type AppointmentEvent, type AppointmentFieldsInput, type CalendarFacts, type Viewer } from '@cn/contracts';
import { deciderSpecification, refusalOf } from '@cn/platform/testing';
import { appointmentDecider, type Access, type AppointmentCommand } from './appointment.decider';

const NOW = '2026-03-01T08:00:00.000Z';
const viewer = (memberId: string, overrides: Partial<Viewer> = {}): Viewer => ({
  member_id: memberId,
  network_admin: false,
  external: false,
  group_ids: [],
  admin_group_ids: [],
  ...overrides,
});
const calendars: Record<string, CalendarFacts | null> = {
  personal: { type: 'personal', author_id: 'author', parent_id: null, shared_with: [] },
  network: { type: 'network', author_id: 'admin', parent_id: null, shared_with: [] },
  group: { type: 'group', author_id: 'admin', parent_id: 'g1', shared_with: [] },
  gone: null,
};
const as = (memberId: string, overrides: Partial<Viewer> = {}): Access => ({ viewer: viewer(memberId, overrides), calendars });
const author = as('author');
const admin = as('admin', { network_admin: true });

const fields = (input: Partial<AppointmentFieldsInput> = {}) =>
  appointmentFieldsSchema.parse({
    name: 'Meeting',
    calendar_ids: ['personal'],
    date: { start: '2026-03-02T09:00:00Z', end: '2026-03-02T10:00:00Z' },
    ...input,
  });

const created = (input: Partial<AppointmentFieldsInput> = {}): AppointmentEvent => ({
  type: 'AppointmentCreated',
  data: { appointment_id: 'a1', author_id: 'author', appointment: fields(input) },
});
const invited = (...memberIds: string[]): AppointmentEvent => ({
  type: 'ParticipantsInvited',
  data: {
    appointment_id: 'a1',
    occurrence_start: null,
    participants: memberIds.map((id) => ({ member_id: id, status: 'invited' as const })),
    group_ids: [],
    membership_role_ids: [],
    send_email_notification: false,
    invited_by: 'author',
  },
});
const answered = (memberId: string, status: 'accepted' | 'declined'): AppointmentEvent => ({
  type: 'ParticipantStatusChanged',
  data: { appointment_id: 'a1', occurrence_start: null, member_id: memberId, status, previous_status: 'invited', changed_by: memberId, via: 'invite' },
});
const limited = (total: number) => created({ attendee_configuration: { total, total_attendees_enforced: true } });

const spec = deciderSpecification(appointmentDecider);

const answer = (memberId: string, status: 'accepted' | 'declined', extra: Partial<Extract<AppointmentCommand, { type: 'ChangeParticipantStatus' }>> = {}): AppointmentCommand => ({
  type: 'ChangeParticipantStatus',
  occurrence_start: null,
  member_id: memberId,
  status,
  via: 'invite',
  opt_retroactively: false,
  access: as(memberId),
  now: NOW,
  ...extra,
});

describe('creating and editing appointments', () => {
  it('creates an appointment in calendars the author may add to', () => {
    expect(spec.decide([], { type: 'CreateAppointment', appointment_id: 'a1', fields: fields(), access: author, now: NOW })).toEqual([created()]);
  });

  it('refuses unknown calendars (400 on calendar_ids) and calendars the member may not add to (403)', () => {
    expect(refusalOf(() => spec.decide([], { type: 'CreateAppointment', appointment_id: 'a1', fields: fields({ calendar_ids: ['gone'] }), access: author, now: NOW }))).toMatchObject({
      key: 'unknown_calendar',
      kind: 'invalid',
      field: 'appointment.calendar_ids',
    });
    expect(refusalOf(() => spec.decide([], { type: 'CreateAppointment', appointment_id: 'a1', fields: fields(), access: as('someone'), now: NOW }))).toMatchObject({ key: 'forbidden', kind: 'forbidden' });
    expect(refusalOf(() => spec.decide([], { type: 'CreateAppointment', appointment_id: 'a1', fields: fields({ calendar_ids: ['group'] }), access: as('m'), now: NOW }))).toMatchObject({ kind: 'forbidden' });
    expect(spec.decide([], { type: 'CreateAppointment', appointment_id: 'a1', fields: fields({ calendar_ids: ['group'] }), access: as('m', { group_ids: ['g1'] }), now: NOW })).toHaveLength(1);
    expect(spec.decide([], { type: 'CreateAppointment', appointment_id: 'a1', fields: fields({ calendar_ids: ['network'] }), access: as('m'), now: NOW })).toHaveLength(1);
    expect(refusalOf(() => spec.decide([], { type: 'CreateAppointment', appointment_id: 'a1', fields: fields({ calendar_ids: ['network'] }), access: as('g', { external: true }), now: NOW }))).toMatchObject({ kind: 'forbidden' });
  });

  it('refuses a series that ends before its first appointment (422 on the recurrence end), on create and on edit', () => {
    const endingBefore = fields({ recurrence_pattern: { recurrence_frequency: 'weekly', recurrence_end_time: '2026-02-01' } });
    expect(refusalOf(() => spec.decide([], { type: 'CreateAppointment', appointment_id: 'a1', fields: endingBefore, access: author, now: NOW }))).toMatchObject({
      key: 'recurrence_ends_before_start',
      kind: 'refused',
      field: 'appointment.recurrence_pattern.recurrence_end_time',
    });
    expect(refusalOf(() => spec.decide([created()], { type: 'UpdateAppointment', occurrence_start: null, fields: endingBefore, access: author, now: NOW }))).toMatchObject({
      key: 'recurrence_ends_before_start',
    });
    // ending on the day of the first appointment keeps that one
    const oneOccurrence = fields({ recurrence_pattern: { recurrence_frequency: 'weekly', recurrence_end_time: fields().date.start.slice(0, 10) } });
    expect(spec.decide([], { type: 'CreateAppointment', appointment_id: 'a1', fields: oneOccurrence, access: author, now: NOW })).toHaveLength(1);
  });

  describe('editing the whole series keeps the occurrences that have a life of their own', () => {
    const weekly = created({ recurrence_pattern: { recurrence_frequency: 'weekly' } });
    const second = '2026-03-09T09:00:00.000Z';
    const third = '2026-03-16T09:00:00.000Z';
    const deletedSecond: AppointmentEvent = { type: 'AppointmentDeleted', data: { appointment_id: 'a1', occurrence_start: second } };
    const editedThird = spec.decide([weekly], { type: 'UpdateAppointment', occurrence_start: third, fields: fields({ name: 'Special' }), access: author, now: NOW });
    const history = [weekly, deletedSecond, ...editedThird];
    const series = (input: Partial<AppointmentFieldsInput>) => ({ type: 'UpdateAppointment' as const, occurrence_start: null, fields: fields(input), access: author, now: NOW });

    it('moves them with the series when it is retimed: the deleted one stays deleted, the edited one keeps its changes', () => {
      const later = { start: '2026-03-02T10:00:00Z', end: '2026-03-02T11:00:00Z' };
      const [event] = spec.decide(history, series({ date: later, recurrence_pattern: { recurrence_frequency: 'weekly' } }));
      expect(event).toMatchObject({ type: 'AppointmentUpdated', data: { reanchored: { [second]: '2026-03-09T10:00:00.000Z', [third]: '2026-03-16T10:00:00.000Z' } } });
      const state = spec.state([...history, event]);
      expect(state.occurrences['2026-03-09T10:00:00.000Z']).toMatchObject({ deleted: true });
      expect(state.occurrences['2026-03-16T10:00:00.000Z']?.fields?.name).toBe('Special');
      expect(state.occurrences[second]).toBeUndefined();
    });

    it('keeps them where the series repeats another way and still has them; drops a deleted one it no longer has', () => {
      const [event] = spec.decide(history, series({ recurrence_pattern: { recurrence_frequency: 'weekly', recurrence_interval: 2 } }));
      // every other week: 16 March is still an occurrence, 9 March is not
      expect(event).toMatchObject({ type: 'AppointmentUpdated', data: { reanchored: { [second]: null } } });
      expect(spec.state([...history, event]).occurrences[third]?.fields?.name).toBe('Special');
    });

    it('refuses an edit that would lose an occurrence edited on its own (422 edited_occurrence_lost)', () => {
      expect(refusalOf(() => spec.decide(history, series({ recurrence_pattern: { recurrence_frequency: 'weekly', recurrence_end_time: '2026-03-10' } })))).toMatchObject({
        key: 'edited_occurrence_lost',
        kind: 'refused',
        field: 'appointment.recurrence_pattern',
      });
    });
  });

  it('updates with the changed fields, nothing when nothing changed', () => {
    const [event] = spec.decide([created()], { type: 'UpdateAppointment', occurrence_start: null, fields: fields({ name: 'Renamed' }), access: author, now: NOW });
    expect(event).toMatchObject({ type: 'AppointmentUpdated', data: { changed_fields: ['name'] } });
    expect(spec.decide([created()], { type: 'UpdateAppointment', occurrence_start: null, fields: fields(), access: author, now: NOW })).toEqual([]);
  });

  it('lets the author, calendar owners, group admins and network admins update; others get 403', () => {
    const update = (access: Access, calendarIds = ['personal']) => () =>
      spec.decide([created({ calendar_ids: calendarIds })], { type: 'UpdateAppointment', occurrence_start: null, fields: fields({ name: 'X', calendar_ids: calendarIds }), access, now: NOW });
    expect(update(admin)()).toHaveLength(1);
    expect(refusalOf(update(as('member')))).toMatchObject({ key: 'forbidden', kind: 'forbidden' });
    expect(update(as('ga', { group_ids: ['g1'], admin_group_ids: ['g1'] }), ['group'])()).toHaveLength(1);
    expect(refusalOf(update(as('gm', { group_ids: ['g1'] }), ['group']))).toMatchObject({ kind: 'forbidden' });
  });

  it('modifies one occurrence of a series only, and refuses occurrences the series does not have', () => {
    const weekly = created({ recurrence_pattern: { recurrence_frequency: 'weekly' } });
    const second = '2026-03-09T09:00:00.000Z';
    const [event] = spec.decide([weekly], { type: 'UpdateAppointment', occurrence_start: second, fields: fields({ name: 'Special' }), access: author, now: NOW });
    expect(event).toMatchObject({
      type: 'AppointmentOccurrenceModified',
      data: { occurrence_id: occurrenceId('a1', second), occurrence_start: second, changed_fields: ['name'], appointment: { recurrence_pattern: { recurrence_frequency: 'never' } } },
    });
    expect(spec.state([weekly, event]).fields?.name).toBe('Meeting');
    expect(refusalOf(() => spec.decide([weekly], { type: 'UpdateAppointment', occurrence_start: '2026-03-10T09:00:00.000Z', fields: fields(), access: author, now: NOW }))).toMatchObject({ kind: 'not_found' });
    expect(refusalOf(() => spec.decide([created()], { type: 'UpdateAppointment', occurrence_start: second, fields: fields(), access: author, now: NOW }))).toMatchObject({ key: 'not_recurring' });
  });

  it('cancels once (then cancel is refused), and deletes; a deleted appointment is not found', () => {
    const canceled = spec.decide([created()], { type: 'CancelAppointment', occurrence_start: null, access: author, now: NOW });
    expect(canceled).toEqual([{ type: 'AppointmentCanceled', data: { appointment_id: 'a1', occurrence_start: null } }]);
    expect(refusalOf(() => spec.decide([created(), ...canceled], { type: 'CancelAppointment', occurrence_start: null, access: author, now: NOW }))).toMatchObject({ key: 'already_canceled' });
    expect(refusalOf(() => spec.decide([created()], { type: 'CancelAppointment', occurrence_start: null, access: as('x'), now: NOW }))).toMatchObject({ kind: 'forbidden' });
    const deleted = spec.decide([created()], { type: 'DeleteAppointment', occurrence_start: null, access: author, now: NOW });
    expect(deleted).toEqual([{ type: 'AppointmentDeleted', data: { appointment_id: 'a1', occurrence_start: null } }]);
    expect(refusalOf(() => spec.decide([created(), ...deleted], { type: 'CancelAppointment', occurrence_start: null, access: author, now: NOW }))).toMatchObject({ key: 'not_found', kind: 'not_found' });
  });

  it('toggles the participation lock (managers only, nothing when unchanged)', () => {
    expect(spec.decide([created()], { type: 'ToggleParticipationLock', participation_locked: true, access: author, now: NOW })).toEqual([
      { type: 'ParticipationLockToggled', data: { appointment_id: 'a1', participation_locked: true } },
    ]);
    expect(spec.decide([created()], { type: 'ToggleParticipationLock', participation_locked: false, access: author, now: NOW })).toEqual([]);
    expect(refusalOf(() => spec.decide([created()], { type: 'ToggleParticipationLock', participation_locked: true, access: as('x'), now: NOW }))).toMatchObject({ kind: 'forbidden' });
  });
});

describe('participants', () => {
  const add = (memberIds: string[], status: 'invited' | 'accepted' = 'invited', access = author): AppointmentCommand => ({
    type: 'AddParticipants',
    occurrence_start: null,
    member_ids: memberIds,
    group_ids: [],
    membership_role_ids: [],
    status,
    send_email_notification: false,
    access,
    now: NOW,
  });

  it('invites new members only', () => {
    expect(spec.decide([created(), invited('m1')], add(['m1', 'm2', 'm2']))).toEqual([{ ...invited('m2') }]);
    expect(spec.decide([created(), invited('m1')], add(['m1']))).toEqual([]);
    expect(refusalOf(() => spec.decide([created()], add(['m1'], 'invited', as('m9'))))).toMatchObject({ kind: 'forbidden' });
  });

  it('refuses to add accepted members beyond an enforced limit', () => {
    expect(refusalOf(() => spec.decide([limited(1)], add(['m1', 'm2'], 'accepted')))).toMatchObject({ key: 'attendee_limit_exceeded', kind: 'conflict' });
  });

  it('lets organizers change and remove participants', () => {
    const [changed] = spec.decide([created(), invited('m1')], answer('m1', 'accepted', { via: 'organizer', access: author }));
    expect(changed).toMatchObject({ data: { status: 'accepted', changed_by: 'author', via: 'organizer' } });
    expect(spec.decide([created(), invited('m1')], { type: 'RemoveParticipant', occurrence_start: null, member_id: 'm1', access: author, now: NOW })).toEqual([
      { type: 'ParticipantRemoved', data: { appointment_id: 'a1', occurrence_start: null, member_id: 'm1', removed_by: 'author' } },
    ]);
    expect(refusalOf(() => spec.decide([created()], { type: 'RemoveParticipant', occurrence_start: null, member_id: 'm1', access: author, now: NOW }))).toMatchObject({ kind: 'not_found' });
    expect(refusalOf(() => spec.decide([created(), invited('m1', 'm2')], answer('m1', 'accepted', { via: 'organizer', access: as('m2') })))).toMatchObject({ kind: 'forbidden' });
  });
});

describe('answering invites', () => {
  it('accepts and declines an open invite, recording who', () => {
    expect(spec.decide([created(), invited('m1')], answer('m1', 'accepted'))).toEqual([answered('m1', 'accepted')]);
    expect(spec.decide([created(), invited('m1')], answer('m1', 'declined'))).toEqual([answered('m1', 'declined')]);
  });

  it('only while the invite is open (the invites API); a participant changes an answer through participants/me', () => {
    expect(refusalOf(() => spec.decide([created(), invited('m1'), answered('m1', 'accepted')], answer('m1', 'declined')))).toMatchObject({ key: 'invite_not_open' });
    expect(refusalOf(() => spec.decide([created()], answer('m1', 'accepted')))).toMatchObject({ key: 'invite_not_open' });
    expect(spec.decide([created(), invited('m1'), answered('m1', 'accepted')], answer('m1', 'declined', { via: 'self' }))).toHaveLength(1);
    const lock: AppointmentEvent = { type: 'ParticipationLockToggled', data: { appointment_id: 'a1', participation_locked: true } };
    expect(refusalOf(() => spec.decide([created(), invited('m1'), answered('m1', 'accepted'), lock], answer('m1', 'declined', { via: 'self' })))).toMatchObject({ key: 'participation_locked' });
    const rejected: AppointmentEvent = { type: 'ParticipantStatusChanged', data: { appointment_id: 'a1', occurrence_start: null, member_id: 'm1', status: 'rejected', previous_status: 'invited', changed_by: 'author', via: 'organizer' } };
    expect(refusalOf(() => spec.decide([created(), invited('m1'), rejected], answer('m1', 'accepted', { via: 'self' })))).toMatchObject({ key: 'invite_not_open' });
  });

  it('not while participation is locked or the appointment is canceled', () => {
    const lock: AppointmentEvent = { type: 'ParticipationLockToggled', data: { appointment_id: 'a1', participation_locked: true } };
    expect(refusalOf(() => spec.decide([created(), invited('m1'), lock], answer('m1', 'accepted')))).toMatchObject({ key: 'participation_locked', kind: 'refused' });
    const cancel: AppointmentEvent = { type: 'AppointmentCanceled', data: { appointment_id: 'a1', occurrence_start: null } };
    expect(refusalOf(() => spec.decide([created(), invited('m1'), cancel], answer('m1', 'accepted')))).toMatchObject({ key: 'appointment_canceled' });
  });

  it('not to accept when the enforced limit is reached (declining still works)', () => {
    const full = [limited(1), invited('m1', 'm2'), answered('m1', 'accepted')];
    expect(refusalOf(() => spec.decide(full, answer('m2', 'accepted')))).toMatchObject({ key: 'attendee_limit_exceeded', kind: 'conflict' });
    expect(spec.decide(full, answer('m2', 'declined'))).toHaveLength(1);
    const unenforced = created({ attendee_configuration: { total: 1, total_attendees_enforced: false } });
    expect(spec.decide([unenforced, invited('m1', 'm2'), answered('m1', 'accepted')], answer('m2', 'accepted'))).toHaveLength(1);
  });

  it('a past appointment only with opt_retroactively', () => {
    const later = '2026-04-01T00:00:00.000Z';
    expect(refusalOf(() => spec.decide([created(), invited('m1')], answer('m1', 'accepted', { now: later })))).toMatchObject({ key: 'invite_expired' });
    expect(spec.decide([created(), invited('m1')], answer('m1', 'accepted', { now: later, opt_retroactively: true }))).toHaveLength(1);
  });

  it('lets members opt in and out themselves only when user_can_opt', () => {
    const open = created({ attendee_configuration: { user_can_opt: true } });
    const [optIn] = spec.decide([open], answer('m5', 'accepted', { via: 'self' }));
    expect(optIn).toMatchObject({ data: { member_id: 'm5', status: 'accepted', previous_status: null, via: 'opt' } });
    expect(spec.decide([open, optIn], answer('m5', 'declined', { via: 'self' }))).toHaveLength(1);
    expect(refusalOf(() => spec.decide([created()], answer('m5', 'accepted', { via: 'self' })))).toMatchObject({ key: 'cannot_opt', kind: 'forbidden' });
    expect(refusalOf(() => spec.decide([created(), invited('m1')], answer('m1', 'rejected' as 'declined', { via: 'self' })))).toMatchObject({ kind: 'invalid', field: 'participant.status' });
  });

  it('answers one occurrence of a series without touching the others', () => {
    const weekly = created({ recurrence_pattern: { recurrence_frequency: 'weekly' } });
    const second = '2026-03-09T09:00:00.000Z';
    const events = spec.decide([weekly, invited('m1')], answer('m1', 'declined', { via: 'self', occurrence_start: second }));
    const state = spec.state([weekly, invited('m1'), ...events]);
    expect(state.occurrences[second]?.participants).toEqual({ m1: 'declined' });
    expect(state.participants).toEqual({ m1: 'invited' });
  });

  it('lets an answer for the whole series replace the member\'s answers for single occurrences', () => {
    const weekly = created({ recurrence_pattern: { recurrence_frequency: 'weekly' } });
    const second = '2026-03-09T09:00:00.000Z';
    const once = spec.decide([weekly, invited('m1')], answer('m1', 'declined', { via: 'self', occurrence_start: second }));
    const all = spec.decide([weekly, invited('m1'), ...once], answer('m1', 'accepted', { via: 'self' }));
    const state = spec.state([weekly, invited('m1'), ...once, ...all]);
    expect(state.participants).toEqual({ m1: 'accepted' });
    expect(state.occurrences[second]?.participants).toEqual({});
  });
});

describe('waiting list', () => {
  const full = [limited(1), invited('m1', 'm2', 'm3'), answered('m1', 'accepted')];
  const join = (memberId: string): AppointmentCommand => ({ type: 'JoinWaitlist', access: as(memberId), now: NOW });
  const joined = (memberId: string): AppointmentEvent => ({ type: 'WaitlistJoined', data: { appointment_id: 'a1', member_id: memberId } });

  it('is open only while the enforced limit is full, once per member, not to the accepted', () => {
    expect(spec.decide(full, join('m2'))).toEqual([joined('m2')]);
    expect(refusalOf(() => spec.decide([...full, joined('m2')], join('m2')))).toMatchObject({ key: 'already_on_waitlist' });
    expect(refusalOf(() => spec.decide(full, join('m1')))).toMatchObject({ key: 'waitlist_not_available' });
    expect(refusalOf(() => spec.decide([limited(2), invited('m1', 'm2')], join('m2')))).toMatchObject({ key: 'waitlist_not_available' });
    expect(refusalOf(() => spec.decide(full, join('stranger')))).toMatchObject({ key: 'waitlist_not_available' });
  });

  it('is left again', () => {
    expect(spec.decide([...full, joined('m2')], { type: 'LeaveWaitlist', access: as('m2'), now: NOW })).toEqual([
      { type: 'WaitlistLeft', data: { appointment_id: 'a1', member_id: 'm2' } },
    ]);
    expect(refusalOf(() => spec.decide(full, { type: 'LeaveWaitlist', access: as('m2'), now: NOW }))).toMatchObject({ key: 'not_on_waitlist' });
  });

  it('promotes the first waiting member when a place is freed by a decline or a removal', () => {
    const waiting = [...full, joined('m3'), joined('m2')];
    const promoted = { type: 'WaitlistPromoted', data: { appointment_id: 'a1', member_id: 'm3', freed_by: 'm1', promoted_at: NOW } };
    expect(spec.decide(waiting, answer('m1', 'declined', { via: 'self', access: as('m1') }))).toEqual([
      expect.objectContaining({ type: 'ParticipantStatusChanged' }),
      promoted,
    ]);
    expect(spec.decide(waiting, { type: 'RemoveParticipant', occurrence_start: null, member_id: 'm1', access: author, now: NOW })).toEqual([
      expect.objectContaining({ type: 'ParticipantRemoved' }),
      promoted,
    ]);
  });

  it('never promotes a member who declined or was removed after joining: the first still waiting gets the place', () => {
    const m4 = (status: 'declined'): AppointmentEvent => ({
      type: 'ParticipantStatusChanged',
      data: { appointment_id: 'a1', occurrence_start: null, member_id: 'm3', status, previous_status: 'invited', changed_by: 'm3', via: 'invite' },
    });
    const removed: AppointmentEvent = { type: 'ParticipantRemoved', data: { appointment_id: 'a1', occurrence_start: null, member_id: 'm3', removed_by: 'author' } };
    for (const gone of [m4('declined'), removed]) {
      const waiting = [...full, joined('m3'), joined('m2'), gone];
      expect(spec.state(waiting).waitlist).toEqual(['m2']);
      expect(spec.decide(waiting, answer('m1', 'declined', { via: 'self', access: as('m1') }))).toEqual([
        expect.objectContaining({ type: 'ParticipantStatusChanged' }),
        { type: 'WaitlistPromoted', data: { appointment_id: 'a1', member_id: 'm2', freed_by: 'm1', promoted_at: NOW } },
      ]);
    }
  });

  it('leaves the promoted member accepted and off the list', () => {
    const state = spec.state([...full, joined('m3'), answered('m1', 'declined'), { type: 'WaitlistPromoted', data: { appointment_id: 'a1', member_id: 'm3', freed_by: 'm1', promoted_at: NOW } }]);
    expect(state.participants.m3).toBe('accepted');
    expect(state.waitlist).toEqual([]);
  });
});

describe('opting out', () => {
  const open = created({ attendee_configuration: { user_can_opt: true } });
  const remove = (memberId: string): Extract<AppointmentCommand, { type: 'RemoveParticipant' }> => ({ type: 'RemoveParticipant', occurrence_start: null, member_id: memberId, access: as(memberId), now: NOW });

  it('lets a participant remove themselves where members may opt in, and nobody else', () => {
    expect(spec.decide([open, invited('m1')], remove('m1'))).toEqual([
      { type: 'ParticipantRemoved', data: { appointment_id: 'a1', occurrence_start: null, member_id: 'm1', removed_by: 'm1' } },
    ]);
    expect(refusalOf(() => spec.decide([created(), invited('m1')], remove('m1')))).toMatchObject({ key: 'forbidden', kind: 'forbidden' });
    expect(refusalOf(() => spec.decide([open, invited('m1', 'm2')], { ...remove('m2'), access: as('m1') }))).toMatchObject({ key: 'forbidden' });
  });

  it('refuses it once participation is locked', () => {
    const locked: AppointmentEvent = { type: 'ParticipationLockToggled', data: { appointment_id: 'a1', participation_locked: true } };
    expect(refusalOf(() => spec.decide([open, invited('m1'), locked], remove('m1')))).toMatchObject({ key: 'participation_locked' });
  });
});

describe('contacting attendees', () => {
  const contact = (audience: 'all' | 'accepted' | 'declined' | 'no_reaction', access = author): AppointmentCommand => ({
    type: 'ContactAttendees',
    subject: 'Hello',
    text: 'Bring a cake',
    audience,
    include_attachments: false,
    access,
    now: NOW,
  });
  const events = [created(), invited('m1', 'm2', 'm3'), answered('m1', 'accepted'), answered('m2', 'declined')];

  it('records the message and the recipients of the audience', () => {
    const recipients = (audience: 'all' | 'accepted' | 'declined' | 'no_reaction') =>
      (spec.decide(events, contact(audience))[0] as Extract<AppointmentEvent, { type: 'AttendeesContacted' }>).data.recipient_ids;
    expect(recipients('all')).toEqual(['m1', 'm2', 'm3']);
    expect(recipients('accepted')).toEqual(['m1']);
    expect(recipients('declined')).toEqual(['m2']);
    expect(recipients('no_reaction')).toEqual(['m3']);
  });

  it('refuses non-managers and an empty audience', () => {
    expect(refusalOf(() => spec.decide(events, contact('all', as('m1'))))).toMatchObject({ kind: 'forbidden' });
    expect(refusalOf(() => spec.decide([created()], contact('all')))).toMatchObject({ key: 'no_recipients' });
  });
});

describe('a deleted calendar takes its appointments along (DetachCalendar)', () => {
  it('deletes an appointment that was only in the deleted calendar', () => {
    const only = created({ calendar_ids: ['c1'] });
    expect(spec.decide([only], { type: 'DetachCalendar', calendar_id: 'c1' })).toEqual([{ type: 'AppointmentDeleted', data: { appointment_id: 'a1', occurrence_start: null } }]);
  });

  it('keeps an appointment that is also in another calendar, without the deleted one', () => {
    const both = created({ calendar_ids: ['c1', 'c2'] });
    const [updated] = spec.decide([both], { type: 'DetachCalendar', calendar_id: 'c1' });
    expect(updated).toMatchObject({ type: 'AppointmentUpdated', data: { appointment_id: 'a1', changed_fields: ['calendar_ids'], appointment: { calendar_ids: ['c2'] } } });
  });

  it('does nothing twice, nor to an appointment gone or elsewhere', () => {
    const only = created({ calendar_ids: ['c1'] });
    const deleted: AppointmentEvent = { type: 'AppointmentDeleted', data: { appointment_id: 'a1', occurrence_start: null } };
    expect(spec.decide([only, deleted], { type: 'DetachCalendar', calendar_id: 'c1' })).toEqual([]);
    expect(spec.decide([created({ calendar_ids: ['c2'] })], { type: 'DetachCalendar', calendar_id: 'c1' })).toEqual([]);
    expect(spec.decide([], { type: 'DetachCalendar', calendar_id: 'c1' })).toEqual([]);
  });
});
