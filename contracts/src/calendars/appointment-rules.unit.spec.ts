import {
  appointmentFieldsSchema,
  appointmentTarget,
  attendeeLimitReached,
  chooseOnlineMeeting,
  chooseRecurrenceFrequency,
  chooseTeamsSync,
  createCalendarRequestSchema,
  defaultAppointmentDate,
  inviteId,
  inviteRefusal,
  normalizeTime,
  occurrenceId,
  parseInviteId,
  parseOccurrenceId,
  randomCalendarColor,
  CALENDAR_PALETTE,
  type InviteSituation,
  type RecurrenceAndTeams,
} from '../index';

const form = (overrides: Partial<RecurrenceAndTeams> = {}): RecurrenceAndTeams => ({
  recurrence_pattern: { recurrence_frequency: 'never', recurrence_interval: 1, recurrence_end_time: null },
  teams_configuration: { teams_sync_enabled: false, online_meeting: false, bypass_lobby: false },
  ...overrides,
});

describe('time normalisation', () => {
  it.each([
    ['09:30', '09:30'],
    ['9:5', '09:05'],
    ['25:30', '00:30'],
    ['23:59', '23:59'],
    ['12:75', '12:00'],
    ['ab:cd', '00:00'],
    ['', '00:00'],
    ['7', '07:00'],
  ])('%j becomes %j', (input, expected) => expect(normalizeTime(input)).toBe(expected));
});

describe('default new appointment', () => {
  it('starts at the next full hour and lasts one hour', () => {
    expect(defaultAppointmentDate(new Date('2026-03-01T09:17:00Z'))).toEqual({ start: '2026-03-01T10:00:00.000Z', end: '2026-03-01T11:00:00.000Z' });
    expect(defaultAppointmentDate(new Date('2026-03-01T09:00:00Z')).start).toBe('2026-03-01T10:00:00.000Z');
    expect(defaultAppointmentDate(new Date('2026-03-01T23:30:00Z')).start).toBe('2026-03-02T00:00:00.000Z');
  });
  it('takes the given day at that hour', () => {
    expect(defaultAppointmentDate(new Date('2026-03-01T09:17:00Z'), '2026-03-20')).toEqual({ start: '2026-03-20T10:00:00.000Z', end: '2026-03-20T11:00:00.000Z' });
    expect(defaultAppointmentDate(new Date('2026-03-01T09:17:00Z'), 'nonsense').start).toBe('2026-03-01T10:00:00.000Z');
  });
});

describe('recurrence and Teams sync', () => {
  it('a different frequency resets the end time and the interval', () => {
    const weekly = form({ recurrence_pattern: { recurrence_frequency: 'weekly', recurrence_interval: 3, recurrence_end_time: '2026-12-31' } });
    expect(chooseRecurrenceFrequency(weekly, 'monthly').recurrence_pattern).toEqual({ recurrence_frequency: 'monthly', recurrence_interval: 1, recurrence_end_time: null, recurrence_unit: null });
    expect(chooseRecurrenceFrequency(weekly, 'custom').recurrence_pattern).toEqual({ recurrence_frequency: 'custom', recurrence_interval: 3, recurrence_end_time: null, recurrence_unit: 'weekly' });
    expect(chooseRecurrenceFrequency(weekly, 'weekly')).toBe(weekly);
  });
  it('custom chosen from never becomes daily', () => {
    expect(chooseRecurrenceFrequency(form(), 'custom').recurrence_pattern).toMatchObject({ recurrence_frequency: 'custom', recurrence_unit: 'daily' });
  });
  it('a recurrence disables Teams sync, and Teams sync forces never and an online meeting', () => {
    const synced = chooseTeamsSync(form(), true);
    expect(synced.teams_configuration).toEqual({ teams_sync_enabled: true, online_meeting: true, bypass_lobby: false });
    expect(chooseRecurrenceFrequency(synced, 'daily').teams_configuration.teams_sync_enabled).toBe(false);
    const weekly = form({ recurrence_pattern: { recurrence_frequency: 'weekly', recurrence_interval: 2, recurrence_end_time: null } });
    expect(chooseTeamsSync(weekly, true).recurrence_pattern).toEqual({ recurrence_frequency: 'never', recurrence_interval: 1, recurrence_end_time: null, recurrence_unit: null });
  });
  it('keeps the online meeting on while synced and resets bypass lobby otherwise', () => {
    const synced = chooseTeamsSync(form({ teams_configuration: { teams_sync_enabled: false, online_meeting: false, bypass_lobby: true } }), true);
    expect(synced.teams_configuration.bypass_lobby).toBe(true);
    expect(chooseOnlineMeeting(synced, false).teams_configuration.online_meeting).toBe(true);
    expect(chooseTeamsSync(synced, false).teams_configuration).toEqual({ teams_sync_enabled: false, online_meeting: true, bypass_lobby: false });
  });
});

describe('invite answers', () => {
  const open: InviteSituation = { status: 'invited', participation_locked: false, canceled: false, past: false, opt_retroactively: false, attendee_limit_reached: false };
  it('are allowed only while open, unlocked, not past (unless retroactive) and under the limit', () => {
    expect(inviteRefusal(open, 'accept')).toBeNull();
    expect(inviteRefusal({ ...open, status: 'accepted' }, 'reject')).toBe('invite_not_open');
    expect(inviteRefusal({ ...open, participation_locked: true }, 'accept')).toBe('participation_locked');
    expect(inviteRefusal({ ...open, past: true }, 'accept')).toBe('invite_expired');
    expect(inviteRefusal({ ...open, past: true, opt_retroactively: true }, 'accept')).toBeNull();
    expect(inviteRefusal({ ...open, attendee_limit_reached: true }, 'accept')).toBe('attendee_limit_exceeded');
    expect(inviteRefusal({ ...open, attendee_limit_reached: true }, 'reject')).toBeNull();
  });
  it('count the limit only when enforced', () => {
    expect(attendeeLimitReached({ total: 2, total_attendees_enforced: true }, 2)).toBe(true);
    expect(attendeeLimitReached({ total: 2, total_attendees_enforced: true }, 1)).toBe(false);
    expect(attendeeLimitReached({ total: 2, total_attendees_enforced: false }, 5)).toBe(false);
    expect(attendeeLimitReached({ total: null, total_attendees_enforced: true }, 5)).toBe(false);
  });
});

describe('ids', () => {
  it('names occurrences and invites reversibly', () => {
    const id = occurrenceId('0b0e-41aa', '2026-03-02T09:00:00+01:00');
    expect(id).toBe('r-0b0e-41aa-20260302T080000Z');
    expect(parseOccurrenceId(id)).toEqual({ appointmentId: '0b0e-41aa', occurrenceStart: '2026-03-02T08:00:00.000Z' });
    expect(appointmentTarget('abc')).toEqual({ appointmentId: 'abc', occurrenceStart: null });
    expect(parseOccurrenceId('r-abc')).toBeNull();
    expect(parseInviteId(inviteId('a-1', 'm-2'))).toEqual({ appointmentId: 'a-1', memberId: 'm-2' });
    expect(parseInviteId('nodot')).toBeNull();
  });
});

describe('request schemas', () => {
  const valid = { name: ' Meeting ', calendar_ids: ['c1'], date: { start: '2026-03-01T10:00:00+01:00', end: '2026-03-01T11:00:00+01:00' } };
  const keys = (input: unknown) => {
    const result = appointmentFieldsSchema.safeParse(input);
    return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
  };
  it('fills defaults (currency EUR, recurrence never) and stores times in UTC', () => {
    const parsed = appointmentFieldsSchema.parse(valid);
    expect(parsed.name).toBe('Meeting');
    expect(parsed.date).toEqual({ start: '2026-03-01T09:00:00.000Z', end: '2026-03-01T10:00:00.000Z', all_day: false, time_zone: 'Europe/Berlin' });
    expect(parsed.application_configuration.currency).toBe('EUR');
    expect(parsed.recurrence_pattern).toEqual({ recurrence_frequency: 'never', recurrence_interval: 1, recurrence_end_time: null, recurrence_unit: null });
    expect(appointmentFieldsSchema.parse({ ...valid, date: { start: '2026-03-01', end: '2026-03-02', all_day: true } }).date.start).toBe('2026-03-01');
    expect(appointmentFieldsSchema.parse(parsed)).toEqual(parsed);
  });
  it('answers the keys of section 5', () => {
    expect(keys({ ...valid, name: '  ' })).toEqual(['name:required']);
    expect(keys({ ...valid, calendar_ids: [] })).toEqual(['calendar_ids:selection_required']);
    expect(keys({ ...valid, date: { start: valid.date.end, end: valid.date.start } })).toEqual(['date:end_lt_start']);
    expect(keys({ ...valid, recurrence_pattern: { recurrence_frequency: 'custom', recurrence_interval: 0 } })).toEqual(['recurrence_pattern.recurrence_interval:too_small']);
    expect(keys({ ...valid, attendee_configuration: { total: -1 } })).toEqual(['attendee_configuration.total:too_small']);
    expect(keys({ ...valid, application_configuration: { costs: -0.5 } })).toEqual(['application_configuration.costs:too_small']);
    expect(keys({ ...valid, location: { zip: '12345678901' } })).toEqual(['location.zip:too_long']);
  });
  it('refuses a series whose occurrence outlasts its repeat, and dates outside 1900-2999', () => {
    const weekly = { recurrence_frequency: 'weekly', recurrence_interval: 1 };
    const eightDays = { start: '2026-03-01T10:00:00Z', end: '2026-03-09T10:00:00Z' };
    expect(keys({ ...valid, date: { ...valid.date, time_zone: 'Mars/Olympus_Mons' } })).toEqual(['date.time_zone:invalid']);
    expect(keys({ ...valid, date: { ...valid.date, time_zone: 'America/Argentina/Buenos_Aires' } })).toEqual([]);
    expect(keys({ ...valid, date: eightDays, recurrence_pattern: weekly })).toEqual(['date:duration_exceeds_interval']);
    expect(keys({ ...valid, date: { start: '2026-03-01T10:00:00Z', end: '2026-03-08T10:00:00Z' }, recurrence_pattern: weekly })).toEqual([]);
    expect(keys({ ...valid, date: eightDays })).toEqual([]); // a single appointment may last as long as it likes
    expect(keys({ ...valid, date: eightDays, recurrence_pattern: { recurrence_frequency: 'custom', recurrence_interval: 2, recurrence_unit: 'weekly' } })).toEqual([]);
    expect(keys({ ...valid, date: { start: '0111-02-02T18:33:49Z', end: '2499-01-25T00:00:00Z' }, recurrence_pattern: weekly })).toEqual(['date:out_of_range']);
    expect(keys({ ...valid, date: { start: '2026-03-01T10:00:00Z', end: '3001-01-01T00:00:00Z' } })).toEqual(['date:out_of_range']);
  });
  it('applies the Teams rules to what is stored', () => {
    const parsed = appointmentFieldsSchema.parse({
      ...valid,
      recurrence_pattern: { recurrence_frequency: 'weekly' },
      teams_configuration: { teams_sync_enabled: true, online_meeting: false, bypass_lobby: true },
    });
    expect(parsed.teams_configuration).toEqual({ teams_sync_enabled: false, online_meeting: false, bypass_lobby: false });
  });
  it('requires a calendar name and picks palette colours', () => {
    expect(createCalendarRequestSchema.safeParse({ type: 'personal', calendar: { name: '' } }).error?.issues[0]?.message).toBe('required');
    expect(createCalendarRequestSchema.parse({ calendar: { name: 'x', color: '#1976D2' } }).calendar.color).toBe('1976d2');
    expect(randomCalendarColor(0)).toBe(CALENDAR_PALETTE[0]);
    expect(randomCalendarColor(0.9999)).toBe(CALENDAR_PALETTE[11]);
    expect(CALENDAR_PALETTE).toHaveLength(12);
  });
});
