import {
  AppointmentCanceled,
  AppointmentCreated,
  AppointmentDeleted,
  AppointmentOccurrenceModified,
  AppointmentUpdated,
  ParticipantRemoved,
  ParticipantStatusChanged,
  ParticipantsInvited,
  ParticipationLockToggled,
  WaitlistJoined,
  WaitlistLeft,
  WaitlistPromoted,
  isRecurring,
  staysOnWaitlist,
  lastOccurrence,
  occurrenceId,
  type AppointmentFields,
  type ParticipantStatus,
  type RecurringSchedule,
} from '@cn/contracts';
import type { ProjectedDocument, Projection } from '@cn/domain';
import type { RecordedEvent } from '@cn/domain';

export interface ParticipantState {
  member_id: string;
  status: ParticipantStatus;
  /** removed from the appointment (kept so that the invite shows as obsolete) */
  removed: boolean;
  invited_by: string | null;
  invited_at: string;
  /** when the member (or an organizer) last changed the status */
  changed_at: string | null;
}

/** How one occurrence of a series differs from it, named by its original start (UTC ISO). */
export interface OccurrenceState {
  occurrence_start: string;
  occurrence_id: string;
  /** the modified occurrence's own fields; null while it follows the series */
  fields: AppointmentFields | null;
  modified_at: string | null;
  modified_by: string | null;
  canceled: boolean;
  /** taken out of the series */
  deleted: boolean;
  /** participants changed for this occurrence only (apply_to this) */
  participants: ParticipantState[];
}

/**
 * An appointment or recurring series with everything that happened to it: its modified occurrences,
 * participants (series-wide and per occurrence) and waiting list. Occurrences are expanded on read.
 */
// a type alias, not an interface: the runner's documents are open records, which only aliases satisfy
export type AppointmentState = {
  _id: string;
  fields: AppointmentFields;
  author_id: string | null;
  last_author_id: string | null;
  created_at: string;
  updated_at: string;
  /** iCalendar SEQUENCE: grows with each change of the series' time or repetition, and its cancellation */
  sequence?: number;
  canceled: boolean;
  /** deleted appointments stay as tombstones so that their invites show as obsolete */
  deleted: boolean;
  participants: ParticipantState[];
  waitlist: string[];
  occurrences: OccurrenceState[];
  // query helpers, derived from the above on every change
  recurring: boolean;
  /** calendars of the series and of its modified occurrences */
  calendar_ids: string[];
  /** everyone with a status anywhere in the appointment, removed ones included */
  participant_ids: string[];
  /** earliest start of any occurrence */
  range_start: string;
  /** latest end of any occurrence; null for an endless series */
  range_end: string | null;
};

export type AppointmentDocument = AppointmentState & ProjectedDocument;

export const scheduleOf = (fields: AppointmentFields): RecurringSchedule => ({
  start: fields.date.start,
  end: fields.date.end,
  all_day: fields.date.all_day,
  time_zone: fields.date.time_zone,
  recurrence_pattern: fields.recurrence_pattern,
});

const occurrenceStartOf = (event: RecordedEvent): string | null => {
  const value = (event.data as { occurrence_start?: unknown }).occurrence_start;
  return typeof value === 'string' ? new Date(value).toISOString() : null;
};

const withDerived = (doc: AppointmentState): AppointmentState => {
  const modified = doc.occurrences.flatMap((occurrence) => (occurrence.fields && !occurrence.deleted ? [occurrence.fields] : []));
  const recurring = isRecurring(scheduleOf(doc.fields));
  const last = recurring ? lastOccurrence(scheduleOf(doc.fields)) : null;
  const seriesEnd = recurring ? (last ? last.end : null) : doc.fields.date.end;
  const starts = [doc.fields.date.start, ...modified.map((fields) => fields.date.start)];
  const ends = [...modified.map((fields) => fields.date.end)];
  const participantIds = new Set(doc.participants.map((p) => p.member_id));
  for (const occurrence of doc.occurrences) for (const p of occurrence.participants) participantIds.add(p.member_id);
  return {
    ...doc,
    recurring,
    calendar_ids: [...new Set([...doc.fields.calendar_ids, ...modified.flatMap((fields) => fields.calendar_ids)])],
    participant_ids: [...participantIds],
    range_start: starts.reduce((min, start) => (start < min ? start : min)),
    range_end: seriesEnd === null ? null : [seriesEnd, ...ends].reduce((max, end) => (end > max ? end : max)),
  };
};

const upsertParticipant = (list: readonly ParticipantState[], next: ParticipantState): ParticipantState[] => {
  const index = list.findIndex((p) => p.member_id === next.member_id);
  if (index < 0) return [...list, next];
  return list.map((p, i) => (i === index ? next : p));
};

const occurrenceIn = (doc: AppointmentState, start: string): OccurrenceState =>
  doc.occurrences.find((o) => o.occurrence_start === start) ?? {
    occurrence_start: start,
    occurrence_id: occurrenceId(doc._id, start),
    fields: null,
    modified_at: null,
    modified_by: null,
    canceled: false,
    deleted: false,
    participants: [],
  };

const withOccurrence = (doc: AppointmentState, occurrence: OccurrenceState): OccurrenceState[] => {
  const others = doc.occurrences.filter((o) => o.occurrence_start !== occurrence.occurrence_start);
  return [...others, occurrence].sort((a, b) => a.occurrence_start.localeCompare(b.occurrence_start));
};

/** applies a participant change to the series or to one occurrence */
const changeParticipant = (
  doc: AppointmentState,
  start: string | null,
  memberId: string,
  change: (current: ParticipantState | undefined) => ParticipantState,
): AppointmentState => {
  if (start === null) {
    const current = doc.participants.find((p) => p.member_id === memberId);
    return { ...doc, participants: upsertParticipant(doc.participants, change(current)) };
  }
  const occurrence = occurrenceIn(doc, start);
  const current = occurrence.participants.find((p) => p.member_id === memberId) ?? doc.participants.find((p) => p.member_id === memberId);
  return { ...doc, occurrences: withOccurrence(doc, { ...occurrence, participants: upsertParticipant(occurrence.participants, change(current)) }) };
};

/** The occurrences with a life of their own, keyed anew after a series edit moved them (null: gone). */
const reanchor = (doc: AppointmentState, moves: Record<string, string | null> | undefined): OccurrenceState[] => {
  if (!moves) return doc.occurrences;
  return doc.occurrences
    .flatMap((occurrence) => {
      const to = occurrence.occurrence_start in moves ? moves[occurrence.occurrence_start] : occurrence.occurrence_start;
      return to === null ? [] : [{ ...occurrence, occurrence_start: to, occurrence_id: occurrenceId(doc._id, to) }];
    })
    .sort((a, b) => a.occurrence_start.localeCompare(b.occurrence_start));
};

/** An answer for the whole series (apply_to: all) replaces the member's answers for single occurrences. */
const seriesAnswerWins = (doc: AppointmentState, start: string | null, memberId: string): AppointmentState =>
  start !== null
    ? doc
    : { ...doc, occurrences: doc.occurrences.map((occurrence) => ({ ...occurrence, participants: occurrence.participants.filter((p) => p.member_id !== memberId) })) };

const touched = (doc: AppointmentState, event: RecordedEvent): AppointmentState => ({
  ...doc,
  updated_at: event.metadata.occurredAt,
  last_author_id: event.metadata.memberId ?? doc.last_author_id,
});

export const appointmentsProjection: Projection<AppointmentDocument> = {
  name: 'appointments',
  version: 1,
  eventTypes: [
    AppointmentCreated.type,
    AppointmentUpdated.type,
    AppointmentOccurrenceModified.type,
    AppointmentCanceled.type,
    AppointmentDeleted.type,
    ParticipantsInvited.type,
    ParticipantStatusChanged.type,
    ParticipantRemoved.type,
    ParticipationLockToggled.type,
    WaitlistJoined.type,
    WaitlistLeft.type,
    WaitlistPromoted.type,
  ],
  documentIds: (event) => [(event.data as { appointment_id: string }).appointment_id],
  evolve: (doc, event, id) => {
    const data = event.data as Record<string, unknown>;
    const at = event.metadata.occurredAt;
    if (event.type === AppointmentCreated.type) {
      return withDerived({
        _id: id,
        fields: data.appointment as AppointmentFields,
        author_id: (data.author_id as string | null) ?? null,
        last_author_id: (data.author_id as string | null) ?? null,
        created_at: at,
        updated_at: at,
        canceled: false,
        deleted: false,
        participants: [],
        waitlist: [],
        occurrences: [],
        recurring: false,
        calendar_ids: [],
        participant_ids: [],
        range_start: '',
        range_end: null,
      });
    }
    if (!doc || doc.deleted) return doc;
    const start = occurrenceStartOf(event);
    switch (event.type) {
      case AppointmentUpdated.type: {
        const rescheduled = (data.changed_fields as string[]).some((field) => field === 'date' || field === 'recurrence_pattern');
        return withDerived(
          touched(
            {
              ...doc,
              fields: data.appointment as AppointmentFields,
              occurrences: reanchor(doc, data.reanchored as Record<string, string | null> | undefined),
              sequence: (doc.sequence ?? 0) + (rescheduled ? 1 : 0),
            },
            event,
          ),
        );
      }
      case AppointmentOccurrenceModified.type: {
        const occurrenceStart = start ?? at;
        const occurrence = occurrenceIn(doc, occurrenceStart);
        const modified = {
          ...occurrence,
          occurrence_id: typeof data.occurrence_id === 'string' ? data.occurrence_id : occurrence.occurrence_id,
          fields: data.appointment as AppointmentFields,
          modified_at: at,
          modified_by: event.metadata.memberId,
        };
        // the series itself is unchanged: the occurrence carries its own modification time and author
        return withDerived({ ...doc, occurrences: withOccurrence(doc, modified) });
      }
      case AppointmentCanceled.type:
        if (start === null) return touched({ ...doc, canceled: true, sequence: (doc.sequence ?? 0) + 1 }, event);
        return { ...doc, occurrences: withOccurrence(doc, { ...occurrenceIn(doc, start), canceled: true }) };
      case AppointmentDeleted.type:
        if (start === null) return touched({ ...doc, deleted: true }, event);
        return withDerived({ ...doc, occurrences: withOccurrence(doc, { ...occurrenceIn(doc, start), deleted: true }) });
      case ParticipantsInvited.type: {
        const invited = (data.participants as Array<{ member_id: string; status: ParticipantStatus }> | undefined) ?? [];
        const invitedBy = (data.invited_by as string | null) ?? event.metadata.memberId;
        const next = invited.reduce<AppointmentState>(
          (current, p) =>
            changeParticipant(current, start, p.member_id, (existing) =>
              // inviting someone again with the status they have changes nothing (and the same event twice neither)
              existing && !existing.removed && existing.status === p.status
                ? existing
                : {
                    member_id: p.member_id,
                    status: p.status,
                    removed: false,
                    invited_by: existing && !existing.removed ? existing.invited_by : invitedBy,
                    invited_at: existing && !existing.removed ? existing.invited_at : at,
                    changed_at: existing && !existing.removed ? at : null,
                  },
            ),
          doc,
        );
        return withDerived(next);
      }
      case ParticipantStatusChanged.type: {
        const memberId = String(data.member_id);
        const status = data.status as ParticipantStatus;
        const next = changeParticipant(seriesAnswerWins(doc, start, memberId), start, memberId, (existing) => ({
          member_id: memberId,
          status,
          removed: false,
          invited_by: existing?.invited_by ?? null,
          invited_at: existing?.invited_at ?? at,
          changed_at: at,
        }));
        return withDerived({ ...next, waitlist: staysOnWaitlist(status) || start !== null ? next.waitlist : next.waitlist.filter((w) => w !== memberId) });
      }
      case ParticipantRemoved.type: {
        const memberId = String(data.member_id);
        const next = changeParticipant(seriesAnswerWins(doc, start, memberId), start, memberId, (existing) => ({
          member_id: memberId,
          status: existing?.status ?? 'invited',
          removed: true,
          invited_by: existing?.invited_by ?? null,
          invited_at: existing?.invited_at ?? at,
          changed_at: at,
        }));
        // removed from the series: no longer waiting either
        return withDerived(start === null ? { ...next, waitlist: next.waitlist.filter((w) => w !== memberId) } : next);
      }
      case ParticipationLockToggled.type:
        return touched(
          {
            ...doc,
            fields: {
              ...doc.fields,
              attendee_configuration: { ...doc.fields.attendee_configuration, participation_locked: data.participation_locked === true },
            },
          },
          event,
        );
      case WaitlistJoined.type: {
        const memberId = String(data.member_id);
        return doc.waitlist.includes(memberId) ? doc : { ...doc, waitlist: [...doc.waitlist, memberId] };
      }
      case WaitlistLeft.type:
        return { ...doc, waitlist: doc.waitlist.filter((w) => w !== String(data.member_id)) };
      case WaitlistPromoted.type: {
        const memberId = String(data.member_id);
        const promoted = changeParticipant(doc, null, memberId, (existing) => ({
          member_id: memberId,
          status: 'accepted',
          removed: false,
          invited_by: existing?.invited_by ?? null,
          invited_at: existing?.invited_at ?? at,
          changed_at: at,
        }));
        return withDerived({ ...promoted, waitlist: promoted.waitlist.filter((w) => w !== memberId) });
      }
      default:
        return doc;
    }
  },
};
