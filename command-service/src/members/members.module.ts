import { Module } from '@nestjs/common';
import { EraseMemberHandler } from './erasing-member/erase-member.command';
import { EraseMemberController } from './erasing-member/erase-member.controller';
import { RegisterMemberHandler } from './registering-member/register-member.command';
import { RegisterMemberController } from './registering-member/register-member.controller';
import { SetPresenceHandler } from './setting-presence/set-presence.command';
import { SetPresenceController } from './setting-presence/set-presence.controller';

/** Members: registration and erasure by administrators, presence by the member. */
@Module({
  controllers: [RegisterMemberController, EraseMemberController, SetPresenceController],
  providers: [RegisterMemberHandler, EraseMemberHandler, SetPresenceHandler],
})
export class MembersModule {}
