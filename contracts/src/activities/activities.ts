import { z } from 'zod';
import { defineEvent, type EventOf } from '../common/events';
import type { MemberLink } from '../channels/channels';
import { hasRichContent, sanitizeHtml } from '../channels/rich-text';
import { attachmentIdsSchema, fileAttachmentSchema } from '../files/file-attachments';
import type { ActivityCan } from './activity-abilities';
import { ACTIVITY_ATTACHMENTS_MAX, ACTIVITY_HTML_MAX, type ActivityKind } from './activity-constants';

// ---- streams ----

/** One stream per activity: the post, its replies and its likes (likes of one post race on one stream, in order). */
export const activityStream = (activityId: string): string => `activity-${activityId}`;
/** How far a member has read each activity stream. */
export const activityReadsStream = (memberId: string): string => `activityreads-${memberId}`;

// ---- requests ----

/** rich text as the composer sends it: sanitised on arrival (the channels' subset), and something must remain to read */
const richContent = z
  .string({ message: 'required' })
  .max(ACTIVITY_HTML_MAX, { message: 'too_long' })
  .transform((html) => sanitizeHtml(html, { images: true }))
  .refine(hasRichContent, { message: 'required' });

/**
 * POST /api/v1/activitystreams/{slug}/activities: `{ content, attachments? }`; attachments: file ids, the
 * author's own uploads or files they may read (the messages' rule), at most twenty.
 */
export const activityRequestSchema = z.object({ content: richContent, attachments: attachmentIdsSchema(ACTIVITY_ATTACHMENTS_MAX) });
export type ActivityRequest = z.input<typeof activityRequestSchema>;

/**
 * PUT /api/v1/activities/{id}: `{ content, attachments? }`; without `attachments` the post keeps its files;
 * with them, the post carries exactly these: files it carries stay at their version, new ones pass the
 * posting's attach rule (`unknown_attachment` at `attachments.N`).
 */
export const activityEditRequestSchema = z
  .object({ content: richContent, attachments: attachmentIdsSchema(ACTIVITY_ATTACHMENTS_MAX).removeDefault().optional() })
  .strict();
export type ActivityEditRequest = z.input<typeof activityEditRequestSchema>;

/** POST /api/v1/activities/{id}/replies and PUT …/replies/{replyId}: `{ content }` */
export const replyRequestSchema = z.object({ content: richContent });
export type ReplyRequest = z.input<typeof replyRequestSchema>;

/** POST /api/v1/activitystreams/{slug}/read: everything of the stream up to this position is read */
export const markStreamReadRequestSchema = z
  .object({ up_to: z.number({ message: 'required' }).int({ message: 'invalid_type' }).min(0, { message: 'too_small' }) })
  .strict();
export type MarkStreamReadRequest = z.input<typeof markStreamReadRequestSchema>;

// ---- events ----

/** group_id: the group whose stream holds the post, null for the network's stream */
export const ActivityPosted = defineEvent(
  'ActivityPosted',
  2,
  z.object({
    activity_id: z.string(),
    group_id: z.string().nullable(),
    author_id: z.string(),
    html_content: z.string(),
    /** version 2: the files the post carries, each pinned to the version attached */
    attachments: z.array(fileAttachmentSchema),
  }),
  { upcasters: { 1: (data) => ({ ...data, attachments: [] }) } },
);
export const ActivityEdited = defineEvent(
  'ActivityEdited',
  2,
  z.object({
    activity_id: z.string(),
    html_content: z.string(),
    /** version 2: the files the post carries after the edit; null: they stay as they were (every version 1 edit) */
    attachments: z.array(fileAttachmentSchema).nullable(),
  }),
  { upcasters: { 1: (data) => ({ ...data, attachments: null }) } },
);
export const ActivityDeleted = defineEvent('ActivityDeleted', 1, z.object({ activity_id: z.string(), group_id: z.string().nullable(), deleted_by: z.string() }));
export const ActivityReplied = defineEvent(
  'ActivityReplied',
  1,
  z.object({ activity_id: z.string(), reply_id: z.string(), author_id: z.string(), html_content: z.string() }),
);
export const ActivityReplyEdited = defineEvent('ActivityReplyEdited', 1, z.object({ activity_id: z.string(), reply_id: z.string(), html_content: z.string() }));
export const ActivityReplyDeleted = defineEvent('ActivityReplyDeleted', 1, z.object({ activity_id: z.string(), reply_id: z.string(), deleted_by: z.string() }));
export const ActivityLiked = defineEvent('ActivityLiked', 1, z.object({ activity_id: z.string(), member_id: z.string() }));
export const ActivityUnliked = defineEvent('ActivityUnliked', 1, z.object({ activity_id: z.string(), member_id: z.string() }));
/** stream: 'all', 'network' or a group id; only forward (a later, smaller position changes nothing) */
export const ActivityStreamRead = defineEvent('ActivityStreamRead', 1, z.object({ member_id: z.string(), stream: z.string(), up_to: z.number().int() }));

export const activityEvents = [
  ActivityPosted,
  ActivityEdited,
  ActivityDeleted,
  ActivityReplied,
  ActivityReplyEdited,
  ActivityReplyDeleted,
  ActivityLiked,
  ActivityUnliked,
] as const;
/**
 * Stream subscriptions decide what the 'all' stream gathers: every stream the member may see is subscribed
 * until they unsubscribe it ('network' or a group id). An unsubscribed stream stays readable on its own page,
 * and its posts by the member, by members they follow or mentioning them still reach 'all'.
 */
export const ActivityStreamUnsubscribed = defineEvent('ActivityStreamUnsubscribed', 1, z.object({ member_id: z.string(), stream: z.string() }));
export const ActivityStreamSubscribed = defineEvent('ActivityStreamSubscribed', 1, z.object({ member_id: z.string(), stream: z.string() }));
export const activityReadEvents = [ActivityStreamRead, ActivityStreamUnsubscribed, ActivityStreamSubscribed] as const;

export type ActivityEvent = EventOf<(typeof activityEvents)[number]>;
export type ActivityReadEvent = EventOf<(typeof activityReadEvents)[number]>;

// ---- answers ----

export interface LikeAccepted {
  position: number;
  liked: boolean;
}
export const likeAcceptedSchema = z.object({ position: z.number().int(), liked: z.boolean() }) satisfies z.ZodType<LikeAccepted>;

// ---- read side ----

export type ActivityStreamKind = 'all' | 'network' | 'group';

/** GET /activitystreams.json: the left navigation's streams */
export interface ActivityStreamLink {
  slug: string;
  name: string;
  kind: ActivityStreamKind;
  /** unread activities of others; the console caps the badge at 99+ */
  unread_count: number;
  /** whether 'all' gathers this stream (always true for 'all' itself) */
  subscribed: boolean;
}
export interface ActivityStreamsResponse {
  items: ActivityStreamLink[];
}

export interface ActivityReplyDto {
  id: string;
  author: MemberLink | null;
  html_content: string;
  created_at: string;
  updated_at: string;
  can: { update: boolean; destroy: boolean };
}

/** a file a post carries: `url` reads it through the post (GET /api/v1/activities/{id}/attachments/{fileId}) */
export interface ActivityAttachmentDto {
  id: string;
  name: string;
  content_type: string;
  size: number;
  /** shown inline as a thumbnail (a raster image type); `url` answers it inline then */
  image: boolean;
  url: string;
  /** an image's 435x435 thumbnail (`url?size=thumb`), its lightbox `url?size=lightbox`; null for other files */
  thumbnail_url: string | null;
}

export interface ActivityDto {
  id: string;
  kind: ActivityKind;
  /** the stream that holds it */
  stream: { slug: string; name: string };
  author: MemberLink | null;
  /** a post's text; empty for automatic activities */
  html_content: string;
  /** the files a post carries (automatic activities: none) */
  attachments: ActivityAttachmentDto[];
  /** automatic activities: what happened and where it lives */
  subject: { title: string; path: string } | null;
  created_at: string;
  updated_at: string;
  position: number;
  likes_count: number;
  liked: boolean;
  replies: ActivityReplyDto[];
  can: ActivityCan;
}

/** GET /api/v1/activitystreams/{slug}/activities (and the member pages' lists) */
export interface ActivitiesResponse {
  stream: { slug: string; name: string; kind: ActivityStreamKind; subscribed: boolean } | null;
  activities: ActivityDto[];
  /** the newest position of the stream the member may see: reading it marks up to here */
  latest_position: number;
  unread_count: number;
  /** pass as `before` for older ones; null at the end */
  next_before: number | null;
  /** subscribe: the stream's subscription may be toggled (a network or group stream, not 'all' or a member's list) */
  can: { post: boolean; subscribe: boolean };
}

/** POST/DELETE /activitystreams/{slug}/subscribe */
export interface StreamSubscriptionAnswer {
  subscribed: boolean;
  position: number;
}
export const streamSubscriptionAnswerSchema = z.object({ subscribed: z.boolean(), position: z.number().int() }) satisfies z.ZodType<StreamSubscriptionAnswer>;

/** GET /api/v1/unreads/activities */
export interface UnreadActivitiesResponse {
  total: number;
  streams: Array<{ slug: string; count: number }>;
}
