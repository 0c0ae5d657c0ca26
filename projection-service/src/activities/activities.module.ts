import { Module } from '@nestjs/common';
import type { ProjectionFeature } from '../core/projection-feature';
import { ActivitiesController } from './activities.controller';
import { activitiesProjection, activityReadsProjection } from './activities.projection';
import { activityChangePublisher, activityReadsPublisher } from './activities.realtime';

/** Activity streams: posts and what other modules did, per stream as each member may see it, and how far each member has read. */
@Module({ controllers: [ActivitiesController] })
export class ActivitiesModule {}

export const activitiesFeature: ProjectionFeature = {
  module: ActivitiesModule,
  readModels: [activitiesProjection, activityReadsProjection],
  publishers: (infra) => [activityChangePublisher(infra.documentStore), activityReadsPublisher()],
};
