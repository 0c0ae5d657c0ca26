import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { z } from 'zod';
import type { MessageSentAccepted, sendMessageRequestSchema } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { InjectPort, type PersonalDataCipher } from '@cn/platform';
import { FileCommands } from '../../files/file-commands';
import { MessageCommands } from '../message-commands';

export const SEND_MESSAGE = 'SendMessage';

/**
 * Sending a direct message: a new one, a reply (conversation_starter_id), a reply to all or a forward
 * (forwarded_message_id). Groups and the whole network are expanded to their members now, and the event
 * records who received it. Subject and content are encrypted under the author's key. Attachments are the
 * author's uploads or files they may read (the files rule), pinned to their current version; a forward
 * carries the forwarded message's on.
 */
export class SendMessageCommand extends Command<MessageSentAccepted> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: z.output<typeof sendMessageRequestSchema>,
  ) {
    super();
  }
}

@CommandHandler(SendMessageCommand)
export class SendMessageHandler implements ICommandHandler<SendMessageCommand> {
  constructor(
    private readonly messages: MessageCommands,
    private readonly files: FileCommands,
    @InjectPort('cipher') private readonly cipher: PersonalDataCipher,
  ) {}

  async execute({ issuer, payload }: SendMessageCommand): Promise<MessageSentAccepted> {
    const sender = await this.messages.sender(issuer);
    const id = randomUUID();
    const starter = payload.conversation_starter_id ?? null;
    const forwardedId = payload.forwarded_message_id ?? null;
    const started = starter === null ? null : await this.messages.holds(starter, sender.member_id);
    const forwarded = forwardedId === null ? null : await this.messages.holds(forwardedId, sender.member_id);
    const handled = await this.messages.run(SEND_MESSAGE, id, issuer, {
      type: 'SendMessage',
      message_id: id,
      sender,
      to: await this.messages.members([...new Set(payload.to)]),
      to_group: await Promise.all([...new Set(payload.to_group)].map((groupId) => this.messages.group(groupId, sender.member_id))),
      to_all_network_members: payload.to_all_network_members,
      network_member_ids: payload.to_all_network_members && sender.network_admin ? await this.messages.networkMembers() : [],
      // a reply continues the conversation of the message it answers
      conversation: starter === null ? null : { conversation_id: started?.conversation_id ?? starter, held: started !== null },
      forwarded: forwardedId === null ? null : { message_id: forwardedId, held: forwarded !== null, attachments: forwarded?.attachments ?? [] },
      attachments: await this.files.attachable(issuer, payload.attachments),
      subject: await this.cipher.encrypt(sender.member_id, payload.subject),
      content: await this.cipher.encrypt(sender.member_id, payload.content),
    });
    return { id, position: handled.position };
  }
}
