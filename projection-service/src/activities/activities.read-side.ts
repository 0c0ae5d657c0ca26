import { activitiesProjection, activityReadsProjection } from './activities.projection';
import { activityChangePublisher, activityReadsPublisher } from './activities.realtime';
import type { ProjectionReadSide } from '../core/projection-feature';

/** the read models and realtime publishers of the feature, apart from its Nest module (a rebuild loads these alone) */
export const activitiesReadSide: ProjectionReadSide = {
  readModels: [activitiesProjection, activityReadsProjection],
  publishers: (infra) => [activityChangePublisher(infra.documentStore), activityReadsPublisher()],
};
