import { MAP_MEMBERS_COLLECTION, MAP_PLACES_COLLECTION } from '@cn/contracts';
import { collectionName } from '@cn/domain';
import type { ChangePublisher } from '../realtime/change-publisher';
import { mapPlacesProjection } from './map-places.projection';
import { memberLocationsProjection } from './member-locations.projection';

/**
 * A member's place changed (placed, moved, removed, erased): the consoles with a map open (topic
 * `map_members`) hear the member's id and the position only, and read their markers again through the
 * map API, which answers what each viewer may see.
 */
export const mapChangePublishers = (): ChangePublisher[] => [
  {
    collection: collectionName(memberLocationsProjection),
    publish: (change, hub) => {
      const message = { type: 'changed' as const, collection: MAP_MEMBERS_COLLECTION, id: change.id, doc: { position: change.event.position } };
      for (const memberId of hub.watching(MAP_MEMBERS_COLLECTION)) hub.publishTo(memberId, message);
      return Promise.resolve();
    },
  },
  /** a point of interest put on, moved, changed or taken off: the open maps read their places again (id and position only) */
  {
    collection: collectionName(mapPlacesProjection),
    publish: (change, hub) => {
      const message = { type: 'changed' as const, collection: MAP_PLACES_COLLECTION, id: change.id, doc: { position: change.event.position } };
      for (const memberId of hub.watching(MAP_MEMBERS_COLLECTION)) hub.publishTo(memberId, message);
      return Promise.resolve();
    },
  },
];
