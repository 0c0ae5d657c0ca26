import type { MemberAdministrationEvent, MemberEvent } from '@cn/contracts';
import { DomainError, type Decider } from '@cn/domain';

export interface LockState {
  status: 'unknown' | 'registered' | 'erased';
  locked: boolean;
}

export type LockCommand = { type: 'SetMemberLocked'; member_id: string; locked: boolean; locked_by: string | null };

type LockStreamEvent = MemberEvent | MemberAdministrationEvent;

/** Locking and unlocking a member (an administrator, never themself); the same answer twice is nothing new. */
export const lockMemberDecider: Decider<LockState, LockCommand, LockStreamEvent> = {
  initialState: () => ({ status: 'unknown', locked: false }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'MemberRegistered':
        return { ...state, status: 'registered' };
      case 'MemberErased':
        return { status: 'erased', locked: false };
      case 'MemberLocked':
        return { ...state, locked: true };
      case 'MemberUnlocked':
        return { ...state, locked: false };
      default:
        return state;
    }
  },
  decide: (command, state) => {
    if (state.status === 'unknown') throw new DomainError('not_found', 'not_found');
    if (state.status === 'erased') throw new DomainError('member_erased', 'refused');
    if (command.locked && command.locked_by === command.member_id) throw new DomainError('cannot_lock_self', 'refused', 'locked');
    if (command.locked === state.locked) return [];
    return [{ type: command.locked ? 'MemberLocked' : 'MemberUnlocked', data: { member_id: command.member_id } }];
  },
};
