import {
  DEFAULT_CURRENCY,
  ZIP_MAX,
  defaultAppointmentDate,
  normalizeTime,
  type AppointmentDto,
  type AppointmentMeeting,
  type CreateAppointmentRequest,
  type ErrorResponse,
  type RecurrenceFrequency,
} from '@cn/contracts';
import { instantOf, wallOf } from './zoned-time';

type MeetingLinkType = '' | 'ms_teams' | 'google_meet' | 'zoom';

/** The appointment form's state; dates and times are on the wall clock of `time_zone`. */
export interface AppointmentForm {
  name: string;
  description: string;
  calendar_ids: string[];
  start_date: string;
  start_time: string;
  end_date: string;
  end_time: string;
  all_day: boolean;
  time_zone: string;
  recurrence_pattern: { recurrence_frequency: RecurrenceFrequency; recurrence_interval: number; recurrence_end_time: string | null };
  teams_configuration: { teams_sync_enabled: boolean; online_meeting: boolean; bypass_lobby: boolean };
  location: { name: string; address1: string; address2: string; zip: string; city: string; country: string; link: string; meeting_link_type: MeetingLinkType };
  attendee_configuration: {
    total: string;
    total_attendees_enforced: boolean;
    user_can_opt: boolean;
    show_participants_to_admins_only: boolean;
    participation_locked: boolean;
  };
  application_configuration: {
    registration_required: boolean;
    registration_with_costs: boolean;
    costs: string;
    currency: string;
    registration_deadline: string;
    url: string;
  };
  /** meeting as loaded (links are kept as they are); the room is picked on the form */
  meeting: AppointmentMeeting;
  category: string;
  organizer: string;
  contacts: Array<{ id: string; name: string }>;
  is_event: boolean;
}

/** Field name (as in the inputs' name attribute) → error key. */
export type FormErrors = Record<string, string>;

/** The order in which the form shows its fields, so that the first error can be scrolled to. */
export const FIELD_ORDER = [
  'name',
  'calendar_ids',
  'date',
  'date.time_zone',
  'recurrence_pattern.recurrence_interval',
  'recurrence_pattern.recurrence_end_time',
  'location.zip',
  'attendee_configuration.total',
  'application_configuration.costs',
  'application_configuration.registration_deadline',
  'description',
] as const;

const withEnd = (date: string, time: string, zone: string, minutes: number) => {
  const start = instantOf(date, time, zone);
  return wallOf(Date.parse(start) + minutes * 60_000, zone);
};

/** A new appointment: the next full hour, one hour long; on `day` when given (a double-click on the sheet). */
export const newAppointmentForm = (now: Date, timeZone: string, options: { day?: string | null; calendarId?: string | null } = {}): AppointmentForm => {
  const { start } = defaultAppointmentDate(now);
  const wall = wallOf(start, timeZone);
  const startDate = options.day && /^\d{4}-\d{2}-\d{2}$/.test(options.day) ? options.day : wall.date;
  const end = withEnd(startDate, wall.time, timeZone, 60);
  return {
    name: '',
    description: '',
    calendar_ids: options.calendarId ? [options.calendarId] : [],
    start_date: startDate,
    start_time: wall.time,
    end_date: end.date,
    end_time: end.time,
    all_day: false,
    time_zone: timeZone,
    recurrence_pattern: { recurrence_frequency: 'never', recurrence_interval: 1, recurrence_end_time: null },
    teams_configuration: { teams_sync_enabled: false, online_meeting: false, bypass_lobby: false },
    location: { name: '', address1: '', address2: '', zip: '', city: '', country: '', link: '', meeting_link_type: '' },
    attendee_configuration: {
      total: '',
      total_attendees_enforced: false,
      user_can_opt: false,
      show_participants_to_admins_only: false,
      participation_locked: false,
    },
    application_configuration: {
      registration_required: false,
      registration_with_costs: false,
      costs: '',
      currency: DEFAULT_CURRENCY,
      registration_deadline: '',
      url: '',
    },
    meeting: { room_id: null, room_name: '', join_url: '', conference_call_phone_number: '', conference_call_access_code: '', app_url: '' },
    category: '',
    organizer: '',
    contacts: [],
    is_event: false,
  };
};

/** The form filled from a stored appointment (edit). */
export const formOfAppointment = (appointment: AppointmentDto): AppointmentForm => {
  const zone = appointment.date.time_zone;
  const start = appointment.date.all_day ? { date: appointment.date.start.slice(0, 10), time: '00:00' } : wallOf(appointment.date.start, zone);
  const end = appointment.date.all_day ? { date: appointment.date.end.slice(0, 10), time: '23:59' } : wallOf(appointment.date.end, zone);
  const deadline = appointment.application_configuration.registration_deadline;
  return {
    name: appointment.name,
    description: appointment.description,
    calendar_ids: appointment.calendar_ids,
    start_date: start.date,
    start_time: start.time,
    end_date: end.date,
    end_time: end.time,
    all_day: appointment.date.all_day,
    time_zone: zone,
    recurrence_pattern: {
      recurrence_frequency: appointment.recurrence_pattern.recurrence_frequency,
      recurrence_interval: appointment.recurrence_pattern.recurrence_interval,
      recurrence_end_time: appointment.recurrence_pattern.recurrence_end_time?.slice(0, 10) ?? null,
    },
    teams_configuration: {
      teams_sync_enabled: appointment.teams_configuration.teams_sync_enabled,
      online_meeting: appointment.teams_configuration.online_meeting,
      bypass_lobby: appointment.teams_configuration.bypass_lobby,
    },
    location: {
      name: appointment.location.name,
      address1: appointment.location.address1,
      address2: appointment.location.address2,
      zip: appointment.location.zip,
      city: appointment.location.city,
      country: appointment.location.country,
      link: appointment.location.link,
      meeting_link_type: appointment.location.meeting_link_type ?? '',
    },
    attendee_configuration: {
      ...appointment.attendee_configuration,
      total: appointment.attendee_configuration.total === null ? '' : String(appointment.attendee_configuration.total),
    },
    application_configuration: {
      registration_required: appointment.application_configuration.registration_required,
      registration_with_costs: appointment.application_configuration.registration_with_costs,
      costs: appointment.application_configuration.costs === null ? '' : String(appointment.application_configuration.costs),
      currency: appointment.application_configuration.currency || DEFAULT_CURRENCY,
      registration_deadline: deadline ? deadline.slice(0, 10) : '',
      url: appointment.application_configuration.url,
    },
    meeting: appointment.meeting,
    category: appointment.category ?? '',
    organizer: appointment.organizer,
    contacts: appointment.contacts.map((contact) => ({ id: contact.path.split('/').pop() ?? contact.path, name: contact.name })),
    is_event: appointment.is_event,
  };
};

/** On blur a time input reads HH:mm (hours above 23 and invalid minutes become 00). */
export const normalizeTimeInput = (value: string): string => (value.trim() === '' ? '00:00' : normalizeTime(value));

export const startEndOf = (form: Pick<AppointmentForm, 'start_date' | 'start_time' | 'end_date' | 'end_time' | 'all_day' | 'time_zone'>) =>
  form.all_day
    ? { start: `${form.start_date}T00:00:00.000Z`, end: `${form.end_date}T23:59:00.000Z` }
    : { start: instantOf(form.start_date, form.start_time, form.time_zone), end: instantOf(form.end_date, form.end_time, form.time_zone) };

const numberOf = (value: string): number | null => (value.trim() === '' ? null : Number(value.replace(',', '.')));

/** The client-side checks of §5, with the server's keys. */
export const validateAppointmentForm = (form: AppointmentForm): FormErrors => {
  const errors: FormErrors = {};
  if (!form.name.trim()) errors.name = 'required';
  if (form.calendar_ids.length === 0) errors.calendar_ids = 'selection_required';
  const { start, end } = startEndOf(form);
  if (!start || !end) errors.date = 'invalid_format';
  else if (Date.parse(end) < Date.parse(start)) errors.date = 'end_lt_start';
  const interval = form.recurrence_pattern.recurrence_interval;
  if (form.recurrence_pattern.recurrence_frequency !== 'never' && (!Number.isInteger(interval) || interval < 1)) {
    errors['recurrence_pattern.recurrence_interval'] = 'too_small';
  }
  const total = numberOf(form.attendee_configuration.total);
  if (total !== null && (!Number.isInteger(total) || total < 0)) errors['attendee_configuration.total'] = total < 0 ? 'too_small' : 'invalid_type';
  const costs = numberOf(form.application_configuration.costs);
  if (costs !== null && (Number.isNaN(costs) || costs < 0)) errors['application_configuration.costs'] = Number.isNaN(costs) ? 'invalid_type' : 'too_small';
  if (form.location.zip.length > ZIP_MAX) errors['location.zip'] = 'too_long';
  if (!isKnownTimeZone(form.time_zone)) errors['date.time_zone'] = 'invalid_time_zone';
  const endsOn = form.recurrence_pattern.recurrence_end_time;
  if (form.recurrence_pattern.recurrence_frequency !== 'never' && endsOn && endsOn < form.start_date) {
    errors['recurrence_pattern.recurrence_end_time'] = 'recurrence_ends_before_start';
  }
  return errors;
};

/** a zone the browser knows (the server checks the same against its own list) */
const isKnownTimeZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone !== '';
  } catch {
    return false;
  }
};

export const firstErrorField = (errors: FormErrors): string | null =>
  FIELD_ORDER.find((field) => errors[field]) ?? Object.keys(errors)[0] ?? null;

/** The request body of POST /appointments and PUT /appointments/{id}. */
export const appointmentRequestOf = (form: AppointmentForm): CreateAppointmentRequest => {
  const { start, end } = startEndOf(form);
  return {
    appointment: {
      name: form.name.trim(),
      description: form.description,
      calendar_ids: form.calendar_ids,
      date: { start, end, all_day: form.all_day, time_zone: form.time_zone },
      recurrence_pattern: {
        recurrence_frequency: form.recurrence_pattern.recurrence_frequency,
        recurrence_interval: form.recurrence_pattern.recurrence_interval,
        recurrence_end_time: form.recurrence_pattern.recurrence_frequency === 'never' ? null : form.recurrence_pattern.recurrence_end_time,
      },
      teams_configuration: form.teams_configuration,
      location: { ...form.location, meeting_link_type: form.location.meeting_link_type || null },
      attendee_configuration: { ...form.attendee_configuration, total: numberOf(form.attendee_configuration.total) },
      application_configuration: {
        ...form.application_configuration,
        costs: numberOf(form.application_configuration.costs),
        currency: form.application_configuration.currency.trim() || DEFAULT_CURRENCY,
        registration_deadline: form.application_configuration.registration_deadline || null,
      },
      meeting: form.meeting,
      category: form.category.trim() || null,
      organizer: form.organizer,
      contacts: form.contacts.map((contact) => contact.id),
      is_event: form.is_event,
    },
  };
};

/** Server field errors (`appointment.date.end` …) placed on the form's field names. */
export const serverFieldErrors = (body: ErrorResponse): FormErrors => {
  const errors: FormErrors = {};
  for (const error of body.errors) {
    let field = error.field.replace(/^appointment\./, '');
    if (field.startsWith('date')) field = 'date';
    if (field.startsWith('calendar_ids')) field = 'calendar_ids';
    errors[field] ??= error.key;
  }
  return errors;
};
