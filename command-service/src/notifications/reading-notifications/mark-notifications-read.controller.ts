import { Controller, HttpCode, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { markNotificationsReadRequestSchema, type CommandAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Member, Payload, type SignedInMember } from '@cn/platform';
import { MARK_NOTIFICATIONS_READ, MarkNotificationsReadCommand } from './mark-notifications-read.command';

@Controller('api/v1/notifications')
export class MarkNotificationsReadController {
  constructor(private readonly commands: CommandBus) {}

  @Post('read')
  @HttpCode(200)
  @Endpoint({
    summary: "Mark the member's notifications read up to a position (the bell sends the newest when opened)",
    tags: ['notifications'],
    auth: 'member',
    command: MARK_NOTIFICATIONS_READ,
    body: markNotificationsReadRequestSchema,
    responses: { 200: commandAnswer('accepted, { position }'), 400: 'validation_failed', 401: 'signed out' },
  })
  async handle(
    @Issuer() issuer: CommandContext,
    @Member() member: SignedInMember,
    @Payload() payload: MarkNotificationsReadCommand['payload'],
    @Res({ passthrough: true }) res: Response,
  ): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new MarkNotificationsReadCommand({ ...issuer, memberId: member.id }, payload));
    return commandAccepted(res, position);
  }
}
