import { z } from 'zod';
import { defineEvent, type EventOf } from '../common/events';
import { safeText } from '../common/safe-text';
import {
  ARTICLE_HTML_MAX,
  ARTICLE_TITLE_MAX,
  CHANNEL_BANNER_TYPES,
  CHANNEL_DESCRIPTION_MAX,
  CHANNEL_LETTERS,
  CHANNEL_LOGO_TYPES,
  CHANNEL_ROW_LAYOUTS,
  CHANNEL_ROW_WIDTHS,
  CHANNEL_ROWS_MAX,
  CHANNEL_SLUG_MAX,
  CHANNEL_STATUSES,
  CHANNEL_TITLE_MAX,
  CHANNELS_PER_PAGE,
  IMAGE_DATA_URL_MAX,
  RSS_COUNT_MAX,
  WIDGET_HTML_MAX,
  WIDGET_IMAGES_MAX,
  WIDGET_PEOPLE_MAX,
  WIDGET_TITLE_MAX,
  type ChannelBannerType,
  type ChannelLogoType,
  type ChannelRowLayout,
  type ChannelStatus,
} from './channel-constants';
import type { ArticleCan, ChannelCan } from './channel-abilities';
import { sanitizeHtml } from './rich-text';
import { storedImageShape } from '../members/profile-image';

// ---- values ----

const TRANSLITERATION: Readonly<Record<string, string>> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss', æ: 'ae', ø: 'oe', å: 'aa' };

/** the slug a title suggests: lowercase ASCII words joined by '-' */
export const slugify = (title: string): string =>
  title
    .toLowerCase()
    .replace(/[äöüßæøå]/g, (char) => TRANSLITERATION[char] ?? char)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, CHANNEL_SLUG_MAX)
    .replace(/-+$/g, '');

export const channelSlugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(2, { message: 'too_short' })
  .max(CHANNEL_SLUG_MAX, { message: 'too_long' })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { message: 'invalid_format' })
  // the console's own sub-routes of /channels
  .refine((slug) => slug !== 'new', { message: 'reserved' });

/** hex colour without '#' */
export const channelColorSchema = z
  .string()
  .trim()
  .transform((value) => value.replace(/^#/, '').toLowerCase())
  .pipe(z.string().regex(/^[0-9a-f]{6}$/, { message: 'invalid_format' }));

/**
 * A picture uploaded to a channel (`POST /channels/{slug}/images`): stored with its sizes and served by the
 * channel's visibility at `?size=small|large|lightbox` (200x200, 435x435, inside 1920x1200).
 */
export const channelImagePath = (channelId: string, imageId: string): string => `/api/v1/channels/${channelId}/images/${imageId}`;
const CHANNEL_IMAGE_PATH = /^\/api\/v1\/channels\/([a-z0-9]+(?:-[a-z0-9]+)*)\/images\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
/** the channel and image an uploaded picture's path names; null for any other image source */
export const channelImageOf = (url: string | null | undefined): { channel_id: string; image_id: string } | null => {
  const match = CHANNEL_IMAGE_PATH.exec(url ?? '');
  return match ? { channel_id: match[1] ?? '', image_id: match[2] ?? '' } : null;
};

/** an image: a picture uploaded to the channel (its path), a small inline picture (data: URL of a raster or SVG image) or an http(s) address */
export const imageSourceSchema = z
  .string()
  .trim()
  .max(IMAGE_DATA_URL_MAX, { message: 'too_long' })
  .refine(
    (value) =>
      channelImageOf(value) !== null ||
      /^data:image\/(png|jpeg|gif|webp|svg\+xml);base64,[A-Za-z0-9+/=]+$/.test(value) ||
      (/^https?:\/\/[^\s"'<>]+$/i.test(value) && value.length <= 2000),
    { message: 'invalid_image' },
  );

export const httpUrlSchema = z
  .string()
  .trim()
  .min(1, { message: 'required' })
  .max(2000, { message: 'too_long' })
  .refine((value) => /^https?:\/\/[^\s"'<>]+$/i.test(value), { message: 'invalid_url' });

const title = (max: number) => safeText(z.string().trim().max(max, { message: 'too_long' }));
const requiredTitle = (max: number) => safeText(z.string().trim().min(1, { message: 'required' }).max(max, { message: 'too_long' }), 'required');
const richText = (max: number) => z.string().max(max, { message: 'too_long' }).transform((html) => sanitizeHtml(html, { images: true }));

// ---- channel ----

export const channelStatusSchema = z.enum(CHANNEL_STATUSES);

export const channelFieldsSchema = z.object({
  title: requiredTitle(CHANNEL_TITLE_MAX),
  description: title(CHANNEL_DESCRIPTION_MAX).default(''),
  status: channelStatusSchema.default('active'),
});

/** POST /channels: `{ channel: { title, slug?, description?, status? } }`; the slug defaults to the title's. */
export const createChannelRequestSchema = z.object({
  channel: channelFieldsSchema.extend({ slug: z.union([channelSlugSchema, z.literal('').transform(() => undefined)]).optional() }),
});
export type CreateChannelRequest = z.input<typeof createChannelRequestSchema>;

/** PUT /channels/{slug}: title, description and status. */
export const updateChannelRequestSchema = z.object({ channel: channelFieldsSchema });
export type UpdateChannelRequest = z.input<typeof updateChannelRequestSchema>;

export const channelDesignSchema = z.object({
  logo_type: z.enum(CHANNEL_LOGO_TYPES).default('default'),
  banner_type: z.enum(CHANNEL_BANNER_TYPES).default('color'),
  banner_color: channelColorSchema.default('1976d2'),
  banner_image: imageSourceSchema.nullable().default(null),
  logo_image: imageSourceSchema.nullable().default(null),
});
export type ChannelDesignFields = z.output<typeof channelDesignSchema>;
export const DEFAULT_CHANNEL_DESIGN: ChannelDesignFields = { logo_type: 'default', banner_type: 'color', banner_color: '1976d2', banner_image: null, logo_image: null };

/** PUT /channels/{slug}/design; a banner of type image needs its image. */
export const updateChannelDesignRequestSchema = z.object({
  design: channelDesignSchema.refine((design) => design.banner_type !== 'image' || design.banner_image !== null, { message: 'required', path: ['banner_image'] }),
});
export type UpdateChannelDesignRequest = z.input<typeof updateChannelDesignRequestSchema>;

export const channelRowSchema = z
  .object({
    layout: z.enum(CHANNEL_ROW_LAYOUTS),
    /** one widget id (or null: an empty cell) per cell of the layout */
    widgets: z.array(z.string().min(1).nullable()),
  })
  .refine((row) => row.widgets.length === CHANNEL_ROW_WIDTHS[row.layout].length, { message: 'invalid_cells', path: ['widgets'] });
export type ChannelRow = z.output<typeof channelRowSchema>;

/** PUT /channels/{slug}/layout: `{ rows }`, every widget at most once. */
export const updateChannelLayoutRequestSchema = z.object({ rows: z.array(channelRowSchema).max(CHANNEL_ROWS_MAX, { message: 'too_many_items' }) });
export type UpdateChannelLayoutRequest = z.input<typeof updateChannelLayoutRequestSchema>;

// ---- widgets (§3 Widgets) ----

const widgetCommon = {
  title: title(WIDGET_TITLE_MAX).default(''),
  hide_title: z.boolean().default(false),
  title_background_override: z.union([channelColorSchema, z.literal('')]).default(''),
  label: title(50).default(''),
};

export const peopleWidgetSchema = z.object({
  type: z.literal('people'),
  ...widgetCommon,
  member_ids: z.array(z.string().min(1)).max(WIDGET_PEOPLE_MAX, { message: 'too_many_items' }).default([]),
  profile_fields: z.array(z.string().min(1).max(60)).max(5, { message: 'too_many_items' }).default([]),
});
export const textWidgetSchema = z.object({ type: z.literal('text'), ...widgetCommon, html_content: richText(WIDGET_HTML_MAX).default('') });
export const imagesWidgetSchema = z.object({
  type: z.literal('images'),
  ...widgetCommon,
  images: z
    .array(z.object({ id: z.string().min(1).max(64), url: imageSourceSchema, name: title(200).default('') }))
    .min(1, { message: 'required' })
    .max(WIDGET_IMAGES_MAX, { message: 'too_many_items' }),
});
export const bannerWidgetSchema = z.object({
  type: z.literal('banner'),
  ...widgetCommon,
  image: imageSourceSchema.nullable().default(null),
  banner_background_color: channelColorSchema.default('1976d2'),
  banner_title_color: channelColorSchema.default('ffffff'),
});
export const rssWidgetSchema = z.object({ type: z.literal('rss'), ...widgetCommon, url: httpUrlSchema, count: z.number().int().min(1, { message: 'too_small' }).max(RSS_COUNT_MAX, { message: 'too_big' }).default(4) });
export const blogWidgetSchema = z.object({ type: z.literal('blog'), ...widgetCommon, count: z.number().int().min(1, { message: 'too_small' }).max(10, { message: 'too_big' }).default(3) });
export const appointmentsWidgetSchema = z.object({ type: z.literal('appointments'), ...widgetCommon, count: z.number().int().min(1, { message: 'too_small' }).max(10, { message: 'too_big' }).default(5) });
export const spotlightWidgetSchema = z.object({
  type: z.literal('spotlight'),
  ...widgetCommon,
  article_ids: z.array(z.string().min(1)).min(1, { message: 'required' }).max(6, { message: 'too_many_items' }),
});
export const linkWidgetSchema = z.object({
  type: z.literal('link'),
  ...widgetCommon,
  link: z.object({
    url: httpUrlSchema,
    title: title(200).default(''),
    description: title(1000).default(''),
    /** links are never crawled by the server: what the editor gives is what is shown */
    crawl_type: z.literal('none').default('none'),
    embed: z.literal(false).default(false),
    selected_image: imageSourceSchema.nullable().default(null),
    override_image: imageSourceSchema.nullable().default(null),
    override_description: title(1000).default(''),
    open_in_new_window: z.boolean().default(true),
  }),
});

export const widgetFieldsSchema = z.discriminatedUnion('type', [
  peopleWidgetSchema,
  textWidgetSchema,
  imagesWidgetSchema,
  bannerWidgetSchema,
  rssWidgetSchema,
  blogWidgetSchema,
  appointmentsWidgetSchema,
  spotlightWidgetSchema,
  linkWidgetSchema,
]);
export type WidgetFields = z.output<typeof widgetFieldsSchema>;
export type WidgetFieldsInput = z.input<typeof widgetFieldsSchema>;

/** POST /channels/{slug}/widgets and PUT …/widgets/{id}: `{ widget }` (a widget keeps its type). */
export const widgetRequestSchema = z.object({ widget: widgetFieldsSchema });
export type WidgetRequest = z.input<typeof widgetRequestSchema>;

export type StoredWidget = WidgetFields & { id: string };
export const storedWidgetSchema = z.intersection(widgetFieldsSchema, z.object({ id: z.string() }));

// ---- articles ----

/** POST /blogs/{blog_id}/articles and PUT …/articles/{id}: `{ article: { title, html_content } }`, sanitised on arrival. */
export const articleRequestSchema = z.object({
  article: z.object({ title: requiredTitle(ARTICLE_TITLE_MAX), html_content: richText(ARTICLE_HTML_MAX).default('') }),
});
export type ArticleRequest = z.input<typeof articleRequestSchema>;

// ---- events (stream channelStream(slug)) ----

export const ChannelCreated = defineEvent(
  'ChannelCreated',
  1,
  z.object({ channel_id: z.string(), slug: z.string(), title: z.string(), description: z.string(), status: channelStatusSchema, author_id: z.string().nullable(), blog_id: z.string() }),
);
export const ChannelUpdated = defineEvent(
  'ChannelUpdated',
  1,
  z.object({ channel_id: z.string(), title: z.string(), description: z.string(), status: channelStatusSchema, changed_fields: z.array(z.string()) }),
);
export const ChannelDesignChanged = defineEvent('ChannelDesignChanged', 1, z.object({ channel_id: z.string(), design: channelDesignSchema }));
export const ChannelLayoutChanged = defineEvent('ChannelLayoutChanged', 1, z.object({ channel_id: z.string(), rows: z.array(channelRowSchema) }));
export const ChannelWidgetAdded = defineEvent('ChannelWidgetAdded', 1, z.object({ channel_id: z.string(), widget: storedWidgetSchema }));
export const ChannelWidgetUpdated = defineEvent('ChannelWidgetUpdated', 1, z.object({ channel_id: z.string(), widget: storedWidgetSchema }));
export const ChannelWidgetRemoved = defineEvent('ChannelWidgetRemoved', 1, z.object({ channel_id: z.string(), widget_id: z.string() }));
/** A channel editor uploaded a picture (the bytes and sizes are in the file storage); widgets and the design name it by its path. */
export const ChannelImageUploaded = defineEvent('ChannelImageUploaded', 1, z.object({ channel_id: z.string(), image_id: z.string(), ...storedImageShape }));
export const ChannelSubscribed = defineEvent('ChannelSubscribed', 1, z.object({ channel_id: z.string(), member_id: z.string() }));
export const ChannelUnsubscribed = defineEvent('ChannelUnsubscribed', 1, z.object({ channel_id: z.string(), member_id: z.string() }));
export const ChannelFavorited = defineEvent('ChannelFavorited', 1, z.object({ channel_id: z.string(), member_id: z.string() }));
export const ChannelUnfavorited = defineEvent('ChannelUnfavorited', 1, z.object({ channel_id: z.string(), member_id: z.string() }));
export const ArticlePublished = defineEvent(
  'ArticlePublished',
  1,
  z.object({ channel_id: z.string(), blog_id: z.string(), article_id: z.string(), title: z.string(), html_content: z.string(), author_id: z.string().nullable() }),
);
export const ArticleUpdated = defineEvent('ArticleUpdated', 1, z.object({ channel_id: z.string(), blog_id: z.string(), article_id: z.string(), title: z.string(), html_content: z.string() }));
export const ArticleDeleted = defineEvent('ArticleDeleted', 1, z.object({ channel_id: z.string(), blog_id: z.string(), article_id: z.string() }));

export const channelEvents = [
  ChannelCreated,
  ChannelUpdated,
  ChannelDesignChanged,
  ChannelLayoutChanged,
  ChannelWidgetAdded,
  ChannelWidgetUpdated,
  ChannelWidgetRemoved,
  ChannelImageUploaded,
  ChannelSubscribed,
  ChannelUnsubscribed,
  ChannelFavorited,
  ChannelUnfavorited,
  ArticlePublished,
  ArticleUpdated,
  ArticleDeleted,
] as const;

export type ChannelEvent = EventOf<(typeof channelEvents)[number]>;

// ---- answers ----

export interface ChannelCreatedAccepted {
  id: string;
  slug: string;
  position: number;
}
export const channelCreatedAcceptedSchema = z.object({ id: z.string(), slug: z.string(), position: z.number().int() }) satisfies z.ZodType<ChannelCreatedAccepted>;
export interface SubscriptionAccepted {
  position: number;
  subscribed: boolean;
}
export const subscriptionAcceptedSchema = z.object({ position: z.number().int(), subscribed: z.boolean() }) satisfies z.ZodType<SubscriptionAccepted>;
export interface FavoriteAccepted {
  position: number;
  favorited: boolean;
}
export const favoriteAcceptedSchema = z.object({ position: z.number().int(), favorited: z.boolean() }) satisfies z.ZodType<FavoriteAccepted>;
export interface WidgetCreatedAccepted {
  id: string;
  position: number;
}
/** POST /channels/{slug}/images: the uploaded picture's id and the path widgets and the design name it by */
export interface ChannelImageAccepted {
  id: string;
  url: string;
  position: number;
}
export const channelImageAcceptedSchema = z.object({ id: z.string(), url: z.string(), position: z.number().int() }) satisfies z.ZodType<ChannelImageAccepted>;
export const widgetCreatedAcceptedSchema = z.object({ id: z.string(), position: z.number().int() }) satisfies z.ZodType<WidgetCreatedAccepted>;

// ---- read side ----

export interface ChannelDesign {
  logo_type: ChannelLogoType;
  banner_type: ChannelBannerType;
  banner_color: string;
  banner_image: string | null;
  logo_image: string | null;
  /** colours derived from the banner colour: the banner text readable on it */
  derived_colors: { banner: string; banner_text: string };
}

/** black or white, whichever reads better on the hex colour */
export const readableTextColor = (hex: string): string => {
  const value = Number.parseInt(hex.replace(/^#/, ''), 16);
  if (!Number.isFinite(value)) return 'ffffff';
  const [r, g, b] = [(value >> 16) & 255, (value >> 8) & 255, value & 255];
  return 0.299 * r + 0.587 * g + 0.114 * b > 160 ? '000000' : 'ffffff';
};

export interface MemberLink {
  id: string;
  name: string;
  path: string;
}

export interface ArticleSummaryDto {
  id: string;
  blog_id: string;
  title: string;
  teaser: string;
  published_at: string;
  path: string;
}

export interface ArticleDto extends ArticleSummaryDto {
  html_content: string;
  updated_at: string;
  author: MemberLink | null;
  channel: { slug: string; title: string };
  can: ArticleCan;
}

export interface ArticlesResponse {
  articles: ArticleSummaryDto[];
  pagination: { page: number; per_page: number; total: number; total_pages: number };
}

/** A widget as a channel page shows it: its fields, its width (columns of 3) and what it links to. */
export type WidgetDto = StoredWidget & {
  /** columns of 3 its cell spans; 3 when not placed in the layout */
  w: number;
  placed: boolean;
  /** people: the members shown */
  memberships?: MemberLink[];
  /** blog: the channel's latest articles; spotlight: the chosen ones that still exist */
  latest_articles?: ArticleSummaryDto[];
  articles?: ArticleSummaryDto[];
};

export interface ChannelSummaryDto {
  id: string;
  slug: string;
  title: string;
  description: string;
  status: ChannelStatus;
  subscribers_count: number;
  is_subscribed: boolean;
  image: string | null;
}

/** GET /channels/{slug} */
export interface ChannelDto extends ChannelSummaryDto {
  blog_id: string;
  design: ChannelDesign;
  layout: Array<{ layout: ChannelRowLayout; widgets: Array<string | null> }>;
  widgets: WidgetDto[];
  created_at: string;
  i: { favorited: boolean; subscribed: boolean; can: ChannelCan };
}

export interface ChannelLink {
  slug: string;
  title: string;
  status: ChannelStatus;
  subscribers_count: number;
}

/** GET /channels: the user bar's sections. */
export interface ChannelsUserbarResponse {
  subscribed: ChannelLink[];
  recent: ChannelLink[];
  popular: ChannelLink[];
}

export interface RssItemDto {
  url: string;
  title: string;
  published_at: string | null;
}

/** GET /channels/{slug}/widgets/{id}/feed: the RSS widget's items, fetched by the server. */
export interface RssFeedResponse {
  items: RssItemDto[];
  /** feed_unavailable when the feed could not be read (the widget shows its error text) */
  error: 'feed_unavailable' | null;
}

// ---- directory ----

export const channelDirectoryQuerySchema = z.object({
  q: z.string().trim().max(200, { message: 'too_long' }).default(''),
  letter: z
    .string()
    .trim()
    .toUpperCase()
    .pipe(z.enum(CHANNEL_LETTERS, { message: 'invalid_value' }))
    .optional()
    .or(z.literal('').transform(() => undefined)),
  only_subscribed: z
    .enum(['true', 'false', '1', '0'], { message: 'invalid_value' })
    .transform((value) => value === 'true' || value === '1')
    .default(false),
  /** only active channels (no drafts or archived ones, even for who may see them): what may be assigned */
  only_public: z
    .enum(['true', 'false', '1', '0', ''], { message: 'invalid_value' })
    .transform((value) => value === 'true' || value === '1' || value === '')
    .default(false),
  page: z.coerce.number({ message: 'invalid_type' }).int({ message: 'invalid_type' }).min(1, { message: 'too_small' }).default(1),
  per_page: z.coerce.number({ message: 'invalid_type' }).int({ message: 'invalid_type' }).min(1, { message: 'too_small' }).max(100, { message: 'too_big' }).default(CHANNELS_PER_PAGE),
});
export type ChannelDirectoryQuery = z.input<typeof channelDirectoryQuerySchema>;

export interface ChannelDirectoryEntry extends ChannelSummaryDto {
  letter: string;
}

/** GET /directory/channels */
export interface ChannelDirectoryResponse {
  entries: ChannelDirectoryEntry[];
  pagination: { page: number; per_page: number; total: number; total_pages: number };
}

/** the A–Z letter a title is filed under ('#' when it does not start with a letter) */
export const channelLetterOf = (title: string): string => {
  const first = title.trim().charAt(0).toUpperCase().normalize('NFKD').charAt(0);
  return /^[A-Z]$/.test(first) ? first : '#';
};
