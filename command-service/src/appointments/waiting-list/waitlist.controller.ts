import { Controller, Delete, HttpCode, Param, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import type { CommandAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer } from '@cn/platform';
import { WAITLIST, WaitlistCommand } from './waitlist.command';

@Controller('appointments/:id/waitlist')
export class WaitlistController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(200)
  @Endpoint({
    summary: 'Join the waiting list of a full appointment (enforced limit reached); the first waiting member is accepted when a place frees',
    tags: ['appointments'],
    auth: 'member',
    command: WAITLIST.join,
    responses: { 200: commandAnswer('accepted, { position }'), 401: 'unauthenticated', 404: 'not_found', 422: 'waitlist_not_available, already_on_waitlist, participation_locked' },
  })
  join(@Issuer() issuer: CommandContext, @Param('id') id: string, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    return this.run(new WaitlistCommand(issuer, { appointment_id: id, action: 'join' }), res);
  }

  @Delete()
  @HttpCode(200)
  @Endpoint({
    summary: 'Leave the waiting list',
    tags: ['appointments'],
    auth: 'member',
    command: WAITLIST.leave,
    responses: { 200: commandAnswer('accepted, { position }'), 401: 'unauthenticated', 404: 'not_found', 422: 'not_on_waitlist' },
  })
  leave(@Issuer() issuer: CommandContext, @Param('id') id: string, @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    return this.run(new WaitlistCommand(issuer, { appointment_id: id, action: 'leave' }), res);
  }

  private async run(command: WaitlistCommand, res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(command);
    return commandAccepted(res, position);
  }
}
