import { z } from 'zod';
import { Body, Controller, HttpCode, Inject, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { signInRequestSchema, memberDtoSchema, type MemberDto } from '@cn/contracts';
import { INFRASTRUCTURE, openApi, setSessionCookie, type Infrastructure } from '@cn/platform';
import { SignInCommand } from './sign-in.command';

openApi.route({
  method: 'post',
  path: '/users/sign_in',
  summary: 'Sign in with email and password; sets the cn_session cookie (no CSRF token needed)',
  tags: ['auth'],
  auth: 'none',
  body: signInRequestSchema,
  responses: { 200: { description: 'signed in, { member }', schema: z.object({ member: memberDtoSchema }) }, 400: 'validation_failed', 401: 'invalid_credentials' },
});

@Controller('users/sign_in')
export class SignInController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(INFRASTRUCTURE) private readonly infra: Infrastructure,
  ) {}

  @Post()
  @HttpCode(200)
  async signIn(@Body() body: unknown, @Res({ passthrough: true }) res: Response): Promise<{ member: MemberDto }> {
    const { member, sessionToken } = await this.commands.execute(new SignInCommand(body));
    setSessionCookie(res, sessionToken, this.infra.config.session);
    return { member };
  }
}
