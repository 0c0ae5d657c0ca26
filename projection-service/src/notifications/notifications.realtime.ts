import { NOTIFICATIONS_COLLECTION } from '@cn/contracts';
import { collectionName, createLruCache } from '@cn/domain';
import type { DocumentStore } from '@cn/platform';
import { groupsCollection } from '../groups/groups.read';
import type { ChangePublisher } from '../realtime/change-publisher';
import { homeNotificationsProjection, type HomeNotificationDocument } from './home-notifications.projection';
import { notificationFeedsProjection, notificationReadsProjection, type NotificationFeedDocument } from './notifications.projection';
import { notificationViewerOf, unreadCountOf } from './notifications.read';

const REMEMBERED_SOURCES = 10_000;

type Hub = Parameters<ChangePublisher['publish']>[1];

/** the member's unread count, read as they may see it (a mention in a post they may not see does not count) */
const tell = async (store: DocumentStore, hub: Hub, memberId: string, position: number): Promise<void> => {
  if (!hub.isConnected(memberId)) return;
  const viewer = await notificationViewerOf(store, memberId);
  if (!viewer) return;
  hub.publishTo(memberId, { type: 'changed', collection: NOTIFICATIONS_COLLECTION, id: memberId, doc: { unread_count: await unreadCountOf(store, viewer), position } });
};

/** A new notification reaches its members' consoles with their unread count (the bell's badge). */
export const notificationPublishers = (store: DocumentStore): ChangePublisher[] => {
  // who each source named, so that a deleted post's notifications leave their badges at once
  const named = createLruCache<string[]>(REMEMBERED_SOURCES);
  return [
  {
    collection: collectionName(notificationFeedsProjection),
    publish: async (change, hub) => {
      const doc = change.doc as NotificationFeedDocument | null;
      const newest = doc?.entries[doc.entries.length - 1];
      // only a change that added an entry is news (a participant joining or leaving is not)
      if (!newest || newest.position !== change.event.position) return;
      for (const memberId of newest.targets) await tell(store, hub, memberId, change.event.position);
    },
  },
  {
    collection: collectionName(homeNotificationsProjection),
    publish: async (change, hub) => {
      const doc = change.doc as HomeNotificationDocument | null;
      // a deleted post takes its notifications along: whoever was named hears the count drop
      const concerned = new Set<string>(doc ? [] : (named.get(change.id) ?? []));
      if (doc) named.set(change.id, doc.member_ids);
      for (const entry of doc?.entries.filter((candidate) => candidate.position === change.event.position) ?? []) {
        for (const memberId of entry.targets) concerned.add(memberId);
        if (entry.audience === 'group_admins' && doc?.source.type === 'group') {
          for (const memberId of (await groupsCollection(store).get(doc.source.group_id))?.admin_ids ?? []) if (memberId !== entry.actor_id) concerned.add(memberId);
        }
      }
      // an abuse report: every connected network administrator (tell reads each one's count as they see it)
      if (doc?.for_network_admins && doc.entries.some((entry) => entry.position === change.event.position)) {
        for (const memberId of hub.connectedMembers()) if ((await notificationViewerOf(store, memberId))?.network_admin) concerned.add(memberId);
      }
      for (const memberId of concerned) await tell(store, hub, memberId, change.event.position);
    },
  },
  {
    // read on one console: the badge drops on the others too
    collection: collectionName(notificationReadsProjection),
    publish: (change, hub) => tell(store, hub, change.id, change.event.position),
  },
  ];
};
