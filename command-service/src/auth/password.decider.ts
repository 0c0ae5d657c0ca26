import { PASSWORD_RESET_INTERVAL_SECONDS, PASSWORD_RESET_TTL_MINUTES, type MemberEvent, type PasswordChangeReason, type SealedSecret } from '@cn/contracts';
import { DomainError, type Decider } from '@cn/domain';
import { evolveMember, initialMemberState, type MemberState } from '../members/member-state';

/**
 * Password changes of the member stream. Checking a credential needs the member's key and scrypt, so the
 * handler does it on the state it loaded and the command carries the outcome; the handler appends with
 * the revision it checked against, so a change in between answers 409 instead of deciding on stale state.
 */
export type PasswordCommand =
  | {
      type: 'ChangePassword';
      member_id: string;
      password_hash: SealedSecret;
      reason: PasswordChangeReason;
      /** 'changed': the current password was given and matches; 'reset': the link's token matches */
      proof_valid: boolean;
      now: string;
    }
  | { type: 'RequestPasswordReset'; member_id: string; token_hash: SealedSecret; now: string };

const PROOF_ERRORS: Record<PasswordChangeReason, DomainError | null> = {
  changed: new DomainError('current_password_invalid', 'refused', 'current_password'),
  reset: new DomainError('reset_token_invalid', 'refused', 'user.reset_password_token'),
  set_by_admin: null,
};

const resetIsOpen = (state: MemberState, now: string): boolean => state.reset !== null && state.reset.expires_at > now;

const addMinutes = (iso: string, minutes: number): string => new Date(Date.parse(iso) + minutes * 60_000).toISOString();

export const decidePassword = (command: PasswordCommand, state: MemberState): MemberEvent[] => {
  switch (command.type) {
    case 'ChangePassword': {
      const proofError = PROOF_ERRORS[command.reason];
      if (state.status !== 'registered') {
        if (proofError) throw proofError;
        throw new DomainError('member_erased', 'refused');
      }
      if (proofError && (!command.proof_valid || (command.reason === 'reset' && !resetIsOpen(state, command.now)))) throw proofError;
      return [{ type: 'MemberPasswordChanged', data: { member_id: command.member_id, password_hash: command.password_hash, reason: command.reason } }];
    }
    case 'RequestPasswordReset': {
      // nothing tells the requester whether the address belongs to anyone, so refusals are silent
      if (state.status !== 'registered') return [];
      const requestedAt = state.reset ? addMinutes(state.reset.expires_at, -PASSWORD_RESET_TTL_MINUTES) : null;
      if (requestedAt && Date.parse(command.now) - Date.parse(requestedAt) < PASSWORD_RESET_INTERVAL_SECONDS * 1000) return [];
      return [
        {
          type: 'MemberPasswordResetRequested',
          data: { member_id: command.member_id, token_hash: command.token_hash, expires_at: addMinutes(command.now, PASSWORD_RESET_TTL_MINUTES) },
        },
      ];
    }
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
};

export const passwordDecider: Decider<MemberState, PasswordCommand, MemberEvent> = {
  initialState: initialMemberState,
  evolve: evolveMember,
  decide: decidePassword,
};
