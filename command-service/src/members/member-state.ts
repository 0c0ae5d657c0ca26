import type { MemberEvent, MemberProfileEvent, SealedSecret } from '@cn/contracts';
import type { Decider } from '@cn/domain';

/** What the member stream's deciders need to know about the member. */
export interface MemberState {
  status: 'unknown' | 'registered' | 'erased';
  /** sealed scrypt hash of the current password (the key of the member unseals it) */
  password_hash: SealedSecret | null;
  /** the reset link mailed last and not used yet: sealed SHA-256 of its token, and its expiry */
  reset: { token_hash: SealedSecret; expires_at: string } | null;
}

export const initialMemberState = (): MemberState => ({ status: 'unknown', password_hash: null, reset: null });

/** Folds every event of the member stream; the profile's own events change nothing here. */
export const evolveMember = (state: MemberState, event: MemberEvent | MemberProfileEvent): MemberState => {
  switch (event.type) {
    case 'MemberRegistered':
      return { ...state, status: 'registered', password_hash: event.data.password_hash };
    case 'MemberPasswordChanged':
      return { ...state, password_hash: event.data.password_hash, reset: null };
    case 'MemberPasswordResetRequested':
      return { ...state, reset: { token_hash: event.data.token_hash, expires_at: event.data.expires_at } };
    case 'MemberErased':
      return { status: 'erased', password_hash: null, reset: null };
    default:
      return state;
  }
};

/** The member stream folded for checks that decide nothing (verifying a password or a reset token). */
export const memberStateReader: Decider<MemberState, never, MemberEvent> = {
  initialState: initialMemberState,
  evolve: evolveMember,
  decide: () => [],
};
