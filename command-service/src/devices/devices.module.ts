import { Module } from '@nestjs/common';
import { RegisterDeviceHandler } from './registering-device/register-device.command';
import { RegisterDeviceController } from './registering-device/register-device.controller';
import { RemoveDeviceHandler } from './removing-device/remove-device.command';
import { RemoveDeviceController } from './removing-device/remove-device.controller';
import { SetDevicePushHandler } from './setting-device-push/set-device-push.command';
import { SetDevicePushController } from './setting-device-push/set-device-push.controller';

/** Members' devices and their push settings (docs/NOTIFICATIONS.md "Devices and Web Push"). */
@Module({
  controllers: [RegisterDeviceController, RemoveDeviceController, SetDevicePushController],
  providers: [RegisterDeviceHandler, RemoveDeviceHandler, SetDevicePushHandler],
})
export class DevicesModule {}
