import { Module } from '@nestjs/common';
import type { ProjectionFeature } from '../core/projection-feature';
import { GroupsController } from './groups.controller';
import { groupsProjection, membershipRolesProjection } from './groups.projection';

/** Groups and membership roles. */
@Module({ controllers: [GroupsController] })
export class GroupsModule {}

export const groupsFeature: ProjectionFeature = {
  module: GroupsModule,
  readModels: [groupsProjection, membershipRolesProjection],
};
