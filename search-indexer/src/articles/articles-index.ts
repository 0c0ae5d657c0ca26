import { channelEvents, eventOf, htmlToText, type ChannelStatus, type ChannelViewer } from '@cn/contracts';
import type { SearchCollection, SearchDocument } from '@cn/platform';
import { findById, searchIndexDefinition, type Indexing } from '../core/search-feature';
import { allMatching } from '../core/search-text';

/** A channel's blog article as the global search finds it. */
export interface ArticleSearchDocument extends SearchDocument {
  id: string;
  channel_id: string;
  blog_id: string;
  channel_title: string;
  title: string;
  text: string;
  author_id: string | null;
  created_at: string;
  /** who finds it: the channel's audience ('all' while it is active; else 'admins' and its author) */
  visible_to: string[];
}

/** a channel as its articles need it: its title and what decides who sees it (never searched) */
export interface ArticleChannelDocument extends SearchDocument {
  id: string;
  title: string;
  status: ChannelStatus;
  author_id: string | null;
}

export const ARTICLES_INDEX_DEFINITION = searchIndexDefinition<ArticleSearchDocument>('articles', {
  searchableAttributes: ['title', 'text', 'channel_title'],
  filterableAttributes: ['id', 'channel_id', 'visible_to'],
  sortableAttributes: ['created_at', 'id'],
});
export const ARTICLE_CHANNELS_INDEX_DEFINITION = searchIndexDefinition<ArticleChannelDocument>('_article_channels', { searchableAttributes: ['title'], filterableAttributes: ['id'] });

export type ArticlesIndex = SearchCollection<ArticleSearchDocument>;
export type ArticleChannelsIndex = SearchCollection<ArticleChannelDocument>;

/** the channel directory's rule: an active channel for everyone, a draft or archived one for its updaters */
const channelAudience = (status: ChannelStatus, authorId: string | null): string[] => (status === 'active' ? ['all'] : ['admins', ...(authorId ? [`member:${authorId}`] : [])]);

/** the visible_to values a viewer matches (any of): the channels' rule */
export const articleVisibilityOf = (viewer: ChannelViewer): string[] => [
  'all',
  ...(viewer.network_admin ? ['admins'] : []),
  ...(viewer.external ? [] : [`member:${viewer.member_id}`]),
];

/** the article's page in the member console (spec: /blogs/{blogId}/article/{articleId}) */
export const articleHitUrl = (doc: Pick<ArticleSearchDocument, 'blog_id' | 'id'>): string => `/blogs/${doc.blog_id}/article/${doc.id}`;

/** Keeps the articles index current: published, edited, deleted, and their channel's title and audience. */
export const articlesIndexing = (articles: ArticlesIndex, channels: ArticleChannelsIndex): Indexing => {
  const ofChannel = (channelId: string): Promise<ArticleSearchDocument[]> => allMatching(articles, { channel_id: channelId });
  return {
    eventTypes: ['ChannelCreated', 'ChannelUpdated', 'ArticlePublished', 'ArticleUpdated', 'ArticleDeleted'],
    handle: async (recorded) => {
      const event = eventOf(channelEvents, recorded);
      switch (event?.type) {
        case 'ChannelCreated': {
          const { channel_id: id, title, status, author_id } = event.data;
          await channels.upsert([{ id, title, status, author_id }]);
          return;
        }
        case 'ChannelUpdated': {
          const { channel_id: id, title, status } = event.data;
          const author_id = (await findById(channels, id))?.author_id ?? null;
          await channels.upsert([{ id, title, status, author_id }]);
          const changed = (await ofChannel(id)).map((doc) => ({ ...doc, channel_title: title, visible_to: channelAudience(status, author_id) }));
          if (changed.length > 0) await articles.upsert(changed);
          return;
        }
        case 'ArticlePublished': {
          const { channel_id, blog_id, article_id, title, html_content, author_id } = event.data;
          const channel = await findById(channels, channel_id);
          await articles.upsert([
            {
              id: article_id,
              channel_id,
              blog_id,
              channel_title: channel?.title ?? '',
              title,
              text: htmlToText(html_content),
              author_id,
              created_at: recorded.metadata.occurredAt,
              visible_to: channel ? channelAudience(channel.status, channel.author_id) : ['admins'],
            },
          ]);
          return;
        }
        case 'ArticleUpdated': {
          const current = await findById(articles, event.data.article_id);
          if (current) await articles.upsert([{ ...current, title: event.data.title, text: htmlToText(event.data.html_content) }]);
          return;
        }
        case 'ArticleDeleted':
          await articles.delete([event.data.article_id]);
          return;
        default:
          return;
      }
    },
  };
};
