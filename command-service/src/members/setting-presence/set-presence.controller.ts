import { Controller, HttpCode, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { setPresenceRequestSchema, type CommandAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload } from '@cn/platform';
import { SET_PRESENCE, SetPresenceCommand } from './set-presence.command';

@Controller('api/v1/members/me/status')
export class SetPresenceController {
  constructor(private readonly commands: CommandBus) {}

  @Put()
  @HttpCode(200)
  @Endpoint({
    summary: "Set the signed-in member's presence and status text",
    tags: ['members'],
    auth: 'member',
    command: SET_PRESENCE,
    body: setPresenceRequestSchema,
    responses: { 200: commandAnswer('accepted, { position }'), 400: 'validation_failed', 401: 'unauthenticated', 422: 'status_hidden or invisible_not_allowed' },
  })
  async set(@Issuer() issuer: CommandContext, @Payload() payload: SetPresenceCommand['payload'], @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new SetPresenceCommand(issuer, payload));
    return commandAccepted(res, position);
  }
}
