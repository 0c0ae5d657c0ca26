import {
  lastOccurrence,
  staysOnWaitlist,
  type AppointmentEvent,
  type AppointmentFields,
  type ParticipantStatus,
  type RecurringSchedule,
} from '@cn/contracts';

/** How one occurrence of a series differs from it. A participant mapped to null was removed for it. */
export interface OccurrenceState {
  fields: AppointmentFields | null;
  canceled: boolean;
  deleted: boolean;
  participants: Record<string, ParticipantStatus | null>;
}

/** The appointment stream folded: the series, its occurrences' differences, participants and waiting list. */
export interface AppointmentState {
  status: 'unknown' | 'active' | 'deleted';
  appointment_id: string;
  author_id: string | null;
  fields: AppointmentFields | null;
  canceled: boolean;
  /** member id → status, in the order they were added */
  participants: Record<string, ParticipantStatus>;
  /** original start (UTC ISO) → differences */
  occurrences: Record<string, OccurrenceState>;
  /** member ids waiting for a place, first come first served */
  waitlist: string[];
}

export const initialAppointmentState = (): AppointmentState => ({
  status: 'unknown',
  appointment_id: '',
  author_id: null,
  fields: null,
  canceled: false,
  participants: {},
  occurrences: {},
  waitlist: [],
});

const occurrence = (state: AppointmentState, start: string): OccurrenceState =>
  state.occurrences[start] ?? { fields: null, canceled: false, deleted: false, participants: {} };

const withOccurrence = (state: AppointmentState, start: string, change: (current: OccurrenceState) => OccurrenceState): AppointmentState => ({
  ...state,
  occurrences: { ...state.occurrences, [start]: change(occurrence(state, start)) },
});

const setStatus = (state: AppointmentState, start: string | null, memberId: string, status: ParticipantStatus | null): AppointmentState => {
  if (start !== null) return withOccurrence(state, start, (current) => ({ ...current, participants: { ...current.participants, [memberId]: status } }));
  const { [memberId]: _previous, ...others } = state.participants;
  const waitlist = staysOnWaitlist(status) ? state.waitlist : state.waitlist.filter((id) => id !== memberId);
  return { ...state, participants: status === null ? others : { ...state.participants, [memberId]: status }, waitlist };
};

/** Occurrences keyed by their new original starts after a series edit moved them (null: gone). */
const reanchor = (occurrences: Record<string, OccurrenceState>, moves: Record<string, string | null> | undefined): Record<string, OccurrenceState> => {
  if (!moves) return occurrences;
  const moved: Record<string, OccurrenceState> = {};
  for (const [start, occurrence] of Object.entries(occurrences)) {
    const to = start in moves ? moves[start] : start;
    if (to !== null) moved[to] = occurrence;
  }
  return moved;
};

/** An answer for the whole series (apply_to: all) replaces the member's answers for single occurrences. */
const seriesAnswerWins = (state: AppointmentState, start: string | null, memberId: string): AppointmentState => {
  if (start !== null) return state;
  const occurrences = Object.entries(state.occurrences).map(([key, current]): [string, OccurrenceState] => {
    if (!(memberId in current.participants)) return [key, current];
    const { [memberId]: _answer, ...others } = current.participants;
    return [key, { ...current, participants: others }];
  });
  return { ...state, occurrences: Object.fromEntries(occurrences) };
};

export const evolveAppointment = (state: AppointmentState, event: AppointmentEvent): AppointmentState => {
  switch (event.type) {
    case 'AppointmentCreated':
      return { ...state, status: 'active', appointment_id: event.data.appointment_id, author_id: event.data.author_id, fields: event.data.appointment };
    case 'AppointmentUpdated':
      return { ...state, fields: event.data.appointment, occurrences: reanchor(state.occurrences, event.data.reanchored) };
    case 'AppointmentOccurrenceModified':
      return withOccurrence(state, event.data.occurrence_start, (current) => ({ ...current, fields: event.data.appointment }));
    case 'AppointmentCanceled':
      return event.data.occurrence_start === null
        ? { ...state, canceled: true }
        : withOccurrence(state, event.data.occurrence_start, (current) => ({ ...current, canceled: true }));
    case 'AppointmentDeleted':
      return event.data.occurrence_start === null
        ? { ...state, status: 'deleted' }
        : withOccurrence(state, event.data.occurrence_start, (current) => ({ ...current, deleted: true }));
    case 'ParticipantsInvited':
      return event.data.participants.reduce(
        (current, participant) => setStatus(current, event.data.occurrence_start, participant.member_id, participant.status),
        state,
      );
    case 'ParticipantStatusChanged':
      return setStatus(seriesAnswerWins(state, event.data.occurrence_start, event.data.member_id), event.data.occurrence_start, event.data.member_id, event.data.status);
    case 'ParticipantRemoved':
      return setStatus(seriesAnswerWins(state, event.data.occurrence_start, event.data.member_id), event.data.occurrence_start, event.data.member_id, null);
    case 'ParticipationLockToggled':
      return state.fields
        ? {
            ...state,
            fields: { ...state.fields, attendee_configuration: { ...state.fields.attendee_configuration, participation_locked: event.data.participation_locked } },
          }
        : state;
    case 'WaitlistJoined':
      return { ...state, waitlist: [...state.waitlist.filter((id) => id !== event.data.member_id), event.data.member_id] };
    case 'WaitlistLeft':
      return { ...state, waitlist: state.waitlist.filter((id) => id !== event.data.member_id) };
    case 'WaitlistPromoted':
      return setStatus(state, null, event.data.member_id, 'accepted');
    case 'AttendeesContacted':
      return state;
    default:
      // events of later versions this decider does not know change nothing it decides on
      return state;
  }
};

/** The member's status for the series (start null) or one occurrence, null when not a participant. */
export const statusOf = (state: AppointmentState, memberId: string, start: string | null): ParticipantStatus | null => {
  if (start !== null) {
    const participants = state.occurrences[start]?.participants ?? {};
    if (Object.hasOwn(participants, memberId)) return participants[memberId] ?? null;
  }
  return state.participants[memberId] ?? null;
};

/** Members with their status for the series or one occurrence. */
export const participantsOf = (state: AppointmentState, start: string | null): Array<{ member_id: string; status: ParticipantStatus }> => {
  const ids = new Set([...Object.keys(state.participants), ...(start !== null ? Object.keys(state.occurrences[start]?.participants ?? {}) : [])]);
  return [...ids].flatMap((memberId) => {
    const status = statusOf(state, memberId, start);
    return status === null ? [] : [{ member_id: memberId, status }];
  });
};

export const acceptedCount = (state: AppointmentState, start: string | null): number =>
  participantsOf(state, start).filter((participant) => participant.status === 'accepted').length;

export const scheduleOf = (fields: AppointmentFields): RecurringSchedule => ({
  start: fields.date.start,
  end: fields.date.end,
  all_day: fields.date.all_day,
  time_zone: fields.date.time_zone,
  recurrence_pattern: fields.recurrence_pattern,
});

const endOfDay = (value: string): number => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? Date.parse(`${value}T23:59:59.999Z`) : Date.parse(value));

/**
 * Whether the appointment (or the occurrence starting at `start`) has ended at `now`; an endless
 * series never has.
 */
export const isPast = (state: AppointmentState, start: string | null, now: string): boolean => {
  const fields = state.fields;
  if (!fields) return false;
  const at = Date.parse(now);
  if (start !== null) {
    const modified = state.occurrences[start]?.fields;
    if (modified) return endOfDay(modified.date.end) < at;
    const duration = endOfDay(fields.date.end) - Date.parse(fields.date.start);
    return Date.parse(start) + duration < at;
  }
  if (fields.recurrence_pattern.recurrence_frequency === 'never') return endOfDay(fields.date.end) < at;
  const last = lastOccurrence(scheduleOf(fields));
  return last !== null && endOfDay(last.end) < at;
};
