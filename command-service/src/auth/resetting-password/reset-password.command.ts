import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { z } from 'zod';
import type { resetPasswordRequestSchema } from '@cn/contracts';
import { DomainError, type CommandContext } from '@cn/domain';
import { CommandLookup } from '../../lookup/command-lookup';
import { Passwords, requireConfirmation, sameText, sha256 } from '../password-change';
import { requireAcceptablePassword } from '../password-policy/password-policy';

/** `PUT /users/password`: the token of a reset link proves it is the member. */
export class ResetPasswordCommand extends Command<{ position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: z.output<typeof resetPasswordRequestSchema>,
  ) {
    super();
  }
}

@CommandHandler(ResetPasswordCommand)
export class ResetPasswordHandler implements ICommandHandler<ResetPasswordCommand> {
  constructor(
    private readonly passwords: Passwords,
    private readonly lookup: CommandLookup,
  ) {}

  async execute({ issuer, payload: { user } }: ResetPasswordCommand): Promise<{ position: number }> {
    const token = user.reset_password_token;
    const member = await this.lookup.member(token.slice(0, Math.max(0, token.lastIndexOf('.'))));
    if (!member || member.erased) throw new DomainError('reset_token_invalid', 'refused', 'user.reset_password_token');
    requireConfirmation(user.password, user.password_confirmation, 'user.password_confirmation');
    requireAcceptablePassword(user.password, member.email, 'user.password');
    return this.passwords.change(
      member._id,
      {
        password: user.password,
        reason: 'reset',
        proof: async (state) => {
          const expected = state.reset ? await this.passwords.cipher.unsealSecret(state.reset.token_hash) : null;
          return expected !== null && sameText(sha256(token), expected);
        },
      },
      // the link's token proves who this is
      { ...issuer, memberId: member._id },
    );
  }
}
