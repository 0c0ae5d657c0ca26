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

/** The viewer as a member of this group, from the group's read model (the facts the command side folds from its stream). */
export const groupViewerIn = (group: GroupDocument, viewer: ActivityViewer): GroupViewer => ({
  ...viewer,
  status: membershipStatusOf({
    member: group.member_ids.includes(viewer.member_id),
    invited: group.invites.some((invite) => invite.member_id === viewer.member_id && invite.status === 'open'),
    request: group.requests[viewer.member_id]?.status ?? null,
  }),
  group_admin: group.admin_ids.includes(viewer.member_id),
});

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

/** unread activities of others by stream key: newer than the member's mark for their stream or for 'all' */
export const unreadCounts = (docs: Iterable<ActivityDocument>, read: Readonly<Record<string, number>>, ctx: StreamsContext): Map<string, number> => {
  const counts = new Map<string, number>();
  for (const doc of docs) {
    if (doc.author_id === ctx.viewer.member_id) continue;
    const place = placeOf(doc, ctx);
    if (!place) continue;
    if (doc.created_position <= Math.max(read[place.key] ?? 0, read[ALL_STREAM_SLUG] ?? 0)) continue;
    counts.set(place.key, (counts.get(place.key) ?? 0) + 1);
  }
  return counts;
};
