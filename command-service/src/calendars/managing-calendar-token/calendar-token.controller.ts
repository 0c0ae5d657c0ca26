import { Controller, Delete, HttpCode, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { calendarTokenIssuedSchema, type CalendarTokenIssued, type CommandAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer } from '@cn/platform';
import { CalendarTokenCommand, ISSUE_CALENDAR_TOKEN, REVOKE_CALENDAR_TOKEN } from './calendar-token.command';

@Controller('users/calendar_token')
export class CalendarTokenController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(200)
  @Endpoint({
    summary: "Create or rotate the member's webcal token; answered once as { token, position } (only its SHA-256 is stored)",
    tags: ['calendars'],
    auth: 'member',
    command: ISSUE_CALENDAR_TOKEN,
    responses: { 200: commandAnswer('{ token, position }', calendarTokenIssuedSchema), 401: 'unauthenticated' },
  })
  async issue(@Issuer() issuer: CommandContext, @Res({ passthrough: true }) res: Response): Promise<CalendarTokenIssued> {
    const { position, token } = await this.commands.execute(new CalendarTokenCommand(issuer, { action: 'issue' }));
    return { token: token ?? '', ...commandAccepted(res, position) };
  }

  @Delete()
  @HttpCode(200)
  @Endpoint({
    summary: "Revoke the member's webcal token",
    tags: ['calendars'],
    auth: 'member',
    command: REVOKE_CALENDAR_TOKEN,
    responses: { 200: commandAnswer('accepted, { position }'), 401: 'unauthenticated' },
  })
  async revoke(@Issuer() issuer: CommandContext, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new CalendarTokenCommand(issuer, { action: 'revoke' }));
    return commandAccepted(res, position);
  }
}
