import { itemTitleOf, NOTIFICATIONS_COLLECTION, type ActivityViewer, type NotificationsResponse } from '@cn/contracts';
import { collectionName } from '@cn/domain';
import type { DocumentStore } from '@cn/platform';
import { activitiesCollection, loadStreamsContext } from '../activities/activities.read';
import { appItemsCollection, appsCollection } from '../apps/apps.read';
import { appointmentsCollection } from '../appointments/appointments.read';
import { loadMembers, memberRef } from '../calendars/calendars.read';
import { groupsCollection } from '../groups/groups.read';
import { loadActiveMember } from '../members/members.read';
import { groupNotificationsId, homeNotificationsProjection, type HomeNotificationDocument } from './home-notifications.projection';
import { homeNotificationsFor, type FoundNotification, type ReadableItem } from './home-notifications.visibility';
import { notificationFeedsProjection, notificationReadsProjection, type NotificationFeedDocument, type NotificationReadDocument } from './notifications.projection';

export { NOTIFICATIONS_COLLECTION };

const feeds = (store: DocumentStore) => store.collection<NotificationFeedDocument>(collectionName(notificationFeedsProjection));
const reads = (store: DocumentStore) => store.collection<NotificationReadDocument>(collectionName(notificationReadsProjection));
export const homeNotificationsCollection = (store: DocumentStore) => store.collection<HomeNotificationDocument>(collectionName(homeNotificationsProjection));

/** the count the bell shows at most before "99+": counting further is not worth the work */
export const UNREAD_COUNT_CAP = 100;
type Found = FoundNotification;

/** the calendar's notifications: invites, changes, cancellations of appointments the member takes part in */
const appointmentNotifications = async (store: DocumentStore, memberId: string): Promise<Found[]> => {
  const mine = await feeds(store).find({ member_ids: { $contains: memberId } });
  const appointments = new Map((await appointmentsCollection(store).getMany(mine.map((feed) => feed._id))).map((appointment) => [appointment._id, appointment]));
  return mine.flatMap((feed) => {
    const appointment = appointments.get(feed._id);
    const gone = !appointment || appointment.deleted;
    return feed.entries
      .filter((entry) => entry.targets.includes(memberId))
      .map((entry) => ({
        id: `${feed._id}:${entry.position}`,
        kind: entry.kind,
        at: entry.at,
        position: entry.position,
        actor_id: entry.actor_id,
        // a deleted appointment keeps its name in the bell, without a page to open
        subject: { type: 'appointment' as const, id: feed._id, name: appointment?.fields.name ?? '', html_url: gone ? '' : `/appointments/${feed._id}` },
      }));
  });
};

/** the items these sources name that exist in an app that exists, with their titles */
const readableItems = async (store: DocumentStore, docs: Iterable<HomeNotificationDocument>): Promise<Map<string, ReadableItem>> => {
  const itemIds = [...docs].flatMap((doc) => (doc.source.type === 'app_item' ? [doc.source.item_id] : []));
  if (itemIds.length === 0) return new Map();
  const items = await appItemsCollection(store).getMany(itemIds);
  const apps = new Map((await appsCollection(store).getMany([...new Set(items.map((item) => item.app_id))])).map((app) => [app._id, app]));
  return new Map(
    items.flatMap((item) => {
      const app = apps.get(item.app_id);
      return app && app.name !== '' ? [[item._id, { app_id: app._id, title: itemTitleOf(app.properties, item.values) }] as const] : [];
    }),
  );
};

/** the home's notifications (activities, groups, app items) the member may see now: homeNotificationsFor on what it needs */
const homeNotifications = async (store: DocumentStore, viewer: ActivityViewer): Promise<Found[]> => {
  const collection = homeNotificationsCollection(store);
  const administrated = await groupsCollection(store).find({ admin_ids: { $contains: viewer.member_id } });
  const [named, ofAdmins, ofNetworkAdmins] = await Promise.all([
    collection.find({ member_ids: { $contains: viewer.member_id } }),
    administrated.length === 0 ? Promise.resolve([]) : collection.getMany(administrated.map((group) => groupNotificationsId(group._id))),
    viewer.network_admin ? collection.find({ for_network_admins: true }) : Promise.resolve([]),
  ]);
  const docs = new Map([...named, ...ofAdmins, ...ofNetworkAdmins].map((doc) => [doc._id, doc]));
  if (docs.size === 0) return [];
  const ctx = await loadStreamsContext(store, viewer);
  const activityIds = [...docs.values()].flatMap((doc) => (doc.source.type === 'activity' ? [doc.source.activity_id] : []));
  const activities = new Map((await activitiesCollection(store).getMany(activityIds)).map((activity) => [activity._id, activity]));
  return homeNotificationsFor(docs.values(), activities, ctx, await readableItems(store, docs.values()));
};

/** everything for the member, newest first, and how far they have read */
const allOf = async (store: DocumentStore, viewer: ActivityViewer): Promise<{ found: Found[]; upTo: number }> => {
  const [calendar, home, read] = await Promise.all([appointmentNotifications(store, viewer.member_id), homeNotifications(store, viewer), reads(store).get(viewer.member_id)]);
  return { found: [...calendar, ...home].sort((a, b) => b.position - a.position), upTo: read?.up_to ?? 0 };
};

const unreadAmong = (found: readonly Found[], upTo: number): number => Math.min(UNREAD_COUNT_CAP, found.filter((entry) => entry.position > upTo).length);

/** the viewer of a member id (the publishers know only the id); null when the member is gone */
export const notificationViewerOf = async (store: DocumentStore, memberId: string): Promise<ActivityViewer | null> => {
  const member = await loadActiveMember(store, memberId);
  return member && { member_id: memberId, network_admin: member.roles.network_admin, external: member.roles.external };
};

/** the unread count alone (the badge, the realtime push) */
export const unreadCountOf = async (store: DocumentStore, viewer: ActivityViewer): Promise<number> => {
  const { found, upTo } = await allOf(store, viewer);
  return unreadAmong(found, upTo);
};

/** The bell and /notifications: the latest `limit` notifications with their actors, and the unread count. */
export const notificationsOf = async (store: DocumentStore, viewer: ActivityViewer, limit: number): Promise<NotificationsResponse> => {
  const { found, upTo } = await allOf(store, viewer);
  const shown = found.slice(0, limit);
  const actors = await loadMembers(
    store,
    shown.flatMap((entry) => (entry.actor_id ? [entry.actor_id] : [])),
  );
  return {
    notifications: shown.map(({ actor_id, ...entry }) => ({
      ...entry,
      read: entry.position <= upTo,
      actor: actor_id ? memberRef(actors.get(actor_id), actor_id) : null,
    })),
    unread_count: unreadAmong(found, upTo),
    newest_position: found[0]?.position ?? 0,
  };
};
