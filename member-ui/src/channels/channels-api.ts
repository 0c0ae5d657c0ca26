import type {
  AppointmentsMonthResponse,
  ArticleDto,
  ArticleRequest,
  ArticlesResponse,
  ChannelCreatedAccepted,
  ChannelDirectoryQuery,
  ChannelDirectoryResponse,
  ChannelDto,
  ChannelImageAccepted,
  ChannelsUserbarResponse,
  CommandAccepted,
  CreateChannelRequest,
  CreatedAccepted,
  FavoriteAccepted,
  RssFeedResponse,
  SubscriptionAccepted,
  UpdateChannelDesignRequest,
  UpdateChannelLayoutRequest,
  UpdateChannelRequest,
  WidgetCreatedAccepted,
  WidgetRequest,
} from '@cn/contracts';
import type { ApiClient } from '../api/client';

const channelPath = (slug: string): string => `/channels/${encodeURIComponent(slug)}`;
const articlesPath = (blogId: string): string => `/blogs/${encodeURIComponent(blogId)}/articles`;

/** Calls of the channel screens (chat-channels-files-fields-legal.md §7). */
export const channelsApi = (api: ApiClient) => ({
  /** `visited`: the channels this console visited, most recent first (the 'recent' section) */
  userbar: (visited: readonly string[]) => api.request<ChannelsUserbarResponse>('GET', '/channels', { query: { recent: visited.join(',') } }),
  get: (slug: string) => api.request<ChannelDto>('GET', channelPath(slug)),
  directory: (query: { q: string; letter: string; only_subscribed: boolean; page: number }) => {
    const sent: Record<string, string | number> = { q: query.q, letter: query.letter, page: query.page };
    if (query.only_subscribed) sent.only_subscribed = 'true' satisfies ChannelDirectoryQuery['only_subscribed'];
    return api.request<ChannelDirectoryResponse>('GET', '/directory/channels', { query: sent });
  },
  feed: (slug: string, widgetId: string) => api.request<RssFeedResponse>('GET', `${channelPath(slug)}/widgets/${encodeURIComponent(widgetId)}/feed`),
  articles: (slug: string, page: number) => api.request<ArticlesResponse>('GET', `${channelPath(slug)}/blog/articles`, { query: { page } }),
  article: (blogId: string, id: string) => api.request<ArticleDto>('GET', `${articlesPath(blogId)}/${encodeURIComponent(id)}`),
  /** the appointments widget: this month's and next month's appointments the member sees */
  appointments: (date: string, timeZone: string) =>
    api.request<AppointmentsMonthResponse>('GET', '/appointments', { query: { date, view: 'list', type: 'month', time_zone: timeZone } }),

  create: (request: CreateChannelRequest) => api.request<ChannelCreatedAccepted>('POST', '/channels', { body: request }),
  update: (slug: string, request: UpdateChannelRequest) => api.request<CommandAccepted>('PUT', channelPath(slug), { body: request }),
  design: (slug: string, request: UpdateChannelDesignRequest) => api.request<CommandAccepted>('PUT', `${channelPath(slug)}/design`, { body: request }),
  layout: (slug: string, request: UpdateChannelLayoutRequest) => api.request<CommandAccepted>('PUT', `${channelPath(slug)}/layout`, { body: request }),
  addWidget: (slug: string, request: WidgetRequest) => api.request<WidgetCreatedAccepted>('POST', `${channelPath(slug)}/widgets`, { body: request }),
  updateWidget: (slug: string, id: string, request: WidgetRequest) => api.request<WidgetCreatedAccepted>('PUT', `${channelPath(slug)}/widgets/${encodeURIComponent(id)}`, { body: request }),
  /** a picture for a widget or the design, stored with its sizes; the answer's url is what the widget names */
  uploadImage: (slug: string, file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return api.request<ChannelImageAccepted>('POST', `${channelPath(slug)}/images`, { body: form });
  },
  removeWidget: (slug: string, id: string) => api.request<CommandAccepted>('DELETE', `${channelPath(slug)}/widgets/${encodeURIComponent(id)}`),
  subscribe: (slug: string, on: boolean) => api.request<SubscriptionAccepted>('POST', `${channelPath(slug)}/${on ? 'subscribe' : 'unsubscribe'}`),
  favorite: (slug: string, on: boolean) => api.request<FavoriteAccepted>(on ? 'POST' : 'DELETE', `${channelPath(slug)}/favorite`),
  publishArticle: (blogId: string, request: ArticleRequest) => api.request<CreatedAccepted>('POST', articlesPath(blogId), { body: request }),
  updateArticle: (blogId: string, id: string, request: ArticleRequest) => api.request<CreatedAccepted>('PUT', `${articlesPath(blogId)}/${encodeURIComponent(id)}`, { body: request }),
  deleteArticle: (blogId: string, id: string) => api.request<CommandAccepted>('DELETE', `${articlesPath(blogId)}/${encodeURIComponent(id)}`),
});
