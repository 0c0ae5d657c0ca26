import { ActivityPosted, ArticlePublished, DEFAULT_MEMBERSHIP_SETTINGS, eventOf, mentionedMemberIds, type EMAIL_SUBSCRIPTION_KEYS } from '@cn/contracts';
import { collectionName, type RecordedEvent } from '@cn/domain';
import type { DocumentStore, Mail } from '@cn/platform';
import { activitiesCollection, loadStreamsContext } from '../activities/activities.read';
import { placeOf } from '../activities/activity-visibility';
import { channelsCollection } from '../channels/channels.read';
import { digestHtmlOf } from '../digests/digest-run';
import { followerIds } from '../follows/follows.read';
import { groupsCollection } from '../groups/groups.read';
import { memberLocksProjection, type MemberLockDocument } from '../members/member-locks.projection';
import { displayNameOf } from '../members/member-dto';
import { membersCollection } from '../members/members.read';
import { composeSubscriptionMail } from '../membership-settings/digest-composer';
import { membershipSettingsProjection, type MembershipSettingsDocument } from '../membership-settings/membership-settings.projection';
import { loadNetwork } from '../network/network.read';

/** the events that bring new content to a subscribed group (a post) or channel (an article) */
export const SUBSCRIPTION_EVENT_TYPES: readonly string[] = [ActivityPosted.type, ArticlePublished.type];
const definitions = [ActivityPosted, ArticlePublished] as const;

/** one mail to send for a subscription, with its once-only key */
export interface SubscriptionMail {
  key: string;
  mail: Mail;
}

/**
 * The mails new content sends to the subscribers of its group or channel: only those whose
 * `email_subscriptions` include `subscribed_groups` / `subscribed_channels`, who may see the content (the
 * streams' own rule), not its author, not locked, erased or without an address, and not those mentioned in
 * it (the mention mail tells them already).
 */
export const subscriptionMailsOf = async (store: DocumentStore, recorded: RecordedEvent, baseUrl: string): Promise<SubscriptionMail[]> => {
  const event = eventOf(definitions, recorded);
  if (!event) return [];
  let activityId: string;
  let key: (typeof EMAIL_SUBSCRIPTION_KEYS)[number];
  let place: { type: 'group' | 'channel'; name: string };
  let subscriberIds: string[];
  if (event.type === 'ActivityPosted') {
    activityId = event.data.activity_id;
    key = 'subscribed_groups';
    if (event.data.group_id === null) {
      // the network's stream has no subscribers; its posts mail the author's followers only
      place = { type: 'group', name: (await loadNetwork(store)).settings.basic.name };
      subscriberIds = [];
    } else {
      const group = await groupsCollection(store).get(event.data.group_id);
      if (!group) return [];
      place = { type: 'group', name: group.name };
      subscriberIds = group.subscriber_ids;
    }
  } else {
    const channel = await channelsCollection(store).get(event.data.channel_id);
    if (!channel) return [];
    activityId = `article-${event.data.article_id}`;
    key = 'subscribed_channels';
    place = { type: 'channel', name: channel.title };
    subscriberIds = channel.subscriber_ids;
  }
  const activity = await activitiesCollection(store).get(activityId);
  if (!activity) return [];
  const mentioned = new Set(mentionedMemberIds(activity.html_content));
  // a post also mails those who follow its author (`followed_members`), once, where they may see it
  const followers = event.type === 'ActivityPosted' && activity.author_id ? await followerIds(store, activity.author_id) : [];
  const keyOf = new Map<string, (typeof EMAIL_SUBSCRIPTION_KEYS)[number]>([...followers.map((id) => [id, 'followed_members'] as const), ...subscriberIds.map((id) => [id, key] as const)]);
  const candidates = [...keyOf.keys()].filter((id) => id !== activity.author_id && !mentioned.has(id));
  if (candidates.length === 0) return [];
  const members = await membersCollection(store).getMany([...candidates, ...(activity.author_id ? [activity.author_id] : [])]);
  const byId = new Map(members.map((member) => [member._id, member]));
  const locked = new Set((await store.collection<MemberLockDocument>(collectionName(memberLocksProjection)).getMany(candidates)).map((lock) => lock._id));
  const settings = new Map((await store.collection<MembershipSettingsDocument>(collectionName(membershipSettingsProjection)).getMany(candidates)).map((doc) => [doc._id, doc.settings]));
  const network = (await loadNetwork(store)).settings;
  const author = activity.author_id ? byId.get(activity.author_id) : undefined;
  const shared = await loadStreamsContext(store, { member_id: '', network_admin: false, external: false });
  const mails: SubscriptionMail[] = [];
  for (const memberId of candidates) {
    const member = byId.get(memberId);
    if (!member || member.deleted || member.email === '' || locked.has(memberId)) continue;
    const wanted = (settings.get(memberId) ?? DEFAULT_MEMBERSHIP_SETTINGS).email_subscriptions;
    // a subscriber who also follows the author is mailed once, by either choice
    if (!wanted.includes(keyOf.get(memberId) ?? key) && !(followers.includes(memberId) && wanted.includes('followed_members'))) continue;
    if (!placeOf(activity, { ...shared, viewer: { member_id: memberId, network_admin: member.roles.network_admin, external: member.roles.external } })) continue;
    const mail = composeSubscriptionMail({
      member: { id: memberId, email: member.email, name: displayNameOf(member) },
      network: { name: network.basic.name, base_url: baseUrl, language: network.basic.language },
      place,
      author_name: author ? displayNameOf(author) : network.basic.name,
      html_content: digestHtmlOf(activity),
      html_url: `/activities/${activity._id}`,
    });
    mails.push({ key: `subscription:${recorded.id}:${memberId}`, mail: { to: mail.to, subject: mail.subject, text: mail.text } });
  }
  return mails;
};
