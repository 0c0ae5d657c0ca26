import { eventOf, navigationEvents, type NavigationItem } from '@cn/contracts';
import type { ProjectedDocument, Projection } from '@cn/domain';

/** One navigation per scope (`network` or a group's id) with the revision its editor saves at. */
export interface NavigationDocument extends ProjectedDocument {
  navigation_items: NavigationItem[];
  revision: number;
}

export const navigationsProjection: Projection<NavigationDocument> = {
  name: 'navigations',
  version: 1,
  eventTypes: navigationEvents.map((definition) => definition.type),
  documentIds: (event) => {
    const changed = eventOf(navigationEvents, event);
    return changed ? [changed.data.scope] : [];
  },
  evolve(doc, event, id) {
    if (doc && doc._position >= event.position) return doc;
    const changed = eventOf(navigationEvents, event);
    if (!changed) return doc;
    return { _id: id, navigation_items: changed.data.navigation_items, revision: (doc?.revision ?? 0) + 1 };
  },
};
