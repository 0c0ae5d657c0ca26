import { z } from 'zod';
import type { AppointmentCan } from './calendar-abilities';
import type {
  AppointmentDate,
  AppointmentLocation,
  AppointmentMeeting,
  ApplicationConfiguration,
  AttendeeConfiguration,
  RecurrencePattern,
  TeamsConfiguration,
} from './appointments';
import { ROLE_DISPLAY_TYPE_VALUES } from '../groups/groups';
import { APPOINTMENT_TYPES, INVITE_STATUSES, MEETING_LINK_TYPES, PARTICIPANT_DISPLAY_STATUSES } from './calendar-constants';

export type AppointmentType = (typeof APPOINTMENT_TYPES)[number];
export type ParticipantDisplayStatus = (typeof PARTICIPANT_DISPLAY_STATUSES)[number];
export type InviteStatus = (typeof INVITE_STATUSES)[number];

export interface MemberRef {
  id: string;
  name: string;
  path: string;
}

/** A participant as the read side answers it; id 'me' stands for the viewer. */
export interface ParticipantDto {
  id: string;
  status: ParticipantDisplayStatus;
  roles: Array<{ id: string; name: string; plural_name: string; display_type: (typeof ROLE_DISPLAY_TYPE_VALUES)[number] }>;
  membership: {
    id: string;
    name: string;
    path: string;
    images: { small: string | null; large: string | null };
    first_name: string;
    last_name: string;
    detection_profile_field: string | null;
    is_external: boolean;
    upn: string | null;
    show_add_upn_link: boolean;
  };
}

export interface AppointmentCalendarRef {
  id: string;
  name: string;
  color: string;
}

/** GET /appointments/{id} (also the entries of the lists, where participants may be left empty). */
export interface AppointmentDto {
  /** the appointment id, or an occurrence id (`r-…`) for an occurrence of a series */
  id: string;
  /** the series' id when this is an occurrence */
  recurring_appointment_id: string | null;
  name: string;
  description: string;
  description_rendered: string;
  type: AppointmentType;
  calendar_ids: string[];
  calendars: AppointmentCalendarRef[];
  unknown_calendars: number;
  date: AppointmentDate & { same_day: boolean };
  recurrence_pattern: RecurrencePattern;
  next_occurrence_date: string | null;
  next_occurrence_url: string | null;
  previous_occurrence_url: string | null;
  recurring_appointment_url: string | null;
  meeting: AppointmentMeeting;
  location: AppointmentLocation & { maps_url: string | null };
  participants: ParticipantDto[];
  invited_consumers: number;
  my_invite: InviteDto | null;
  event_files: Array<{ id: string; name: string; url: string }>;
  event_image: { large_thumb: string } | null;
  teams_configuration: TeamsConfiguration & { join_url: string | null; teams_event: boolean; teams_only_participants_count: number };
  category: string | null;
  consultants: MemberRef[];
  contacts: Array<{ name: string; path: string }>;
  organizer: string;
  author: MemberRef | null;
  generic_author: string | null;
  last_author: MemberRef | null;
  created_at: string;
  updated_at: string;
  attendee_configuration: AttendeeConfiguration;
  attending_participants_count: number;
  total_attendees_enforced_and_exceeded: boolean;
  /** members waiting for a place (beyond the spec), in order */
  waitlist: MemberRef[];
  my_waitlist_position: number | null;
  application_configuration: ApplicationConfiguration;
  is_event: boolean;
  canceled: boolean;
  cancel_prohibited_reason: string | null;
  has_meeting: boolean;
  can: AppointmentCan;
}

/** GET /api/v1/invites entries. */
export interface InviteDto {
  /** `<appointmentId>.<memberId>` (inviteId) */
  id: string;
  invitable: { id: string; name: string };
  invitable_type: 'Appointment';
  author: MemberRef | null;
  invited_by: MemberRef | null;
  status: InviteStatus;
  appointment: { id: string; name: string; date: AppointmentDate; status: 'active' | 'canceled'; participation_locked: boolean };
}

export interface InvitesResponse {
  invites: InviteDto[];
  /** number of open invites (the badge of the open tab) */
  open_count: number;
  /** the next page's URL, also sent as the Link header; null on the last page */
  next: string | null;
}

export interface ParticipationsResponse {
  participations: Array<{ appointment: AppointmentDto; status: ParticipantDisplayStatus }>;
  next: string | null;
}

/** GET /appointments and /appointments/participating with view=month: whole ISO weeks around the month. */
export interface AppointmentsMonthResponse {
  /** first and last day shown (Monday of the first week, Sunday of the last), yyyy-MM-dd */
  from: string;
  to: string;
  month: string;
  appointments: AppointmentDto[];
}

// ---- response schemas (GET /api/docs); each must produce its interface above ----

const memberRefSchema = z.object({ id: z.string(), name: z.string(), path: z.string() }) satisfies z.ZodType<MemberRef>;

const appointmentDateOutputSchema = z.object({ start: z.string(), end: z.string(), all_day: z.boolean(), time_zone: z.string() });

const participantDtoSchema = z.object({
  id: z.string(),
  status: z.enum(PARTICIPANT_DISPLAY_STATUSES),
  roles: z.array(z.object({ id: z.string(), name: z.string(), plural_name: z.string(), display_type: z.enum(ROLE_DISPLAY_TYPE_VALUES) })),
  membership: z.object({
    id: z.string(),
    name: z.string(),
    path: z.string(),
    images: z.object({ small: z.string().nullable(), large: z.string().nullable() }),
    first_name: z.string(),
    last_name: z.string(),
    detection_profile_field: z.string().nullable(),
    is_external: z.boolean(),
    upn: z.string().nullable(),
    show_add_upn_link: z.boolean(),
  }),
}) satisfies z.ZodType<ParticipantDto>;

export const inviteDtoSchema = z.object({
  id: z.string(),
  invitable: z.object({ id: z.string(), name: z.string() }),
  invitable_type: z.literal('Appointment'),
  author: memberRefSchema.nullable(),
  invited_by: memberRefSchema.nullable(),
  status: z.enum(INVITE_STATUSES),
  appointment: z.object({
    id: z.string(),
    name: z.string(),
    date: appointmentDateOutputSchema,
    status: z.enum(['active', 'canceled']),
    participation_locked: z.boolean(),
  }),
}) satisfies z.ZodType<InviteDto>;

const appointmentCanSchema = z.object({
  update: z.boolean(),
  contact: z.boolean(),
  update_participants: z.boolean(),
  download_attendees: z.boolean(),
  destroy: z.boolean(),
  start_meeting: z.boolean(),
  show_attendees: z.boolean(),
  opt: z.boolean(),
  lock: z.boolean(),
  cancel: z.boolean(),
}) satisfies z.ZodType<AppointmentCan>;

export const appointmentDtoSchema = z.object({
  id: z.string(),
  recurring_appointment_id: z.string().nullable(),
  name: z.string(),
  description: z.string(),
  description_rendered: z.string(),
  type: z.enum(APPOINTMENT_TYPES),
  calendar_ids: z.array(z.string()),
  calendars: z.array(z.object({ id: z.string(), name: z.string(), color: z.string() })),
  unknown_calendars: z.number().int(),
  date: appointmentDateOutputSchema.extend({ same_day: z.boolean() }),
  recurrence_pattern: z.object({
    recurrence_frequency: z.enum(['never', 'daily', 'weekly', 'monthly', 'yearly', 'custom']),
    recurrence_interval: z.number().int(),
    recurrence_unit: z.enum(['daily', 'weekly', 'monthly', 'yearly']).nullable(),
    recurrence_end_time: z.string().nullable(),
  }),
  next_occurrence_date: z.string().nullable(),
  next_occurrence_url: z.string().nullable(),
  previous_occurrence_url: z.string().nullable(),
  recurring_appointment_url: z.string().nullable(),
  meeting: z.object({
    room_id: z.string().nullable(),
    room_name: z.string(),
    join_url: z.string(),
    conference_call_phone_number: z.string(),
    conference_call_access_code: z.string(),
    app_url: z.string(),
  }),
  location: z.object({
    name: z.string(),
    address1: z.string(),
    address2: z.string(),
    zip: z.string(),
    city: z.string(),
    country: z.string(),
    link: z.string(),
    meeting_link_type: z.enum(MEETING_LINK_TYPES).nullable(),
    maps_url: z.string().nullable(),
  }),
  participants: z.array(participantDtoSchema),
  invited_consumers: z.number().int(),
  my_invite: inviteDtoSchema.nullable(),
  event_files: z.array(z.object({ id: z.string(), name: z.string(), url: z.string() })),
  event_image: z.object({ large_thumb: z.string() }).nullable(),
  teams_configuration: z.object({
    teams_sync_enabled: z.boolean(),
    online_meeting: z.boolean(),
    bypass_lobby: z.boolean(),
    join_url: z.string().nullable(),
    teams_event: z.boolean(),
    teams_only_participants_count: z.number().int(),
  }),
  category: z.string().nullable(),
  consultants: z.array(memberRefSchema),
  contacts: z.array(z.object({ name: z.string(), path: z.string() })),
  organizer: z.string(),
  author: memberRefSchema.nullable(),
  generic_author: z.string().nullable(),
  last_author: memberRefSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  attendee_configuration: z.object({
    total: z.number().int().nullable(),
    total_attendees_enforced: z.boolean(),
    user_can_opt: z.boolean(),
    show_participants_to_admins_only: z.boolean(),
    participation_locked: z.boolean(),
  }),
  attending_participants_count: z.number().int(),
  total_attendees_enforced_and_exceeded: z.boolean(),
  waitlist: z.array(memberRefSchema),
  my_waitlist_position: z.number().int().nullable(),
  application_configuration: z.object({
    registration_with_costs: z.boolean(),
    costs: z.number().nullable(),
    currency: z.string(),
    registration_required: z.boolean(),
    registration_deadline: z.string().nullable(),
    url: z.string(),
  }),
  is_event: z.boolean(),
  canceled: z.boolean(),
  cancel_prohibited_reason: z.string().nullable(),
  has_meeting: z.boolean(),
  can: appointmentCanSchema,
}) satisfies z.ZodType<AppointmentDto>;

export const invitesResponseSchema = z.object({
  invites: z.array(inviteDtoSchema),
  open_count: z.number().int(),
  next: z.string().nullable(),
}) satisfies z.ZodType<InvitesResponse>;

export const participationsResponseSchema = z.object({
  participations: z.array(z.object({ appointment: appointmentDtoSchema, status: z.enum(PARTICIPANT_DISPLAY_STATUSES) })),
  next: z.string().nullable(),
}) satisfies z.ZodType<ParticipationsResponse>;

export const appointmentsMonthResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  month: z.string(),
  appointments: z.array(appointmentDtoSchema),
}) satisfies z.ZodType<AppointmentsMonthResponse>;
