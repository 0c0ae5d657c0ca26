import { ACTIVITIES_COLLECTION, ACTIVITIES_TOPIC, FILES_COLLECTION, MEMBER_FOLLOWS_COLLECTION } from '@cn/contracts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useCommand } from '../api/useCommand';
import { baseName } from '../realtime/changes';
import { useLiveTopic, type LiveRoute } from '../realtime/LiveQueries';
import { useSession } from '../session/SessionContext';
import { activitiesApi } from './activities-api';

/** Query keys of the activity screens. */
export const activitiesKeys = {
  all: ['activities'] as const,
  streams: () => [...activitiesKeys.all, 'streams'] as const,
  stream: (slug: string) => [...activitiesKeys.all, 'stream', slug] as const,
  member: (memberId: string, list: 'activities' | 'likes') => [...activitiesKeys.all, 'member', memberId, list] as const,
};

/** While the calling page or navigation is mounted, stream changes reach it over the realtime channel (a group's members hear theirs anyway). */
export const useLiveActivities = (): void => useLiveTopic(ACTIVITIES_TOPIC);

/** the left navigation's streams with their unread counts */
export const useActivityStreams = (enabled: boolean) => {
  const { api } = useSession();
  useLiveActivities();
  return useQuery({ queryKey: activitiesKeys.streams(), queryFn: () => activitiesApi(api).streams(), enabled });
};

export const useStream = (slug: string) => {
  const { api } = useSession();
  useLiveActivities();
  return useInfiniteQuery({
    queryKey: activitiesKeys.stream(slug),
    queryFn: ({ pageParam }) => activitiesApi(api).stream(slug, pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next_before,
    retry: false,
  });
};

export const useMemberActivities = (memberId: string, list: 'activities' | 'likes') => {
  const { api } = useSession();
  useLiveActivities();
  return useInfiniteQuery({
    queryKey: activitiesKeys.member(memberId, list),
    queryFn: ({ pageParam }) => activitiesApi(api).memberList(memberId, list, pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next_before,
    retry: false,
  });
};

const affects = [activitiesKeys.all] as const;

/** the activity commands of the screens; each reads the activity screens again once accepted */
export const useActivityCommands = () => {
  const { api } = useSession();
  const calls = activitiesApi(api);
  return {
    post: useCommand((input: { slug: string; content: string; attachments?: string[] }) => calls.post(input.slug, { content: input.content, attachments: input.attachments ?? [] }), affects),
    edit: useCommand((input: { id: string; content: string; attachments?: string[] }) => calls.edit(input.id, { content: input.content, attachments: input.attachments }), affects),
    remove: useCommand((id: string) => calls.remove(id), affects),
    reply: useCommand((input: { id: string; content: string }) => calls.reply(input.id, { content: input.content }), affects),
    editReply: useCommand((input: { id: string; replyId: string; content: string }) => calls.editReply(input.id, input.replyId, { content: input.content }), affects),
    removeReply: useCommand((input: { id: string; replyId: string }) => calls.removeReply(input.id, input.replyId), affects),
    like: useCommand((input: { id: string; liked: boolean }) => calls.like(input.id, input.liked), affects),
    read: useCommand((input: { slug: string; upTo: number }) => calls.read(input.slug, { up_to: input.upTo }), [activitiesKeys.streams()]),
    subscribe: useCommand((input: { slug: string; subscribed: boolean }) => calls.subscribe(input.slug, input.subscribed), affects),
  };
};

/**
 * A pushed stream change (a post, a reply, a like, another tab's reading or subscribing) reads the activity
 * screens and the badges again; so does a follow, which decides what 'all' gathers from unsubscribed streams,
 * and a files change (pushed to who sees the file's scope): a post shows only the files whose folder its reader
 * sees, so a file renamed, deleted or moved changes the posts carrying it.
 */
export const activitiesLive: LiveRoute = (message, client) => {
  const collection = baseName(message.collection);
  if (collection !== ACTIVITIES_COLLECTION && collection !== MEMBER_FOLLOWS_COLLECTION && collection !== FILES_COLLECTION) return;
  void client.invalidateQueries({ queryKey: activitiesKeys.all });
};
