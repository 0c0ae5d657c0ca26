import type { MemberEvent } from '@cn/contracts';
import { DomainError, type Decider } from '@cn/domain';
import { evolveMember, initialMemberState, type MemberState } from '../member-state';

export interface EraseMember {
  type: 'EraseMember';
  member_id: string;
  /** the member asking; an administrator erasing their own account would lock themselves out */
  erased_by: string | null;
}

/** Erasing twice changes nothing: the second call only makes sure the key is gone. */
export const decideEraseMember = (command: EraseMember, state: MemberState): MemberEvent[] => {
  if (state.status === 'unknown') throw new DomainError('not_found', 'not_found');
  if (state.status === 'erased') return [];
  if (command.erased_by === command.member_id) throw new DomainError('cannot_erase_self', 'refused', 'id');
  return [{ type: 'MemberErased', data: { member_id: command.member_id } }];
};

export const eraseMemberDecider: Decider<MemberState, EraseMember, MemberEvent> = {
  initialState: initialMemberState,
  evolve: evolveMember,
  decide: decideEraseMember,
};
