import { Module } from '@nestjs/common';
import { ChangeNetworkSettingsHandler } from './changing-network-settings/change-network-settings.command';
import { ChangeNetworkSettingsController } from './changing-network-settings/change-network-settings.controller';

/** Network settings, changed by administrators. */
@Module({
  controllers: [ChangeNetworkSettingsController],
  providers: [ChangeNetworkSettingsHandler],
})
export class SettingsModule {}
