import { Module } from '@nestjs/common';
import { NAVIGATION_COLLECTION, NETWORK_NAVIGATION_SCOPE, PUBLIC_NAVIGATION_TOPIC } from '@cn/contracts';
import { collectionName } from '@cn/domain';
import type { ProjectionFeature } from '../core/projection-feature';
import type { ChangePublisher } from '../realtime/change-publisher';
import { NavigationController } from './navigation.controller';
import { navigationsProjection } from './navigation.projection';

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
      for (const memberId of hub.connectedMembers()) hub.publishTo(memberId, message);
      hub.publishToVisitors(PUBLIC_NAVIGATION_TOPIC, message);
    }
    return Promise.resolve();
  },
};

/** The navigation of the network and of each group. */
@Module({ controllers: [NavigationController] })
export class NavigationModule {}

export const navigationFeature: ProjectionFeature = {
  module: NavigationModule,
  readModels: [navigationsProjection],
  publishers: () => [networkNavigationPublisher],
};
