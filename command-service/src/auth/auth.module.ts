import { Module } from '@nestjs/common';
import { PORT_TOKENS, type DocumentStore, type PlatformConfig } from '@cn/platform';
import { Passwords } from './password-change';
import { ChangeOwnPasswordHandler } from './changing-own-password/change-own-password.command';
import { ChangeOwnPasswordController } from './changing-own-password/change-own-password.controller';
import { RequestPasswordResetHandler } from './requesting-password-reset/request-password-reset.command';
import { RequestPasswordResetController } from './requesting-password-reset/request-password-reset.controller';
import { ResetPasswordHandler } from './resetting-password/reset-password.command';
import { ResetPasswordController } from './resetting-password/reset-password.controller';
import { SetMemberPasswordHandler } from './setting-member-password/set-member-password.command';
import { SetMemberPasswordController } from './setting-member-password/set-member-password.controller';
import { SignInHandler } from './signing-in/sign-in.command';
import { SignInController } from './signing-in/sign-in.controller';
import { SignInThrottle } from './signing-in/sign-in-throttle';
import { SignOutController } from './signing-out/sign-out.controller';

/** Requests that need no CSRF token (there is no session yet to protect). */
export const AUTH_CSRF_EXEMPT = ['POST /users/sign_in'];

/** Signing in and out, passwords: changed by the member, set by an administrator, reset by mail. */
@Module({
  controllers: [
    SignInController,
    SignOutController,
    ChangeOwnPasswordController,
    SetMemberPasswordController,
    RequestPasswordResetController,
    ResetPasswordController,
  ],
  providers: [
    {
      provide: SignInThrottle,
      useFactory: (documentStore: DocumentStore, config: PlatformConfig, clock: () => Date) =>
        new SignInThrottle(documentStore, { secret: config.session.secret, clock }),
      inject: [PORT_TOKENS.documentStore, PORT_TOKENS.config, PORT_TOKENS.clock],
    },
    Passwords,
    SignInHandler,
    ChangeOwnPasswordHandler,
    SetMemberPasswordHandler,
    RequestPasswordResetHandler,
    ResetPasswordHandler,
  ],
})
export class AuthModule {}
