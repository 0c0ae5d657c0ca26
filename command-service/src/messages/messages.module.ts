import { Module } from '@nestjs/common';
import { FilesModule } from '../files/files.module';
import { MarkMessagesHandler } from './marking-messages/mark-messages.command';
import { MarkMessagesController } from './marking-messages/mark-messages.controller';
import { MessageCommands } from './message-commands';
import { SendMessageHandler } from './sending-messages/send-message.command';
import { SendMessageController } from './sending-messages/send-message.controller';

/** Direct messages: sending (new, reply, reply all, forward), and each participant's read, unread and deleted marks. */
@Module({
  imports: [FilesModule],
  controllers: [SendMessageController, MarkMessagesController],
  providers: [MessageCommands, SendMessageHandler, MarkMessagesHandler],
})
export class MessagesModule {}
