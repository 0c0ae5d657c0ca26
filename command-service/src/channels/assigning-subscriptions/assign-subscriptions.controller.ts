import { Controller, HttpCode, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { assignChannelSubscriptionsRequestSchema, channelSubscriptionsAssignedSchema, type AssignChannelSubscriptions, type ChannelSubscriptionsAssigned } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload } from '@cn/platform';
import { ASSIGN_CHANNEL_SUBSCRIPTIONS, AssignChannelSubscriptionsCommand } from './assign-subscriptions.command';

@Controller('administration/channel_settings')
export class AssignSubscriptionsController {
  constructor(private readonly commands: CommandBus) {}

  @Post('assign_channel_subscriptions')
  @HttpCode(200)
  @Endpoint({
    summary: 'Subscribe chosen members, the members of chosen groups or every active network member to chosen channels (idempotent)',
    tags: ['channels'],
    auth: 'admin',
    command: ASSIGN_CHANNEL_SUBSCRIPTIONS,
    body: assignChannelSubscriptionsRequestSchema,
    responses: {
      200: commandAnswer('accepted, { position, added }: how many member/channel subscriptions were added', channelSubscriptionsAssignedSchema),
      400: 'validation_failed (channels.N unknown_channel, members.N.id unknown_member or unknown_group)',
      401: 'unauthenticated',
      403: 'forbidden',
    },
  })
  async assign(@Issuer() issuer: CommandContext, @Payload() payload: AssignChannelSubscriptions, @Res({ passthrough: true }) res: Response): Promise<ChannelSubscriptionsAssigned> {
    const { position, added } = await this.commands.execute(new AssignChannelSubscriptionsCommand(issuer, payload));
    return { ...commandAccepted(res, position), added };
  }
}
