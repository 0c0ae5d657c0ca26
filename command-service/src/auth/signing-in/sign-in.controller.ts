import { z } from 'zod';
import { Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { memberDtoSchema, signInRequestSchema, TWO_FACTOR_PENDING_COOKIE, TWO_FACTOR_PENDING_TTL_MS, TWO_FACTOR_TYPES, type MemberDto, type TwoFactorType } from '@cn/contracts';
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
      200: {
        description:
          'signed in, { member, two_factor_setup_required }; or, for a member with a second factor, { two_factor_required: true, methods } and the cn_two_factor cookie (no session yet: PUT /users/two_factor_authentication.json)',
        schema: z.union([
          z.object({ member: memberDtoSchema, two_factor_setup_required: z.boolean() }),
          z.object({ two_factor_required: z.literal(true), methods: z.array(z.enum(TWO_FACTOR_TYPES)) }),
        ]),
      },
      400: 'validation_failed',
      401: 'invalid_credentials',
      403: 'member_locked: an administrator locked the account (answered only to the right password)',
      429: { description: 'too_many_attempts: too many failed attempts for this account or from this address; wait Retry-After seconds', headers: retryAfterHeaders },
    },
  })
  async signIn(
    @Issuer() issuer: CommandContext,
    @Payload() payload: SignInCommand['payload'],
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<{ member: MemberDto; two_factor_setup_required: boolean } | { two_factor_required: true; methods: TwoFactorType[] }> {
    // req.ip: the socket's address, or the forwarded one when Express's 'trust proxy' (TRUST_PROXY) says so
    const clientAddress = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    const signedIn = await this.commands.execute(new SignInCommand(issuer, payload, clientAddress));
    if ('pendingToken' in signedIn) {
      res.cookie(TWO_FACTOR_PENDING_COOKIE, signedIn.pendingToken, {
        httpOnly: true,
        sameSite: 'strict',
        secure: this.config.session.secureCookie || req.secure,
        path: '/users/two_factor_authentication.json',
        maxAge: TWO_FACTOR_PENDING_TTL_MS,
      });
      return { two_factor_required: true, methods: signedIn.methods };
    }
    setSessionCookie(res, signedIn.sessionToken, this.config.session);
    return { member: signedIn.member, two_factor_setup_required: signedIn.twoFactorSetupRequired };
  }
}
