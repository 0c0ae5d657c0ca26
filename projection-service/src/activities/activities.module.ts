import { Module } from '@nestjs/common';
import type { ProjectionFeature } from '../core/projection-feature';
import { ActivitiesController } from './activities.controller';
import { activitiesReadSide } from './activities.read-side';

/** Activity streams: posts and what other modules did, per stream as each member may see it, and how far each member has read. */
@Module({ controllers: [ActivitiesController] })
export class ActivitiesModule {}

export const activitiesFeature: ProjectionFeature = { module: ActivitiesModule, ...activitiesReadSide };
