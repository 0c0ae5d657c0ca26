import { maySeePage, PAGES_COLLECTION, PAGES_TOPIC } from '@cn/contracts';
import { collectionName } from '@cn/domain';
import type { DocumentStore } from '@cn/platform';
import { membersCollection } from '../members/members.read';
import type { ChangePublisher } from '../realtime/change-publisher';
import { pagesProjection, type PageDocument } from './pages.projection';

/**
 * A page was created, edited or deleted: the consoles whose open pages watch pages (a page, the pages
 * list, the navigation) hear which page changed, when their member may see it before or after the
 * change: an internal page's changes never reach external members. The message names the page and the
 * position only; the read API answers what each member may see.
 */
export const pageChangePublishers = (store: DocumentStore): ChangePublisher[] => [
  {
    collection: collectionName(pagesProjection),
    publish: async (change, hub) => {
      const doc = change.doc as PageDocument | null;
      if (!doc) return;
      const watchers = [...hub.watching(PAGES_TOPIC)];
      const everyone = doc.visibility === 'members' || doc.previous_visibility === 'members';
      const members = everyone ? null : await membersCollection(store).getMany(watchers);
      const allowed = members ? new Set(members.filter((member) => maySeePage('internal', member.roles)).map((member) => member._id)) : null;
      const message = { type: 'changed' as const, collection: PAGES_COLLECTION, id: doc._id, doc: { position: change.event.position, slug: doc.slug } };
      for (const memberId of watchers) if (!allowed || allowed.has(memberId)) hub.publishTo(memberId, message);
    },
  },
];
