import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { z } from 'zod';
import { notificationsStream, type markNotificationsReadRequestSchema } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { CommandRunner } from '../../core/command-runner';
import { notificationsDecider } from '../notifications.decider';

export const MARK_NOTIFICATIONS_READ = 'MarkNotificationsRead';

/** The signed-in member marks their notifications read up to a position. */
export class MarkNotificationsReadCommand extends Command<{ position: number }> {
  constructor(
    readonly issuer: CommandContext & { memberId: string },
    readonly payload: z.output<typeof markNotificationsReadRequestSchema>,
  ) {
    super();
  }
}

/** Load, decide, append: the guard authenticated, the payload is parsed. */
@CommandHandler(MarkNotificationsReadCommand)
export class MarkNotificationsReadHandler implements ICommandHandler<MarkNotificationsReadCommand> {
  constructor(private readonly commands: CommandRunner) {}

  async execute({ issuer, payload }: MarkNotificationsReadCommand): Promise<{ position: number }> {
    const handled = await this.commands.run(MARK_NOTIFICATIONS_READ, {
      streamId: notificationsStream(issuer.memberId),
      decider: notificationsDecider,
      command: { type: 'MarkNotificationsRead', member_id: issuer.memberId, up_to: payload.up_to },
      context: issuer,
    });
    return { position: handled.position };
  }
}
