/**
 * Pure rules of the appointment form and the RSVP that both the server and the consoles apply
 * (calendars-appointments-search.md §4–§5). No I/O, no clock: the time is passed in.
 */
import { DEFAULT_APPOINTMENT_DURATION_MINUTES } from './calendar-constants';

type Unit = 'daily' | 'weekly' | 'monthly' | 'yearly';
type Frequency = 'never' | Unit | 'custom';

export interface RecurrenceAndTeams {
  recurrence_pattern: { recurrence_frequency: Frequency; recurrence_interval: number; recurrence_end_time: string | null; recurrence_unit?: Unit | null };
  teams_configuration: { teams_sync_enabled: boolean; online_meeting: boolean; bypass_lobby: boolean };
}

const pad = (value: number): string => String(value).padStart(2, '0');

/** Time input to HH:mm: hours above 23 become 00, invalid minutes become 00 ('9:5' → '09:05', '25:30' → '00:30'). */
export const normalizeTime = (input: string): string => {
  const [hoursText = '', minutesText = ''] = input.trim().split(':');
  const hours = /^\d{1,2}$/.test(hoursText) ? Number(hoursText) : 0;
  const minutes = /^\d{1,2}$/.test(minutesText) ? Number(minutesText) : 0;
  return `${pad(hours > 23 ? 0 : hours)}:${pad(minutes > 59 ? 0 : minutes)}`;
};

const HOUR_MS = 3_600_000;

/**
 * A new appointment starts at the next full hour after `now` and lasts one hour. With `day`
 * (`yyyy-MM-dd`, a double-click on the month sheet) it takes that day at the same hour (in UTC).
 */
export const defaultAppointmentDate = (now: Date, day?: string): { start: string; end: string } => {
  let start = new Date((Math.floor(now.getTime() / HOUR_MS) + 1) * HOUR_MS);
  if (day && /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00Z`))) {
    start = new Date(`${day}T${pad(start.getUTCHours())}:00:00.000Z`);
  }
  const end = new Date(start.getTime() + DEFAULT_APPOINTMENT_DURATION_MINUTES * 60_000);
  return { start: start.toISOString(), end: end.toISOString() };
};

/**
 * The invariants of §4 on a whole appointment: a recurrence other than never disables Teams sync;
 * Teams sync forces an online meeting; bypass lobby only with both sync and online meeting.
 */
export const normalizeTeamsConfiguration = <T extends RecurrenceAndTeams>(appointment: T): RecurrenceAndTeams => {
  const recurring = appointment.recurrence_pattern.recurrence_frequency !== 'never';
  const sync = appointment.teams_configuration.teams_sync_enabled && !recurring;
  const online = sync || appointment.teams_configuration.online_meeting;
  return {
    recurrence_pattern: appointment.recurrence_pattern,
    teams_configuration: { teams_sync_enabled: sync, online_meeting: online, bypass_lobby: appointment.teams_configuration.bypass_lobby && sync && online },
  };
};

/**
 * The form choosing a frequency: a different frequency resets the end time and the interval (1 unless
 * custom); custom repeats in the unit of the frequency it was chosen from, daily when chosen from never;
 * any recurrence disables Teams sync.
 */
export const chooseRecurrenceFrequency = <T extends RecurrenceAndTeams>(form: T, chosen: Frequency): T => {
  const current = form.recurrence_pattern;
  if (chosen === current.recurrence_frequency) return form;
  const previous = current.recurrence_frequency;
  const unit: Unit | null = chosen !== 'custom' ? null : previous === 'never' || previous === 'custom' ? 'daily' : previous;
  const next = {
    ...form,
    recurrence_pattern: {
      recurrence_frequency: chosen,
      recurrence_interval: chosen === 'custom' ? Math.max(1, current.recurrence_interval) : 1,
      recurrence_end_time: null,
      recurrence_unit: unit,
    },
  };
  return { ...next, ...normalizeTeamsConfiguration(next) };
};

/** The form switching Teams sync: on forces frequency never (with its resets) and an online meeting. */
export const chooseTeamsSync = <T extends RecurrenceAndTeams>(form: T, enabled: boolean): T => {
  const withSync = { ...form, teams_configuration: { ...form.teams_configuration, teams_sync_enabled: enabled } };
  const next =
    enabled && form.recurrence_pattern.recurrence_frequency !== 'never'
      ? { ...withSync, recurrence_pattern: { recurrence_frequency: 'never' as const, recurrence_interval: 1, recurrence_end_time: null, recurrence_unit: null } }
      : withSync;
  return { ...next, ...normalizeTeamsConfiguration(next) };
};

/** The form switching the online meeting (stays on while Teams sync is on). */
export const chooseOnlineMeeting = <T extends RecurrenceAndTeams>(form: T, enabled: boolean): T => {
  const next = { ...form, teams_configuration: { ...form.teams_configuration, online_meeting: enabled } };
  return { ...next, ...normalizeTeamsConfiguration(next) };
};

export interface InviteSituation {
  /** the member's current status ('invited' means the invite is open) */
  status: 'accepted' | 'declined' | 'rejected' | 'invited' | null;
  participation_locked: boolean;
  canceled: boolean;
  /** the appointment (occurrence) has ended */
  past: boolean;
  /** network setting member.opt_retroactively */
  opt_retroactively: boolean;
  /** the enforced attendee limit is reached (one more acceptance would exceed it) */
  attendee_limit_reached: boolean;
}

/**
 * Whether an open invite may be answered, or the key of the notice that replaces the buttons: only
 * while open, not locked, not past (unless opt_retroactively) and, for accepting, not at the limit.
 */
export const inviteRefusal = (situation: InviteSituation, answer: 'accept' | 'reject'): string | null => {
  if (situation.status !== 'invited') return 'invite_not_open';
  if (situation.canceled) return 'appointment_canceled';
  if (situation.participation_locked) return 'participation_locked';
  if (situation.past && !situation.opt_retroactively) return 'invite_expired';
  if (answer === 'accept' && situation.attendee_limit_reached) return 'attendee_limit_exceeded';
  return null;
};

/** The attendee limit applies only when enforced and set. */
export const attendeeLimitReached = (
  configuration: { total: number | null; total_attendees_enforced: boolean },
  acceptedCount: number,
): boolean => configuration.total_attendees_enforced && configuration.total !== null && acceptedCount >= configuration.total;

export const attendeeLimitExceeded = (
  configuration: { total: number | null; total_attendees_enforced: boolean },
  acceptedCount: number,
): boolean => configuration.total_attendees_enforced && configuration.total !== null && acceptedCount > configuration.total;
