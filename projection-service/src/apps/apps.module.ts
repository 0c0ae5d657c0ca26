import { Module } from '@nestjs/common';
import type { ProjectionFeature } from '../core/projection-feature';
import { AppsController } from './apps.controller';
import { appBoardsProjection, appItemsProjection, appsProjection } from './apps.projection';
import { appChangePublishers } from './apps.realtime';
import { TasksController } from './tasks.controller';
import { taskMarksProjection } from './task-marks.projection';

/** Apps: definitions, items and the wall's card order; the tasks views over items with a membership property and the members' own marks on them. */
@Module({ controllers: [AppsController, TasksController] })
export class AppsModule {}

export const appsFeature: ProjectionFeature = {
  module: AppsModule,
  readModels: [appsProjection, appItemsProjection, appBoardsProjection, taskMarksProjection],
  publishers: () => appChangePublishers(),
};
