import { Controller, HttpCode, Param, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { lockMemberRequestSchema, type CommandAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload } from '@cn/platform';
import type { z } from 'zod';
import { SET_MEMBER_LOCKED, SetMemberLockedCommand } from './lock-member.command';

@Controller('administration/members')
export class LockMemberController {
  constructor(private readonly commands: CommandBus) {}

  @Put(':id/lock')
  @HttpCode(200)
  @Endpoint({
    summary: "Lock ({ locked: true }) or unlock a member: a lock ends the member's sessions and open realtime sockets at once",
    tags: ['members'],
    auth: 'admin',
    command: SET_MEMBER_LOCKED,
    body: lockMemberRequestSchema,
    responses: {
      200: commandAnswer('accepted, { position }'),
      400: 'validation_failed (locked: required)',
      401: 'unauthenticated',
      403: 'forbidden',
      404: 'not_found',
      409: 'concurrency_conflict',
      422: 'cannot_lock_self, member_erased',
    },
  })
  async lock(
    @Issuer() issuer: CommandContext,
    @Param('id') id: string,
    @Payload() payload: z.output<typeof lockMemberRequestSchema>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new SetMemberLockedCommand(issuer, { member_id: id, locked: payload.locked }));
    return commandAccepted(res, position);
  }
}
