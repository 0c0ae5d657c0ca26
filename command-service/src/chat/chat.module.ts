import { Module } from '@nestjs/common';
import { ChatAccess } from './chat-access';
import { ChatCommandGateway } from './chat-command-gateway';
import { ChatTokenController } from './issuing-chat-tokens/chat-token.controller';
import { MarkChatHandler } from './marking-chats/mark-chat.command';
import { MarkChatController } from './marking-chats/mark-chat.controller';
import { ChatMuteTimers, MuteChatHandler } from './muting-chats/mute-chat.command';
import { MuteChatController } from './muting-chats/mute-chat.controller';
import { PostChatMessageHandler } from './posting-chat-messages/post-chat-message.command';
import { PostChatMessageController } from './posting-chat-messages/post-chat-message.controller';
import { SaveChatDraftHandler } from './saving-chat-drafts/save-chat-draft.command';
import { SaveChatDraftController } from './saving-chat-drafts/save-chat-draft.controller';

/** Chat: messages, delivery states, mutes (with their durable timers), drafts, the socket's credentials and its way to the commands. */
@Module({
  controllers: [ChatTokenController, PostChatMessageController, MarkChatController, MuteChatController, SaveChatDraftController],
  providers: [ChatAccess, ChatMuteTimers, ChatCommandGateway, PostChatMessageHandler, MarkChatHandler, MuteChatHandler, SaveChatDraftHandler],
  exports: [ChatCommandGateway],
})
export class ChatModule {}
