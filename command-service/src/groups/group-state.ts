import type { GroupEvent, MembershipRoleEvent } from '@cn/contracts';

/** What calendars and appointments need to know of a group: who belongs to it and who administrates it. */
export interface GroupState {
  exists: boolean;
  slug: string;
  name: string;
  /** member id → administrator of the group */
  members: Record<string, boolean>;
}

export const initialGroupState = (): GroupState => ({ exists: false, slug: '', name: '', members: {} });

export const evolveGroup = (state: GroupState, event: GroupEvent): GroupState => {
  switch (event.type) {
    case 'GroupCreated':
      return { ...state, exists: true, slug: event.data.slug, name: event.data.name };
    case 'MemberJoinedGroup':
      return { ...state, members: { ...state.members, [event.data.member_id]: event.data.admin } };
    case 'MemberLeftGroup': {
      const { [event.data.member_id]: _left, ...members } = state.members;
      return { ...state, members };
    }
    default:
      return state;
  }
};

export interface MembershipRoleState {
  exists: boolean;
  group_id: string | null;
  member_ids: string[];
}

export const initialMembershipRoleState = (): MembershipRoleState => ({ exists: false, group_id: null, member_ids: [] });

export const evolveMembershipRole = (state: MembershipRoleState, event: MembershipRoleEvent): MembershipRoleState => {
  switch (event.type) {
    case 'MembershipRoleCreated':
      return { ...state, exists: true, group_id: event.data.group_id };
    case 'MembershipRoleAssigned':
      return state.member_ids.includes(event.data.member_id) ? state : { ...state, member_ids: [...state.member_ids, event.data.member_id] };
    case 'MembershipRoleUnassigned':
      return { ...state, member_ids: state.member_ids.filter((id) => id !== event.data.member_id) };
    default:
      return state;
  }
};
