import type { GroupDetails, GroupInviteStatus, GroupStreamEvent, MembershipRoleEvent, MembershipRolesManagerEvent } from '@cn/contracts';

export interface GroupInviteState {
  member_id: string;
  author_id: string;
  status: GroupInviteStatus;
}

/**
 * A group as its commands decide on it. `exists` and `members` are what calendars and appointments need
 * (who belongs to it and who administrates it); the rest is the groups module's own.
 */
export interface GroupState {
  exists: boolean;
  deleted: boolean;
  group_id: string;
  slug: string;
  name: string;
  /** member id → administrator of the group */
  members: Record<string, boolean>;
  /** null until GroupCreated */
  details: GroupDetails | null;
  archived: boolean;
  /** join requests by member: waiting for a group admin, or refused */
  requests: Record<string, 'pending' | 'rejected'>;
  invites: Record<string, GroupInviteState>;
  subscribers: string[];
  favorites: string[];
  /** the profile image's blob key (absent in snapshots taken before images) */
  image?: string | null;
}

export const initialGroupState = (): GroupState => ({
  exists: false,
  deleted: false,
  group_id: '',
  slug: '',
  name: '',
  members: {},
  details: null,
  archived: false,
  requests: {},
  invites: {},
  subscribers: [],
  favorites: [],
});

const withId = (ids: readonly string[], id: string): string[] => (ids.includes(id) ? [...ids] : [...ids, id]);
const without = (ids: readonly string[], id: string): string[] => ids.filter((other) => other !== id);
const withoutKey = <T>(record: Record<string, T>, key: string): Record<string, T> => {
  const { [key]: _gone, ...rest } = record;
  return rest;
};
const setInvite = (state: GroupState, inviteId: string, status: GroupInviteStatus): GroupState => {
  const invite = state.invites[inviteId];
  return invite ? { ...state, invites: { ...state.invites, [inviteId]: { ...invite, status } } } : state;
};

export const evolveGroup = (state: GroupState, event: GroupStreamEvent): GroupState => {
  switch (event.type) {
    case 'GroupCreated': {
      const { name, slug, access, group_category_id } = event.data;
      const details: GroupDetails = {
        name,
        teaser: '',
        description: '',
        group_category_id,
        access,
        moderated_join: false,
        members_can_invite: false,
        externally_visible: false,
        sensitive: false,
        active_main_group: false,
        chat: 'disabled',
      };
      return { ...state, exists: true, deleted: false, group_id: event.data.group_id, slug, name, details };
    }
    case 'GroupDetailsChanged':
      return { ...state, name: event.data.details.name, details: event.data.details };
    case 'GroupArchived':
      return { ...state, archived: true };
    case 'GroupUnarchived':
      return { ...state, archived: false };
    case 'GroupDeleted':
      return { ...state, exists: false, deleted: true };
    case 'MemberJoinedGroup': {
      const memberId = event.data.member_id;
      // an open invite of one who joined otherwise has done its work
      const invites = Object.fromEntries(
        Object.entries(state.invites).map(([id, invite]) => [id, invite.member_id === memberId && invite.status === 'open' ? { ...invite, status: 'joined' as const } : invite]),
      );
      return { ...state, members: { ...state.members, [memberId]: event.data.admin }, requests: withoutKey(state.requests, memberId), invites };
    }
    case 'MemberLeftGroup': {
      const memberId = event.data.member_id;
      return {
        ...state,
        members: withoutKey(state.members, memberId),
        subscribers: without(state.subscribers, memberId),
        favorites: without(state.favorites, memberId),
      };
    }
    case 'GroupJoinRequested':
      return { ...state, requests: { ...state.requests, [event.data.member_id]: 'pending' } };
    case 'GroupJoinRequestRejected':
      return { ...state, requests: { ...state.requests, [event.data.member_id]: 'rejected' } };
    case 'MemberInvitedToGroup':
      return {
        ...state,
        invites: { ...state.invites, [event.data.invite_id]: { member_id: event.data.member_id, author_id: event.data.author_id, status: 'open' } },
      };
    case 'GroupInviteAccepted':
      return setInvite(state, event.data.invite_id, 'accepted');
    case 'GroupInviteDeclined':
      return setInvite(state, event.data.invite_id, 'declined');
    case 'GroupInviteRevoked':
      return setInvite(state, event.data.invite_id, 'obsolete');
    case 'GroupInviteRenewed':
      return setInvite(state, event.data.invite_id, 'open');
    case 'GroupAdminRightsChanged':
      return Object.hasOwn(state.members, event.data.member_id) ? { ...state, members: { ...state.members, [event.data.member_id]: event.data.admin } } : state;
    case 'GroupSubscribed':
      return { ...state, subscribers: withId(state.subscribers, event.data.member_id) };
    case 'GroupUnsubscribed':
      return { ...state, subscribers: without(state.subscribers, event.data.member_id) };
    case 'GroupFavorited':
      return { ...state, favorites: withId(state.favorites, event.data.member_id) };
    case 'GroupUnfavorited':
      return { ...state, favorites: without(state.favorites, event.data.member_id) };
    case 'GroupProfileImageChanged':
      return { ...state, image: event.data.blob_key };
    case 'GroupProfileImageRemoved':
      return { ...state, image: null };
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

export const evolveMembershipRole = (state: MembershipRoleState, event: MembershipRoleEvent | MembershipRolesManagerEvent): MembershipRoleState => {
  switch (event.type) {
    case 'MembershipRoleCreated':
      return { ...state, exists: true, group_id: event.data.group_id };
    case 'MembershipRoleAssigned':
      return state.member_ids.includes(event.data.member_id) ? state : { ...state, member_ids: [...state.member_ids, event.data.member_id] };
    case 'MembershipRoleUnassigned':
      return { ...state, member_ids: state.member_ids.filter((id) => id !== event.data.member_id) };
    case 'MembershipRoleDeleted':
      // a deleted role (the roles manager's) is no longer a participant anyone can name
      return { ...state, exists: false, member_ids: [] };
    default:
      return state;
  }
};
