import { Module } from '@nestjs/common';
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

/** Members: registration and erasure by administrators; presence, profile and ignored members by the member. */
@Module({
  controllers: [RegisterMemberController, EraseMemberController, SetPresenceController, UpdateMemberProfileController, IgnoreMemberController],
  providers: [RegisterMemberHandler, EraseMemberHandler, SetPresenceHandler, UpdateMemberProfileHandler, IgnoreMemberHandler],
})
export class MembersModule {}
