import { Body, Controller, HttpCode, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { setPresenceRequestSchema, type CommandAccepted } from '@cn/contracts';
import { commandAccepted, Ctx, openApi, commandAnswer, type RequestContext } from '@cn/platform';
import { SetPresenceCommand } from './set-presence.command';

openApi.route({
  method: 'put',
  path: '/api/v1/members/me/status',
  summary: "Set the signed-in member's presence and status text",
  tags: ['members'],
  auth: 'member',
  body: setPresenceRequestSchema,
  responses: { 200: commandAnswer('accepted, { position }'), 400: 'validation_failed', 401: 'unauthenticated', 422: 'status_hidden or invisible_not_allowed' },
});

@Controller('api/v1/members/me/status')
export class SetPresenceController {
  constructor(private readonly commands: CommandBus) {}

  @Put()
  @HttpCode(200)
  async set(@Body() body: unknown, @Ctx() ctx: RequestContext, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new SetPresenceCommand(body, ctx));
    return commandAccepted(res, position);
  }
}
