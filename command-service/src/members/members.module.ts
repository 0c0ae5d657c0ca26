import { Module } from '@nestjs/common';
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

/** Members: registration and erasure by administrators; presence, profile, onboarding and ignored members by the member. */
@Module({
  controllers: [RegisterMemberController, EraseMemberController, SetPresenceController, UpdateMemberProfileController, IgnoreMemberController, CompleteOnboardingController],
  providers: [RegisterMemberHandler, EraseMemberHandler, SetPresenceHandler, UpdateMemberProfileHandler, IgnoreMemberHandler, CompleteOnboardingHandler],
})
export class MembersModule {}
