import { Module } from '@nestjs/common';
import { APP_NAVIGATION_COLLECTION } from '@cn/contracts';
import { collectionName } from '@cn/domain';
import type { ProjectionFeature } from '../core/projection-feature';
import type { ChangePublisher } from '../realtime/change-publisher';
import { AppNavigationController } from './app-navigation.controller';
import { appNavigationsProjection } from './app-navigation.projection';

/**
 * A saved app navigation reaches every open console and app at once: the editors of other administrators
 * read it again (their next save would otherwise be a 409), and apps fetch their navigation again.
 */
const appNavigationPublisher: ChangePublisher = {
  collection: collectionName(appNavigationsProjection),
  publish: (change, hub) => {
    const message = { type: 'changed' as const, collection: APP_NAVIGATION_COLLECTION, id: change.id, doc: { position: change.event.position } };
    for (const memberId of hub.connectedMembers()) hub.publishTo(memberId, message);
    return Promise.resolve();
  },
};

/** The native app's navigation (issue 14). */
@Module({ controllers: [AppNavigationController] })
export class AppNavigationModule {}

export const appNavigationFeature: ProjectionFeature = {
  module: AppNavigationModule,
  readModels: [appNavigationsProjection],
  publishers: () => [appNavigationPublisher],
};
