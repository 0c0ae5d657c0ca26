import { memberProfileAbilities, type MemberViewer } from '@cn/contracts';
import { DomainError, type Decider } from '@cn/domain';
import { evolveMemberProfile, initialMemberProfileState, type MemberProfileState, type MemberStreamEvent } from '../profile-state';

export interface IgnoreMember {
  type: 'IgnoreMember';
  actor: MemberViewer;
  ignored_member_id: string;
  /** true: ignore; false: stop ignoring */
  ignore: boolean;
  /** whether the other member exists and is not erased (the command lookup knows) */
  ignored_member_active: boolean;
}

/** Runs on the ignoring member's own stream; asking twice changes nothing. */
export const decideIgnoreMember = (command: IgnoreMember, state: MemberProfileState): MemberStreamEvent[] => {
  if (state.status !== 'registered') throw new DomainError('not_found', 'not_found');
  const ignored = state.ignored.includes(command.ignored_member_id);
  const data = { member_id: command.actor.id, ignored_member_id: command.ignored_member_id };
  if (!command.ignore) return ignored ? [{ type: 'MemberUnignored', data }] : [];
  if (!command.ignored_member_active) throw new DomainError('not_found', 'not_found');
  if (!memberProfileAbilities(command.actor, { id: command.ignored_member_id, deleted: false }).ignore) {
    throw new DomainError('cannot_ignore_self', 'refused', 'ignored_member_id');
  }
  return ignored ? [] : [{ type: 'MemberIgnored', data }];
};

export const ignoreMemberDecider: Decider<MemberProfileState, IgnoreMember, MemberStreamEvent> = {
  initialState: initialMemberProfileState,
  evolve: evolveMemberProfile,
  decide: decideIgnoreMember,
};
