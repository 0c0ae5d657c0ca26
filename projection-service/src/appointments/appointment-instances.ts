import {
  expandOccurrences,
  firstOccurrenceFrom,
  nextOccurrence,
  occurrenceAt,
  occurrenceId,
  previousOccurrence,
  type AppointmentFields,
  type Occurrence,
  type OccurrenceOverride,
  type OccurrenceWindow,
} from '@cn/contracts';
import { scheduleOf, type AppointmentDocument, type OccurrenceState, type ParticipantState } from './appointments.projection';

/**
 * One appointment as shown: a single appointment, a recurring series itself, or one occurrence of a
 * series (modified or not, named by an `r-` id).
 */
export interface AppointmentInstance {
  id: string;
  doc: AppointmentDocument;
  /** null for a single appointment or the series itself */
  occurrence: Occurrence | null;
  state: OccurrenceState | null;
  fields: AppointmentFields;
  start: string;
  end: string;
  canceled: boolean;
  /** effective participants of this instance (removed ones left out) */
  participants: ParticipantState[];
}

const effectiveParticipants = (doc: AppointmentDocument, state: OccurrenceState | null): ParticipantState[] => {
  const byMember = new Map(doc.participants.map((p) => [p.member_id, p]));
  for (const p of state?.participants ?? []) byMember.set(p.member_id, p);
  return [...byMember.values()].filter((p) => !p.removed);
};

const overridesOf = (doc: AppointmentDocument): Map<string, OccurrenceOverride> =>
  new Map(
    doc.occurrences.flatMap((o): Array<[string, OccurrenceOverride]> =>
      o.deleted || o.fields ? [[o.occurrence_start, 'modified']] : o.canceled ? [[o.occurrence_start, 'canceled']] : [],
    ),
  );

const instanceOf = (doc: AppointmentDocument, occurrence: Occurrence | null): AppointmentInstance => {
  if (occurrence === null) {
    return {
      id: doc._id,
      doc,
      occurrence: null,
      state: null,
      fields: doc.fields,
      start: doc.fields.date.start,
      end: doc.fields.date.end,
      canceled: doc.canceled,
      participants: effectiveParticipants(doc, null),
    };
  }
  const state = doc.occurrences.find((o) => o.occurrence_start === occurrence.original_start) ?? null;
  const fields = state?.fields ?? doc.fields;
  return {
    id: state?.occurrence_id ?? occurrenceId(doc._id, occurrence.original_start),
    doc,
    occurrence,
    state,
    fields,
    start: state?.fields ? state.fields.date.start : occurrence.start,
    end: state?.fields ? state.fields.date.end : occurrence.end,
    canceled: doc.canceled || (state?.canceled ?? false),
    participants: effectiveParticipants(doc, state),
  };
};

const overlaps = (start: string, end: string, from: number, to: number): boolean => {
  const s = Date.parse(start);
  const e = Date.parse(end);
  return s < to && (e > from || (e === s && s >= from));
};

/** Every instance of an appointment in a window: series expanded, modified occurrences at their own dates. */
export const instancesInWindow = (doc: AppointmentDocument, window: OccurrenceWindow & { fromMs: number; toMs: number }): AppointmentInstance[] => {
  if (doc.deleted) return [];
  if (!doc.recurring) {
    return overlaps(doc.fields.date.start, doc.fields.date.end, window.fromMs, window.toMs) ? [instanceOf(doc, null)] : [];
  }
  const series = expandOccurrences(scheduleOf(doc.fields), window, overridesOf(doc)).map((o) => instanceOf(doc, o));
  const modified = doc.occurrences
    .filter((o) => o.fields && !o.deleted && overlaps(o.fields.date.start, o.fields.date.end, window.fromMs, window.toMs))
    .flatMap((o) => {
      const occurrence = occurrenceAt(scheduleOf(doc.fields), o.occurrence_start);
      return occurrence ? [instanceOf(doc, occurrence)] : [];
    });
  return [...series, ...modified];
};

/** The instance an id names: the appointment itself, or an occurrence of it (null when the series has none there). */
export const resolveInstance = (doc: AppointmentDocument, occurrenceStart: string | null): AppointmentInstance | null => {
  if (occurrenceStart === null) return instanceOf(doc, null);
  if (!doc.recurring) return null;
  const occurrence = occurrenceAt(scheduleOf(doc.fields), occurrenceStart);
  if (!occurrence) return null;
  const state = doc.occurrences.find((o) => o.occurrence_start === occurrence.original_start);
  if (state?.deleted) return null;
  return instanceOf(doc, occurrence);
};

export interface Neighbours {
  previous: string | null;
  next: string | null;
  /** start of the next occurrence from now (the series page) */
  next_date: string | null;
}

const notDeleted = (doc: AppointmentDocument, occurrence: Occurrence | null): boolean =>
  occurrence === null || !doc.occurrences.some((o) => o.occurrence_start === occurrence.original_start && o.deleted);

const idOf = (doc: AppointmentDocument, occurrence: Occurrence): string =>
  doc.occurrences.find((o) => o.occurrence_start === occurrence.original_start)?.occurrence_id ?? occurrenceId(doc._id, occurrence.original_start);

/** previous and next occurrence ids of an instance (skipping occurrences taken out), and the next date from now */
export const neighboursOf = (instance: AppointmentInstance, now: Date): Neighbours => {
  const { doc } = instance;
  if (!doc.recurring) return { previous: null, next: null, next_date: null };
  const schedule = scheduleOf(doc.fields);
  const upcoming = firstOccurrenceFrom(schedule, now.toISOString());
  const nextFromNow = upcoming ? resolveInstance(doc, upcoming.original_start) : null;
  if (!instance.occurrence) {
    return { previous: null, next: upcoming && nextFromNow ? idOf(doc, upcoming) : null, next_date: nextFromNow?.start ?? null };
  }
  let previous = previousOccurrence(schedule, instance.occurrence.index);
  while (previous && !notDeleted(doc, previous)) previous = previousOccurrence(schedule, previous.index);
  let next = nextOccurrence(schedule, instance.occurrence.index);
  while (next && !notDeleted(doc, next)) next = nextOccurrence(schedule, next.index);
  return {
    previous: previous ? idOf(doc, previous) : null,
    next: next ? idOf(doc, next) : null,
    next_date: nextFromNow?.start ?? null,
  };
};
