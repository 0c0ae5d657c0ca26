import { createdAcceptedSchema } from '@cn/contracts';
import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { commandAccepted, Ctx, openApi, commandAnswer, type RequestContext } from '@cn/platform';
import { RegisterMemberCommand } from './register-member.command';
import { registerMemberRequestSchema } from './register-member.request';

openApi.route({
  method: 'post',
  path: '/administration/members',
  summary: 'Register a member (email required and unique; password required unless a welcome mail is sent)',
  tags: ['members'],
  auth: 'admin',
  body: registerMemberRequestSchema,
  responses: { 201: commandAnswer('registered, { position, id }', createdAcceptedSchema, {
      GetMember: { target: 'get /members/{id}', parameters: { id: '$response.body#/id' } },
      EraseMember: { target: 'delete /administration/members/{id}', parameters: { id: '$response.body#/id' } },
    }), 400: 'validation_failed', 401: 'unauthenticated', 403: 'forbidden', 409: 'email_taken', 422: 'password_too_short, password_too_common or password_matches_email' },
});

@Controller('administration/members')
export class RegisterMemberController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(201)
  async register(
    @Body() body: unknown,
    @Ctx() ctx: RequestContext,
    @Res({ passthrough: true }) res: Response,
  ): Promise<{ position: number; id: string }> {
    const { position, id } = await this.commands.execute(new RegisterMemberCommand(body, ctx));
    return { ...commandAccepted(res, position), id };
  }
}
