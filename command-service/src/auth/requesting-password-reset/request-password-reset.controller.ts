import { Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { passwordResetRequestedSchema, requestPasswordResetSchema } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { Endpoint, Issuer, Payload } from '@cn/platform';
import { RequestPasswordResetCommand } from './request-password-reset.command';

@Controller('users/password')
export class RequestPasswordResetController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(202)
  @Endpoint({
    summary: 'Mail a password reset link to the address when a member has it (the answer is the same either way)',
    tags: ['auth'],
    auth: 'none',
    body: requestPasswordResetSchema,
    responses: { 202: { description: 'accepted, { requested: true }', schema: passwordResetRequestedSchema }, 400: 'validation_failed' },
  })
  async requestReset(@Issuer() issuer: CommandContext, @Payload() payload: RequestPasswordResetCommand['payload']): Promise<{ requested: true }> {
    await this.commands.execute(new RequestPasswordResetCommand(issuer, payload));
    return { requested: true };
  }
}
