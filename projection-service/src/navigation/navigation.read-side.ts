import { NAVIGATION_COLLECTION, NETWORK_NAVIGATION_SCOPE, PUBLIC_NAVIGATION_TOPIC } from '@cn/contracts';
import { collectionName } from '@cn/domain';
import type { ChangePublisher } from '../realtime/change-publisher';
import { navigationsProjection } from './navigation.projection';
import type { ProjectionReadSide } from '../core/projection-feature';

/**
 * A saved network navigation reaches every open console (its left navigation reads it again) and every
 * visitor's public page that watches it (its public items are read again): the message names the
 * navigation and the position, none of its items.
 */
const networkNavigationPublisher: ChangePublisher = {
  collection: collectionName(navigationsProjection),
  visitors: true,
  publish: (change, hub) => {
    if (change.id === NETWORK_NAVIGATION_SCOPE) {
      const message = { type: 'changed' as const, collection: NAVIGATION_COLLECTION, id: change.id, doc: { position: change.event.position } };
      hub.publishToConnected(message);
      hub.publishToVisitors(PUBLIC_NAVIGATION_TOPIC, message);
    }
    return Promise.resolve();
  },
};

/** the read models and realtime publishers of the feature, apart from its Nest module (a rebuild loads these alone) */
export const navigationReadSide: ProjectionReadSide = {
  readModels: [navigationsProjection],
  publishers: () => [networkNavigationPublisher],
};
