import { MEMBER_FOLLOWS_COLLECTION, MEMBERS_TOPIC } from '@cn/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCommand } from '../api/useCommand';
import { useLiveTopic, type LiveRoute } from '../realtime/LiveQueries';
import { useSession } from '../session/SessionContext';
import { followsApi } from './follows-api';

/** Query keys of following. */
export const followsKeys = {
  all: ['follows'] as const,
  state: (id: string) => [...followsKeys.all, 'state', id] as const,
  following: (id: string) => [...followsKeys.all, 'following', id] as const,
};

export const useFollowState = (memberId: string) => {
  const { api } = useSession();
  return useQuery({ queryKey: followsKeys.state(memberId), queryFn: () => followsApi(api).state(memberId), retry: false });
};

export const useFollowing = (memberId: string) => {
  const { api } = useSession();
  // an erased member leaves the list: member changes reach only consoles watching members
  useLiveTopic(MEMBERS_TOPIC);
  return useQuery({ queryKey: followsKeys.following(memberId), queryFn: () => followsApi(api).following(memberId) });
};

export const useFollowMember = () => {
  const { api } = useSession();
  return useCommand(({ id, follow }: { id: string; follow: boolean }) => followsApi(api).follow(id, follow), [followsKeys.all]);
};

/**
 * One's follows changed (in this console or another) or a member changed (an erased one leaves every
 * list): the open button and list read their state again.
 */
export const followsLive: LiveRoute = (message, client) => {
  if (message.collection === MEMBER_FOLLOWS_COLLECTION || message.collection === 'members') void client.invalidateQueries({ queryKey: followsKeys.all });
};
