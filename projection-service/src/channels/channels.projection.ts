import {
  channelEvents,
  DEFAULT_CHANNEL_DESIGN,
  eventOf,
  sanitizeHtml,
  teaserOf,
  type ChannelDesignFields,
  type ChannelRow,
  type ChannelStatus,
  type StoredWidget,
} from '@cn/contracts';
import type { ProjectedDocument, Projection } from '@cn/domain';
import { profileImageRefOf, type ProfileImageRef } from '../members/profile-image.response';

/** A channel with its page (design, rows, widgets) and who subscribed and starred it. */
export type ChannelDocument = ProjectedDocument & {
  title: string;
  description: string;
  status: ChannelStatus;
  author_id: string | null;
  blog_id: string;
  design: ChannelDesignFields;
  rows: ChannelRow[];
  widgets: StoredWidget[];
  subscriber_ids: string[];
  favorite_ids: string[];
  subscribers_count: number;
  created_at: string;
  updated_at: string;
};

export type ArticleDocument = ProjectedDocument & {
  channel_id: string;
  blog_id: string;
  title: string;
  html_content: string;
  teaser: string;
  author_id: string | null;
  published_at: string;
  updated_at: string;
};

const CHANNEL_EVENT_TYPES = channelEvents.map((definition) => definition.type).filter((type) => !type.startsWith('Article') && type !== 'ChannelImageUploaded');

/** A rich text field of a widget sanitised again as it is projected (what an older version stored is cleaned too). */
const cleanWidget = (widget: StoredWidget): StoredWidget => (widget.type === 'text' ? { ...widget, html_content: sanitizeHtml(widget.html_content, { images: true }) } : widget);

const withMember = (list: readonly string[], memberId: string, on: boolean): string[] =>
  on ? (list.includes(memberId) ? [...list] : [...list, memberId]) : list.filter((id) => id !== memberId);

/** channels by slug */
export const channelsProjection: Projection<ChannelDocument> = {
  name: 'channels',
  version: 1,
  eventTypes: CHANNEL_EVENT_TYPES,
  documentIds: (event) => [(event.data as { channel_id: string }).channel_id],
  evolve: (doc, recorded, id) => {
    const event = eventOf(channelEvents, recorded);
    const at = recorded.metadata.occurredAt;
    if (event?.type === 'ChannelCreated') {
      return {
        _id: id,
        title: event.data.title,
        description: event.data.description,
        status: event.data.status,
        author_id: event.data.author_id,
        blog_id: event.data.blog_id,
        design: DEFAULT_CHANNEL_DESIGN,
        rows: [],
        widgets: [],
        subscriber_ids: [],
        favorite_ids: [],
        subscribers_count: 0,
        created_at: at,
        updated_at: at,
      };
    }
    if (!doc || !event) return doc;
    switch (event.type) {
      case 'ChannelUpdated':
        return { ...doc, title: event.data.title, description: event.data.description, status: event.data.status, updated_at: at };
      case 'ChannelDesignChanged':
        return { ...doc, design: event.data.design, updated_at: at };
      case 'ChannelLayoutChanged':
        return { ...doc, rows: event.data.rows, updated_at: at };
      case 'ChannelWidgetAdded':
        return { ...doc, widgets: [...doc.widgets.filter((widget) => widget.id !== event.data.widget.id), cleanWidget(event.data.widget)], updated_at: at };
      case 'ChannelWidgetUpdated':
        return { ...doc, widgets: doc.widgets.map((widget) => (widget.id === event.data.widget.id ? cleanWidget(event.data.widget) : widget)), updated_at: at };
      case 'ChannelWidgetRemoved':
        return { ...doc, widgets: doc.widgets.filter((widget) => widget.id !== event.data.widget_id), updated_at: at };
      case 'ChannelSubscribed':
      case 'ChannelUnsubscribed': {
        const subscriber_ids = withMember(doc.subscriber_ids, event.data.member_id, event.type === 'ChannelSubscribed');
        return { ...doc, subscriber_ids, subscribers_count: subscriber_ids.length };
      }
      case 'ChannelFavorited':
      case 'ChannelUnfavorited':
        return { ...doc, favorite_ids: withMember(doc.favorite_ids, event.data.member_id, event.type === 'ChannelFavorited') };
      default:
        return doc;
    }
  },
  indexes: [['status'], ['created_at'], ['subscribers_count']],
};

/** A picture uploaded to a channel: whose it is and its stored sizes (blob keys never leave the service). */
export type ChannelImageDocument = ProjectedDocument & { channel_id: string; image: ProfileImageRef };

/** the channels' uploaded pictures, by image id (an upload is never changed: its URL is cached for good) */
export const channelImagesProjection: Projection<ChannelImageDocument> = {
  name: 'channel_images',
  version: 1,
  eventTypes: ['ChannelImageUploaded'],
  documentIds: (event) => [(event.data as { image_id: string }).image_id],
  evolve: (doc, recorded, id) => {
    const event = eventOf(channelEvents, recorded);
    if (event?.type !== 'ChannelImageUploaded') return doc;
    const { channel_id, image_id: _imageId, ...image } = event.data;
    return { _id: id, channel_id, image: profileImageRefOf(image, recorded.position) };
  },
};

/** the articles of the channels' blogs, by id (their html sanitised once more as it is projected) */
export const channelArticlesProjection: Projection<ArticleDocument> = {
  name: 'channel_articles',
  version: 1,
  eventTypes: ['ArticlePublished', 'ArticleUpdated', 'ArticleDeleted'],
  documentIds: (event) => [(event.data as { article_id: string }).article_id],
  evolve: (doc, recorded, id) => {
    const event = eventOf(channelEvents, recorded);
    const at = recorded.metadata.occurredAt;
    switch (event?.type) {
      case 'ArticlePublished': {
        const html = sanitizeHtml(event.data.html_content, { images: true });
        return {
          _id: id,
          channel_id: event.data.channel_id,
          blog_id: event.data.blog_id,
          title: event.data.title,
          html_content: html,
          teaser: teaserOf(html),
          author_id: event.data.author_id,
          published_at: at,
          updated_at: at,
        };
      }
      case 'ArticleUpdated': {
        if (!doc) return doc;
        const html = sanitizeHtml(event.data.html_content, { images: true });
        return { ...doc, title: event.data.title, html_content: html, teaser: teaserOf(html), updated_at: at };
      }
      case 'ArticleDeleted':
        return null;
      default:
        return doc;
    }
  },
  indexes: [['blog_id', 'published_at']],
};
