import { Controller, HttpCode, Put, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { twoFactorSignInAnswerSchema, twoFactorSignInRequestSchema, TWO_FACTOR_PENDING_COOKIE } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { Endpoint, InjectPort, Issuer, Payload, retryAfterHeaders, setSessionCookie, type PlatformConfig } from '@cn/platform';
import type { z } from 'zod';
import { CONFIRM_SIGN_IN, ConfirmSignInCommand } from './confirm-sign-in.command';

const cookieOf = (req: Request, name: string): string | undefined => {
  const header = req.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
};

@Controller('users/two_factor_authentication.json')
export class ConfirmSignInController {
  constructor(
    private readonly commands: CommandBus,
    @InjectPort('config') private readonly config: PlatformConfig,
  ) {}

  @Put()
  @HttpCode(200)
  @Endpoint({
    summary:
      'The second step of signing in: a code of the authenticator, of the mail or a backup code, after the password step set cn_two_factor; sets cn_session',
    tags: ['auth', 'two-factor'],
    auth: 'none',
    command: CONFIRM_SIGN_IN,
    body: twoFactorSignInRequestSchema,
    responses: {
      200: { description: 'signed in, { redirect_to }', schema: twoFactorSignInAnswerSchema },
      400: 'validation_failed (code: required, invalid_format, invalid_code)',
      401: 'unauthenticated: no pending sign-in (or it expired)',
      409: 'concurrency_conflict',
      429: { description: 'too_many_attempts: too many wrong codes; wait Retry-After seconds', headers: retryAfterHeaders },
    },
  })
  async confirm(
    @Issuer() issuer: CommandContext,
    @Payload() payload: z.output<typeof twoFactorSignInRequestSchema>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<{ redirect_to: string }> {
    const { sessionToken } = await this.commands.execute(new ConfirmSignInCommand(issuer, payload, cookieOf(req, TWO_FACTOR_PENDING_COOKIE)));
    res.clearCookie(TWO_FACTOR_PENDING_COOKIE, { path: '/users/two_factor_authentication.json' });
    setSessionCookie(res, sessionToken, this.config.session);
    return { redirect_to: '/' };
  }
}
