import type { GroupAccess, GroupEvent, MembershipRoleEvent } from '@cn/contracts';
import { DomainError, type Decider } from '@cn/domain';
import {
  evolveGroup,
  evolveMembershipRole,
  initialGroupState,
  initialMembershipRoleState,
  type GroupState,
  type MembershipRoleState,
} from './group-state';

/** Groups are seed-level for now: created with their members, no HTTP routes yet. */
export type GroupCommand =
  | { type: 'CreateGroup'; group_id: string; slug: string; name: string; group_category_id: string | null; access: GroupAccess }
  | { type: 'JoinGroup'; group_id: string; member_id: string; admin: boolean }
  | { type: 'LeaveGroup'; group_id: string; member_id: string };

export const groupDecider: Decider<GroupState, GroupCommand, GroupEvent> = {
  initialState: initialGroupState,
  evolve: evolveGroup,
  decide: (command, state) => {
    switch (command.type) {
      case 'CreateGroup': {
        if (state.exists) throw new DomainError('concurrency_conflict', 'conflict');
        const { type: _type, ...data } = command;
        return [{ type: 'GroupCreated', data }];
      }
      case 'JoinGroup':
        if (!state.exists) throw new DomainError('not_found', 'not_found');
        if (state.members[command.member_id] === command.admin) return [];
        return [{ type: 'MemberJoinedGroup', data: { group_id: command.group_id, member_id: command.member_id, admin: command.admin } }];
      case 'LeaveGroup':
        if (!state.exists) throw new DomainError('not_found', 'not_found');
        if (!Object.hasOwn(state.members, command.member_id)) return [];
        return [{ type: 'MemberLeftGroup', data: { group_id: command.group_id, member_id: command.member_id } }];
    }
  },
};

export type MembershipRoleCommand =
  | { type: 'CreateMembershipRole'; role_id: string; group_id: string | null; name: string; plural_name: string; display_type: 'listed' | 'grouped' }
  | { type: 'AssignMembershipRole'; role_id: string; member_id: string };

export const membershipRoleDecider: Decider<MembershipRoleState, MembershipRoleCommand, MembershipRoleEvent> = {
  initialState: initialMembershipRoleState,
  evolve: evolveMembershipRole,
  decide: (command, state) => {
    switch (command.type) {
      case 'CreateMembershipRole': {
        if (state.exists) throw new DomainError('concurrency_conflict', 'conflict');
        const { type: _type, ...data } = command;
        return [{ type: 'MembershipRoleCreated', data }];
      }
      case 'AssignMembershipRole':
        if (!state.exists) throw new DomainError('not_found', 'not_found');
        if (state.member_ids.includes(command.member_id)) return [];
        return [{ type: 'MembershipRoleAssigned', data: { role_id: command.role_id, member_id: command.member_id } }];
    }
  },
};
