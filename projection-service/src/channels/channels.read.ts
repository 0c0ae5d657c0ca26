import {
  CHANNEL_ROW_WIDTHS,
  CHANNEL_USERBAR_LIMITS,
  canSeeChannel,
  channelAbilities,
  articleAbilities,
  readableTextColor,
  type ArticleDto,
  type ArticleSummaryDto,
  type ChannelDto,
  type ChannelFacts,
  type ChannelLink,
  type ChannelsUserbarResponse,
  type ChannelSummaryDto,
  type ChannelViewer,
  type MemberLink,
  type WidgetDto,
} from '@cn/contracts';
import { collectionName } from '@cn/domain';
import { HttpProblem, type DocumentStore, type SignedInMember } from '@cn/platform';
import { displayNameOf } from '../members/member-dto';
import { membersCollection } from '../members/members.read';
import { channelArticlesProjection, channelsProjection, type ArticleDocument, type ChannelDocument } from './channels.projection';

export const channelsCollection = (store: DocumentStore) => store.collection<ChannelDocument>(collectionName(channelsProjection));
export const articlesCollection = (store: DocumentStore) => store.collection<ArticleDocument>(collectionName(channelArticlesProjection));

export const channelViewerOf = (member: SignedInMember): ChannelViewer => ({ member_id: member.id, network_admin: member.roles.network_admin, external: member.roles.external });
export const channelFactsOf = (doc: Pick<ChannelDocument, 'status' | 'author_id'>): ChannelFacts => ({ status: doc.status, author_id: doc.author_id });

/** the channel of this slug as the viewer may see it; 404 when there is none or it is hidden from them */
export const visibleChannel = async (store: DocumentStore, slug: string, viewer: ChannelViewer): Promise<ChannelDocument> => {
  const doc = await channelsCollection(store).get(slug.toLowerCase());
  if (!doc || !canSeeChannel(channelFactsOf(doc), viewer)) throw new HttpProblem(404, 'not_found');
  return doc;
};

const imageOf = (doc: ChannelDocument): string | null => doc.design.logo_image ?? (doc.design.banner_type === 'image' ? doc.design.banner_image : null);

export const toChannelSummary = (doc: ChannelDocument, viewer: ChannelViewer): ChannelSummaryDto => ({
  id: doc._id,
  slug: doc._id,
  title: doc.title,
  description: doc.description,
  status: doc.status,
  subscribers_count: doc.subscribers_count,
  is_subscribed: doc.subscriber_ids.includes(viewer.member_id),
  image: imageOf(doc),
});

const linkOf = (doc: ChannelDocument): ChannelLink => ({ slug: doc._id, title: doc.title, status: doc.status, subscribers_count: doc.subscribers_count });

/**
 * GET /channels: the viewer's subscribed channels (by title), the recently visited ones (the console says
 * which, most recent first; without that the newest) and the most subscribed, each of what they may see.
 */
export const channelsUserbar = async (store: DocumentStore, viewer: ChannelViewer, visited: readonly string[] | null = null): Promise<ChannelsUserbarResponse> => {
  const channels = (await channelsCollection(store).find({})).filter((doc) => canSeeChannel(channelFactsOf(doc), viewer));
  const byTitle = (a: ChannelDocument, b: ChannelDocument) => a.title.localeCompare(b.title) || a._id.localeCompare(b._id);
  return {
    subscribed: channels.filter((doc) => doc.subscriber_ids.includes(viewer.member_id)).sort(byTitle).slice(0, CHANNEL_USERBAR_LIMITS.subscribed).map(linkOf),
    recent: (visited === null
      ? [...channels].sort((a, b) => b.created_at.localeCompare(a.created_at) || byTitle(a, b))
      : visited.flatMap((slug) => channels.filter((doc) => doc._id === slug))
    )
      .slice(0, CHANNEL_USERBAR_LIMITS.recent)
      .map(linkOf),
    popular: [...channels]
      .filter((doc) => doc.status === 'active')
      .sort((a, b) => b.subscribers_count - a.subscribers_count || byTitle(a, b))
      .slice(0, CHANNEL_USERBAR_LIMITS.popular)
      .map(linkOf),
  };
};

export const articlePath = (blogId: string, articleId: string): string => `/blogs/${encodeURIComponent(blogId)}/articles/${encodeURIComponent(articleId)}`;

export const toArticleSummary = (doc: ArticleDocument): ArticleSummaryDto => ({
  id: doc._id,
  blog_id: doc.blog_id,
  title: doc.title,
  teaser: doc.teaser,
  published_at: doc.published_at,
  path: articlePath(doc.blog_id, doc._id),
});

export const latestArticles = async (store: DocumentStore, blogId: string, limit: number, skip = 0): Promise<ArticleDocument[]> =>
  articlesCollection(store).find({ blog_id: blogId }, { sort: [['published_at', -1], ['_id', 1]], limit, skip });

const memberLinks = async (store: DocumentStore, ids: readonly string[]): Promise<Map<string, MemberLink>> => {
  const found = ids.length === 0 ? [] : await membersCollection(store).getMany([...new Set(ids)]);
  return new Map(found.filter((doc) => !doc.deleted).map((doc) => [doc._id, { id: doc._id, name: displayNameOf(doc), path: `/members/${doc._id}` }]));
};

/** each placed widget's width in columns of 3 */
const widthsOf = (doc: ChannelDocument): Map<string, number> => {
  const widths = new Map<string, number>();
  for (const row of doc.rows) row.widgets.forEach((id, cell) => id !== null && widths.set(id, CHANNEL_ROW_WIDTHS[row.layout][cell] ?? 3));
  return widths;
};

/** The widgets as the page shows them: widths from the layout, the people's names and the linked articles filled in. */
export const toWidgetDtos = async (store: DocumentStore, doc: ChannelDocument): Promise<WidgetDto[]> => {
  const widths = widthsOf(doc);
  const people = await memberLinks(store, doc.widgets.flatMap((widget) => (widget.type === 'people' ? widget.member_ids : [])));
  const needsLatest = doc.widgets.some((widget) => widget.type === 'blog');
  const latest = needsLatest ? await latestArticles(store, doc.blog_id, Math.max(...doc.widgets.map((widget) => (widget.type === 'blog' ? widget.count : 0)))) : [];
  const spotlightIds = doc.widgets.flatMap((widget) => (widget.type === 'spotlight' ? widget.article_ids : []));
  const spotlighted = new Map((spotlightIds.length === 0 ? [] : await articlesCollection(store).getMany(spotlightIds)).map((article) => [article._id, article]));
  return doc.widgets.map((widget): WidgetDto => {
    const base = { ...widget, w: widths.get(widget.id) ?? 3, placed: widths.has(widget.id) };
    switch (widget.type) {
      case 'people':
        return { ...base, memberships: widget.member_ids.flatMap((id) => people.get(id) ?? []) };
      case 'blog':
        return { ...base, latest_articles: latest.slice(0, widget.count).map(toArticleSummary) };
      case 'spotlight':
        return { ...base, articles: widget.article_ids.flatMap((id) => { const article = spotlighted.get(id); return article ? [toArticleSummary(article)] : []; }) };
      default:
        return base;
    }
  });
};

export const toChannelDto = async (store: DocumentStore, doc: ChannelDocument, viewer: ChannelViewer): Promise<ChannelDto> => {
  const can = channelAbilities(channelFactsOf(doc), viewer);
  const subscribed = doc.subscriber_ids.includes(viewer.member_id);
  return {
    ...toChannelSummary(doc, viewer),
    blog_id: doc.blog_id,
    design: { ...doc.design, derived_colors: { banner: doc.design.banner_color, banner_text: readableTextColor(doc.design.banner_color) } },
    layout: doc.rows,
    widgets: await toWidgetDtos(store, doc),
    created_at: doc.created_at,
    i: { favorited: doc.favorite_ids.includes(viewer.member_id), subscribed, can },
  };
};

export const toArticleDto = async (store: DocumentStore, article: ArticleDocument, channel: ChannelDocument, viewer: ChannelViewer): Promise<ArticleDto> => {
  const authors = await memberLinks(store, article.author_id ? [article.author_id] : []);
  return {
    ...toArticleSummary(article),
    html_content: article.html_content,
    updated_at: article.updated_at,
    author: (article.author_id && authors.get(article.author_id)) || null,
    channel: { slug: channel._id, title: channel.title },
    can: articleAbilities(channelFactsOf(channel), viewer),
  };
};
