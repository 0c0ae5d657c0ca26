import { Module } from '@nestjs/common';
import type { ProjectionFeature } from '../core/projection-feature';
import { MembersController } from './members.controller';
import { ignoredMembersProjection } from './ignored-members.projection';
import { membersProjection } from './members.projection';
import { memberChangePublisher } from './members.realtime';

/** Members as others see them, the administrators' list, and whom each member ignores. */
@Module({ controllers: [MembersController] })
export class MembersModule {}

export const membersFeature: ProjectionFeature = {
  module: MembersModule,
  readModels: [membersProjection, ignoredMembersProjection],
  publishers: (infra) => [memberChangePublisher(infra.documentStore, infra.clock)],
};
