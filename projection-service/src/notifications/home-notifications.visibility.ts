import { chatIdForViewer, teaserOf, type NotificationDto } from '@cn/contracts';
import type { ActivityDocument } from '../activities/activities.projection';
import { placeOf, type StreamsContext } from '../activities/activity-visibility';
import type { HomeNotificationDocument } from './home-notifications.projection';

/** an app item a notification may name: it exists in an app that exists, with its title */
export interface ReadableItem {
  app_id: string;
  title: string;
}

/** a notification before its actor's name is looked up */
export type FoundNotification = Omit<NotificationDto, 'read' | 'actor'> & { actor_id: string | null };

/** a post's teaser as the notification's name */
const TEASER_LENGTH = 80;

/** whoever sees a group (a hidden one: its members, network admins) or is invited to it */
const seesGroup = (group: NonNullable<ReturnType<StreamsContext['groups']['get']>>, ctx: StreamsContext): boolean =>
  group.access !== 'hidden' ||
  ctx.viewer.network_admin ||
  group.member_ids.includes(ctx.viewer.member_id) ||
  group.invites.some((invite) => invite.member_id === ctx.viewer.member_id);

/**
 * The home's notifications of `ctx.viewer` among the given sources: mentions and replies of activities
 * they may see now (the activity streams' own rule, `placeOf`: a hidden group's post reaches only its
 * members and network admins), join requests of the groups they administrate now, their group invites,
 * abuse reports for network administrators, mentions in app items that exist (every member reads an
 * app's items, `mayReadAppItems`: `ctx.viewer` is a member who is not erased).
 * Pure: the read side and the property test share it.
 */
export const homeNotificationsFor = (
  sources: Iterable<HomeNotificationDocument>,
  activities: ReadonlyMap<string, ActivityDocument>,
  ctx: StreamsContext,
  items: ReadonlyMap<string, ReadableItem> = new Map(),
): FoundNotification[] => {
  const me = ctx.viewer.member_id;
  const found: FoundNotification[] = [];
  for (const doc of sources) {
    let subject: NotificationDto['subject'];
    let admin = false;
    if (doc.source.type === 'activity') {
      const activity = activities.get(doc.source.activity_id);
      // gone, or no longer (or never) for this member: nothing to tell
      if (!activity || !placeOf(activity, ctx)) continue;
      subject = { type: 'activity', id: activity._id, name: teaserOf(activity.html_content, TEASER_LENGTH), html_url: `/activities/${activity._id}` };
    } else if (doc.source.type === 'chat') {
      // a chat mention: for whoever is in the chat now (a group's chat only while it is on and they are in the group)
      const chatId = chatIdForViewer(doc.source.chat_key, me);
      if (!chatId) continue;
      let name = '';
      if (doc.source.chat_key.startsWith('g.')) {
        const group = ctx.groups.get(doc.source.chat_key.slice(2));
        if (!group || group.chat !== 'enabled' || !group.member_ids.includes(me)) continue;
        name = group.name;
      }
      subject = { type: 'chat', id: chatId, name, html_url: `/chat/${chatId}` };
    } else if (doc.source.type === 'app_item') {
      const item = items.get(doc.source.item_id);
      if (!item || item.app_id !== doc.source.app_id) continue;
      const html_url = `/apps/${encodeURIComponent(item.app_id)}/items/${encodeURIComponent(doc.source.item_id)}`;
      subject = { type: 'app_item', id: doc.source.item_id, name: teaserOf(item.title, TEASER_LENGTH), html_url };
    } else if (doc.source.type === 'abuse_report') {
      // the network's administrators of today
      if (!ctx.viewer.network_admin) continue;
      subject = { type: 'abuse_report', id: doc.source.report_id, name: teaserOf(doc.source.reason, TEASER_LENGTH), html_url: doc.source.url.startsWith('/') ? doc.source.url : '' };
    } else {
      const group = ctx.groups.get(doc.source.group_id);
      if (!group || !seesGroup(group, ctx)) continue;
      admin = group.admin_ids.includes(me);
      subject = { type: 'group', id: group._id, name: group.name, html_url: `/groups/${group.slug}` };
    }
    for (const entry of doc.entries) {
      const forMe =
        entry.audience === 'group_admins' ? admin && entry.actor_id !== me : entry.audience === 'network_admins' ? ctx.viewer.network_admin && entry.actor_id !== me : entry.targets.includes(me);
      if (!forMe) continue;
      const html_url = entry.kind === 'group_invited' ? '/invites' : subject.html_url;
      found.push({ id: `${doc._id}:${entry.position}`, kind: entry.kind, at: entry.at, position: entry.position, actor_id: entry.actor_id, subject: { ...subject, html_url } });
    }
  }
  return found;
};
