import { appBoardsProjection, appItemsProjection, appsProjection } from './apps.projection';
import { appChangePublishers } from './apps.realtime';
import { taskMarksProjection } from './task-marks.projection';
import type { ProjectionReadSide } from '../core/projection-feature';

/** the read models and realtime publishers of the feature, apart from its Nest module (a rebuild loads these alone) */
export const appsReadSide: ProjectionReadSide = {
  readModels: [appsProjection, appItemsProjection, appBoardsProjection, taskMarksProjection],
  publishers: () => appChangePublishers(),
};
