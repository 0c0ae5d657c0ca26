import { homeNotificationsProjection } from './home-notifications.projection';
import { notificationFeedsProjection, notificationReadsProjection } from './notifications.projection';
import { notificationPublishers } from './notifications.realtime';
import type { ProjectionReadSide } from '../core/projection-feature';

/** the read models and realtime publishers of the feature, apart from its Nest module (a rebuild loads these alone) */
export const notificationsReadSide: ProjectionReadSide = {
  readModels: [notificationFeedsProjection, notificationReadsProjection, homeNotificationsProjection],
  publishers: (infra) => notificationPublishers(infra.documentStore),
};
