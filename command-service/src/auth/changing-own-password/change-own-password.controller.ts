import { Controller, HttpCode, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { changePasswordRequestSchema, type CommandAccepted } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, InjectPort, Issuer, Payload, setSessionCookie, type PlatformConfig } from '@cn/platform';
import { CHANGE_PASSWORD, POLICY_KEYS } from '../password-change';
import { ChangeOwnPasswordCommand } from './change-own-password.command';

@Controller('api/v1/members/me/password')
export class ChangeOwnPasswordController {
  constructor(
    private readonly commands: CommandBus,
    @InjectPort('config') private readonly config: PlatformConfig,
  ) {}

  @Put()
  @HttpCode(200)
  @Endpoint({
    summary: "Change the signed-in member's password (the current one proves it is them); their other sessions end, this one gets a new cookie",
    tags: ['auth'],
    auth: 'member',
    command: CHANGE_PASSWORD,
    body: changePasswordRequestSchema,
    responses: { 200: commandAnswer('changed, { position }'), 400: 'validation_failed', 401: 'unauthenticated', 409: 'concurrency_conflict', 422: `current_password_invalid, ${POLICY_KEYS}` },
  })
  async change(
    @Issuer() issuer: CommandContext,
    @Payload() payload: ChangeOwnPasswordCommand['payload'],
    @Res({ passthrough: true }) res: Response,
  ): Promise<CommandAccepted> {
    const { position, sessionToken } = await this.commands.execute(new ChangeOwnPasswordCommand(issuer, payload));
    // the member's other sessions ended with the change; this one goes on under a new token
    setSessionCookie(res, sessionToken, this.config.session);
    return commandAccepted(res, position);
  }
}
