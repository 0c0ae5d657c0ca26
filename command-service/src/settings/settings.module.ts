import { Module } from '@nestjs/common';
import { ChangeNetworkSettingsHandler } from './changing-network-settings/change-network-settings.command';
import { ChangeNetworkSettingsController } from './changing-network-settings/change-network-settings.controller';
import { SendTestBirthdayMailHandler } from './sending-test-birthday-mail/send-test-birthday-mail.command';
import { SendTestBirthdayMailController } from './sending-test-birthday-mail/send-test-birthday-mail.controller';

/** Network settings, changed by administrators. */
@Module({
  controllers: [ChangeNetworkSettingsController, SendTestBirthdayMailController],
  providers: [ChangeNetworkSettingsHandler, SendTestBirthdayMailHandler],
})
export class SettingsModule {}
