/** Business constants of the calendar module (calendars-appointments-search.md §2–§9). */

/** Default calendar colours, hex without '#'; a new calendar gets one at random (§5). */
export const CALENDAR_PALETTE = [
  'd32f2f',
  'c2185b',
  '7b1fa2',
  '512da8',
  '303f9f',
  '1976d2',
  '0097a7',
  '00796b',
  '388e3c',
  'afb42b',
  'f57c00',
  '5d4037',
] as const;

export const CALENDAR_TYPES = ['personal', 'network', 'group', 'shared'] as const;
export const APPOINTMENT_TYPES = ['appointment', 'recurring_appointment', 'virtual_appointment'] as const;
export const RECURRENCE_FREQUENCIES = ['never', 'daily', 'weekly', 'monthly', 'yearly', 'custom'] as const;
export const MEETING_LINK_TYPES = ['ms_teams', 'google_meet', 'zoom'] as const;
/** Status of a participant as stored; 'open' is how the consoles show 'invited'. */
export const PARTICIPANT_STATUSES = ['accepted', 'declined', 'rejected', 'invited'] as const;
export const PARTICIPANT_DISPLAY_STATUSES = ['accepted', 'declined', 'rejected', 'invited', 'open'] as const;
export const INVITE_STATUSES = ['open', 'accepted', 'declined', 'obsolete', 'expired'] as const;
export const INVITE_TABS = ['open', 'upcoming', 'accepted', 'declined', 'expired', 'obsolete'] as const;
export const APPLY_TO = ['this', 'all'] as const;
export const CONTACT_AUDIENCES = ['all', 'accepted', 'declined', 'no_reaction'] as const;
export const SUBSCRIPTION_COLLECTIONS = ['all', 'participating', 'personal', 'shared', 'network'] as const;

export const DEFAULT_CURRENCY = 'EUR';
export const DEFAULT_TIME_ZONE = 'Europe/Berlin';
/** Description on the detail page is cut here with a 'more' link. */
export const APPOINTMENT_DESCRIPTION_TRUNCATE = 500;
/** Meeting join links are displayed cut at this length (with a copy action). */
export const MEETING_LINK_DISPLAY_LENGTH = 65;
/** Participant thumbnails shown in the side column. */
export const PARTICIPANT_THUMBNAILS_MAX = 7;
/** Attached files shown before 'show more'. */
export const EVENT_FILES_SHOWN = 2;
/** Appointments visible in a month-sheet cell before the 'more' count. */
export const MONTH_CELL_VISIBLE_APPOINTMENTS = 4;
export const MONTH_CELL_ROW_PX = 21;
export const MONTH_CELL_HEADER_PX = 24;
/** Participant lists start collapsed below this viewport width. */
export const PARTICIPANT_LIST_COLLAPSE_PX = 640;
/** Time picker steps. */
export const TIME_STEP_MINUTES = 5;
export const TIME_STEP_HOURS = 1;
export const DEFAULT_APPOINTMENT_DURATION_MINUTES = 60;
/** Limits of the request bodies. */
export const APPOINTMENT_NAME_MAX = 255;
export const APPOINTMENT_DESCRIPTION_MAX = 20_000;
export const CALENDAR_NAME_MAX = 100;
export const ZIP_MAX = 10;
export const CONTACT_SUBJECT_MAX = 255;
export const CONTACT_TEXT_MAX = 20_000;
/** Appointments start and end within these years (a calendar of a living community, not of history). */
export const APPOINTMENT_YEAR_MIN = 1900;
export const APPOINTMENT_YEAR_MAX = 2999;

/** Error keys the calendar module answers besides the common ones (ERROR_KEYS), for the consoles' i18n. */
export const CALENDAR_ERROR_KEYS = [
  'end_lt_start',
  'out_of_range',
  'duration_exceeds_interval',
  'selection_required',
  'unknown_calendar',
  'unknown_member',
  'unknown_group',
  'unknown_role',
  'unknown_file',
  'appointment_canceled',
  'already_canceled',
  'invite_not_open',
  'invite_expired',
  'participation_locked',
  'attendee_limit_exceeded',
  'cannot_opt',
  'waitlist_not_available',
  'already_on_waitlist',
  'not_on_waitlist',
  'not_recurring',
  'not_shared',
  'shared_calendar_not_editable',
  'no_recipients',
  'recurrence_ends_before_start',
  'edited_occurrence_lost',
] as const;

/**
 * The realtime topic of the console pages that show appointments or calendars (sheet, list, detail,
 * invites, participants, calendar pages): while one is open, the server pushes which appointment or
 * calendar changed that the member may see.
 */
export const APPOINTMENTS_TOPIC = 'appointments';

/** Realtime `changed` messages of this collection tell a member a freed place went to them. */
export const WAITLIST_PROMOTIONS_COLLECTION = 'waitlist_promotions';
