import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { BACKUP_CODE_COUNT, factorMethodAllowed, twoFactorStream, type addFactorRequestSchema, type BackupCodesAnswer } from '@cn/contracts';
import { DomainError, type CommandContext } from '@cn/domain';
import type { z } from 'zod';
import { CommandLookup } from '../../lookup/command-lookup';
import { newBackupCodes, secretOfUri } from '../totp';
import { twoFactorDecider } from '../two-factor.decider';
import { stepOf, TwoFactor } from '../two-factor.service';

export const ADD_FACTOR = 'AddTwoFactorFactor';

export class AddFactorCommand extends Command<BackupCodesAnswer> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: z.output<typeof addFactorRequestSchema>,
  ) {
    super();
  }
}

/**
 * The member confirms a factor the server prepared with a code of it: the secret must carry the server's
 * signature for this member, the code must match it now. The backup codes are answered once, in clear
 * text, and kept only as their SHA-256, sealed with the member's key.
 */
@CommandHandler(AddFactorCommand)
export class AddFactorHandler implements ICommandHandler<AddFactorCommand> {
  constructor(
    private readonly twoFactor: TwoFactor,
    private readonly lookup: CommandLookup,
  ) {}

  async execute({ issuer, payload }: AddFactorCommand): Promise<BackupCodesAnswer> {
    const member = await this.lookup.issuer(issuer);
    const settings = await this.lookup.networkSettings();
    if (!factorMethodAllowed(settings.member, payload.type)) throw new DomainError('forbidden', 'forbidden');
    const secret = payload.type === 'totp' ? secretOfUri(payload.provisioning_uri ?? '') : (payload.secret_key ?? null);
    const field = payload.type === 'totp' ? 'provisioning_uri' : 'secret_key';
    if (!secret) throw new DomainError('required', 'invalid', field);
    if (!this.twoFactor.verifySetup(member._id, payload.type, secret, payload.setup_token)) throw new DomainError('invalid_value', 'invalid', 'setup_token');
    const { twoFactor } = this;
    return twoFactor.throttled(member._id, async () => {
      const factorId = randomUUID();
      const codes = newBackupCodes(BACKUP_CODE_COUNT);
      const handled = await twoFactor.commands.run(ADD_FACTOR, {
        streamId: twoFactorStream(member._id),
        decider: twoFactorDecider,
        context: issuer,
        command: {
          type: 'AddFactor',
          member_id: member._id,
          factor_id: factorId,
          factor_type: payload.type,
          secret: await twoFactor.cipher.sealSecret(member._id, secret),
          backup_codes: await twoFactor.sealBackupCodes(member._id, codes),
          confirmed_step: stepOf(payload.type, secret, payload.code, twoFactor.now()),
        },
      });
      return { position: handled.position, id: factorId, backup_codes: codes };
    });
  }
}
