import { Module } from '@nestjs/common';
import type { ProjectionFeature } from '../core/projection-feature';
import { MemberSuggestionsController } from './member-suggestions.controller';
import { NotificationsController } from './notifications.controller';
import { homeNotificationsProjection } from './home-notifications.projection';
import { notificationFeedsProjection, notificationReadsProjection } from './notifications.projection';
import { notificationPublishers } from './notifications.realtime';

/** The bell: what concerns each member, and how far they have read. */
@Module({ controllers: [NotificationsController, MemberSuggestionsController] })
export class NotificationsModule {}

export const notificationsFeature: ProjectionFeature = {
  module: NotificationsModule,
  readModels: [notificationFeedsProjection, notificationReadsProjection, homeNotificationsProjection],
  publishers: (infra) => notificationPublishers(infra.documentStore),
};
