import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandContext } from '@cn/domain';
import { ActivityCommands } from '../activity-commands';

export const REPLY_COMMANDS = { reply: 'ReplyToActivity', edit: 'EditReply', delete: 'DeleteReply' } as const;

/** Replying (reply_id null), editing (html) or deleting (html null) a reply to a post. */
export class ReplyActivityCommand extends Command<{ id: string; position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: { activity_id: string; reply_id: string | null; html_content: string | null },
  ) {
    super();
  }
}

@CommandHandler(ReplyActivityCommand)
export class ReplyActivityHandler implements ICommandHandler<ReplyActivityCommand> {
  constructor(private readonly activities: ActivityCommands) {}

  async execute({ issuer, payload: { activity_id, reply_id, html_content } }: ReplyActivityCommand): Promise<{ id: string; position: number }> {
    const asker = await this.activities.askerOf(issuer, activity_id);
    if (reply_id === null) {
      const id = randomUUID();
      const handled = await this.activities.run(REPLY_COMMANDS.reply, activity_id, issuer, { type: 'ReplyToActivity', reply_id: id, html_content: html_content ?? '', ...asker });
      return { id, position: handled.position };
    }
    const handled =
      html_content === null
        ? await this.activities.run(REPLY_COMMANDS.delete, activity_id, issuer, { type: 'DeleteReply', reply_id, ...asker })
        : await this.activities.run(REPLY_COMMANDS.edit, activity_id, issuer, { type: 'EditReply', reply_id, html_content, ...asker });
    return { id: reply_id, position: handled.position };
  }
}
