import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { z } from 'zod';
import type { changePasswordRequestSchema } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { createSessionToken } from '@cn/platform';
import { CommandLookup } from '../../lookup/command-lookup';
import { Passwords, requireConfirmation } from '../password-change';
import { requireAcceptablePassword } from '../password-policy/password-policy';
import { verifyPassword } from '../passwords';

/**
 * `PUT /api/v1/members/me/password`: the current password proves it is the member. Their other sessions end;
 * this one goes on with a new token.
 */
export class ChangeOwnPasswordCommand extends Command<{ position: number; sessionToken: string }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: z.output<typeof changePasswordRequestSchema>,
  ) {
    super();
  }
}

@CommandHandler(ChangeOwnPasswordCommand)
export class ChangeOwnPasswordHandler implements ICommandHandler<ChangeOwnPasswordCommand> {
  constructor(
    private readonly passwords: Passwords,
    private readonly lookup: CommandLookup,
  ) {}

  async execute({ issuer, payload }: ChangeOwnPasswordCommand): Promise<{ position: number; sessionToken: string }> {
    const member = await this.lookup.issuer(issuer);
    requireConfirmation(payload.password, payload.password_confirmation, 'password_confirmation');
    requireAcceptablePassword(payload.password, member.email, 'password');
    const changed = await this.passwords.change(
      member._id,
      {
        password: payload.password,
        reason: 'changed',
        proof: async (state) => {
          const current = state.password_hash ? await this.passwords.cipher.unsealSecret(state.password_hash) : null;
          return current !== null && (await verifyPassword(payload.current_password, current));
        },
      },
      issuer,
    );
    return { ...changed, sessionToken: createSessionToken(member._id, this.passwords.config.session, new Date(this.passwords.commands.clock().getTime() + 1)) };
  }
}
