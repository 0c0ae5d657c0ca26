import { occurrenceAt, rruleOf, type AppointmentFields } from '@cn/contracts';
import type { IcalEvent } from '../exports/ical';
import type { AppointmentInstance } from './appointment-instances';
import { scheduleOf, type AppointmentDocument } from './appointments.projection';

const locationOf = (fields: AppointmentFields): string =>
  [fields.location.name, fields.location.address1, fields.location.address2, [fields.location.zip, fields.location.city].filter(Boolean).join(' '), fields.location.country, fields.location.link]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');

const eventOf = (
  uid: string,
  fields: AppointmentFields,
  dates: { start: string; end: string },
  doc: AppointmentDocument,
  baseUrl: string,
  path: string,
): IcalEvent => ({
  uid,
  summary: fields.name,
  description: fields.description,
  location: locationOf(fields),
  url: `${baseUrl}/appointments/${path}`,
  start: dates.start,
  end: dates.end,
  all_day: fields.date.all_day,
  time_zone: fields.date.time_zone,
  rrule: null,
  exdates: [],
  recurrence_id: null,
  canceled: doc.canceled,
  created: doc.created_at,
  last_modified: doc.updated_at,
  sequence: doc.sequence ?? 0,
  organizer: fields.organizer || null,
});

const uidOf = (id: string, host: string): string => `${id}@${host}`;

/**
 * A whole appointment as iCalendar events: a single one, or a series (RRULE, EXDATE for occurrences
 * taken out) followed by one override per modified or canceled occurrence (RECURRENCE-ID).
 */
export const icalEventsOfDocument = (doc: AppointmentDocument, baseUrl: string): IcalEvent[] => {
  const host = new URL(baseUrl).host;
  const uid = uidOf(doc._id, host);
  const series = eventOf(uid, doc.fields, doc.fields.date, doc, baseUrl, doc._id);
  if (!doc.recurring) return [series];
  const schedule = scheduleOf(doc.fields);
  const overrides = doc.occurrences.flatMap((state): IcalEvent[] => {
    if (state.deleted || !(state.fields || state.canceled)) return [];
    const occurrence = occurrenceAt(schedule, state.occurrence_start);
    if (!occurrence) return [];
    const fields = state.fields ?? doc.fields;
    const dates = state.fields ? fields.date : { start: occurrence.start, end: occurrence.end };
    return [
      {
        ...eventOf(uid, fields, dates, doc, baseUrl, state.occurrence_id),
        recurrence_id: occurrence.start,
        // RECURRENCE-ID must use the series' zone and all-day setting
        all_day: doc.fields.date.all_day,
        time_zone: doc.fields.date.time_zone,
        canceled: doc.canceled || state.canceled,
        last_modified: state.modified_at ?? doc.updated_at,
        // an override comes after the series version it changes
        sequence: (doc.sequence ?? 0) + 1,
      },
    ];
  });
  const exdates = doc.occurrences.filter((state) => state.deleted).flatMap((state) => occurrenceAt(schedule, state.occurrence_start)?.start ?? []);
  return [{ ...series, rrule: rruleOf(schedule), exdates }, ...overrides];
};

/**
 * One occurrence (or single appointment) on its own, as the detail page's download offers it: an occurrence
 * is the series' event (its UID) with the RECURRENCE-ID of that occurrence, so a calendar that has the
 * series files it as that occurrence instead of a second appointment.
 */
export const icalEventOfInstance = (instance: AppointmentInstance, baseUrl: string): IcalEvent => {
  const host = new URL(baseUrl).host;
  const occurrence = instance.occurrence;
  return {
    ...eventOf(uidOf(instance.doc._id, host), instance.fields, { start: instance.start, end: instance.end }, instance.doc, baseUrl, instance.id),
    ...(occurrence ? { recurrence_id: occurrence.start, all_day: instance.doc.fields.date.all_day, time_zone: instance.doc.fields.date.time_zone, sequence: (instance.doc.sequence ?? 0) + 1 } : {}),
    canceled: instance.canceled,
    last_modified: instance.state?.modified_at ?? instance.doc.updated_at,
  };
};
