import type { EncryptedEnvelope, MemberEvent, MemberProfileEvent, MemberRoles, SealedSecret } from '@cn/contracts';
import { DomainError, type Decider } from '@cn/domain';
import { evolveMember, initialMemberState, type MemberState } from '../member-state';

export interface RegisterMember {
  type: 'RegisterMember';
  member_id: string;
  email: EncryptedEnvelope;
  first_name: EncryptedEnvelope;
  last_name: EncryptedEnvelope;
  password_hash: SealedSecret;
  roles: MemberRoles;
  /** looked up before deciding: another active member already uses the address */
  email_taken: boolean;
  /** the network's join setting join_ask_for_profile_data: the new member completes their profile first */
  ask_for_profile_data?: boolean;
}

export const decideRegisterMember = (command: RegisterMember, state: MemberState): Array<MemberEvent | MemberProfileEvent> => {
  if (command.email_taken) throw new DomainError('email_taken', 'conflict', 'user.email');
  if (state.status !== 'unknown') throw new DomainError('already_registered', 'conflict');
  return [
    {
      type: 'MemberRegistered',
      data: {
        member_id: command.member_id,
        email: command.email,
        first_name: command.first_name,
        last_name: command.last_name,
        password_hash: command.password_hash,
        roles: command.roles,
      },
    },
    ...(command.ask_for_profile_data ? [{ type: 'MemberOnboardingRequested' as const, data: { member_id: command.member_id } }] : []),
  ];
};

export const registerMemberDecider: Decider<MemberState, RegisterMember, MemberEvent | MemberProfileEvent> = {
  initialState: initialMemberState,
  evolve: evolveMember,
  decide: decideRegisterMember,
};
