import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { MessageBox } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { MessageCommands } from '../message-commands';
import { decideMessage, type MarkMessage } from '../message.decider';

export const MARK_COMMANDS = { read: 'MarkMessagesRead', unread: 'MarkMessagesUnread', delete: 'DeleteMessages' } as const;

/** Marking one's own copies of messages read or unread, or deleting them (for oneself only). */
export class MarkMessagesCommand extends Command<{ position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: { message_ids: string[]; action: MarkMessage['action']; box: MessageBox | 'any' },
  ) {
    super();
  }
}

@CommandHandler(MarkMessagesCommand)
export class MarkMessagesHandler implements ICommandHandler<MarkMessagesCommand> {
  constructor(private readonly messages: MessageCommands) {}

  async execute({ issuer, payload }: MarkMessagesCommand): Promise<{ position: number }> {
    const { member_id } = await this.messages.sender(issuer);
    const ids = [...new Set(payload.message_ids)];
    const command: MarkMessage = { type: 'MarkMessage', member_id, action: payload.action, box: payload.box };
    // the whole batch is decided before anything is appended: one message the member does not hold refuses it all
    for (const id of ids) decideMessage(command, await this.messages.message(id));
    let position = 0;
    for (const id of ids) {
      const handled = await this.messages.run(MARK_COMMANDS[payload.action], id, issuer, command);
      position = Math.max(position, handled.position);
    }
    return { position };
  }
}
