import { memberFollowAbilities, type MemberEvent, type MemberFollowEvent } from '@cn/contracts';
import { DomainError, type Decider } from '@cn/domain';

/** What following needs of the follower's stream: whether they are a member, and whom they follow. */
export interface FollowState {
  registered: boolean;
  following: string[];
}

/** the events of the member's stream this decider folds (it ignores the others) */
export type FollowStreamEvent = MemberFollowEvent | Extract<MemberEvent, { type: 'MemberRegistered' | 'MemberErased' }>;

export interface FollowMember {
  type: 'FollowMember';
  follower_id: string;
  followed_member_id: string;
  /** true: follow; false: stop following */
  follow: boolean;
  /** whether the other member exists and is not erased (the command lookup knows) */
  followed_member_active: boolean;
}

export const initialFollowState = (): FollowState => ({ registered: false, following: [] });

export const evolveFollow = (state: FollowState, event: FollowStreamEvent): FollowState => {
  switch (event.type) {
    case 'MemberRegistered':
      return { ...state, registered: true };
    case 'MemberFollowed':
      return state.following.includes(event.data.followed_member_id) ? state : { ...state, following: [...state.following, event.data.followed_member_id] };
    case 'MemberUnfollowed':
      return { ...state, following: state.following.filter((id) => id !== event.data.followed_member_id) };
    case 'MemberErased':
      // an erased member follows nobody
      return initialFollowState();
    default:
      return state;
  }
};

/** Runs on the follower's own stream; asking twice changes nothing. */
export const decideFollowMember = (command: FollowMember, state: FollowState): MemberFollowEvent[] => {
  if (!state.registered) throw new DomainError('not_found', 'not_found');
  const following = state.following.includes(command.followed_member_id);
  const data = { member_id: command.follower_id, followed_member_id: command.followed_member_id };
  // stopping is always possible (also once the other was erased)
  if (!command.follow) return following ? [{ type: 'MemberUnfollowed', data }] : [];
  if (command.follower_id === command.followed_member_id) throw new DomainError('cannot_follow_self', 'refused', 'followed_member_id');
  if (!memberFollowAbilities({ id: command.follower_id }, { id: command.followed_member_id, deleted: !command.followed_member_active }).follow) throw new DomainError('not_found', 'not_found');
  return following ? [] : [{ type: 'MemberFollowed', data }];
};

export const followMemberDecider: Decider<FollowState, FollowMember, FollowStreamEvent> = {
  initialState: initialFollowState,
  evolve: evolveFollow,
  decide: decideFollowMember,
};
