import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { BACKUP_CODE_COUNT, twoFactorStream, type BackupCodesAnswer } from '@cn/contracts';
import { DomainError, type CommandContext } from '@cn/domain';
import { CommandLookup } from '../../lookup/command-lookup';
import { newBackupCodes } from '../totp';
import { twoFactorDecider } from '../two-factor.decider';
import { TwoFactor } from '../two-factor.service';

export const REMOVE_FACTOR = 'RemoveTwoFactorFactor';
export const RESET_BACKUP_CODES = 'ResetTwoFactorBackupCodes';

/** The member deletes one of their factors, proving it with a current code of it (or a backup code). */
export class RemoveFactorCommand extends Command<{ position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: { factor_id: string; code: string },
  ) {
    super();
  }
}

/** The member replaces a factor's backup codes, proving it with a current code. */
export class ResetBackupCodesCommand extends Command<BackupCodesAnswer> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: { factor_id: string; code: string },
  ) {
    super();
  }
}

@CommandHandler(RemoveFactorCommand)
export class RemoveFactorHandler implements ICommandHandler<RemoveFactorCommand> {
  constructor(
    private readonly twoFactor: TwoFactor,
    private readonly lookup: CommandLookup,
  ) {}

  async execute({ issuer, payload }: RemoveFactorCommand): Promise<{ position: number }> {
    const member = await this.lookup.issuer(issuer);
    const { twoFactor } = this;
    return twoFactor.throttled(member._id, async () => {
      const { state, revision } = await twoFactor.load(member._id);
      if (!state.factors[payload.factor_id]) throw new DomainError('not_found', 'not_found');
      const handled = await twoFactor.commands.run(REMOVE_FACTOR, {
        streamId: twoFactorStream(member._id),
        decider: twoFactorDecider,
        context: issuer,
        expectedRevision: revision,
        command: { type: 'RemoveFactor', member_id: member._id, factor_id: payload.factor_id, proof: await twoFactor.proofOf(state, payload.code, payload.factor_id) },
      });
      return { position: handled.position };
    });
  }
}

@CommandHandler(ResetBackupCodesCommand)
export class ResetBackupCodesHandler implements ICommandHandler<ResetBackupCodesCommand> {
  constructor(
    private readonly twoFactor: TwoFactor,
    private readonly lookup: CommandLookup,
  ) {}

  async execute({ issuer, payload }: ResetBackupCodesCommand): Promise<BackupCodesAnswer> {
    const member = await this.lookup.issuer(issuer);
    const { twoFactor } = this;
    return twoFactor.throttled(member._id, async () => {
      const { state, revision } = await twoFactor.load(member._id);
      if (!state.factors[payload.factor_id]) throw new DomainError('not_found', 'not_found');
      const codes = newBackupCodes(BACKUP_CODE_COUNT);
      const handled = await twoFactor.commands.run(RESET_BACKUP_CODES, {
        streamId: twoFactorStream(member._id),
        decider: twoFactorDecider,
        context: issuer,
        expectedRevision: revision,
        command: {
          type: 'ResetBackupCodes',
          member_id: member._id,
          factor_id: payload.factor_id,
          proof: await twoFactor.proofOf(state, payload.code, payload.factor_id),
          backup_codes: await twoFactor.sealBackupCodes(member._id, codes),
        },
      });
      return { position: handled.position, id: payload.factor_id, backup_codes: codes };
    });
  }
}
