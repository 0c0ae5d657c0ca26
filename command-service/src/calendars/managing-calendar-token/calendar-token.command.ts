import { randomBytes } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { memberStream } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { CommandLookup } from '../../lookup/command-lookup';
import { CommandRunner } from '../../core/command-runner';
import { calendarTokenDecider, hashCalendarToken } from '../calendar-token.decider';

export const ISSUE_CALENDAR_TOKEN = 'IssueCalendarToken';
export const REVOKE_CALENDAR_TOKEN = 'RevokeCalendarToken';

/** The member creates (or rotates) their webcal token, or revokes it. */
export class CalendarTokenCommand extends Command<{ position: number; token: string | null }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: { action: 'issue' | 'revoke' },
  ) {
    super();
  }
}

@CommandHandler(CalendarTokenCommand)
export class CalendarTokenHandler implements ICommandHandler<CalendarTokenCommand> {
  constructor(
    private readonly commands: CommandRunner,
    private readonly lookup: CommandLookup,
  ) {}

  async execute({ issuer, payload }: CalendarTokenCommand): Promise<{ position: number; token: string | null }> {
    const memberId = (await this.lookup.issuer(issuer))._id;
    const token = payload.action === 'issue' ? randomBytes(32).toString('base64url') : null;
    const handled = await this.commands.run(token ? ISSUE_CALENDAR_TOKEN : REVOKE_CALENDAR_TOKEN, {
      streamId: memberStream(memberId),
      decider: calendarTokenDecider,
      command: token ? { type: 'IssueCalendarToken', member_id: memberId, token_hash: hashCalendarToken(token) } : { type: 'RevokeCalendarToken', member_id: memberId },
      context: issuer,
    });
    return { position: handled.position, token };
  }
}
