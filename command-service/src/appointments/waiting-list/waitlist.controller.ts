import { Controller, Delete, HttpCode, Param, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import type { CommandAccepted } from '@cn/contracts';
import { commandAccepted, Ctx, openApi, commandAnswer, type RequestContext } from '@cn/platform';
import { WaitlistCommand } from './waitlist.commands';

openApi.route({
  method: 'post',
  path: '/appointments/{id}/waitlist',
  summary: 'Join the waiting list of a full appointment (enforced limit reached); the first waiting member is accepted when a place frees',
  tags: ['appointments'],
  auth: 'member',
  responses: { 200: commandAnswer('accepted, { position }'), 401: 'unauthenticated', 404: 'not_found', 422: 'waitlist_not_available, already_on_waitlist, participation_locked' },
});
openApi.route({
  method: 'delete',
  path: '/appointments/{id}/waitlist',
  summary: 'Leave the waiting list',
  tags: ['appointments'],
  auth: 'member',
  responses: { 200: commandAnswer('accepted, { position }'), 401: 'unauthenticated', 404: 'not_found', 422: 'not_on_waitlist' },
});

@Controller('appointments/:id/waitlist')
export class WaitlistController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(200)
  async join(@Param('id') id: string, @Ctx() ctx: RequestContext, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new WaitlistCommand(id, 'join', ctx));
    return commandAccepted(res, position);
  }

  @Delete()
  @HttpCode(200)
  async leave(@Param('id') id: string, @Ctx() ctx: RequestContext, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new WaitlistCommand(id, 'leave', ctx));
    return commandAccepted(res, position);
  }
}
