import { Controller, HttpCode, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { resetPasswordRequestSchema, type CommandAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload } from '@cn/platform';
import { CHANGE_PASSWORD, POLICY_KEYS } from '../password-change';
import { ResetPasswordCommand } from './reset-password.command';

@Controller('users/password')
export class ResetPasswordController {
  constructor(private readonly commands: CommandBus) {}

  @Put()
  @HttpCode(200)
  @Endpoint({
    summary: 'Choose a new password with the token of a reset link (once, within two hours); every session of the member ends',
    tags: ['auth'],
    auth: 'none',
    command: CHANGE_PASSWORD,
    body: resetPasswordRequestSchema,
    responses: { 200: commandAnswer('changed, { position }'), 400: 'validation_failed', 409: 'concurrency_conflict', 422: `reset_token_invalid, ${POLICY_KEYS}` },
  })
  async reset(@Issuer() issuer: CommandContext, @Payload() payload: ResetPasswordCommand['payload'], @Res({ passthrough: true }) res: Response): Promise<CommandAccepted> {
    const { position } = await this.commands.execute(new ResetPasswordCommand(issuer, payload));
    return commandAccepted(res, position);
  }
}
