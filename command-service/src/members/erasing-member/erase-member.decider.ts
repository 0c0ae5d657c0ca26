import type { MemberEvent } from '@cn/contracts';
import { DomainError, type Decider } from '@cn/platform';
import { evolveMember, initialMemberState, type MemberState } from '../member-state';

export interface EraseMember {
  type: 'EraseMember';
  member_id: string;
}

/** Erasing twice changes nothing: the second call only makes sure the key is gone. */
export const decideEraseMember = (command: EraseMember, state: MemberState): MemberEvent[] => {
  if (state.status === 'unknown') throw new DomainError('not_found', 404);
  if (state.status === 'erased') return [];
  return [{ type: 'MemberErased', data: { member_id: command.member_id } }];
};

export const eraseMemberDecider: Decider<MemberState, EraseMember, MemberEvent> = {
  initialState: initialMemberState,
  evolve: evolveMember,
  decide: decideEraseMember,
};
