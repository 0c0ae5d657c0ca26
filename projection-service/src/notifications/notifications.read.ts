import { NOTIFICATIONS_COLLECTION, type NotificationDto, type NotificationsResponse } from '@cn/contracts';
import { collectionName } from '@cn/domain';
import type { DocumentStore } from '@cn/platform';
import { appointmentsCollection } from '../appointments/appointments.read';
import { loadMembers, memberRef } from '../calendars/calendars.read';
import { notificationFeedsProjection, notificationReadsProjection, type NotificationEntry, type NotificationFeedDocument, type NotificationReadDocument } from './notifications.projection';

export { NOTIFICATIONS_COLLECTION };

const feeds = (store: DocumentStore) => store.collection<NotificationFeedDocument>(collectionName(notificationFeedsProjection));
const reads = (store: DocumentStore) => store.collection<NotificationReadDocument>(collectionName(notificationReadsProjection));

/** the count the bell shows at most before "99+": counting further is not worth the work */
export const UNREAD_COUNT_CAP = 100;

interface Found {
  appointmentId: string;
  entry: NotificationEntry;
}

/** the member's entries, newest first, and how far they have read */
const entriesOf = async (store: DocumentStore, memberId: string): Promise<{ found: Found[]; upTo: number }> => {
  const [mine, read] = await Promise.all([feeds(store).find({ member_ids: { $contains: memberId } }), reads(store).get(memberId)]);
  const found = mine
    .flatMap((feed) => feed.entries.filter((entry) => entry.targets.includes(memberId)).map((entry) => ({ appointmentId: feed._id, entry })))
    .sort((a, b) => b.entry.position - a.entry.position);
  return { found, upTo: read?.up_to ?? 0 };
};

const unreadAmong = (found: readonly Found[], upTo: number): number => Math.min(UNREAD_COUNT_CAP, found.filter(({ entry }) => entry.position > upTo).length);

/** the unread count alone (the badge, the realtime push) */
export const unreadCountOf = async (store: DocumentStore, memberId: string): Promise<number> => {
  const { found, upTo } = await entriesOf(store, memberId);
  return unreadAmong(found, upTo);
};

/** The bell: the latest `limit` notifications with their appointment's name and actor, and the unread count. */
export const notificationsOf = async (store: DocumentStore, memberId: string, limit: number): Promise<NotificationsResponse> => {
  const { found, upTo } = await entriesOf(store, memberId);
  const shown = found.slice(0, limit);
  const [appointments, actors] = await Promise.all([
    appointmentsCollection(store).getMany([...new Set(shown.map(({ appointmentId }) => appointmentId))]),
    loadMembers(store, shown.flatMap(({ entry }) => (entry.actor_id ? [entry.actor_id] : []))),
  ]);
  const byId = new Map(appointments.map((appointment) => [appointment._id, appointment]));
  const notifications = shown.map(({ appointmentId, entry }): NotificationDto => {
    const appointment = byId.get(appointmentId);
    const gone = !appointment || appointment.deleted;
    return {
      id: `${appointmentId}:${entry.position}`,
      kind: entry.kind,
      at: entry.at,
      position: entry.position,
      read: entry.position <= upTo,
      actor: entry.actor_id ? memberRef(actors.get(entry.actor_id), entry.actor_id) : null,
      // a deleted appointment keeps its name in the bell, without a page to open
      subject: { type: 'appointment', id: appointmentId, name: appointment?.fields.name ?? '', html_url: gone ? '' : `/appointments/${appointmentId}` },
    };
  });
  return {
    notifications,
    unread_count: unreadAmong(found, upTo),
    newest_position: found[0]?.entry.position ?? 0,
  };
};
