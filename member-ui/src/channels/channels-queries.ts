import { CHANNELS_TOPIC } from '@cn/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCommand } from '../api/useCommand';
import { baseName } from '../realtime/changes';
import { useLiveTopic, type LiveRoute } from '../realtime/LiveQueries';
import { useSession } from '../session/SessionContext';
import { channelsApi } from './channels-api';

/** Query keys of the channel screens. */
export const channelsKeys = {
  all: ['channels'] as const,
  userbar: (visited: readonly string[]) => [...channelsKeys.all, 'userbar', visited] as const,
  channel: (slug: string) => [...channelsKeys.all, 'channel', slug] as const,
  feed: (slug: string, widgetId: string) => [...channelsKeys.all, 'feed', slug, widgetId] as const,
  articles: (slug: string, page: number) => [...channelsKeys.all, 'articles', slug, page] as const,
  article: (blogId: string, id: string) => [...channelsKeys.all, 'article', blogId, id] as const,
  appointments: (date: string) => [...channelsKeys.all, 'appointments', date] as const,
  directory: (query: { q: string; letter: string; only_subscribed: boolean; page: number }) => [...channelsKeys.all, 'directory', query] as const,
};

/** While the calling page is mounted, changes of channels reach it over the realtime channel. */
export const useLiveChannels = (): void => useLiveTopic(CHANNELS_TOPIC);

export const useChannel = (slug: string | undefined) => {
  const { api } = useSession();
  useLiveChannels();
  return useQuery({ queryKey: channelsKeys.channel(slug ?? ''), queryFn: () => channelsApi(api).get(slug ?? ''), enabled: Boolean(slug), retry: false });
};

export const useChannelDirectory = (query: { q: string; letter: string; only_subscribed: boolean; page: number }) => {
  const { api } = useSession();
  useLiveChannels();
  return useQuery({ queryKey: channelsKeys.directory(query), queryFn: () => channelsApi(api).directory(query), placeholderData: keepPreviousData });
};

export const useFeed = (slug: string, widgetId: string) => {
  const { api } = useSession();
  return useQuery({ queryKey: channelsKeys.feed(slug, widgetId), queryFn: () => channelsApi(api).feed(slug, widgetId), staleTime: 60_000 });
};

export const useArticle = (blogId: string | undefined, id: string | undefined) => {
  const { api } = useSession();
  useLiveChannels();
  return useQuery({ queryKey: channelsKeys.article(blogId ?? '', id ?? ''), queryFn: () => channelsApi(api).article(blogId ?? '', id ?? ''), enabled: Boolean(blogId && id), retry: false });
};

export const useChannelAppointments = (date: string, timeZone: string) => {
  const { api } = useSession();
  return useQuery({ queryKey: channelsKeys.appointments(date), queryFn: () => channelsApi(api).appointments(date, timeZone), staleTime: 60_000 });
};

const affects = [channelsKeys.all, ['directory']] as const;

/** the channel commands of the screens; each reads the channel screens again once accepted */
export const useChannelCommands = () => {
  const { api } = useSession();
  const calls = channelsApi(api);
  return {
    create: useCommand((request: Parameters<typeof calls.create>[0]) => calls.create(request), affects),
    update: useCommand((input: { slug: string; request: Parameters<typeof calls.update>[1] }) => calls.update(input.slug, input.request), affects),
    design: useCommand((input: { slug: string; request: Parameters<typeof calls.design>[1] }) => calls.design(input.slug, input.request), affects),
    layout: useCommand((input: { slug: string; request: Parameters<typeof calls.layout>[1] }) => calls.layout(input.slug, input.request), affects),
    saveWidget: useCommand(
      (input: { slug: string; id: string | null; request: Parameters<typeof calls.addWidget>[1] }) =>
        input.id === null ? calls.addWidget(input.slug, input.request) : calls.updateWidget(input.slug, input.id, input.request),
      affects,
    ),
    removeWidget: useCommand((input: { slug: string; id: string }) => calls.removeWidget(input.slug, input.id), affects),
    subscribe: useCommand((input: { slug: string; on: boolean }) => calls.subscribe(input.slug, input.on), affects),
    favorite: useCommand((input: { slug: string; on: boolean }) => calls.favorite(input.slug, input.on), affects),
    saveArticle: useCommand(
      (input: { blogId: string; id: string | null; request: Parameters<typeof calls.publishArticle>[1] }) =>
        input.id === null ? calls.publishArticle(input.blogId, input.request) : calls.updateArticle(input.blogId, input.id, input.request),
      affects,
    ),
    deleteArticle: useCommand((input: { blogId: string; id: string }) => calls.deleteArticle(input.blogId, input.id), affects),
  };
};

/** A pushed channel change (an edit, a subscriber, a star, an article) reads the channel screens and the directory again. */
export const channelsLive: LiveRoute = (message, client) => {
  if (baseName(message.collection) !== 'channels') return;
  void client.invalidateQueries({ queryKey: channelsKeys.all });
};
