import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { chatDraftStream } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { InjectPort, type PersonalDataCipher } from '@cn/platform';
import { CommandRunner } from '../../core/command-runner';
import { ChatAccess } from '../chat-access';
import type { ChatCommandAnswer } from '../posting-chat-messages/post-chat-message.command';
import { chatDraftDecider } from './chat-draft.decider';

export const SAVE_CHAT_DRAFT = 'SaveChatDraft';

/** The composer's unsent text of a chat ('' clears it); encrypted under the member's key like a message. */
export class SaveChatDraftCommand extends Command<ChatCommandAnswer> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: { chat_id: string; text: string },
  ) {
    super();
  }
}

@CommandHandler(SaveChatDraftCommand)
export class SaveChatDraftHandler implements ICommandHandler<SaveChatDraftCommand> {
  constructor(
    private readonly commands: CommandRunner,
    private readonly access: ChatAccess,
    @InjectPort('cipher') private readonly cipher: PersonalDataCipher,
  ) {}

  async execute({ issuer, payload }: SaveChatDraftCommand): Promise<ChatCommandAnswer> {
    const { member_id, chat_key, can } = await this.access.of(issuer, payload.chat_id);
    // a draft without the write flag is refused by the decider before anything is appended, so it is not encrypted
    const text = payload.text === '' || !can.write ? payload.text : await this.cipher.encrypt(member_id, payload.text);
    const handled = await this.commands.run(SAVE_CHAT_DRAFT, {
      streamId: chatDraftStream(chat_key, member_id),
      decider: chatDraftDecider,
      context: issuer,
      command: { type: 'SaveChatDraft', chat_key, member_id, can, text },
    });
    return { position: handled.position, chat_key };
  }
}
