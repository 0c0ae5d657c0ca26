import { firstOccurrenceFrom, inviteId, type InviteDto, type InviteStatus } from '@cn/contracts';
import { memberRef } from '../calendars/calendars.read';
import type { MemberDocument } from '../members/members.projection';
import { scheduleOf, type AppointmentDocument, type ParticipantState } from '../appointments/appointments.projection';

/** An invite: a member's participation in an appointment, a series or one occurrence of it. */
export interface InviteSource {
  doc: AppointmentDocument;
  /** the appointment id, or the occurrence id for a participant of one occurrence only */
  target_id: string;
  participant: ParticipantState;
  name: string;
  date: AppointmentDocument['fields']['date'];
  /** the last moment the invite concerns: the appointment's (or series' last occurrence's) end, null for endless */
  ends_at: string | null;
  canceled: boolean;
}

export const isPast = (source: Pick<InviteSource, 'ends_at'>, now: Date): boolean =>
  source.ends_at !== null && Date.parse(source.ends_at) <= now.getTime();

/**
 * open: invited and still ahead; expired: invited and over; obsolete: removed, canceled or deleted;
 * accepted; declined (declined or rejected).
 */
export const inviteStatusOf = (source: InviteSource, now: Date): InviteStatus => {
  if (source.participant.removed || source.doc.deleted || source.canceled) return 'obsolete';
  switch (source.participant.status) {
    case 'accepted':
      return 'accepted';
    case 'declined':
    case 'rejected':
      return 'declined';
    case 'invited':
      return isPast(source, now) ? 'expired' : 'open';
  }
};

/** Invites of one member in an appointment document: the series-wide one and those of single occurrences. */
export const invitesOfMember = (doc: AppointmentDocument, memberId: string, now: Date): InviteSource[] => {
  const sources: InviteSource[] = [];
  const series = doc.participants.find((p) => p.member_id === memberId);
  if (series) {
    const upcoming = doc.recurring ? firstOccurrenceFrom(scheduleOf(doc.fields), now.toISOString()) : null;
    sources.push({
      doc,
      target_id: doc._id,
      participant: series,
      name: doc.fields.name,
      date: upcoming ? { ...doc.fields.date, start: upcoming.start, end: upcoming.end } : doc.fields.date,
      ends_at: doc.range_end,
      canceled: doc.canceled,
    });
  }
  for (const occurrence of doc.occurrences) {
    const own = occurrence.participants.find((p) => p.member_id === memberId);
    // a series participant's change for one occurrence stays part of the series invite
    if (!own || series || occurrence.deleted) continue;
    const fields = occurrence.fields ?? doc.fields;
    const start = occurrence.fields ? fields.date.start : occurrence.occurrence_start;
    const duration = Date.parse(doc.fields.date.end) - Date.parse(doc.fields.date.start);
    const end = occurrence.fields ? fields.date.end : new Date(Date.parse(start) + duration).toISOString();
    sources.push({
      doc,
      target_id: occurrence.occurrence_id,
      participant: own,
      name: fields.name,
      date: { ...fields.date, start, end },
      ends_at: end,
      canceled: doc.canceled || occurrence.canceled,
    });
  }
  return sources;
};

export const toInviteDto = (source: InviteSource, members: ReadonlyMap<string, MemberDocument>, now: Date): InviteDto => {
  const { doc, participant } = source;
  return {
    id: inviteId(source.target_id, participant.member_id),
    invitable: { id: source.target_id, name: source.name },
    invitable_type: 'Appointment',
    author: doc.author_id ? memberRef(members.get(doc.author_id), doc.author_id) : null,
    invited_by: participant.invited_by ? memberRef(members.get(participant.invited_by), participant.invited_by) : null,
    status: inviteStatusOf(source, now),
    appointment: {
      id: source.target_id,
      name: source.name,
      date: source.date,
      status: source.canceled || doc.deleted ? 'canceled' : 'active',
      participation_locked: doc.fields.attendee_configuration.participation_locked,
    },
  };
};
