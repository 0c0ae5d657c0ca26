/** Activity streams (spec "messages, files, …": §2 left navigation, §7 composer calls, §9; spec "chat, …": unread features). */

/** the stream of every stream a member may see */
export const ALL_STREAM_SLUG = 'all';
/** the network's own stream */
export const NETWORK_STREAM_SLUG = 'network';
/** slugs a group's stream can never take (they name the network's streams) */
export const RESERVED_STREAM_SLUGS: readonly string[] = [ALL_STREAM_SLUG, NETWORK_STREAM_SLUG];

/** the html of a post or a reply, before sanitising */
export const ACTIVITY_HTML_MAX = 20_000;
export const ACTIVITIES_PER_PAGE = 20;
/** files one post carries */
export const ACTIVITY_ATTACHMENTS_MAX = 20;
/** §9: unread badges cap at 99+ */
export const UNREAD_BADGE_MAX = 99;

/** the realtime topic of open stream pages and the collection name of pushed stream changes */
export const ACTIVITIES_TOPIC = 'activities';
export const ACTIVITIES_COLLECTION = 'activities';

/** what an activity tells: a member's post, or something that happened in another module */
export const ACTIVITY_KINDS = ['post', 'appointment', 'article', 'group_member', 'item'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export const ACTIVITY_ERROR_KEYS = ['activity_deleted', 'reply_deleted', 'unknown_stream', 'unknown_attachment'] as const;
