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
import type { ROLE_DISPLAY_TYPE_VALUES } from '../groups/groups';
import type { APPOINTMENT_TYPES, INVITE_STATUSES, PARTICIPANT_DISPLAY_STATUSES } from './calendar-constants';

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
