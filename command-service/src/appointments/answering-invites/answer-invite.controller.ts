import { Controller, HttpCode, Param, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import type { CommandAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer } from '@cn/platform';
import { ANSWER_INVITE, AnswerInviteCommand } from './answer-invite.command';

const tags = ['invites'];
const responses = {
  200: commandAnswer('accepted, { position }'),
  401: 'unauthenticated',
  403: 'forbidden (not your invite)',
  404: 'not_found',
  409: 'attendee_limit_exceeded',
  422: 'invite_not_open, participation_locked, invite_expired (past, opt_retroactively off), appointment_canceled',
};

@Controller('api/v1/invites/:id')
export class AnswerInviteController {
  constructor(private readonly commands: CommandBus) {}

  @Post('accept')
  @HttpCode(200)
  @Endpoint({ summary: 'Accept an open invite (id: <appointmentId>.<memberId>)', tags, auth: 'member', command: ANSWER_INVITE.accept, responses })
  accept(@Issuer() issuer: CommandContext, @Param('id') id: string, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    return this.answer(new AnswerInviteCommand(issuer, { invite_id: id, answer: 'accept' }), res);
  }

  @Post('reject')
  @HttpCode(200)
  @Endpoint({ summary: 'Decline an open invite', tags, auth: 'member', command: ANSWER_INVITE.reject, responses })
  reject(@Issuer() issuer: CommandContext, @Param('id') id: string, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    return this.answer(new AnswerInviteCommand(issuer, { invite_id: id, answer: 'reject' }), res);
  }

  private async answer(command: AnswerInviteCommand, res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(command);
    return commandAccepted(res, position);
  }
}
