import { Controller, HttpCode, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { createdAcceptedSchema } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { commandAccepted, commandAnswer, Endpoint, Issuer, Payload } from '@cn/platform';
import { REGISTER_MEMBER, RegisterMemberCommand } from './register-member.command';
import { registerMemberRequestSchema } from './register-member.request';

@Controller('administration/members')
export class RegisterMemberController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(201)
  @Endpoint({
    summary: 'Register a member (email required and unique; password required unless a welcome mail is sent)',
    tags: ['members'],
    auth: 'admin',
    command: REGISTER_MEMBER,
    body: registerMemberRequestSchema,
    responses: {
      201: commandAnswer('registered, { position, id }', createdAcceptedSchema, {
        GetMember: { target: 'get /members/{id}', parameters: { id: '$response.body#/id' } },
        EraseMember: { target: 'delete /administration/members/{id}', parameters: { id: '$response.body#/id' } },
      }),
      400: 'validation_failed',
      401: 'unauthenticated',
      403: 'forbidden',
      409: 'email_taken',
      422: 'password_too_short, password_too_common or password_matches_email',
    },
  })
  async register(
    @Issuer() issuer: CommandContext,
    @Payload() payload: RegisterMemberCommand['payload'],
    @Res({ passthrough: true }) res: Response,
  ): Promise<{ position: number; id: string }> {
    const { position, id } = await this.commands.execute(new RegisterMemberCommand(issuer, payload));
    return { ...commandAccepted(res, position), id };
  }
}
