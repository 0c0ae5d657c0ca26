import { Controller, HttpCode, Param, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import type { CommandAccepted } from '@cn/contracts';
import { commandAccepted, Ctx, openApi, commandAnswer, type RequestContext } from '@cn/platform';
import { AnswerInviteCommand } from './answer-invite.commands';

const responses = {
  200: commandAnswer('accepted, { position }'),
  401: 'unauthenticated',
  403: 'forbidden (not your invite)',
  404: 'not_found',
  409: 'attendee_limit_exceeded',
  422: 'invite_not_open, participation_locked, invite_expired (past, opt_retroactively off), appointment_canceled',
};
openApi.route({ method: 'post', path: '/api/v1/invites/{id}/accept', summary: 'Accept an open invite (id: <appointmentId>.<memberId>)', tags: ['invites'], auth: 'member', responses });
openApi.route({ method: 'post', path: '/api/v1/invites/{id}/reject', summary: 'Decline an open invite', tags: ['invites'], auth: 'member', responses });

@Controller('api/v1/invites/:id')
export class AnswerInviteController {
  constructor(private readonly commands: CommandBus) {}

  @Post('accept')
  @HttpCode(200)
  async accept(@Param('id') id: string, @Ctx() ctx: RequestContext, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new AnswerInviteCommand(id, 'accept', ctx));
    return commandAccepted(res, position);
  }

  @Post('reject')
  @HttpCode(200)
  async reject(@Param('id') id: string, @Ctx() ctx: RequestContext, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new AnswerInviteCommand(id, 'reject', ctx));
    return commandAccepted(res, position);
  }
}
