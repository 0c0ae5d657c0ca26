import { z } from 'zod';
import { Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { memberDtoSchema, signInRequestSchema, type MemberDto } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { Endpoint, InjectPort, Issuer, Payload, retryAfterHeaders, setSessionCookie, type PlatformConfig } from '@cn/platform';
import { SignInCommand } from './sign-in.command';

@Controller('users/sign_in')
export class SignInController {
  constructor(
    private readonly commands: CommandBus,
    @InjectPort('config') private readonly config: PlatformConfig,
  ) {}

  @Post()
  @HttpCode(200)
  @Endpoint({
    summary:
      'Sign in with email and password; sets the cn_session cookie (no CSRF token needed). Failed attempts are throttled per account and address (429 too_many_attempts with Retry-After)',
    tags: ['auth'],
    auth: 'none',
    body: signInRequestSchema,
    responses: {
      200: { description: 'signed in, { member }', schema: z.object({ member: memberDtoSchema }) },
      400: 'validation_failed',
      401: 'invalid_credentials',
      429: { description: 'too_many_attempts: too many failed attempts for this account or from this address; wait Retry-After seconds', headers: retryAfterHeaders },
    },
  })
  async signIn(
    @Issuer() issuer: CommandContext,
    @Payload() payload: SignInCommand['payload'],
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<{ member: MemberDto }> {
    // req.ip: the socket's address, or the forwarded one when Express's 'trust proxy' (TRUST_PROXY) says so
    const clientAddress = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    const { member, sessionToken } = await this.commands.execute(new SignInCommand(issuer, payload, clientAddress));
    setSessionCookie(res, sessionToken, this.config.session);
    return { member };
  }
}
