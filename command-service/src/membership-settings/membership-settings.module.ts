import { Module } from '@nestjs/common';
import { ChangeMembershipSettingsHandler } from './changing-membership-settings/change-membership-settings.command';
import { ChangeMembershipSettingsController } from './changing-membership-settings/change-membership-settings.controller';
import { ReactivateMemberEmailHandler } from './reactivating-member-email/reactivate-member-email.command';
import { ReactivateMemberEmailController } from './reactivating-member-email/reactivate-member-email.controller';

/** MembershipSettings: its controllers and command handlers (one folder per use case). */
@Module({
  controllers: [ChangeMembershipSettingsController, ReactivateMemberEmailController],
  providers: [ChangeMembershipSettingsHandler, ReactivateMemberEmailHandler],
})
export class MembershipSettingsModule {}
