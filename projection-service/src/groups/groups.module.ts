import { GroupImageController } from './group-image.controller';
import { Module } from '@nestjs/common';
import type { ProjectionFeature } from '../core/projection-feature';
import { GroupCategoryAdministrationController } from './group-category-administration.controller';
import { GroupPagesController } from './group-pages.controller';
import { GroupsController } from './groups.controller';
import { InvitesAdminController } from './invites-admin.controller';
import { groupsReadSide } from './groups.read-side';

/** Groups, their categories and membership roles: the group pages, directory tabs, navigation and pickers. */
@Module({ controllers: [GroupPagesController, GroupsController, GroupImageController, InvitesAdminController, GroupCategoryAdministrationController] })
export class GroupsModule {}

export const groupsFeature: ProjectionFeature = { module: GroupsModule, ...groupsReadSide };
