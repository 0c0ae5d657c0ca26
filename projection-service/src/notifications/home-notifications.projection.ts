import { AbuseReported, activityEvents, AppItemChanged, AppItemCreated, ChatMessagePosted, eventOf, GroupDeleted, GroupJoinRequested, mentionedMemberIds, MemberInvitedToGroup, type NotificationKind } from '@cn/contracts';
import type { ProjectedDocument, Projection } from '@cn/domain';

/**
 * One thing that happened in the home (activity streams, groups) for the members it concerns. `targets`
 * are named members (never the actor); `audience: 'group_admins'` is for whoever administrates the group
 * when read (a join request reaches the admins of today, not of the day it was asked).
 */
export interface HomeNotificationEntry {
  kind: NotificationKind;
  position: number;
  at: string;
  actor_id: string | null;
  targets: string[];
  audience: 'targets' | 'group_admins' | 'network_admins';
}

/**
 * The notifications of one source: an activity (`activity-<id>`: mentions in the post and its replies,
 * replies for the post's author) or a group (`group-<id>`: join requests for its admins, invites).
 * Whether the member may still see the source is decided when read (a hidden group's post reaches only
 * whoever may read that stream), so a notification never outlives its visibility.
 */
export interface HomeNotificationDocument extends ProjectedDocument {
  source:
    | { type: 'activity'; activity_id: string; group_id: string | null; author_id: string }
    | { type: 'group'; group_id: string }
    | { type: 'abuse_report'; report_id: string; url: string; reason: string }
    /** mentions in a chat's messages (`m.<a>.<b>` or `g.<group id>`) */
    | { type: 'chat'; chat_key: string }
    /** mentions in an app item's rich text (`appitem-<id>`) */
    | { type: 'app_item'; app_id: string; item_id: string };
  /** for whoever is a network administrator when read (abuse reports) */
  for_network_admins?: boolean;
  /** everyone an entry was ever for by name: one query finds a member's */
  member_ids: string[];
  /** members mentioned so far: an edit that mentions them again tells them nothing new */
  mentioned_ids: string[];
  entries: HomeNotificationEntry[];
}

/** entries kept per source: the bell lists the latest few */
export const ENTRIES_PER_SOURCE = 50;

export const activityNotificationsId = (activityId: string): string => `activity-${activityId}`;
export const groupNotificationsId = (groupId: string): string => `group-${groupId}`;
export const abuseReportNotificationsId = (reportId: string): string => `abuse-${reportId}`;
export const chatNotificationsId = (chatKey: string): string => `chat-${chatKey}`;
export const appItemNotificationsId = (itemId: string): string => `appitem-${itemId}`;

const definitions = [...activityEvents, GroupJoinRequested, MemberInvitedToGroup, GroupDeleted, AbuseReported, ChatMessagePosted, AppItemCreated, AppItemChanged] as const;

type Source = HomeNotificationDocument['source'];
const empty = (id: string, source: Source): HomeNotificationDocument => ({ _id: id, _position: 0, source, member_ids: [], mentioned_ids: [], entries: [] });

export const homeNotificationsProjection: Projection<HomeNotificationDocument> = {
  name: 'home_notifications',
  // 2: app items' mentions (a new kind of source)
  version: 2,
  eventTypes: [
    'ActivityPosted',
    'ActivityEdited',
    'ActivityDeleted',
    'ActivityReplied',
    'ActivityReplyEdited',
    GroupJoinRequested.type,
    MemberInvitedToGroup.type,
    GroupDeleted.type,
    AbuseReported.type,
    ChatMessagePosted.type,
    AppItemCreated.type,
    AppItemChanged.type,
  ],
  documentIds: (recorded) => {
    const event = eventOf(definitions, recorded);
    if (!event) return [];
    switch (event.type) {
      case 'GroupJoinRequested':
      case 'MemberInvitedToGroup':
      case 'GroupDeleted':
        return [groupNotificationsId(event.data.group_id)];
      case 'AbuseReported':
        return [abuseReportNotificationsId(event.data.report_id)];
      case 'ChatMessagePosted':
        // only a message that mentions someone is news for the bell
        return event.data.mentioned_ids?.length ? [chatNotificationsId(event.data.chat_key)] : [];
      case 'AppItemCreated':
      case 'AppItemChanged':
        // an item is news for the bell only where it mentions someone new
        return event.data.mentioned_ids?.length ? [appItemNotificationsId(event.data.item_id)] : [];
      default:
        return [activityNotificationsId(event.data.activity_id)];
    }
  },
  evolve: (doc, recorded, id) => {
    const event = eventOf(definitions, recorded);
    // applied already: an event adds its entries once
    if (!event || (doc && doc._position >= recorded.position)) return doc;
    const actor = recorded.metadata.memberId;
    const add = (state: HomeNotificationDocument, kind: NotificationKind, targets: readonly string[], audience: HomeNotificationEntry['audience'] = 'targets'): HomeNotificationDocument => {
      const to = [...new Set(targets)].filter((memberId) => memberId !== actor);
      if (audience === 'targets' && to.length === 0) return state;
      const entry: HomeNotificationEntry = { kind, position: recorded.position, at: recorded.metadata.occurredAt, actor_id: actor, targets: to, audience };
      return { ...state, member_ids: [...new Set([...state.member_ids, ...to])], entries: [...state.entries, entry].slice(-ENTRIES_PER_SOURCE) };
    };
    const mentionIds = (state: HomeNotificationDocument, ids: readonly string[]): HomeNotificationDocument => {
      const fresh = ids.filter((memberId) => !state.mentioned_ids.includes(memberId) && memberId !== actor);
      return fresh.length === 0 ? state : add({ ...state, mentioned_ids: [...state.mentioned_ids, ...fresh] }, 'mentioned', fresh);
    };
    const mention = (state: HomeNotificationDocument, html: string): HomeNotificationDocument => mentionIds(state, mentionedMemberIds(html));
    switch (event.type) {
      case 'ActivityPosted':
        return mention(doc ?? empty(id, { type: 'activity', activity_id: event.data.activity_id, group_id: event.data.group_id, author_id: event.data.author_id }), event.data.html_content);
      case 'ActivityEdited':
        return doc && mention(doc, event.data.html_content);
      case 'ActivityReplied': {
        if (!doc || doc.source.type !== 'activity') return doc;
        const mentioned = mentionedMemberIds(event.data.html_content);
        // a post's author mentioned in a reply hears of it once, as a mention
        const replied = mentioned.includes(doc.source.author_id) ? doc : add(doc, 'activity_replied', [doc.source.author_id]);
        return mention({ ...replied, mentioned_ids: replied.mentioned_ids.filter((memberId) => !mentioned.includes(memberId)) }, event.data.html_content);
      }
      case 'ActivityReplyEdited':
        return doc && mention(doc, event.data.html_content);
      case 'ActivityDeleted':
        return null;
      case 'GroupJoinRequested':
        return add(doc ?? empty(id, { type: 'group', group_id: event.data.group_id }), 'group_join_requested', [], 'group_admins');
      case 'MemberInvitedToGroup':
        return add(doc ?? empty(id, { type: 'group', group_id: event.data.group_id }), 'group_invited', [event.data.member_id]);
      case 'GroupDeleted':
        return null;
      case 'AbuseReported': {
        const { report_id, url, reason } = event.data;
        return add(doc ?? { ...empty(id, { type: 'abuse_report', report_id, url, reason }), for_network_admins: true }, 'abuse_reported', [], 'network_admins');
      }
      case 'ChatMessagePosted': {
        // every mention in a chat is news (a chat has no edits); the command side kept it to the chat's members
        const mentioned = event.data.mentioned_ids ?? [];
        if (mentioned.length === 0) return doc;
        return add(doc ?? empty(id, { type: 'chat', chat_key: event.data.chat_key }), 'mentioned', mentioned);
      }
      case 'AppItemCreated':
      case 'AppItemChanged':
        // the command side kept the new mentions of members who may read the item; once per member, even when a mention is removed and put back
        return mentionIds(doc ?? empty(id, { type: 'app_item', app_id: event.data.app_id, item_id: event.data.item_id }), event.data.mentioned_ids ?? []);
      default:
        return doc;
    }
  },
};
