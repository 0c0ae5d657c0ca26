import { networkProjection } from './network.projection';
import { networkChangePublisher } from './network.realtime';
import type { ProjectionReadSide } from '../core/projection-feature';

/** the read models and realtime publishers of the feature, apart from its Nest module (a rebuild loads these alone) */
export const networkReadSide: ProjectionReadSide = {
  readModels: [networkProjection],
  publishers: (infra) => [networkChangePublisher(infra.documentStore, infra.config.mapTileUrl)],
};
