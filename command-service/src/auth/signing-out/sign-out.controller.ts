import { Controller, Delete, HttpCode, Res } from '@nestjs/common';
import type { Response } from 'express';
import {
  clearSessionCookie,
  Ctx,
  InjectPort,
  Endpoint,
  sessionRevocationsOf,
  verifySessionToken,
  type DocumentStore,
  type PlatformConfig,
  type RequestContext,
} from '@cn/platform';

/**
 * Signing out revokes the session (by its id, in `revoked_sessions`) so that a copy of the cookie stops working
 * everywhere, then clears the cookie. A revocation is session state, not domain state: it records no event.
 */
@Controller('users/sign_out')
export class SignOutController {
  constructor(
    @InjectPort('config') private readonly config: PlatformConfig,
    @InjectPort('documentStore') private readonly documentStore: DocumentStore,
  ) {}

  @Delete()
  @HttpCode(204)
  @Endpoint({
    summary: 'Sign out: ends the session in every service (its token is refused from now on) and clears the cookie',
    tags: ['auth'],
    auth: 'none',
    responses: { 204: 'signed out' },
  })
  async signOut(@Ctx() ctx: RequestContext, @Res({ passthrough: true }) res: Response): Promise<void> {
    const session = verifySessionToken(ctx.sessionToken ?? undefined, this.config.session);
    if (session) await sessionRevocationsOf(this.documentStore).revoke(session.sessionId, session.expiresAt);
    clearSessionCookie(res, this.config.session);
  }
}
