import { Controller, Delete, HttpCode, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import {
  clearSessionCookie,
  Ctx,
  INFRASTRUCTURE,
  Endpoint,
  sessionRevocationsOf,
  verifySessionToken,
  type Infrastructure,
  type RequestContext,
} from '@cn/platform';

/**
 * Signing out revokes the session (by its id, in `revoked_sessions`) so that a copy of the cookie stops working
 * everywhere, then clears the cookie. A revocation is session state, not domain state: it records no event.
 */
@Controller('users/sign_out')
export class SignOutController {
  constructor(@Inject(INFRASTRUCTURE) private readonly infra: Infrastructure) {}

  @Delete()
  @HttpCode(204)
  @Endpoint({
    summary: 'Sign out: ends the session in every service (its token is refused from now on) and clears the cookie',
    tags: ['auth'],
    auth: 'none',
    responses: { 204: 'signed out' },
  })
  async signOut(@Ctx() ctx: RequestContext, @Res({ passthrough: true }) res: Response): Promise<void> {
    const session = verifySessionToken(ctx.sessionToken ?? undefined, this.infra.config.session);
    if (session) await sessionRevocationsOf(this.infra.documentStore).revoke(session.sessionId, session.expiresAt);
    clearSessionCookie(res, this.infra.config.session);
  }
}
