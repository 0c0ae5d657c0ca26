import { APP_NAVIGATION_ID, appNavigationEvents, eventOf, type AppNavigationItem } from '@cn/contracts';
import type { ProjectedDocument, Projection } from '@cn/domain';

/** The network's one app navigation with the revision its editor saves at. */
export interface AppNavigationDocument extends ProjectedDocument {
  items: AppNavigationItem[];
  revision: number;
}

export const appNavigationsProjection: Projection<AppNavigationDocument> = {
  name: 'app_navigations',
  version: 1,
  eventTypes: appNavigationEvents.map((definition) => definition.type),
  documentIds: (event) => (eventOf(appNavigationEvents, event) ? [APP_NAVIGATION_ID] : []),
  evolve(doc, event, id) {
    if (doc && doc._position >= event.position) return doc;
    const changed = eventOf(appNavigationEvents, event);
    if (!changed) return doc;
    return { _id: id, items: changed.data.items, revision: (doc?.revision ?? 0) + 1 };
  },
};
