import { Module } from '@nestjs/common';
import { AnswerChangeRequestHandler, SubmitChangeRequestHandler } from './requesting-changes/change-request.command';
import { AnswerChangeRequestController, SubmitChangeRequestController } from './requesting-changes/change-request.controller';
import { CompleteOnboardingHandler } from './completing-onboarding/complete-onboarding.command';
import { CompleteOnboardingController } from './completing-onboarding/complete-onboarding.controller';
import { IgnoreMemberHandler } from './ignoring-members/ignore-member.command';
import { IgnoreMemberController } from './ignoring-members/ignore-member.controller';
import { UpdateMemberProfileHandler } from './updating-profile/update-profile.command';
import { UpdateMemberProfileController } from './updating-profile/update-profile.controller';
import { EraseMemberHandler } from './erasing-member/erase-member.command';
import { EraseMemberController } from './erasing-member/erase-member.controller';
import { RegisterMemberHandler } from './registering-member/register-member.command';
import { RegisterMemberController } from './registering-member/register-member.controller';
import { SetPresenceHandler } from './setting-presence/set-presence.command';
import { SetPresenceController } from './setting-presence/set-presence.controller';
import { SetMemberLockedHandler } from './locking-member/lock-member.command';
import { LockMemberController } from './locking-member/lock-member.controller';
import { SetExternalController, SetExternalHandler } from './toggling-external/set-external.controller';
import { SetMemberProfileImageHandler } from './setting-profile-image/profile-image.command';
import { MemberProfileImageController } from './setting-profile-image/profile-image.controller';
import { ImageResizer, SharpImageResizer } from '../shared/image-resizer';
import { FollowMemberHandler } from './following-members/follow-member.command';
import { FollowMemberController } from './following-members/follow-member.controller';
import { ImageResizingReactor } from './resizing-older-images/image-resizing.reactor';

/** Members: registration and erasure by administrators; presence, profile, onboarding, change requests and ignored members by the member; change requests answered by administrators. */
@Module({
  controllers: [RegisterMemberController, EraseMemberController, SetPresenceController, UpdateMemberProfileController, IgnoreMemberController, CompleteOnboardingController, SubmitChangeRequestController, AnswerChangeRequestController, LockMemberController, SetExternalController, MemberProfileImageController, FollowMemberController],
  providers: [RegisterMemberHandler, EraseMemberHandler, SetPresenceHandler, UpdateMemberProfileHandler, IgnoreMemberHandler, CompleteOnboardingHandler, SubmitChangeRequestHandler, AnswerChangeRequestHandler, SetMemberLockedHandler, SetExternalHandler, SetMemberProfileImageHandler, { provide: ImageResizer, useClass: SharpImageResizer }, FollowMemberHandler, ImageResizingReactor],
})
export class MembersModule {}
