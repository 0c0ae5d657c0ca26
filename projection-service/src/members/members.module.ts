import { MemberImageController } from './member-image.controller';
import { Module } from '@nestjs/common';
import type { ProjectionFeature } from '../core/projection-feature';
import { ChangeRequestsController } from './change-requests.controller';
import { changeRequestsProjection } from './change-requests.projection';
import { MembersController } from './members.controller';
import { ignoredMembersProjection } from './ignored-members.projection';
import { membersProjection } from './members.projection';
import { memberChangePublisher } from './members.realtime';
import { memberLocksProjection } from './member-locks.projection';

/** Members as others see them, the administrators' lists (members, change requests), and whom each member ignores. */
@Module({ controllers: [MembersController, ChangeRequestsController, MemberImageController] })
export class MembersModule {}

export const membersFeature: ProjectionFeature = {
  module: MembersModule,
  readModels: [membersProjection, ignoredMembersProjection, changeRequestsProjection, memberLocksProjection],
  publishers: (infra) => [memberChangePublisher(infra.documentStore, infra.clock)],
};
