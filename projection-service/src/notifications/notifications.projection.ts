import { appointmentEvents, eventOf, notificationsEvents, type NotificationKind } from '@cn/contracts';
import type { ProjectedDocument, Projection } from '@cn/domain';

/** One thing that happened to an appointment, for the members it concerns. */
export interface NotificationEntry {
  kind: NotificationKind;
  position: number;
  at: string;
  actor_id: string | null;
  /** the members it is for (never the actor) */
  targets: string[];
}

/**
 * An appointment's notifications: who takes part now (the targets of the next change) and the latest
 * entries. `member_ids` holds everyone an entry was ever for, so that a member's notifications are found
 * by one query.
 */
export interface NotificationFeedDocument extends ProjectedDocument {
  participant_ids: string[];
  member_ids: string[];
  entries: NotificationEntry[];
}

/** entries kept per appointment: the bell lists the latest few */
export const ENTRIES_PER_APPOINTMENT = 30;

const without = (ids: readonly string[], actor: string | null): string[] => ids.filter((id) => id !== actor);

export const notificationFeedsProjection: Projection<NotificationFeedDocument> = {
  name: 'notification_feeds',
  version: 1,
  eventTypes: [
    'ParticipantsInvited',
    'ParticipantStatusChanged',
    'ParticipantRemoved',
    'AppointmentUpdated',
    'AppointmentOccurrenceModified',
    'AppointmentCanceled',
    'AppointmentDeleted',
    'WaitlistPromoted',
  ],
  documentIds: (event) => [(event.data as { appointment_id: string }).appointment_id],
  evolve: (doc, recorded, id) => {
    const event = eventOf(appointmentEvents, recorded);
    // applied already (the entry is there): an event adds its entry once
    if (!event || (doc && doc._position >= recorded.position)) return doc;
    const current: NotificationFeedDocument = doc ?? { _id: id, _position: 0, participant_ids: [], member_ids: [], entries: [] };
    const actor = recorded.metadata.memberId;
    const add = (state: NotificationFeedDocument, kind: NotificationKind, targets: readonly string[]): NotificationFeedDocument => {
      const to = [...new Set(without(targets, actor))];
      if (to.length === 0) return state;
      // a place from the waiting list is the system's doing, whoever freed it
      const entry: NotificationEntry = { kind, position: recorded.position, at: recorded.metadata.occurredAt, actor_id: kind === 'waitlist_promoted' ? null : actor, targets: to };
      return { ...state, member_ids: [...new Set([...state.member_ids, ...to])], entries: [...state.entries, entry].slice(-ENTRIES_PER_APPOINTMENT) };
    };
    switch (event.type) {
      case 'ParticipantsInvited': {
        const joined = event.data.participants.map((p) => p.member_id);
        const withThem = { ...current, participant_ids: [...new Set([...current.participant_ids, ...joined])] };
        // those invited are told; those added as accepted by someone else are told too (it is in their calendar now)
        return add(withThem, 'appointment_invited', joined);
      }
      case 'ParticipantStatusChanged':
        // an answer is not news to the others; a member who opted in now takes part
        return current.participant_ids.includes(event.data.member_id) ? current : { ...current, participant_ids: [...current.participant_ids, event.data.member_id] };
      case 'ParticipantRemoved':
        return event.data.occurrence_start === null ? { ...current, participant_ids: current.participant_ids.filter((member) => member !== event.data.member_id) } : current;
      case 'AppointmentUpdated':
      case 'AppointmentOccurrenceModified':
        return add(current, 'appointment_changed', current.participant_ids);
      case 'AppointmentCanceled':
        return add(current, 'appointment_canceled', current.participant_ids);
      case 'AppointmentDeleted':
        return add(current, event.data.occurrence_start === null ? 'appointment_deleted' : 'appointment_canceled', current.participant_ids);
      case 'WaitlistPromoted':
        return add({ ...current, participant_ids: [...new Set([...current.participant_ids, event.data.member_id])] }, 'waitlist_promoted', [event.data.member_id]);
      default:
        return current;
    }
  },
};

/** How far each member has read (their NotificationsRead). */
export interface NotificationReadDocument extends ProjectedDocument {
  up_to: number;
}

export const notificationReadsProjection: Projection<NotificationReadDocument> = {
  name: 'notification_reads',
  version: 1,
  eventTypes: ['NotificationsRead'],
  documentIds: (event) => [(event.data as { member_id: string }).member_id],
  evolve: (doc, recorded, id) => {
    const event = eventOf(notificationsEvents, recorded);
    if (event?.type !== 'NotificationsRead' || (doc && doc._position >= recorded.position)) return doc;
    return { _id: id, _position: recorded.position, up_to: Math.max(doc?.up_to ?? 0, event.data.up_to) };
  },
};
