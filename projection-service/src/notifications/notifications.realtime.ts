import { NOTIFICATIONS_COLLECTION } from '@cn/contracts';
import { collectionName } from '@cn/domain';
import type { DocumentStore } from '@cn/platform';
import type { ChangePublisher } from '../realtime/change-publisher';
import { notificationFeedsProjection, notificationReadsProjection, type NotificationFeedDocument } from './notifications.projection';
import { unreadCountOf } from './notifications.read';

const tell = async (store: DocumentStore, hub: Parameters<ChangePublisher['publish']>[1], memberId: string, position: number): Promise<void> => {
  if (!hub.isConnected(memberId)) return;
  hub.publishTo(memberId, { type: 'changed', collection: NOTIFICATIONS_COLLECTION, id: memberId, doc: { unread_count: await unreadCountOf(store, memberId), position } });
};

/** A new notification reaches its members' consoles with their unread count (the bell's badge). */
export const notificationPublishers = (store: DocumentStore): ChangePublisher[] => [
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
    // read on one console: the badge drops on the others too
    collection: collectionName(notificationReadsProjection),
    publish: (change, hub) => tell(store, hub, change.id, change.event.position),
  },
];
