import { Controller, Delete, HttpCode, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { clearSessionCookie, INFRASTRUCTURE, openApi, type Infrastructure } from '@cn/platform';

openApi.route({
  method: 'delete',
  path: '/users/sign_out',
  summary: 'Sign out: clears the session cookie',
  tags: ['auth'],
  auth: 'none',
  responses: { 204: 'signed out' },
});

/** Sessions are stateless: signing out forgets the cookie in the browser (it expires by itself). */
@Controller('users/sign_out')
export class SignOutController {
  constructor(@Inject(INFRASTRUCTURE) private readonly infra: Infrastructure) {}

  @Delete()
  @HttpCode(204)
  signOut(@Res({ passthrough: true }) res: Response): void {
    clearSessionCookie(res, this.infra.config.session);
  }
}
