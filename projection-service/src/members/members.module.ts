import { MemberImageController } from './member-image.controller';
import { Module } from '@nestjs/common';
import type { ProjectionFeature } from '../core/projection-feature';
import { ChangeRequestsController } from './change-requests.controller';
import { MembersController } from './members.controller';
import { membersReadSide } from './members.read-side';

/** Members as others see them, the administrators' lists (members, change requests), and whom each member ignores. */
@Module({ controllers: [MembersController, ChangeRequestsController, MemberImageController] })
export class MembersModule {}

export const membersFeature: ProjectionFeature = { module: MembersModule, ...membersReadSide };
