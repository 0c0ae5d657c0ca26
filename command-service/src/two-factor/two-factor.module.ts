import { Module } from '@nestjs/common';
import { AddFactorHandler } from './adding-factor/add-factor.command';
import { AddFactorController } from './adding-factor/add-factor.controller';
import { ConfirmSignInHandler } from './confirming-sign-in/confirm-sign-in.command';
import { ConfirmSignInController } from './confirming-sign-in/confirm-sign-in.controller';
import { PrepareFactorController } from './preparing-factor/prepare-factor.controller';
import { RemoveFactorHandler, ResetBackupCodesHandler } from './removing-factor/remove-factor.command';
import { RemoveFactorController } from './removing-factor/remove-factor.controller';
import { ResetMemberFactorsController, ResetMemberFactorsHandler } from './resetting-member-factors/reset-member-factors.controller';
import { TwoFactor } from './two-factor.service';

/** The second step of signing in needs no CSRF token: there is no session yet (its pending cookie is SameSite=Strict). */
export const TWO_FACTOR_CSRF_EXEMPT = ['PUT /users/two_factor_authentication.json'];

/** A member's second factors (authenticator app, mail codes, backup codes) and the sign-in step that asks for one. */
@Module({
  // the static path …/factors/new before …/factors/:id
  controllers: [PrepareFactorController, AddFactorController, RemoveFactorController, ConfirmSignInController, ResetMemberFactorsController],
  providers: [TwoFactor, AddFactorHandler, RemoveFactorHandler, ResetBackupCodesHandler, ConfirmSignInHandler, ResetMemberFactorsHandler],
})
export class TwoFactorModule {}
