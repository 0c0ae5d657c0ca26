import { Module } from '@nestjs/common';
import { ChangeMembershipSettingsHandler } from './changing-membership-settings/change-membership-settings.command';
import { ChangeMembershipSettingsController } from './changing-membership-settings/change-membership-settings.controller';

/** MembershipSettings: its controllers and command handlers (one folder per use case). */
@Module({
  controllers: [ChangeMembershipSettingsController],
  providers: [ChangeMembershipSettingsHandler],
})
export class MembershipSettingsModule {}
