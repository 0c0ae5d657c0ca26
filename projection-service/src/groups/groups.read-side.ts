import { groupCategoriesProjection, groupsProjection, membershipRolesProjection } from './groups.projection';
import { groupCategoryChangePublisher, groupChangePublisher } from './groups.realtime';
import type { ProjectionReadSide } from '../core/projection-feature';

/** the read models and realtime publishers of the feature, apart from its Nest module (a rebuild loads these alone) */
export const groupsReadSide: ProjectionReadSide = {
  readModels: [groupsProjection, groupCategoriesProjection, membershipRolesProjection],
  publishers: (infra) => [groupChangePublisher(infra.documentStore), groupCategoryChangePublisher],
};
