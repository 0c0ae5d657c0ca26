import { Module } from '@nestjs/common';
import { CreateMembershipRoleHandler } from './creating-membership-role/create-membership-role.command';
import { CreateMembershipRoleController } from './creating-membership-role/create-membership-role.controller';
import { DeleteMembershipRoleHandler } from './deleting-membership-role/delete-membership-role.command';
import { EditMembershipRoleHandler } from './editing-membership-role/edit-membership-role.command';
import { EditMembershipRoleController } from './editing-membership-role/edit-membership-role.controller';
import { MembershipRoles } from './membership-roles.command';

/** The network's membership roles manager: create, rename, recolour, assign and delete network-wide roles. */
@Module({
  controllers: [CreateMembershipRoleController, EditMembershipRoleController],
  providers: [MembershipRoles, CreateMembershipRoleHandler, EditMembershipRoleHandler, DeleteMembershipRoleHandler],
})
export class MembershipRolesModule {}
