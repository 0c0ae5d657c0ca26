import { createHash, randomBytes } from 'node:crypto';
import { Controller, Delete, HttpCode, Inject, Post, Res } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Response } from 'express';
import { memberStream, calendarTokenIssuedSchema, type CalendarTokenEvent, type CalendarTokenIssued, type CommandAccepted, type MemberEvent } from '@cn/contracts';
import { commandAccepted, Ctx, INFRASTRUCTURE, openApi, commandAnswer, type Infrastructure, type RequestContext } from '@cn/platform';
import { DomainError, type Decider } from '@cn/domain';
import { CommandLookup } from '../../lookup/command-lookup';
import { countRefusal, executeCommand } from '../../shared/execute-command';

/** The webcal token lives on the member stream; only its hash is stored. */
export const hashCalendarToken = (token: string): string => createHash('sha256').update(token).digest('hex');

interface TokenState {
  member: 'unknown' | 'registered' | 'erased';
  has_token: boolean;
}

export type CalendarTokenCommand = { type: 'IssueCalendarToken'; member_id: string; token_hash: string } | { type: 'RevokeCalendarToken'; member_id: string };

export const calendarTokenDecider: Decider<TokenState, CalendarTokenCommand, MemberEvent | CalendarTokenEvent> = {
  initialState: () => ({ member: 'unknown', has_token: false }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'MemberRegistered':
        return { ...state, member: 'registered' };
      case 'MemberErased':
        return { member: 'erased', has_token: false };
      case 'MemberCalendarTokenIssued':
        return { ...state, has_token: true };
      case 'MemberCalendarTokenRevoked':
        return { ...state, has_token: false };
      default:
        return state;
    }
  },
  decide: (command, state) => {
    if (state.member !== 'registered') throw new DomainError(state.member === 'erased' ? 'member_erased' : 'not_found', state.member === 'erased' ? 'refused' : 'not_found');
    switch (command.type) {
      case 'IssueCalendarToken':
        return [{ type: 'MemberCalendarTokenIssued', data: { member_id: command.member_id, token_hash: command.token_hash } }];
      case 'RevokeCalendarToken':
        // revoking what is not there changes nothing
        return state.has_token ? [{ type: 'MemberCalendarTokenRevoked', data: { member_id: command.member_id } }] : [];
    }
  },
};

export class CalendarTokenRequest extends Command<{ position: number; token: string | null }> {
  constructor(
    readonly action: 'issue' | 'revoke',
    readonly ctx: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(CalendarTokenRequest)
export class CalendarTokenHandler implements ICommandHandler<CalendarTokenRequest> {
  constructor(
    @Inject(INFRASTRUCTURE) private readonly infra: Infrastructure,
    private readonly lookup: CommandLookup,
  ) {}

  async execute({ action, ctx }: CalendarTokenRequest): Promise<{ position: number; token: string | null }> {
    const name = action === 'issue' ? 'IssueCalendarToken' : 'RevokeCalendarToken';
    const member = await this.lookup.requireActiveMember(ctx).catch((error: unknown) => countRefusal(this.infra, name, error));
    const token = action === 'issue' ? randomBytes(32).toString('base64url') : null;
    const handled = await executeCommand(this.infra, name, {
      streamId: memberStream(member._id),
      decider: calendarTokenDecider,
      command: token ? { type: 'IssueCalendarToken', member_id: member._id, token_hash: hashCalendarToken(token) } : { type: 'RevokeCalendarToken', member_id: member._id },
      context: { memberId: member._id, correlationId: ctx.correlationId, causationId: ctx.requestId },
    });
    return { position: handled.position, token };
  }
}

openApi.route({
  method: 'post',
  path: '/users/calendar_token',
  summary: "Create or rotate the member's webcal token; answered once as { token, position } (only its SHA-256 is stored)",
  tags: ['calendars'],
  auth: 'member',
  responses: { 200: commandAnswer('{ token, position }', calendarTokenIssuedSchema), 401: 'unauthenticated' },
});
openApi.route({
  method: 'delete',
  path: '/users/calendar_token',
  summary: "Revoke the member's webcal token",
  tags: ['calendars'],
  auth: 'member',
  responses: { 200: commandAnswer('accepted, { position }'), 401: 'unauthenticated' },
});

@Controller('users/calendar_token')
export class CalendarTokenController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(200)
  async issue(@Ctx() ctx: RequestContext, @Res({ passthrough: true }) res: Response): Promise<CalendarTokenIssued> {
    const { position, token } = await this.commands.execute(new CalendarTokenRequest('issue', ctx));
    return { token: token ?? '', ...commandAccepted(res, position) };
  }

  @Delete()
  @HttpCode(200)
  async revoke(@Ctx() ctx: RequestContext, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new CalendarTokenRequest('revoke', ctx));
    return commandAccepted(res, position);
  }
}
