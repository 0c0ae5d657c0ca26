import {
  ALL_STREAM_SLUG,
  canSeeChannel,
  membershipStatusOf,
  NETWORK_STREAM_SLUG,
  streamAbilities,
  type ActivityViewer,
  type CalendarFacts,
  type ChannelFacts,
  type GroupViewer,
  mentionedMemberIds,
  type StreamCan,
} from '@cn/contracts';
import type { GroupDocument } from '../groups/groups.projection';
import type { ActivityDocument } from './activities.projection';

/**
 * What deciding who sees an activity needs: the viewer, the groups (facts and memberships), the network
 * and group calendars and the channels. Pure: the query side and the property test share it.
 */
export interface StreamsContext {
  viewer: ActivityViewer;
  groups: ReadonlyMap<string, GroupDocument>;
  calendars: ReadonlyMap<string, Pick<CalendarFacts, 'type' | 'parent_id'>>;
  channels: ReadonlyMap<string, ChannelFacts>;
}

const NOTHING: StreamCan = { see: false, post: false, moderate: false };

/** a group document's member lists as sets, made once per document read (documents are never changed in place) */
interface Rosters {
  members: ReadonlySet<string>;
  admins: ReadonlySet<string>;
  invited: ReadonlySet<string>;
}
const rosters = new WeakMap<GroupDocument, Rosters>();
const rostersOf = (group: GroupDocument): Rosters => {
  let known = rosters.get(group);
  if (!known) {
    known = {
      members: new Set(group.member_ids),
      admins: new Set(group.admin_ids),
      invited: new Set(group.invites.filter((invite) => invite.status === 'open').map((invite) => invite.member_id)),
    };
    rosters.set(group, known);
  }
  return known;
};

/**
 * The viewer as a member of this group, from the group's read model (the facts the command side folds from
 * its stream). Deciding it for every member of a big group (a post's push, a page of unread counts) looks
 * each one up in sets instead of scanning the member list per member.
 */
export const groupViewerIn = (group: GroupDocument, viewer: ActivityViewer): GroupViewer => {
  const { members, admins, invited } = rostersOf(group);
  return {
    ...viewer,
    status: membershipStatusOf({
      member: members.has(viewer.member_id),
      invited: invited.has(viewer.member_id),
      request: group.requests[viewer.member_id]?.status ?? null,
    }),
    group_admin: admins.has(viewer.member_id),
  };
};

/** what the viewer may do in a stream ('network' or a group id): the same streamAbilities the command side refuses with */
export const streamCanIn = (key: string, ctx: StreamsContext): StreamCan => {
  if (key === NETWORK_STREAM_SLUG) return streamAbilities({ kind: 'network' }, ctx.viewer);
  const group = ctx.groups.get(key);
  return group ? streamAbilities({ kind: 'group', group, viewer: groupViewerIn(group, ctx.viewer) }, ctx.viewer) : NOTHING;
};

/** the stream that holds an activity: its group's, the network's, or for an appointment the stream of its calendars (network first) */
export const streamKeyOf = (doc: ActivityDocument, ctx: StreamsContext): string | null => {
  if (doc.source.type === 'appointment') {
    const calendars = doc.source.calendar_ids.flatMap((id) => {
      const calendar = ctx.calendars.get(id);
      return calendar ? [calendar] : [];
    });
    if (calendars.some((calendar) => calendar.type === 'network')) return NETWORK_STREAM_SLUG;
    // an appointment only in personal calendars is nobody's news
    return calendars.find((calendar) => calendar.type === 'group' && calendar.parent_id !== null)?.parent_id ?? null;
  }
  return doc.group_id ?? NETWORK_STREAM_SLUG;
};

/** where the viewer sees an activity, and what they may do there; null when it is not for them */
export const placeOf = (doc: ActivityDocument, ctx: StreamsContext): { key: string; can: StreamCan } | null => {
  const key = streamKeyOf(doc, ctx);
  if (key === null) return null;
  if (doc.source.type === 'article') {
    const channel = ctx.channels.get(doc.source.channel_id);
    if (!channel || !canSeeChannel(channel, ctx.viewer)) return null;
  }
  const can = streamCanIn(key, ctx);
  return can.see ? { key, can } : null;
};

/** What the viewer's 'all' gathers: every stream they may see but those they unsubscribed, and from those, what concerns them. */
export interface AllStreamScope {
  unsubscribed: ReadonlySet<string>;
  followed: ReadonlySet<string>;
}

/** whether 'all' shows an activity: its stream is subscribed, or it is the viewer's own, a followed member's, or mentions the viewer */
export const inAllStream = (entry: { doc: ActivityDocument; key: string }, scope: AllStreamScope, viewerId: string): boolean => {
  if (!scope.unsubscribed.has(entry.key)) return true;
  const author = entry.doc.author_id;
  if (author !== null && (author === viewerId || scope.followed.has(author))) return true;
  return entry.doc.kind === 'post' && mentionedMemberIds(entry.doc.html_content).includes(viewerId);
};

/**
 * Unread activities of others by stream key, newer than the member's mark for their stream or for 'all';
 * given the viewer's scope, also 'all''s own count under ALL_STREAM_SLUG: what 'all' shows of them, so a
 * followed member's post or a mention in an unsubscribed stream counts there too.
 */
export const unreadCounts = (docs: Iterable<ActivityDocument>, read: Readonly<Record<string, number>>, ctx: StreamsContext, scope?: AllStreamScope): Map<string, number> => {
  const counts = new Map<string, number>();
  const add = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  for (const doc of docs) {
    if (doc.author_id === ctx.viewer.member_id) continue;
    const place = placeOf(doc, ctx);
    if (!place) continue;
    if (doc.created_position <= Math.max(read[place.key] ?? 0, read[ALL_STREAM_SLUG] ?? 0)) continue;
    add(place.key);
    if (scope && inAllStream({ doc, key: place.key }, scope, ctx.viewer.member_id)) add(ALL_STREAM_SLUG);
  }
  return counts;
};
