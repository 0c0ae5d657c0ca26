import type { SealedSecret, TwoFactorEvent, TwoFactorType } from '@cn/contracts';
import { DomainError, type Decider } from '@cn/domain';
import { evolveTwoFactor, initialTwoFactorState, type TwoFactorState } from './two-factor-state';

/**
 * What the handler found the code to be: checking it needs the member's key and the secrets, so the
 * handler does it on the state it loaded and the command carries the outcome (as with passwords); the
 * decider refuses codes that match nothing and codes already taken (a replay).
 */
export type CodeProof =
  | { matched: false }
  | { matched: true; factor_id: string; method: 'totp' | 'email'; step: number }
  | { matched: true; factor_id: string; method: 'backup'; backup_index: number };

export type TwoFactorCommand =
  | {
      type: 'AddFactor';
      member_id: string;
      factor_id: string;
      factor_type: TwoFactorType;
      secret: SealedSecret;
      backup_codes: SealedSecret;
      /** the time step of the confirming code; null when it matched no step */
      confirmed_step: number | null;
    }
  | { type: 'RemoveFactor'; member_id: string; factor_id: string; proof: CodeProof }
  | { type: 'ResetBackupCodes'; member_id: string; factor_id: string; proof: CodeProof; backup_codes: SealedSecret }
  | { type: 'UseCode'; member_id: string; proof: CodeProof }
  | { type: 'ResetFactors'; member_id: string };

const INVALID_CODE = new DomainError('invalid_code', 'invalid', 'code');

/** the proof's use as an event; refused when it matched nothing or was taken before */
const codeUsed = (state: TwoFactorState, memberId: string, proof: CodeProof, factorId: string | null): TwoFactorEvent => {
  if (!proof.matched) throw INVALID_CODE;
  const factor = state.factors[proof.factor_id];
  if (!factor || (factorId !== null && proof.factor_id !== factorId)) throw INVALID_CODE;
  if (proof.method === 'backup') {
    if (factor.used_backup.includes(proof.backup_index)) throw INVALID_CODE;
    return { type: 'TwoFactorCodeUsed', data: { member_id: memberId, factor_id: proof.factor_id, method: 'backup', step: null, backup_index: proof.backup_index } };
  }
  if (factor.last_step !== null && proof.step <= factor.last_step) throw INVALID_CODE;
  return { type: 'TwoFactorCodeUsed', data: { member_id: memberId, factor_id: proof.factor_id, method: proof.method, step: proof.step, backup_index: null } };
};

const requireFactor = (state: TwoFactorState, factorId: string): void => {
  if (!state.factors[factorId]) throw new DomainError('not_found', 'not_found');
};

export const decideTwoFactor = (command: TwoFactorCommand, state: TwoFactorState): TwoFactorEvent[] => {
  switch (command.type) {
    case 'AddFactor': {
      if (Object.values(state.factors).some((factor) => factor.type === command.factor_type)) throw new DomainError('factor_exists', 'conflict', 'type');
      if (command.confirmed_step === null) throw INVALID_CODE;
      const { member_id, factor_id } = command;
      return [
        { type: 'TwoFactorFactorAdded', data: { member_id, factor_id, type: command.factor_type, secret: command.secret, backup_codes: command.backup_codes } },
        { type: 'TwoFactorCodeUsed', data: { member_id, factor_id, method: command.factor_type, step: command.confirmed_step, backup_index: null } },
      ];
    }
    case 'RemoveFactor':
      requireFactor(state, command.factor_id);
      return [
        codeUsed(state, command.member_id, command.proof, command.factor_id),
        { type: 'TwoFactorFactorRemoved', data: { member_id: command.member_id, factor_id: command.factor_id, removed_by: 'member' } },
      ];
    case 'ResetBackupCodes':
      requireFactor(state, command.factor_id);
      return [
        codeUsed(state, command.member_id, command.proof, command.factor_id),
        { type: 'TwoFactorBackupCodesReset', data: { member_id: command.member_id, factor_id: command.factor_id, backup_codes: command.backup_codes } },
      ];
    case 'UseCode':
      return [codeUsed(state, command.member_id, command.proof, null)];
    case 'ResetFactors':
      // an administrator's reset: every factor goes; none left is nothing to do
      return Object.keys(state.factors).map((factor_id) => ({
        type: 'TwoFactorFactorRemoved' as const,
        data: { member_id: command.member_id, factor_id, removed_by: 'administrator' as const },
      }));
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
};

export const twoFactorDecider: Decider<TwoFactorState, TwoFactorCommand, TwoFactorEvent> = {
  initialState: initialTwoFactorState,
  evolve: evolveTwoFactor,
  decide: decideTwoFactor,
};
