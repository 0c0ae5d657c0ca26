import { randomBytes } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { z } from 'zod';
import { memberStream, type requestPasswordResetSchema } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { InjectPort, type MailPort } from '@cn/platform';
import { CommandLookup } from '../../lookup/command-lookup';
import { Passwords, sha256 } from '../password-change';
import { passwordDecider } from '../password.decider';

export const REQUEST_PASSWORD_RESET = 'RequestPasswordReset';

/** `POST /users/password`: mails a reset link when a member has the address; answers the same either way. */
export class RequestPasswordResetCommand extends Command<void> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: z.output<typeof requestPasswordResetSchema>,
  ) {
    super();
  }
}

@CommandHandler(RequestPasswordResetCommand)
export class RequestPasswordResetHandler implements ICommandHandler<RequestPasswordResetCommand> {
  constructor(
    private readonly passwords: Passwords,
    @InjectPort('mail') private readonly mail: MailPort,
    private readonly lookup: CommandLookup,
  ) {}

  async execute({ issuer, payload: { user } }: RequestPasswordResetCommand): Promise<void> {
    const member = await this.lookup.memberByEmail(user.email);
    if (!member || member.erased) return;
    // the member id lets the reset find the stream; only the token's SHA-256 is kept, sealed
    const token = `${member._id}.${randomBytes(32).toString('base64url')}`;
    const { commands, cipher, config } = this.passwords;
    const handled = await commands.run(REQUEST_PASSWORD_RESET, {
      streamId: memberStream(member._id),
      decider: passwordDecider,
      command: { type: 'RequestPasswordReset', member_id: member._id, token_hash: await cipher.sealSecret(member._id, sha256(token)), now: commands.clock().toISOString() },
      context: issuer,
    });
    if (handled.events.length === 0) return;
    const link = `${config.publicUrl}/users/password/edit?reset_password_token=${encodeURIComponent(token)}`;
    await this.mail.send({
      to: [member.email],
      subject: 'Reset your password',
      text: `Hello ${member.first_name || member.email},\n\nsomeone asked to reset the password of this account. To choose a new one, open\n${link}\n\nThe link works once, for two hours. If it was not you, ignore this mail: your password stays as it is.`,
    });
  }
}
