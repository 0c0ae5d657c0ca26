import { Controller, Get, Inject, Param, Query, UseInterceptors } from '@nestjs/common';
import { z } from 'zod';
import {
  CHANNEL_USERBAR_LIMITS,
  RSS_COUNT_MAX,
  type ArticleDto,
  type ArticlesResponse,
  type ChannelDto,
  type ChannelRow,
  type ChannelsUserbarResponse,
  type RssFeedResponse,
  type WidgetDto,
} from '@cn/contracts';
import { ConsistencyInterceptor, type DocumentStore, Endpoint, HttpProblem, InjectPort, Member, parseWith, type FeedReader, type SignedInMember } from '@cn/platform';
import { articlesCollection, channelsUserbar, channelViewerOf, latestArticles, toArticleDto, toArticleSummary, toChannelDto, toWidgetDtos, visibleChannel } from './channels.read';

/** the feeds port as this feature's module provides it */
export const FEED_READER = Symbol('FEED_READER');

const tags = ['channels'];
/**
 * the user bar's recent list: ten slugs at most; kept short enough that even a query of it percent-encoded
 * in full (12 bytes a character) stays within the server's request-line limit and is answered 400, not 431
 */
const RECENT_MAX = 1000;
const userbarQuerySchema = z.object({
  /** the channels the console visited, most recent first, comma separated */
  recent: z
    .string()
    .max(RECENT_MAX, { message: 'too_long' })
    .transform((value) => [...new Set(value.split(',').map((slug) => slug.trim().toLowerCase()).filter(Boolean))].slice(0, CHANNEL_USERBAR_LIMITS.recent))
    .optional(),
});
const articlesQuerySchema = z.object({
  page: z.coerce.number({ message: 'invalid_type' }).int({ message: 'invalid_type' }).min(1, { message: 'too_small' }).default(1),
  per_page: z.coerce.number({ message: 'invalid_type' }).int({ message: 'invalid_type' }).min(1, { message: 'too_small' }).max(50, { message: 'too_big' }).default(10),
});

@Controller()
@UseInterceptors(ConsistencyInterceptor)
export class ChannelsController {
  constructor(
    @InjectPort('documentStore') private readonly store: DocumentStore,
    @Inject(FEED_READER) private readonly feeds: FeedReader,
  ) {}

  @Get('channels')
  @Endpoint({
    summary: 'The user bar\'s channel sections: subscribed (50), recent (10: the visited channels the console names in recent, else the newest), popular (25)',
    tags,
    auth: 'member',
    query: userbarQuerySchema,
    responses: { 200: 'ChannelsUserbarResponse', 400: 'recent too_long', 401: 'unauthenticated' },
  })
  userbar(@Member() member: SignedInMember, @Query() query: Record<string, unknown>): Promise<ChannelsUserbarResponse> {
    const { recent } = parseWith(userbarQuerySchema, query);
    return channelsUserbar(this.store, channelViewerOf(member), recent ?? null);
  }

  @Get('channels/:slug')
  @Endpoint({
    summary: 'A channel with its design, layout rows and widgets, the member\'s subscription and star, and i.can',
    tags,
    auth: 'member',
    responses: { 200: 'ChannelDto', 401: 'unauthenticated', 404: 'not_found (also draft and archived channels the member cannot update)' },
  })
  async channel(@Member() member: SignedInMember, @Param('slug') slug: string): Promise<ChannelDto> {
    const viewer = channelViewerOf(member);
    return toChannelDto(this.store, await visibleChannel(this.store, slug, viewer), viewer);
  }

  @Get('channels/:slug/layout')
  @Endpoint({ summary: 'A channel\'s layout rows', tags, auth: 'member', responses: { 200: '{ rows }', 401: 'unauthenticated', 404: 'not_found' } })
  async layout(@Member() member: SignedInMember, @Param('slug') slug: string): Promise<{ rows: ChannelRow[] }> {
    return { rows: (await visibleChannel(this.store, slug, channelViewerOf(member))).rows };
  }

  @Get('channels/:slug/widgets')
  @Endpoint({ summary: 'A channel\'s widgets, placed or not', tags, auth: 'member', responses: { 200: '{ widgets }', 401: 'unauthenticated', 404: 'not_found' } })
  async widgets(@Member() member: SignedInMember, @Param('slug') slug: string): Promise<{ widgets: WidgetDto[] }> {
    return { widgets: await toWidgetDtos(this.store, await visibleChannel(this.store, slug, channelViewerOf(member))) };
  }

  private async widget(member: SignedInMember, slug: string, id: string): Promise<WidgetDto> {
    const widget = (await toWidgetDtos(this.store, await visibleChannel(this.store, slug, channelViewerOf(member)))).find((candidate) => candidate.id === id);
    if (!widget) throw new HttpProblem(404, 'not_found');
    return widget;
  }

  @Get('channels/:slug/widgets/:id')
  @Endpoint({ summary: 'One widget of a channel', tags, auth: 'member', responses: { 200: 'WidgetDto', 401: 'unauthenticated', 404: 'not_found' } })
  widgetById(@Member() member: SignedInMember, @Param('slug') slug: string, @Param('id') id: string): Promise<WidgetDto> {
    return this.widget(member, slug, id);
  }

  @Get('channels/:slug/widgets/:id/feed')
  @Endpoint({
    summary: 'The items of an RSS widget\'s feed, read by the server (cached; never by the browser); error feed_unavailable when it cannot be read',
    tags,
    auth: 'member',
    responses: { 200: 'RssFeedResponse', 401: 'unauthenticated', 404: 'not_found (or not an RSS widget)' },
  })
  async feed(@Member() member: SignedInMember, @Param('slug') slug: string, @Param('id') id: string): Promise<RssFeedResponse> {
    const widget = await this.widget(member, slug, id);
    if (widget.type !== 'rss') throw new HttpProblem(404, 'not_found');
    try {
      const items = await this.feeds.read(widget.url);
      return { items: items.slice(0, Math.min(widget.count, RSS_COUNT_MAX)), error: null };
    } catch {
      return { items: [], error: 'feed_unavailable' };
    }
  }

  @Get('channels/:slug/blog/articles')
  @Endpoint({ summary: 'The articles of a channel\'s blog, newest first', tags, auth: 'member', query: articlesQuerySchema, responses: { 200: 'ArticlesResponse', 401: 'unauthenticated', 404: 'not_found' } })
  async articles(@Member() member: SignedInMember, @Param('slug') slug: string, @Query() query: Record<string, unknown>): Promise<ArticlesResponse> {
    const { page, per_page } = parseWith(articlesQuerySchema, query);
    const channel = await visibleChannel(this.store, slug, channelViewerOf(member));
    const [found, total] = await Promise.all([latestArticles(this.store, channel.blog_id, per_page, (page - 1) * per_page), articlesCollection(this.store).count({ blog_id: channel.blog_id })]);
    return { articles: found.map(toArticleSummary), pagination: { page, per_page, total, total_pages: Math.ceil(total / per_page) } };
  }

  @Get('blogs/:blogId')
  @Endpoint({ summary: 'A channel\'s blog (its id is the channel\'s slug)', tags, auth: 'member', responses: { 200: '{ id, title, description, channel }', 401: 'unauthenticated', 404: 'not_found' } })
  async blog(@Member() member: SignedInMember, @Param('blogId') blogId: string): Promise<{ id: string; title: string; description: string; channel: { slug: string; title: string } }> {
    const channel = await visibleChannel(this.store, blogId, channelViewerOf(member));
    return { id: channel.blog_id, title: channel.title, description: channel.description, channel: { slug: channel._id, title: channel.title } };
  }

  @Get('blogs/:blogId/articles/:id')
  @Endpoint({ summary: 'An article of a channel\'s blog (sanitised html_content)', tags, auth: 'member', responses: { 200: 'ArticleDto', 401: 'unauthenticated', 404: 'not_found' } })
  async article(@Member() member: SignedInMember, @Param('blogId') blogId: string, @Param('id') id: string): Promise<ArticleDto> {
    const viewer = channelViewerOf(member);
    const channel = await visibleChannel(this.store, blogId, viewer);
    const article = await articlesCollection(this.store).get(id);
    if (!article || article.blog_id !== channel.blog_id) throw new HttpProblem(404, 'not_found');
    return toArticleDto(this.store, article, channel, viewer);
  }
}
