import { Module } from '@nestjs/common';
import { MarkNotificationsReadHandler } from './reading-notifications/mark-notifications-read.command';
import { MarkNotificationsReadController } from './reading-notifications/mark-notifications-read.controller';

/** Notifications: its controllers and command handlers (one folder per use case). */
@Module({
  controllers: [MarkNotificationsReadController],
  providers: [MarkNotificationsReadHandler],
})
export class NotificationsModule {}
