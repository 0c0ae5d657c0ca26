import type { SealedSecret, TwoFactorEvent, TwoFactorType } from '@cn/contracts';

/** One active factor of the member, as the command side needs it to check a code. */
export interface FactorState {
  type: TwoFactorType;
  secret: SealedSecret;
  backup_codes: SealedSecret;
  /** the last time step whose code was taken: that step and earlier ones are never taken again */
  last_step: number | null;
  /** positions of the backup codes already used (a reset starts a new list) */
  used_backup: number[];
}

export interface TwoFactorState {
  member_id: string | null;
  factors: Record<string, FactorState>;
}

export const initialTwoFactorState = (): TwoFactorState => ({ member_id: null, factors: {} });

const withFactor = (state: TwoFactorState, id: string, change: (factor: FactorState) => FactorState): TwoFactorState => {
  const factor = state.factors[id];
  return factor ? { ...state, factors: { ...state.factors, [id]: change(factor) } } : state;
};

export const evolveTwoFactor = (state: TwoFactorState, event: TwoFactorEvent): TwoFactorState => {
  switch (event.type) {
    case 'TwoFactorFactorAdded':
      return {
        member_id: event.data.member_id,
        factors: { ...state.factors, [event.data.factor_id]: { type: event.data.type, secret: event.data.secret, backup_codes: event.data.backup_codes, last_step: null, used_backup: [] } },
      };
    case 'TwoFactorFactorRemoved': {
      const factors = { ...state.factors };
      delete factors[event.data.factor_id];
      return { ...state, factors };
    }
    case 'TwoFactorBackupCodesReset':
      return withFactor(state, event.data.factor_id, (factor) => ({ ...factor, backup_codes: event.data.backup_codes, used_backup: [] }));
    case 'TwoFactorCodeUsed': {
      const { step, backup_index: index } = event.data;
      return withFactor(state, event.data.factor_id, (factor) =>
        index !== null ? { ...factor, used_backup: [...factor.used_backup, index] } : { ...factor, last_step: step === null ? factor.last_step : Math.max(step, factor.last_step ?? step) },
      );
    }
    default:
      return state;
  }
};
