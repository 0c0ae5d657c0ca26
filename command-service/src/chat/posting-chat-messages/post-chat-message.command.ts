import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { chatMentionedMemberIds, chatStream, type PostChatMessageRequest } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { InjectPort, type PersonalDataCipher } from '@cn/platform';
import { CommandRunner } from '../../core/command-runner';
import { ChatAccess } from '../chat-access';
import { chatDecider } from '../chat.decider';

export const POST_CHAT_MESSAGE = 'PostChatMessage';

export interface ChatCommandAnswer {
  position: number;
  chat_key: string;
}

/** A message to a chat (`member/{id}` or `group/{id}`); its text is encrypted under the author's key. */
export class PostChatMessageCommand extends Command<ChatCommandAnswer> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: { chat_id: string; message_id: string; text: string; quoted_message_id: string | null },
  ) {
    super();
  }
}

export type PostChatMessagePayload = PostChatMessageRequest & { chat_id: string };

@CommandHandler(PostChatMessageCommand)
export class PostChatMessageHandler implements ICommandHandler<PostChatMessageCommand> {
  constructor(
    private readonly commands: CommandRunner,
    private readonly access: ChatAccess,
    @InjectPort('cipher') private readonly cipher: PersonalDataCipher,
  ) {}

  async execute({ issuer, payload }: PostChatMessageCommand): Promise<ChatCommandAnswer> {
    const { member_id, chat_key, can, member_ids } = await this.access.of(issuer, payload.chat_id);
    // a mention rings only the bell of someone in the chat (who may read it), never the author's
    const mentioned_ids = chatMentionedMemberIds(payload.text).filter((id) => id !== member_id && member_ids.includes(id));
    const handled = await this.commands.run(POST_CHAT_MESSAGE, {
      streamId: chatStream(chat_key),
      decider: chatDecider,
      context: issuer,
      command: {
        type: 'PostChatMessage',
        chat_key,
        member_id,
        can,
        message_id: payload.message_id,
        text: can.write ? await this.cipher.encrypt(member_id, payload.text) : '',
        quoted_message_id: payload.quoted_message_id,
        mentioned_ids,
      },
    });
    return { position: handled.position, chat_key };
  }
}
