import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { chatStream } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { CommandRunner } from '../../core/command-runner';
import { ChatAccess } from '../chat-access';
import { chatDecider } from '../chat.decider';
import type { ChatCommandAnswer } from '../posting-chat-messages/post-chat-message.command';

export const MARK_CHAT_RECEIVED = 'MarkChatReceived';
export const MARK_CHAT_READ = 'MarkChatRead';

/** Delivery states: the member's console has (received) or the member has read the chat up to a message. */
export class MarkChatCommand extends Command<ChatCommandAnswer> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: { chat_id: string; message_id: string; state: 'received' | 'read' },
  ) {
    super();
  }
}

@CommandHandler(MarkChatCommand)
export class MarkChatHandler implements ICommandHandler<MarkChatCommand> {
  constructor(
    private readonly commands: CommandRunner,
    private readonly access: ChatAccess,
  ) {}

  async execute({ issuer, payload }: MarkChatCommand): Promise<ChatCommandAnswer> {
    const { member_id, chat_key, can } = await this.access.of(issuer, payload.chat_id);
    const type = payload.state === 'read' ? 'MarkChatRead' : 'MarkChatReceived';
    const handled = await this.commands.run(type, {
      streamId: chatStream(chat_key),
      decider: chatDecider,
      context: issuer,
      command: { type, chat_key, member_id, can, message_id: payload.message_id },
    });
    return { position: handled.position, chat_key };
  }
}
