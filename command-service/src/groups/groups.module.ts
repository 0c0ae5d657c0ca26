import { Module } from '@nestjs/common';
import { EditGroupController } from './editing-groups/edit-group.controller';
import { FollowGroupController } from './following-groups/follow-group.controller';
import { FoundGroupHandler } from './founding-groups/found-group.command';
import { FoundGroupController } from './founding-groups/found-group.controller';
import { ChangeGroupHandler } from './group-change.command';
import { GroupCommands } from './group-commands';
import { BatchInvitesHandler, InviteMembersHandler } from './inviting-members/invite-members.command';
import { InviteMembersController } from './inviting-members/invite-members.controller';
import { JoinGroupController } from './joining-groups/join-group.controller';
import { CreateGroupCategoryHandler, OrderGroupCategoriesHandler } from './managing-group-categories/manage-group-categories.command';
import { ManageGroupAdminsController } from './managing-group-admins/manage-group-admins.controller';
import { ManageGroupCategoriesController } from './managing-group-categories/manage-group-categories.controller';
import { SetGroupCategoryAdministratorHandler } from './managing-group-category-administrators/set-group-category-administrator.command';
import { SetGroupCategoryAdministratorController } from './managing-group-category-administrators/set-group-category-administrator.controller';
import { ModerateJoinRequestsController } from './moderating-join-requests/moderate-join-requests.controller';
import { SetGroupProfileImageHandler } from './setting-group-image/group-image.command';
import { GroupProfileImageController } from './setting-group-image/group-image.controller';
import { ImageResizer, SharpImageResizer } from '../shared/image-resizer';

/** Groups: founding, editing and the danger zone, membership, join requests, invites, favourites and subscriptions, admin rights, categories. */
@Module({
  controllers: [
    FoundGroupController,
    EditGroupController,
    JoinGroupController,
    FollowGroupController,
    ModerateJoinRequestsController,
    InviteMembersController,
    ManageGroupCategoriesController,
    ManageGroupAdminsController,
    GroupProfileImageController,
    SetGroupCategoryAdministratorController,
  ],
  providers: [
    GroupCommands,
    { provide: ImageResizer, useClass: SharpImageResizer },
    FoundGroupHandler,
    ChangeGroupHandler,
    InviteMembersHandler,
    BatchInvitesHandler,
    CreateGroupCategoryHandler,
    OrderGroupCategoriesHandler,
    SetGroupProfileImageHandler,
    SetGroupCategoryAdministratorHandler,
  ],
})
export class GroupsModule {}
