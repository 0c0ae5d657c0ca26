import { Controller, HttpCode, Param, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { setMemberPasswordRequestSchema, type CommandAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload } from '@cn/platform';
import { CHANGE_PASSWORD, POLICY_KEYS } from '../password-change';
import { SetMemberPasswordCommand } from './set-member-password.command';

@Controller('administration/members')
export class SetMemberPasswordController {
  constructor(private readonly commands: CommandBus) {}

  @Put(':id')
  @HttpCode(200)
  @Endpoint({
    summary: "Set a member's password (network administrators); every session of the member ends",
    tags: ['members'],
    auth: 'admin',
    command: CHANGE_PASSWORD,
    body: setMemberPasswordRequestSchema,
    responses: { 200: commandAnswer('changed, { position }'), 400: 'validation_failed', 401: 'unauthenticated', 403: 'forbidden', 404: 'not_found', 409: 'concurrency_conflict', 422: POLICY_KEYS },
  })
  async set(
    @Issuer() issuer: CommandContext,
    @Param('id') id: string,
    @Payload() payload: Omit<SetMemberPasswordCommand['payload'], 'member_id'>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new SetMemberPasswordCommand(issuer, { ...payload, member_id: id }));
    return commandAccepted(res, position);
  }
}
