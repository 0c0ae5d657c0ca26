import {
  AppointmentCanceled,
  AppointmentCreated,
  AppointmentDeleted,
  AppointmentOccurrenceModified,
  AppointmentUpdated,
  CalendarCreated,
  CalendarDeleted,
  CalendarShared,
  CalendarShareRemoved,
  CalendarUpdated,
  ParticipantRemoved,
  ParticipantsInvited,
  occurrenceId,
  type AppointmentFields,
} from '@cn/contracts';
import type { SearchCollection, SearchDocument } from '@cn/platform';
import { findById, searchIndexDefinition, type Indexing } from '../core/search-feature';

export type AppointmentHitType = 'appointment' | 'recurring_appointment' | 'modified_recurring_appointment';

/** An appointment, series or modified occurrence as the global search finds it. */
export interface AppointmentSearchDocument extends SearchDocument {
  /** the appointment id, or the occurrence id (`r-…`) of a modified occurrence */
  id: string;
  appointment_id: string;
  name: string;
  description: string;
  type: AppointmentHitType;
  calendar_ids: string[];
  /** the calendars' names, so that searching a calendar's name finds its appointments */
  calendar_names: string[];
  date_start: string;
  date_end: string;
  all_day: boolean;
  time_zone: string;
  recurrence_frequency: string;
  recurrence_interval: number;
  recurrence_end_time: string | null;
  author_id: string | null;
  canceled: boolean;
  /** the appointment's participants (invited through any occurrence) */
  participant_ids: string[];
  /**
   * who may find it, as tokens: `c:<calendar id>` for each of its calendars (whoever sees one of them) and
   * `m:<member id>` for its author and participants; the search asks with the viewer's tokens
   * (docs/SEARCH.md), the rule of the read side's canSeeAppointment
   */
  audience: string[];
}

/** the calendars' names and colours, to name and colour the hits */
export interface CalendarSearchDocument extends SearchDocument {
  id: string;
  name: string;
  color: string;
  /** the facts canSeeCalendar decides with */
  type: 'personal' | 'network' | 'group';
  parent_id: string | null;
  author_id: string | null;
  shared_with: string[];
}

/** the audience tokens of an appointment document */
export const appointmentAudience = (doc: Pick<AppointmentSearchDocument, 'calendar_ids' | 'author_id' | 'participant_ids'>): string[] => [
  ...new Set([...doc.calendar_ids.map((id) => `c:${id}`), ...(doc.author_id ? [`m:${doc.author_id}`] : []), ...doc.participant_ids.map((id) => `m:${id}`)]),
];
const withAudience = (doc: AppointmentSearchDocument): AppointmentSearchDocument => ({ ...doc, audience: appointmentAudience(doc) });

export const APPOINTMENTS_INDEX = 'appointments';
export const CALENDARS_INDEX = '_calendars';
export const APPOINTMENTS_INDEX_DEFINITION = searchIndexDefinition<AppointmentSearchDocument>(APPOINTMENTS_INDEX, {
  searchableAttributes: ['name', 'description', 'calendar_names'],
  filterableAttributes: ['id', 'appointment_id', 'calendar_ids', 'type', 'author_id', 'canceled', 'audience'],
  sortableAttributes: ['date_start', 'name', 'id'],
});
export const CALENDARS_INDEX_DEFINITION = searchIndexDefinition<CalendarSearchDocument>(CALENDARS_INDEX, { searchableAttributes: ['name'], filterableAttributes: ['id'] });

export type AppointmentsIndex = SearchCollection<AppointmentSearchDocument>;
export type CalendarsIndex = SearchCollection<CalendarSearchDocument>;

/** more than any appointment has modified occurrences or any calendar has appointments in one batch */
const BATCH = 1000;

const all = async <T extends SearchDocument>(index: SearchCollection<T>, filter: Record<string, string>): Promise<T[]> => {
  const found: T[] = [];
  for (let offset = 0; ; offset += BATCH) {
    const { hits } = await index.search({ q: '', filter, limit: BATCH, offset });
    found.push(...hits);
    if (hits.length < BATCH) return found;
  }
};

export const appointmentsIndexing = (appointments: AppointmentsIndex, calendars: CalendarsIndex): Indexing => {
  const namesOf = async (ids: readonly string[]): Promise<string[]> =>
    (await Promise.all(ids.map((id) => findById(calendars, id)))).flatMap((calendar) => (calendar ? [calendar.name] : []));

  const documentOf = async (
    id: string,
    appointmentId: string,
    fields: AppointmentFields,
    type: AppointmentHitType,
    authorId: string | null,
    canceled: boolean,
    participantIds: string[],
  ): Promise<AppointmentSearchDocument> =>
    withAudience({
    id,
    appointment_id: appointmentId,
    name: fields.name,
    description: fields.description,
    type,
    calendar_ids: fields.calendar_ids,
    calendar_names: await namesOf(fields.calendar_ids),
    date_start: fields.date.start,
    date_end: fields.date.end,
    all_day: fields.date.all_day,
    time_zone: fields.date.time_zone,
    recurrence_frequency: fields.recurrence_pattern.recurrence_frequency,
    recurrence_interval: fields.recurrence_pattern.recurrence_interval,
    recurrence_end_time: fields.recurrence_pattern.recurrence_end_time,
    author_id: authorId,
    canceled,
    participant_ids: participantIds,
    audience: [],
  });

  const typeOf = (fields: AppointmentFields): AppointmentHitType =>
    fields.recurrence_pattern.recurrence_frequency === 'never' ? 'appointment' : 'recurring_appointment';

  return {
    eventTypes: [
      CalendarCreated.type,
      CalendarUpdated.type,
      CalendarDeleted.type,
      AppointmentCreated.type,
      AppointmentUpdated.type,
      AppointmentOccurrenceModified.type,
      AppointmentCanceled.type,
      AppointmentDeleted.type,
      CalendarShared.type,
      CalendarShareRemoved.type,
      ParticipantsInvited.type,
      ParticipantRemoved.type,
    ],
    handle: async (event) => {
      const data = event.data as Record<string, unknown>;
      switch (event.type) {
        case CalendarCreated.type:
        case CalendarUpdated.type: {
          const id = String(data.calendar_id);
          const existing = await findById(calendars, id);
          await calendars.upsert([
            {
              id,
              name: String(data.name),
              color: String(data.color),
              type: (data.type as CalendarSearchDocument['type'] | undefined) ?? existing?.type ?? 'personal',
              parent_id: data.parent_id === undefined ? (existing?.parent_id ?? null) : ((data.parent_id as string | null) ?? null),
              author_id: data.author_id === undefined ? (existing?.author_id ?? null) : ((data.author_id as string | null) ?? null),
              shared_with: existing?.shared_with ?? [],
            },
          ]);
          if (event.type === CalendarUpdated.type) {
            const touched = await all(appointments, { calendar_ids: id });
            const renamed = await Promise.all(
              touched.map(async (found) => {
                const doc = (await findById(appointments, found.id)) ?? found;
                return { ...doc, calendar_names: await namesOf(doc.calendar_ids) };
              }),
            );
            if (renamed.length > 0) await appointments.upsert(renamed);
          }
          return;
        }
        case CalendarDeleted.type:
          await calendars.delete([String(data.calendar_id)]);
          return;
        case CalendarShared.type:
        case CalendarShareRemoved.type: {
          const calendar = await findById(calendars, String(data.calendar_id));
          if (!calendar) return;
          const members = data.member_ids as string[];
          const shared_with =
            event.type === CalendarShared.type ? [...new Set([...calendar.shared_with, ...members])] : calendar.shared_with.filter((id) => !members.includes(id));
          await calendars.upsert([{ ...calendar, shared_with }]);
          return;
        }
        case ParticipantsInvited.type:
        case ParticipantRemoved.type: {
          const appointmentId = String(data.appointment_id);
          // removal from one occurrence leaves the series' participants as they are (the read side's rule: any occurrence counts)
          if (event.type === ParticipantRemoved.type && typeof data.occurrence_start === 'string') return;
          const docs = await all(appointments, { appointment_id: appointmentId });
          const current = (await Promise.all(docs.map((doc) => findById(appointments, doc.id)))).flatMap((doc) => (doc ? [doc] : []));
          const changed = current.map((doc) => {
            const participant_ids =
              event.type === ParticipantsInvited.type
                ? [...new Set([...doc.participant_ids, ...(data.participants as Array<{ member_id: string }>).map((p) => p.member_id)])]
                : doc.participant_ids.filter((id) => id !== data.member_id);
            return withAudience({ ...doc, participant_ids });
          });
          if (changed.length > 0) await appointments.upsert(changed);
          return;
        }
        case AppointmentCreated.type: {
          const fields = data.appointment as AppointmentFields;
          const id = String(data.appointment_id);
          await appointments.upsert([await documentOf(id, id, fields, typeOf(fields), (data.author_id as string | null) ?? null, false, [])]);
          return;
        }
        case AppointmentUpdated.type: {
          const id = String(data.appointment_id);
          const current = await findById(appointments, id);
          const fields = data.appointment as AppointmentFields;
          await appointments.upsert([await documentOf(id, id, fields, typeOf(fields), current?.author_id ?? event.metadata.memberId, current?.canceled ?? false, current?.participant_ids ?? [])]);
          return;
        }
        case AppointmentOccurrenceModified.type: {
          const appointmentId = String(data.appointment_id);
          const id = typeof data.occurrence_id === 'string' ? data.occurrence_id : occurrenceId(appointmentId, String(data.occurrence_start));
          const series = await findById(appointments, appointmentId);
          const current = await findById(appointments, id);
          const canceled = (series?.canceled ?? false) || (current?.canceled ?? false);
          await appointments.upsert([await documentOf(id, appointmentId, data.appointment as AppointmentFields, 'modified_recurring_appointment', series?.author_id ?? null, canceled, [
              ...new Set([...(series?.participant_ids ?? []), ...(current?.participant_ids ?? [])]),
            ])]);
          return;
        }
        case AppointmentCanceled.type: {
          const appointmentId = String(data.appointment_id);
          const targets =
            typeof data.occurrence_start === 'string'
              ? [await findById(appointments, occurrenceId(appointmentId, data.occurrence_start))].flatMap((doc) => (doc ? [doc] : []))
              : await all(appointments, { appointment_id: appointmentId });
          const fresh = (await Promise.all(targets.map((doc) => findById(appointments, doc.id)))).flatMap((doc) => (doc ? [doc] : []));
          if (fresh.length > 0) await appointments.upsert(fresh.map((doc) => ({ ...doc, canceled: true })));
          return;
        }
        case AppointmentDeleted.type: {
          const appointmentId = String(data.appointment_id);
          if (typeof data.occurrence_start === 'string') {
            await appointments.delete([occurrenceId(appointmentId, data.occurrence_start)]);
            return;
          }
          const gone = await all(appointments, { appointment_id: appointmentId });
          await appointments.delete([appointmentId, ...gone.map((doc) => doc.id)]);
          return;
        }
      }
    },
  };
};

/** The appointment hit of the global search (§3 search hits). */
export interface AppointmentHit {
  id: string;
  name: string;
  html_url: string;
  html_description: string;
  date: { start: string; end: string; all_day: boolean; time_zone: string };
  calendars: Array<{ id: string; name: string; color: string }>;
  type: AppointmentHitType;
  recurrence_pattern: { recurrence_frequency: string; recurrence_interval: number; recurrence_end_time: string | null };
}

const escapeHtml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** a hit with its calendars resolved (snippets cut at 600 characters, §9) */
export const toAppointmentHit = (doc: AppointmentSearchDocument, calendars: ReadonlyMap<string, CalendarSearchDocument>): AppointmentHit => ({
  id: doc.id,
  name: doc.name,
  html_url: `/appointments/${doc.id}`,
  html_description: escapeHtml(doc.description.slice(0, 600)),
  date: { start: doc.date_start, end: doc.date_end, all_day: doc.all_day, time_zone: doc.time_zone },
  calendars: doc.calendar_ids.flatMap((id) => {
    const calendar = calendars.get(id);
    return calendar ? [{ id, name: calendar.name, color: calendar.color }] : [];
  }),
  type: doc.type,
  recurrence_pattern: {
    recurrence_frequency: doc.recurrence_frequency,
    recurrence_interval: doc.recurrence_interval,
    recurrence_end_time: doc.recurrence_end_time,
  },
});
