import { APPOINTMENTS_TOPIC, canSeeCalendar, type CalendarFacts } from '@cn/contracts';
import { collectionName, createLruCache } from '@cn/domain';
import type { DocumentStore } from '@cn/platform';
import type { ChangePublisher } from '../realtime/change-publisher';
import { calendarsProjection, type CalendarDocument } from './calendars.projection';
import { activeViewers } from './calendars.read';

const REMEMBERED_CALENDARS = 10_000;

/**
 * A calendar changed (created, renamed, recoloured, shared, unshared, deleted): the members whose open
 * pages watch appointments and who may see it, before or after the change, hear which calendar changed;
 * their consoles read their calendars and appointments again.
 */
export const calendarChangePublisher = (store: DocumentStore): ChangePublisher => {
  const before = createLruCache<CalendarFacts>(REMEMBERED_CALENDARS);
  return {
    collection: collectionName(calendarsProjection),
    publish: async (change, hub) => {
      const doc = change.doc as CalendarDocument | null;
      const previous = before.get(change.id);
      if (doc) before.set(change.id, doc);
      const message = { type: 'changed' as const, collection: 'calendars', id: change.id, doc: { position: change.event.position } };
      for (const { member, viewer } of await activeViewers(store, hub.watching(APPOINTMENTS_TOPIC))) {
        const seesIt = (facts: CalendarFacts | null | undefined) => (facts ? canSeeCalendar(facts, viewer) : false);
        if (seesIt(doc) || seesIt(previous)) hub.publishTo(member._id, message);
      }
    },
  };
};
