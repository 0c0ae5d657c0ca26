import { followChangePublishers } from './follows.realtime';
import { memberFollowsProjection } from './member-follows.projection';
import type { ProjectionReadSide } from '../core/projection-feature';

/** the read models and realtime publishers of the feature, apart from its Nest module (a rebuild loads these alone) */
export const followsReadSide: ProjectionReadSide = {
  readModels: [memberFollowsProjection],
  publishers: () => followChangePublishers(),
};
