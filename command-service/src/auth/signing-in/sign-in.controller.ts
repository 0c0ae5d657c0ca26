import { z } from 'zod';
import { Body, Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { signInRequestSchema, memberDtoSchema, type MemberDto } from '@cn/contracts';
import { Ctx, INFRASTRUCTURE, openApi, retryAfterHeaders, setSessionCookie, type Infrastructure, type RequestContext } from '@cn/platform';
import { SignInCommand } from './sign-in.command';

openApi.route({
  method: 'post',
  path: '/users/sign_in',
  summary: 'Sign in with email and password; sets the cn_session cookie (no CSRF token needed). Failed attempts are throttled per account and address (429 too_many_attempts with Retry-After)',
  tags: ['auth'],
  auth: 'none',
  body: signInRequestSchema,
  responses: {
    200: { description: 'signed in, { member }', schema: z.object({ member: memberDtoSchema }) },
    400: 'validation_failed',
    401: 'invalid_credentials',
    429: { description: 'too_many_attempts: too many failed attempts for this account or from this address; wait Retry-After seconds', headers: retryAfterHeaders },
  },
});

@Controller('users/sign_in')
export class SignInController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(INFRASTRUCTURE) private readonly infra: Infrastructure,
  ) {}

  @Post()
  @HttpCode(200)
  async signIn(@Body() body: unknown, @Req() req: Request, @Ctx() ctx: RequestContext, @Res({ passthrough: true }) res: Response): Promise<{ member: MemberDto }> {
    // req.ip: the socket's address, or the forwarded one when Express's 'trust proxy' (TRUST_PROXY) says so
    const clientAddress = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    const { member, sessionToken } = await this.commands.execute(new SignInCommand(body, clientAddress, ctx));
    setSessionCookie(res, sessionToken, this.infra.config.session);
    return { member };
  }
}
