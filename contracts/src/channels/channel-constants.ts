/** Channels (spec "chat, channels, files": §3 Channel and Widgets, §4, §9). */
export const CHANNEL_STATUSES = ['active', 'draft', 'archived'] as const;
export type ChannelStatus = (typeof CHANNEL_STATUSES)[number];

export const CHANNEL_LOGO_TYPES = ['default', 'extended', 'hidden'] as const;
export type ChannelLogoType = (typeof CHANNEL_LOGO_TYPES)[number];
export const CHANNEL_BANNER_TYPES = ['hidden', 'color', 'image'] as const;
export type ChannelBannerType = (typeof CHANNEL_BANNER_TYPES)[number];
/** logo heights and banner heights in px by type (§9) */
export const CHANNEL_LOGO_HEIGHTS: Readonly<Record<ChannelLogoType, number>> = { default: 60, extended: 80, hidden: 0 };
export const CHANNEL_BANNER_HEIGHTS: Readonly<Record<ChannelBannerType, number>> = { hidden: 0, color: 20, image: 120 };

/** Row layouts and the widths (of 3 columns) of their cells: full 3, half 1+2 or 2+1, third 1+1+1. */
export const CHANNEL_ROW_LAYOUTS = ['full', 'half-1-2', 'half-2-1', 'third'] as const;
export type ChannelRowLayout = (typeof CHANNEL_ROW_LAYOUTS)[number];
export const CHANNEL_ROW_WIDTHS: Readonly<Record<ChannelRowLayout, readonly number[]>> = {
  full: [3],
  'half-1-2': [1, 2],
  'half-2-1': [2, 1],
  third: [1, 1, 1],
};

export const CHANNEL_WIDGET_TYPES = ['people', 'text', 'images', 'banner', 'rss', 'blog', 'appointments', 'spotlight', 'link'] as const;
export type ChannelWidgetType = (typeof CHANNEL_WIDGET_TYPES)[number];

/** per column of a widget's width: people 3, images 4, rss items 4 (§9) */
export const PEOPLE_PER_COLUMN = 3;
export const IMAGES_PER_COLUMN = 4;
export const RSS_ITEMS_PER_COLUMN = 4;

/** the user bar's channel sections (§9) */
export const CHANNEL_USERBAR_LIMITS = { subscribed: 50, recent: 10, popular: 25 } as const;

export const CHANNEL_SLUG_MAX = 60;
export const CHANNEL_TITLE_MAX = 100;
export const CHANNEL_DESCRIPTION_MAX = 1000;
export const WIDGET_TITLE_MAX = 100;
export const WIDGET_HTML_MAX = 20_000;
export const CHANNEL_WIDGETS_MAX = 60;
export const CHANNEL_ROWS_MAX = 40;
export const WIDGET_IMAGES_MAX = 24;
export const WIDGET_PEOPLE_MAX = 30;
export const ARTICLE_TITLE_MAX = 200;
export const ARTICLE_HTML_MAX = 100_000;
/** an image given inline (data: URL) at most this many characters (about 300 KB of image) */
export const IMAGE_DATA_URL_MAX = 400_000;

/** directory page size and its A–Z filter ('#' for titles that do not start with a letter) */
export const CHANNELS_PER_PAGE = 20;
export const CHANNEL_LETTERS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ', '#'] as const;

/** the realtime topic of open channel pages and the channel directory */
export const CHANNELS_TOPIC = 'channels';

/** RSS widgets: how long a fetched feed is kept, how long a fetch may take, how large a feed may be */
export const FEED_CACHE_MS = 10 * 60_000;
export const FEED_TIMEOUT_MS = 5_000;
export const FEED_MAX_BYTES = 1_000_000;
export const RSS_COUNT_MAX = 12;
