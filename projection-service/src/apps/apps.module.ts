import { Module } from '@nestjs/common';
import type { ProjectionFeature } from '../core/projection-feature';
import { AppsController } from './apps.controller';
import { TasksController } from './tasks.controller';
import { appsReadSide } from './apps.read-side';

/** Apps: definitions, items and the wall's card order; the tasks views over items with a membership property and the members' own marks on them. */
@Module({ controllers: [AppsController, TasksController] })
export class AppsModule {}

export const appsFeature: ProjectionFeature = { module: AppsModule, ...appsReadSide };
