import { Module } from '@nestjs/common';
import type { ProjectionFeature } from '../core/projection-feature';
import { MembershipRolesController } from './membership-roles.controller';
import { membershipRolesReadSide } from './membership-roles.read-side';

/** The roles manager's read side; the read model itself is the groups feature's (membership_roles). */
@Module({ controllers: [MembershipRolesController] })
export class MembershipRolesModule {}

export const membershipRolesFeature: ProjectionFeature = { module: MembershipRolesModule, ...membershipRolesReadSide };
