import {
  activityEvents,
  activityReadEvents,
  AppItemCreated,
  AppointmentCreated,
  AppointmentDeleted,
  AppointmentUpdated,
  ArticleDeleted,
  ArticlePublished,
  ArticleUpdated,
  eventOf,
  MemberJoinedGroup,
  type ActivityKind,
  type FileAttachment,
  type TemplatePart,
} from '@cn/contracts';
import type { ProjectedDocument, Projection } from '@cn/domain';

export interface ActivityReplyEntry {
  id: string;
  author_id: string;
  html_content: string;
  created_at: string;
  updated_at: string;
}

/** what an automatic activity tells of its source; its visibility follows the source's */
export type ActivitySource =
  | { type: 'post' }
  | { type: 'appointment'; appointment_id: string; name: string; calendar_ids: string[] }
  | { type: 'article'; channel_id: string; blog_id: string; article_id: string; title: string }
  | { type: 'group_member'; member_id: string }
  /** `teaser_parts`: the teaser with the members its template names, by id (absent before membership placeholders) */
  | { type: 'item'; app_id: string; item_id: string; teaser: string; teaser_parts?: TemplatePart[] };

/**
 * One entry of the activity streams: a member's post with its replies and likes, or something another
 * module did (a new appointment, a channel article, a new member of a group). `group_id` is the group whose
 * stream holds it (null: the network's, or for an appointment the stream its calendars name when read).
 */
export interface ActivityDocument extends ProjectedDocument {
  kind: ActivityKind;
  group_id: string | null;
  author_id: string | null;
  html_content: string;
  /** the files a post carries, each at the version attached (read through the post) */
  attachments: FileAttachment[];
  source: ActivitySource;
  created_at: string;
  updated_at: string;
  /** the position that put it in its stream: unread counts and paging go by it (`_position` moves with every like) */
  created_position: number;
  replies: ActivityReplyEntry[];
  liker_ids: string[];
}

const definitions = [...activityEvents, AppointmentCreated, AppointmentUpdated, AppointmentDeleted, ArticlePublished, ArticleUpdated, ArticleDeleted, MemberJoinedGroup, AppItemCreated] as const;

const appointmentActivityId = (appointmentId: string): string => `appointment-${appointmentId}`;
const articleActivityId = (articleId: string): string => `article-${articleId}`;
const joinedActivityId = (groupId: string, memberId: string): string => `joined-${groupId}-${memberId}`;
const itemActivityId = (itemId: string): string => `item-${itemId}`;

const fresh = (
  id: string,
  position: number,
  at: string,
  fields: Pick<ActivityDocument, 'kind' | 'group_id' | 'author_id' | 'html_content' | 'source'> & Partial<Pick<ActivityDocument, 'attachments'>>,
): Omit<ActivityDocument, '_position'> => ({
  _id: id,
  attachments: [],
  ...fields,
  created_at: at,
  updated_at: at,
  created_position: position,
  replies: [],
  liker_ids: [],
});

export const activitiesProjection: Projection<ActivityDocument> = {
  name: 'activities',
  // 2: attachments; 3: an item's teaser keeps the members it names (teaser_parts)
  version: 3,
  eventTypes: definitions.map((definition) => definition.type),
  documentIds: (recorded) => {
    const event = eventOf(definitions, recorded);
    if (event === null) return [];
    switch (event.type) {
      case 'AppointmentCreated':
      case 'AppointmentUpdated':
        return [appointmentActivityId(event.data.appointment_id)];
      case 'AppointmentDeleted':
        // one deleted occurrence leaves the series' activity as it is
        return event.data.occurrence_start === null ? [appointmentActivityId(event.data.appointment_id)] : [];
      case 'ArticlePublished':
      case 'ArticleUpdated':
      case 'ArticleDeleted':
        return [articleActivityId(event.data.article_id)];
      case 'MemberJoinedGroup':
        return [joinedActivityId(event.data.group_id, event.data.member_id)];
      case 'AppItemCreated':
        // an app without a teaser template tells the streams nothing
        return event.data.teaser || (event.data.teaser_parts ?? []).length > 0 ? [itemActivityId(event.data.item_id)] : [];
      default:
        return [event.data.activity_id];
    }
  },
  evolve: (doc, recorded, id) => {
    const event = eventOf(definitions, recorded);
    const at = recorded.metadata.occurredAt;
    switch (event?.type) {
      case 'ActivityPosted':
        return (
          doc ??
          fresh(id, recorded.position, at, {
            kind: 'post',
            group_id: event.data.group_id,
            author_id: event.data.author_id,
            html_content: event.data.html_content,
            attachments: event.data.attachments,
            source: { type: 'post' },
          })
        );
      case 'ActivityEdited':
        // null: an edit of the text alone (every version 1 edit) leaves the files as they were
        return doc && { ...doc, html_content: event.data.html_content, attachments: event.data.attachments ?? doc.attachments, updated_at: at };
      case 'ActivityDeleted':
        return null;
      case 'ActivityReplied':
        return doc && !doc.replies.some((reply) => reply.id === event.data.reply_id)
          ? { ...doc, replies: [...doc.replies, { id: event.data.reply_id, author_id: event.data.author_id, html_content: event.data.html_content, created_at: at, updated_at: at }] }
          : doc;
      case 'ActivityReplyEdited':
        return doc && { ...doc, replies: doc.replies.map((reply) => (reply.id === event.data.reply_id ? { ...reply, html_content: event.data.html_content, updated_at: at } : reply)) };
      case 'ActivityReplyDeleted':
        return doc && { ...doc, replies: doc.replies.filter((reply) => reply.id !== event.data.reply_id) };
      case 'ActivityLiked':
        return doc && !doc.liker_ids.includes(event.data.member_id) ? { ...doc, liker_ids: [...doc.liker_ids, event.data.member_id] } : doc;
      case 'ActivityUnliked':
        return doc && { ...doc, liker_ids: doc.liker_ids.filter((memberId) => memberId !== event.data.member_id) };
      case 'AppointmentCreated': {
        const { name, calendar_ids } = event.data.appointment;
        return doc ?? fresh(id, recorded.position, at, { kind: 'appointment', group_id: null, author_id: event.data.author_id, html_content: '', source: { type: 'appointment', appointment_id: event.data.appointment_id, name, calendar_ids } });
      }
      case 'AppointmentUpdated': {
        if (!doc || doc.source.type !== 'appointment') return doc;
        const { name, calendar_ids } = event.data.appointment;
        return { ...doc, source: { ...doc.source, name, calendar_ids }, updated_at: at };
      }
      case 'ArticlePublished': {
        const { channel_id, blog_id, article_id, title } = event.data;
        return doc ?? fresh(id, recorded.position, at, { kind: 'article', group_id: null, author_id: event.data.author_id, html_content: '', source: { type: 'article', channel_id, blog_id, article_id, title } });
      }
      case 'ArticleUpdated':
        return doc && doc.source.type === 'article' ? { ...doc, source: { ...doc.source, title: event.data.title }, updated_at: at } : doc;
      case 'AppointmentDeleted':
      case 'ArticleDeleted':
        return null;
      case 'MemberJoinedGroup':
        // joining again after leaving is news again
        return fresh(id, recorded.position, at, { kind: 'group_member', group_id: event.data.group_id, author_id: event.data.member_id, html_content: '', source: { type: 'group_member', member_id: event.data.member_id } });
      case 'AppItemCreated': {
        // apps are the network's shared work: a new item's teaser goes to the network's stream
        const { app_id, item_id, teaser, teaser_parts } = event.data;
        const source = { type: 'item' as const, app_id, item_id, teaser: teaser ?? '', ...(teaser_parts ? { teaser_parts } : {}) };
        return doc ?? fresh(id, recorded.position, at, { kind: 'item', group_id: null, author_id: event.data.author_id, html_content: '', source });
      }
      default:
        return doc;
    }
  },
  indexes: [['created_position'], ['group_id', 'created_position'], ['author_id', 'created_position']],
};

/**
 * How far a member has read each stream: 'all', 'network' or a group id → position (only forward); and the
 * streams they unsubscribed, which 'all' leaves out.
 */
export interface ActivityReadsDocument extends ProjectedDocument {
  read: Record<string, number>;
  unsubscribed: string[];
}

export const activityReadsProjection: Projection<ActivityReadsDocument> = {
  name: 'activity_reads',
  version: 2,
  eventTypes: activityReadEvents.map((definition) => definition.type),
  documentIds: (event) => [(event.data as { member_id: string }).member_id],
  evolve: (doc, recorded, id) => {
    const event = eventOf(activityReadEvents, recorded);
    if (!event) return doc;
    const read = doc?.read ?? {};
    const unsubscribed = doc?.unsubscribed ?? [];
    switch (event.type) {
      case 'ActivityStreamRead':
        return { _id: id, read: { ...read, [event.data.stream]: Math.max(read[event.data.stream] ?? 0, event.data.up_to) }, unsubscribed };
      case 'ActivityStreamUnsubscribed':
        return { _id: id, read, unsubscribed: unsubscribed.includes(event.data.stream) ? unsubscribed : [...unsubscribed, event.data.stream] };
      case 'ActivityStreamSubscribed':
        return { _id: id, read, unsubscribed: unsubscribed.filter((stream) => stream !== event.data.stream) };
    }
  },
};
