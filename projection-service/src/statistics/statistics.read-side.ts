import { statisticsProjection } from './statistics.projection';
import { statisticsChangePublisher } from './statistics.realtime';
import type { ProjectionReadSide } from '../core/projection-feature';

/** the read models and realtime publishers of the feature, apart from its Nest module (a rebuild loads these alone) */
export const statisticsReadSide: ProjectionReadSide = {
  readModels: [statisticsProjection],
  publishers: (infra) => [statisticsChangePublisher(infra.documentStore)],
};
