import {
  appointmentAbilities,
  attendeeLimitReached,
  calendarAbilities,
  contactAudienceIncludes,
  hasMeeting,
  firstOccurrenceFrom,
  inviteRefusal,
  isRecurring,
  occurrenceAt,
  occurrenceId,
  reanchoredOccurrences,
  type AppointmentCan,
  type AppointmentEvent,
  type AppointmentFields,
  type CalendarFacts,
  type ContactAudience,
  type ParticipantStatus,
  type Viewer,
} from '@cn/contracts';
import { DomainError, type Decider } from '@cn/domain';
import {
  acceptedCount,
  evolveAppointment,
  initialAppointmentState,
  isPast,
  participantsOf,
  scheduleOf,
  statusOf,
  type AppointmentState,
} from './appointment-state';

/** Who asks, and what they may do with the calendars involved (null: no such calendar, or deleted). */
export interface Access {
  viewer: Viewer;
  calendars: Record<string, CalendarFacts | null>;
}

interface Base {
  access: Access;
  /** the clock's time when the command was decided (ISO) */
  now: string;
}

export interface CreateAppointment extends Base {
  type: 'CreateAppointment';
  appointment_id: string;
  fields: AppointmentFields;
}
/** occurrence_start set: an `r-` id, only that occurrence changes */
export interface UpdateAppointment extends Base {
  type: 'UpdateAppointment';
  occurrence_start: string | null;
  fields: AppointmentFields;
}
export interface CancelAppointment extends Base {
  type: 'CancelAppointment';
  occurrence_start: string | null;
}
export interface DeleteAppointment extends Base {
  type: 'DeleteAppointment';
  occurrence_start: string | null;
}
export interface ToggleParticipationLock extends Base {
  type: 'ToggleParticipationLock';
  participation_locked: boolean;
}
export interface AddParticipants extends Base {
  type: 'AddParticipants';
  occurrence_start: string | null;
  /** members, with groups and roles already expanded */
  member_ids: string[];
  group_ids: string[];
  membership_role_ids: string[];
  status: ParticipantStatus;
  send_email_notification: boolean;
}
/**
 * via 'invite': the member answers their invite (invites API); 'self': PUT …/participants/me (an open
 * invite, or opting in or out when user_can_opt); 'organizer': someone managing the participants.
 */
export interface ChangeParticipantStatus extends Base {
  type: 'ChangeParticipantStatus';
  occurrence_start: string | null;
  member_id: string;
  status: ParticipantStatus;
  via: 'invite' | 'self' | 'organizer';
  /** network setting member.opt_retroactively */
  opt_retroactively: boolean;
}
export interface RemoveParticipant extends Base {
  type: 'RemoveParticipant';
  occurrence_start: string | null;
  member_id: string;
}
export interface JoinWaitlist extends Base {
  type: 'JoinWaitlist';
}
export interface LeaveWaitlist extends Base {
  type: 'LeaveWaitlist';
}
export interface ContactAttendees extends Base {
  type: 'ContactAttendees';
  subject: string;
  text: string;
  audience: ContactAudience;
  include_attachments: boolean;
}

/**
 * The system's follow-up of a deleted calendar (CalendarDeletionReactor): an appointment only in that
 * calendar is deleted, one also in others leaves it. Nothing when the appointment is gone or not in it.
 */
export interface DetachCalendar {
  type: 'DetachCalendar';
  calendar_id: string;
}

export type AppointmentCommand =
  | DetachCalendar
  | CreateAppointment
  | UpdateAppointment
  | CancelAppointment
  | DeleteAppointment
  | ToggleParticipationLock
  | AddParticipants
  | ChangeParticipantStatus
  | RemoveParticipant
  | JoinWaitlist
  | LeaveWaitlist
  | ContactAttendees;

const CALENDARS_FIELD = 'appointment.calendar_ids';

const activeFields = (state: AppointmentState): AppointmentFields => {
  if (state.status !== 'active' || !state.fields) throw new DomainError('not_found', 'not_found');
  return state.fields;
};

export const abilitiesOf = (state: AppointmentState, access: Access): AppointmentCan => {
  const fields = activeFields(state);
  return appointmentAbilities(
    {
      author_id: state.author_id,
      calendars: fields.calendar_ids.flatMap((id) => {
        const calendar = access.calendars[id];
        return calendar ? [calendar] : [];
      }),
      my_status: statusOf(state, access.viewer.member_id, null),
      user_can_opt: fields.attendee_configuration.user_can_opt,
      show_participants_to_admins_only: fields.attendee_configuration.show_participants_to_admins_only,
      canceled: state.canceled,
      has_meeting: hasMeeting(fields),
    },
    access.viewer,
  );
};

const requireAbility = (state: AppointmentState, access: Access, ability: keyof AppointmentCan): void => {
  if (!abilitiesOf(state, access)[ability]) throw new DomainError('forbidden', 'forbidden');
};

/** Every calendar must exist and allow the viewer to add appointments (those already there stay). */
const requireCalendars = (calendarIds: readonly string[], access: Access, alreadyThere: readonly string[] = []): void => {
  for (const id of calendarIds) {
    const calendar = access.calendars[id];
    if (!calendar) throw new DomainError('unknown_calendar', 'invalid', CALENDARS_FIELD);
    if (!alreadyThere.includes(id) && !calendarAbilities(calendar, access.viewer).create_appointments) throw new DomainError('forbidden', 'forbidden');
  }
};

/** The occurrence named by its original start must belong to the series and still exist. */
const requireOccurrence = (state: AppointmentState, start: string | null): void => {
  if (start === null) return;
  const fields = activeFields(state);
  if (fields.recurrence_pattern.recurrence_frequency === 'never') throw new DomainError('not_recurring', 'refused');
  if (!occurrenceAt(scheduleOf(fields), start) || state.occurrences[start]?.deleted) throw new DomainError('not_found', 'not_found');
};

const isCanceled = (state: AppointmentState, start: string | null): boolean =>
  state.canceled || (start !== null && (state.occurrences[start]?.canceled ?? false));

const changedFields = (before: AppointmentFields, after: AppointmentFields): string[] =>
  (Object.keys(after) as Array<keyof AppointmentFields>).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));

const limitReached = (state: AppointmentState, start: string | null, extra = 0): boolean =>
  attendeeLimitReached(activeFields(state).attendee_configuration, acceptedCount(state, start) + extra);

const requireFreePlaces = (state: AppointmentState, start: string | null, newcomers: number): void => {
  const { total, total_attendees_enforced } = activeFields(state).attendee_configuration;
  if (total_attendees_enforced && total !== null && acceptedCount(state, start) + newcomers > total) {
    throw new DomainError('attendee_limit_exceeded', 'conflict');
  }
};

/** A place freed on the series goes to the first waiting members, as many as there are free places. */
const promotions = (state: AppointmentState, events: AppointmentEvent[], freedBy: string | null, now: string): AppointmentEvent[] => {
  const after = events.reduce(evolveAppointment, state);
  const { total, total_attendees_enforced } = activeFields(after).attendee_configuration;
  if (!total_attendees_enforced || total === null) return [];
  const free = Math.max(0, total - acceptedCount(after, null));
  return after.waitlist.slice(0, free).map((memberId) => ({
    type: 'WaitlistPromoted',
    data: { appointment_id: after.appointment_id, member_id: memberId, freed_by: freedBy, promoted_at: now },
  }));
};

const RECURRENCE_END_FIELD = 'appointment.recurrence_pattern.recurrence_end_time';
const RECURRENCE_FIELD = 'appointment.recurrence_pattern';

/** A series whose end comes before its first occurrence would be accepted and then shown nowhere. */
const requireSomeOccurrence = (fields: AppointmentFields): void => {
  if (isRecurring(fields) && firstOccurrenceFrom(scheduleOf(fields), fields.date.start) === null) {
    throw new DomainError('recurrence_ends_before_start', 'refused', RECURRENCE_END_FIELD);
  }
};

const decideCreate = (command: CreateAppointment, state: AppointmentState): AppointmentEvent[] => {
  if (state.status !== 'unknown') throw new DomainError('concurrency_conflict', 'conflict');
  requireCalendars(command.fields.calendar_ids, command.access);
  requireSomeOccurrence(command.fields);
  return [{ type: 'AppointmentCreated', data: { appointment_id: command.appointment_id, author_id: command.access.viewer.member_id, appointment: command.fields } }];
};

const decideUpdate = (command: UpdateAppointment, state: AppointmentState): AppointmentEvent[] => {
  const current = activeFields(state);
  requireAbility(state, command.access, 'update');
  requireCalendars(command.fields.calendar_ids, command.access, current.calendar_ids);
  const start = command.occurrence_start;
  if (start === null) {
    requireSomeOccurrence(command.fields);
    const changed = changedFields(current, command.fields);
    if (changed.length === 0) return [];
    // occurrences with a life of their own follow the series; an edited one that would be lost refuses the edit
    const moves = reanchoredOccurrences(scheduleOf(current), scheduleOf(command.fields), Object.keys(state.occurrences));
    if (Object.entries(moves).some(([from, to]) => to === null && state.occurrences[from]?.fields)) {
      throw new DomainError('edited_occurrence_lost', 'refused', RECURRENCE_FIELD);
    }
    return [
      {
        type: 'AppointmentUpdated',
        data: {
          appointment_id: state.appointment_id,
          appointment: command.fields,
          changed_fields: changed,
          ...(Object.keys(moves).length > 0 ? { reanchored: moves } : {}),
        },
      },
    ];
  }
  requireOccurrence(state, start);
  // an occurrence does not repeat itself
  const fields: AppointmentFields = {
    ...command.fields,
    recurrence_pattern: { recurrence_frequency: 'never', recurrence_interval: 1, recurrence_end_time: null, recurrence_unit: null },
  };
  const before = state.occurrences[start]?.fields ?? current;
  const changed = changedFields({ ...before, recurrence_pattern: fields.recurrence_pattern }, fields);
  if (changed.length === 0) return [];
  return [
    {
      type: 'AppointmentOccurrenceModified',
      data: { appointment_id: state.appointment_id, occurrence_id: occurrenceId(state.appointment_id, start), occurrence_start: start, appointment: fields, changed_fields: changed },
    },
  ];
};

const decideCancel = (command: CancelAppointment, state: AppointmentState): AppointmentEvent[] => {
  requireAbility(state, command.access, 'update');
  requireOccurrence(state, command.occurrence_start);
  if (isCanceled(state, command.occurrence_start)) throw new DomainError('already_canceled', 'refused');
  return [{ type: 'AppointmentCanceled', data: { appointment_id: state.appointment_id, occurrence_start: command.occurrence_start } }];
};

const decideDelete = (command: DeleteAppointment, state: AppointmentState): AppointmentEvent[] => {
  requireAbility(state, command.access, 'destroy');
  requireOccurrence(state, command.occurrence_start);
  return [{ type: 'AppointmentDeleted', data: { appointment_id: state.appointment_id, occurrence_start: command.occurrence_start } }];
};

const decideLock = (command: ToggleParticipationLock, state: AppointmentState): AppointmentEvent[] => {
  const fields = activeFields(state);
  requireAbility(state, command.access, 'lock');
  if (fields.attendee_configuration.participation_locked === command.participation_locked) return [];
  return [{ type: 'ParticipationLockToggled', data: { appointment_id: state.appointment_id, participation_locked: command.participation_locked } }];
};

const decideAddParticipants = (command: AddParticipants, state: AppointmentState): AppointmentEvent[] => {
  requireAbility(state, command.access, 'update_participants');
  requireOccurrence(state, command.occurrence_start);
  if (isCanceled(state, command.occurrence_start)) throw new DomainError('appointment_canceled', 'refused');
  const added = [...new Set(command.member_ids)].filter((id) => statusOf(state, id, command.occurrence_start) === null);
  if (added.length === 0) return [];
  if (command.status === 'accepted') requireFreePlaces(state, command.occurrence_start, added.length);
  return [
    {
      type: 'ParticipantsInvited',
      data: {
        appointment_id: state.appointment_id,
        occurrence_start: command.occurrence_start,
        participants: added.map((memberId) => ({ member_id: memberId, status: command.status })),
        group_ids: command.group_ids,
        membership_role_ids: command.membership_role_ids,
        send_email_notification: command.send_email_notification,
        invited_by: command.access.viewer.member_id,
      },
    },
  ];
};

/** The checks of a member answering for themself; answers the `via` the event records. */
const checkOwnAnswer = (command: ChangeParticipantStatus, state: AppointmentState, current: ParticipantStatus | null): 'invite' | 'opt' => {
  const fields = activeFields(state);
  const start = command.occurrence_start;
  if (command.status !== 'accepted' && command.status !== 'declined') throw new DomainError('invalid_value', 'invalid', 'participant.status');
  const situation = {
    status: current,
    participation_locked: fields.attendee_configuration.participation_locked,
    canceled: isCanceled(state, start),
    past: isPast(state, start, command.now),
    opt_retroactively: command.opt_retroactively,
    attendee_limit_reached: limitReached(state, start),
  };
  const answer = command.status === 'accepted' ? 'accept' : 'reject';
  const refuse = (refusal: string | null): void => {
    if (refusal !== null) throw new DomainError(refusal, refusal === 'attendee_limit_exceeded' ? 'conflict' : 'refused');
  };
  // the invites API answers open invites only
  if (current === 'invited' || command.via === 'invite') {
    refuse(inviteRefusal(situation, answer));
    return 'invite';
  }
  // a participant may change their answer under the same conditions as answering (lock, past, limit)
  if (current === 'accepted' || current === 'declined') {
    refuse(inviteRefusal({ ...situation, status: 'invited' }, answer));
    return 'invite';
  }
  // without an invite a member takes part only where members may opt in themselves: can.opt is false, so
  // the answer is a 403 like every other action whose flag is false
  if (current === null && !fields.attendee_configuration.user_can_opt) throw new DomainError('cannot_opt', 'forbidden');
  if (current !== null) throw new DomainError('invite_not_open', 'refused');
  refuse(inviteRefusal({ ...situation, status: 'invited' }, answer));
  return 'opt';
};

const decideChangeStatus = (command: ChangeParticipantStatus, state: AppointmentState): AppointmentEvent[] => {
  activeFields(state);
  requireOccurrence(state, command.occurrence_start);
  const start = command.occurrence_start;
  const current = statusOf(state, command.member_id, start);
  const self = command.member_id === command.access.viewer.member_id && command.via !== 'organizer';
  let via: 'invite' | 'opt' | 'organizer';
  if (self) {
    via = checkOwnAnswer(command, state, current);
  } else {
    requireAbility(state, command.access, 'update_participants');
    if (current === null) throw new DomainError('not_found', 'not_found');
    if (command.status === 'accepted' && current !== 'accepted') requireFreePlaces(state, start, 1);
    via = 'organizer';
  }
  if (current === command.status) return [];
  const changed: AppointmentEvent[] = [
    {
      type: 'ParticipantStatusChanged',
      data: {
        appointment_id: state.appointment_id,
        occurrence_start: start,
        member_id: command.member_id,
        status: command.status,
        previous_status: current,
        changed_by: command.access.viewer.member_id,
        via,
      },
    },
  ];
  const freed = start === null && current === 'accepted';
  return freed ? [...changed, ...promotions(state, changed, command.member_id, command.now)] : changed;
};

const decideRemove = (command: RemoveParticipant, state: AppointmentState): AppointmentEvent[] => {
  // where members may opt in (user_can_opt), a participant may opt out again: remove themselves
  const optingOut = command.member_id === command.access.viewer.member_id && activeFields(state).attendee_configuration.user_can_opt;
  if (optingOut) {
    if (state.canceled) throw new DomainError('appointment_canceled', 'refused');
    if (activeFields(state).attendee_configuration.participation_locked) throw new DomainError('participation_locked', 'refused');
  } else {
    requireAbility(state, command.access, 'update_participants');
  }
  requireOccurrence(state, command.occurrence_start);
  const current = statusOf(state, command.member_id, command.occurrence_start);
  if (current === null) throw new DomainError('not_found', 'not_found');
  const removed: AppointmentEvent[] = [
    {
      type: 'ParticipantRemoved',
      data: { appointment_id: state.appointment_id, occurrence_start: command.occurrence_start, member_id: command.member_id, removed_by: command.access.viewer.member_id },
    },
  ];
  const freed = command.occurrence_start === null && current === 'accepted';
  return freed ? [...removed, ...promotions(state, removed, command.member_id, command.now)] : removed;
};

const decideJoinWaitlist = (command: JoinWaitlist, state: AppointmentState): AppointmentEvent[] => {
  const fields = activeFields(state);
  const memberId = command.access.viewer.member_id;
  const current = statusOf(state, memberId, null);
  if (state.canceled) throw new DomainError('appointment_canceled', 'refused');
  if (fields.attendee_configuration.participation_locked) throw new DomainError('participation_locked', 'refused');
  if (state.waitlist.includes(memberId)) throw new DomainError('already_on_waitlist', 'refused');
  const eligible = current === 'invited' || current === 'declined' || fields.attendee_configuration.user_can_opt;
  if (current === 'accepted' || !eligible || !limitReached(state, null)) throw new DomainError('waitlist_not_available', 'refused');
  return [{ type: 'WaitlistJoined', data: { appointment_id: state.appointment_id, member_id: memberId } }];
};

const decideLeaveWaitlist = (command: LeaveWaitlist, state: AppointmentState): AppointmentEvent[] => {
  activeFields(state);
  const memberId = command.access.viewer.member_id;
  if (!state.waitlist.includes(memberId)) throw new DomainError('not_on_waitlist', 'refused');
  return [{ type: 'WaitlistLeft', data: { appointment_id: state.appointment_id, member_id: memberId } }];
};

const decideContact = (command: ContactAttendees, state: AppointmentState): AppointmentEvent[] => {
  requireAbility(state, command.access, 'contact');
  const recipients = participantsOf(state, null)
    .filter((participant) => contactAudienceIncludes(command.audience, participant.status))
    .map((participant) => participant.member_id);
  if (recipients.length === 0) throw new DomainError('no_recipients', 'refused', 'contact.audience');
  return [
    {
      type: 'AttendeesContacted',
      data: {
        appointment_id: state.appointment_id,
        subject: command.subject,
        text: command.text,
        audience: command.audience,
        include_attachments: command.include_attachments,
        recipient_ids: recipients,
      },
    },
  ];
};

const decideDetachCalendar = (command: DetachCalendar, state: AppointmentState): AppointmentEvent[] => {
  if (state.status !== 'active' || !state.fields?.calendar_ids.includes(command.calendar_id)) return [];
  const remaining = state.fields.calendar_ids.filter((id) => id !== command.calendar_id);
  if (remaining.length === 0) return [{ type: 'AppointmentDeleted', data: { appointment_id: state.appointment_id, occurrence_start: null } }];
  return [{ type: 'AppointmentUpdated', data: { appointment_id: state.appointment_id, appointment: { ...state.fields, calendar_ids: remaining }, changed_fields: ['calendar_ids'] } }];
};

export const decideAppointment = (command: AppointmentCommand, state: AppointmentState): AppointmentEvent[] => {
  switch (command.type) {
    case 'DetachCalendar':
      return decideDetachCalendar(command, state);
    case 'CreateAppointment':
      return decideCreate(command, state);
    case 'UpdateAppointment':
      return decideUpdate(command, state);
    case 'CancelAppointment':
      return decideCancel(command, state);
    case 'DeleteAppointment':
      return decideDelete(command, state);
    case 'ToggleParticipationLock':
      return decideLock(command, state);
    case 'AddParticipants':
      return decideAddParticipants(command, state);
    case 'ChangeParticipantStatus':
      return decideChangeStatus(command, state);
    case 'RemoveParticipant':
      return decideRemove(command, state);
    case 'JoinWaitlist':
      return decideJoinWaitlist(command, state);
    case 'LeaveWaitlist':
      return decideLeaveWaitlist(command, state);
    case 'ContactAttendees':
      return decideContact(command, state);
    default: {
      const unexpected: never = command;
      throw new Error(`unknown command ${JSON.stringify(unexpected)}`);
    }
  }
};

export const appointmentDecider: Decider<AppointmentState, AppointmentCommand, AppointmentEvent> = {
  initialState: initialAppointmentState,
  evolve: evolveAppointment,
  decide: decideAppointment,
};
