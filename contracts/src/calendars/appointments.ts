import { z } from 'zod';
import { defineEvent, type EventOf } from '../common/events';
import {
  APPLY_TO,
  APPOINTMENT_DESCRIPTION_MAX,
  APPOINTMENT_NAME_MAX,
  APPOINTMENT_YEAR_MAX,
  APPOINTMENT_YEAR_MIN,
  DEFAULT_CURRENCY,
  DEFAULT_TIME_ZONE,
  MEETING_LINK_TYPES,
  RECURRENCE_FREQUENCIES,
  ZIP_MAX,
} from './calendar-constants';
import { normalizeTeamsConfiguration } from './appointment-rules';
import { isValidTimeZone, shortestRepeatMs } from './recurrence';
import { safeText } from '../common/safe-text';

const text = (max: number) => z.string().max(max, { message: 'too_long' }).default('');
/** ISO 8601 with an offset, stored in UTC (`2026-03-01T09:00:00.000Z`); the zone of origin sits in date.time_zone */
export const isoDateTimeSchema = z.iso
  .datetime({ offset: true, message: 'invalid_format' })
  .transform((value) => new Date(value).toISOString());
/** a date or date-time; date-times are stored in UTC */
const isoDateOrDateTime = z.union([z.iso.date({ message: 'invalid_format' }), isoDateTimeSchema], { message: 'invalid_format' });

export const recurrenceFrequencySchema = z.enum(RECURRENCE_FREQUENCIES);
export type RecurrenceFrequency = z.infer<typeof recurrenceFrequencySchema>;
export const applyToSchema = z.enum(APPLY_TO);
export type ApplyTo = z.infer<typeof applyToSchema>;

export const appointmentDateSchema = z
  .object({
    /** a date-time, or a plain date (yyyy-MM-dd) for a floating all-day appointment */
    start: isoDateOrDateTime,
    end: isoDateOrDateTime,
    all_day: z.boolean().default(false),
    // an IANA zone the runtime knows (Europe/Berlin); anything else is `time_zone: invalid`
    time_zone: z.string().min(1).max(100).refine(isValidTimeZone, { message: 'invalid' }).default(DEFAULT_TIME_ZONE),
  })
  .superRefine((date, ctx) => {
    // the key sits on the date field itself (the form highlights it and scrolls to it)
    if (Date.parse(date.end) < Date.parse(date.start)) ctx.addIssue({ code: 'custom', path: [], message: 'end_lt_start' });
  });
export type AppointmentDate = z.output<typeof appointmentDateSchema>;

export const attendeeConfigurationSchema = z.object({
  /** attendee limit; null: none */
  total: z.number({ message: 'invalid_type' }).int({ message: 'invalid_type' }).min(0, { message: 'too_small' }).nullable().default(null),
  total_attendees_enforced: z.boolean().default(false),
  /** members may take part without an invite */
  user_can_opt: z.boolean().default(false),
  show_participants_to_admins_only: z.boolean().default(false),
  participation_locked: z.boolean().default(false),
});
export type AttendeeConfiguration = z.output<typeof attendeeConfigurationSchema>;

export const applicationConfigurationSchema = z.object({
  registration_with_costs: z.boolean().default(false),
  costs: z.number({ message: 'invalid_type' }).min(0, { message: 'too_small' }).nullable().default(null),
  currency: z.string().trim().min(1).max(3, { message: 'too_long' }).default(DEFAULT_CURRENCY),
  registration_required: z.boolean().default(false),
  /** a day (yyyy-MM-dd) or date-time; null: not set */
  registration_deadline: isoDateOrDateTime.nullable().default(null),
  /** ticket URL */
  url: text(2000),
});
export type ApplicationConfiguration = z.output<typeof applicationConfigurationSchema>;

export const locationSchema = z.object({
  name: text(255),
  address1: text(255),
  address2: text(255),
  zip: text(ZIP_MAX),
  city: text(255),
  country: text(255),
  link: text(2000),
  meeting_link_type: z.enum(MEETING_LINK_TYPES).nullable().default(null),
});
export type AppointmentLocation = z.output<typeof locationSchema>;

export const meetingSchema = z.object({
  room_id: z.string().nullable().default(null),
  room_name: text(255),
  join_url: text(2000),
  conference_call_phone_number: text(100),
  conference_call_access_code: text(100),
  app_url: text(2000),
});
export type AppointmentMeeting = z.output<typeof meetingSchema>;

export const recurrencePatternSchema = z.object({
  recurrence_frequency: recurrenceFrequencySchema.default('never'),
  /** every n-th day/week/month/year; for 'custom': every n recurrence_units */
  recurrence_interval: z.number({ message: 'invalid_type' }).int({ message: 'invalid_type' }).min(1, { message: 'too_small' }).default(1),
  /** unit of a custom frequency (daily when null), see recurrence.ts */
  recurrence_unit: z.enum(['daily', 'weekly', 'monthly', 'yearly']).nullable().default(null),
  /** last day (or moment) an occurrence may start; null: endless */
  recurrence_end_time: isoDateOrDateTime.nullable().default(null),
});
export type RecurrencePattern = z.output<typeof recurrencePatternSchema>;

export const teamsConfigurationSchema = z.object({
  teams_sync_enabled: z.boolean().default(false),
  online_meeting: z.boolean().default(false),
  bypass_lobby: z.boolean().default(false),
});
export type TeamsConfiguration = z.output<typeof teamsConfigurationSchema>;

/**
 * `appointment: {...}` of POST /appointments and PUT /appointments/{id} (section 3 field names). PUT sends
 * the whole form again; absent nested objects take their defaults. The Teams/recurrence rules of §4 are
 * applied on the way in, so what is stored is always consistent.
 */
export const appointmentFieldsSchema = z
  .object({
    name: safeText(z.string().trim().min(1, { message: 'required' }).max(APPOINTMENT_NAME_MAX, { message: 'too_long' }), 'required'),
    description: text(APPOINTMENT_DESCRIPTION_MAX),
    calendar_ids: z.array(z.string().min(1), { message: 'selection_required' }).min(1, { message: 'selection_required' }),
    date: appointmentDateSchema,
    attendee_configuration: attendeeConfigurationSchema.prefault({}),
    application_configuration: applicationConfigurationSchema.prefault({}),
    location: locationSchema.prefault({}),
    meeting: meetingSchema.prefault({}),
    recurrence_pattern: recurrencePatternSchema.prefault({}),
    teams_configuration: teamsConfigurationSchema.prefault({}),
    category: z.string().trim().max(100, { message: 'too_long' }).nullable().default(null),
    /** member ids shown as contacts */
    contacts: z.array(z.string().min(1)).default([]),
    organizer: text(255),
    is_event: z.boolean().default(false),
    event_file_ids: z.array(z.string().min(1)).default([]),
    event_image_id: z.string().min(1).nullable().default(null),
  })
  .transform((appointment) => ({
    ...appointment,
    ...normalizeTeamsConfiguration(appointment),
  }))
  .superRefine((appointment, ctx) => {
    const start = Date.parse(appointment.date.start);
    const end = Date.parse(appointment.date.end);
    const year = (instant: number): number => new Date(instant).getUTCFullYear();
    if ([start, end].some((instant) => year(instant) < APPOINTMENT_YEAR_MIN || year(instant) > APPOINTMENT_YEAR_MAX)) {
      ctx.addIssue({ code: 'custom', path: ['date'], message: 'out_of_range' });
      return;
    }
    const step = shortestRepeatMs(appointment.recurrence_pattern);
    if (step !== null && end - start > step) ctx.addIssue({ code: 'custom', path: ['date'], message: 'duration_exceeds_interval' });
  });
export type AppointmentFields = z.output<typeof appointmentFieldsSchema>;
export type AppointmentFieldsInput = z.input<typeof appointmentFieldsSchema>;

export const createAppointmentRequestSchema = z.object({ appointment: appointmentFieldsSchema });
export type CreateAppointmentRequest = z.input<typeof createAppointmentRequestSchema>;
/** PUT /appointments/{id}: on an occurrence id (`r-…`) it changes that occurrence only. */
export const updateAppointmentRequestSchema = createAppointmentRequestSchema;
export type UpdateAppointmentRequest = CreateAppointmentRequest;

/** PATCH /appointments/{id}: the participation lock toggle. */
export const toggleParticipationLockRequestSchema = z.object({
  appointment: z.object({
    attendee_configuration: z.object({ participation_locked: z.boolean({ message: 'required' }) }),
  }),
});
export type ToggleParticipationLockRequest = z.input<typeof toggleParticipationLockRequestSchema>;

// ---- events (stream appointmentStream(id)) ----

/** Fields as stored: the normalized output of the request schema (re-parsing it changes nothing). */
const storedFields = appointmentFieldsSchema;
const occurrenceStart = z.string().nullable();

export const AppointmentCreated = defineEvent(
  'AppointmentCreated',
  1,
  z.object({ appointment_id: z.string(), author_id: z.string().nullable(), appointment: storedFields }),
);

export const AppointmentUpdated = defineEvent(
  'AppointmentUpdated',
  1,
  z.object({
    appointment_id: z.string(),
    appointment: storedFields,
    changed_fields: z.array(z.string()),
    /**
     * Occurrences with a life of their own (edited, canceled, deleted, answered alone) whose original start
     * the edit moved: old start → new start, or null when the series no longer has it (reanchoredOccurrences).
     */
    reanchored: z.record(z.string(), z.string().nullable()).optional(),
  }),
);

/** One occurrence of a series changed (`r-` id); the series itself stays as it is. */
export const AppointmentOccurrenceModified = defineEvent(
  'AppointmentOccurrenceModified',
  1,
  z.object({
    appointment_id: z.string(),
    occurrence_id: z.string(),
    /** original start of the occurrence (UTC ISO), which names it */
    occurrence_start: z.string(),
    appointment: storedFields,
    changed_fields: z.array(z.string()),
  }),
);

/** occurrence_start set: one occurrence of a series was canceled; null: the appointment (series) */
export const AppointmentCanceled = defineEvent('AppointmentCanceled', 1, z.object({ appointment_id: z.string(), occurrence_start: occurrenceStart }));

/** occurrence_start set: one occurrence was taken out of the series; null: the whole appointment */
export const AppointmentDeleted = defineEvent('AppointmentDeleted', 1, z.object({ appointment_id: z.string(), occurrence_start: occurrenceStart }));

export const participantStatusSchema = z.enum(['accepted', 'declined', 'rejected', 'invited']);
export type ParticipantStatus = z.infer<typeof participantStatusSchema>;

/**
 * Whether a member on the waiting list stays there after their status on the series became `status`
 * (null: removed). A place taken, a decline and a removal are final: such a member is never promoted.
 */
export const staysOnWaitlist = (status: ParticipantStatus | null): boolean => status === 'invited';

export const ParticipantsInvited = defineEvent(
  'ParticipantsInvited',
  1,
  z.object({
    appointment_id: z.string(),
    occurrence_start: occurrenceStart,
    /** every member added, with the status they start with; groups and roles already expanded */
    participants: z.array(z.object({ member_id: z.string(), status: participantStatusSchema })),
    group_ids: z.array(z.string()),
    membership_role_ids: z.array(z.string()),
    send_email_notification: z.boolean(),
    invited_by: z.string().nullable(),
  }),
);

/** How a status change came about: an answer to an invite, a member opting in, or an organizer's change. */
export const statusChangeViaSchema = z.enum(['invite', 'opt', 'organizer']);

export const ParticipantStatusChanged = defineEvent(
  'ParticipantStatusChanged',
  1,
  z.object({
    appointment_id: z.string(),
    occurrence_start: occurrenceStart,
    member_id: z.string(),
    status: participantStatusSchema,
    previous_status: participantStatusSchema.nullable(),
    /** who changed it (the member themself when answering) */
    changed_by: z.string().nullable(),
    via: statusChangeViaSchema,
  }),
);

export const ParticipantRemoved = defineEvent(
  'ParticipantRemoved',
  1,
  z.object({ appointment_id: z.string(), occurrence_start: occurrenceStart, member_id: z.string(), removed_by: z.string().nullable() }),
);

export const ParticipationLockToggled = defineEvent(
  'ParticipationLockToggled',
  1,
  z.object({ appointment_id: z.string(), participation_locked: z.boolean() }),
);

export const WaitlistJoined = defineEvent('WaitlistJoined', 1, z.object({ appointment_id: z.string(), member_id: z.string() }));
export const WaitlistLeft = defineEvent('WaitlistLeft', 1, z.object({ appointment_id: z.string(), member_id: z.string() }));
/** The first waiting member took a freed place: they are accepted from now on. */
export const WaitlistPromoted = defineEvent(
  'WaitlistPromoted',
  1,
  z.object({
    appointment_id: z.string(),
    member_id: z.string(),
    /** whose decline or removal freed the place */
    freed_by: z.string().nullable(),
    promoted_at: z.string(),
  }),
);

export const contactAudienceSchema = z.enum(['all', 'accepted', 'declined', 'no_reaction']);
export type ContactAudience = z.infer<typeof contactAudienceSchema>;

export const AttendeesContacted = defineEvent(
  'AttendeesContacted',
  1,
  z.object({
    appointment_id: z.string(),
    subject: z.string(),
    text: z.string(),
    audience: contactAudienceSchema,
    include_attachments: z.boolean(),
    recipient_ids: z.array(z.string()),
  }),
);

export const appointmentEvents = [
  AppointmentCreated,
  AppointmentUpdated,
  AppointmentOccurrenceModified,
  AppointmentCanceled,
  AppointmentDeleted,
  ParticipantsInvited,
  ParticipantStatusChanged,
  ParticipantRemoved,
  ParticipationLockToggled,
  WaitlistJoined,
  WaitlistLeft,
  WaitlistPromoted,
  AttendeesContacted,
] as const;

export type AppointmentEvent =
  | EventOf<typeof AppointmentCreated>
  | EventOf<typeof AppointmentUpdated>
  | EventOf<typeof AppointmentOccurrenceModified>
  | EventOf<typeof AppointmentCanceled>
  | EventOf<typeof AppointmentDeleted>
  | EventOf<typeof ParticipantsInvited>
  | EventOf<typeof ParticipantStatusChanged>
  | EventOf<typeof ParticipantRemoved>
  | EventOf<typeof ParticipationLockToggled>
  | EventOf<typeof WaitlistJoined>
  | EventOf<typeof WaitlistLeft>
  | EventOf<typeof WaitlistPromoted>
  | EventOf<typeof AttendeesContacted>;

