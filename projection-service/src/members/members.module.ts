import { Module } from '@nestjs/common';
import type { ProjectionFeature } from '../core/projection-feature';
import { MembersController } from './members.controller';
import { membersProjection } from './members.projection';
import { memberChangePublisher } from './members.realtime';

/** Members as others see them, and the administrators' list. */
@Module({ controllers: [MembersController] })
export class MembersModule {}

export const membersFeature: ProjectionFeature = {
  module: MembersModule,
  readModels: [membersProjection],
  publishers: (infra) => [memberChangePublisher(infra.documentStore, infra.clock)],
};
