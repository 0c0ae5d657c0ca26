import { CHANNELS_TOPIC, canSeeChannel, type ChannelFacts } from '@cn/contracts';
import { collectionName, createLruCache } from '@cn/domain';
import type { DocumentStore } from '@cn/platform';
import { loadActiveMember } from '../members/members.read';
import type { ChangePublisher } from '../realtime/change-publisher';
import { channelArticlesProjection, channelsProjection, type ArticleDocument, type ChannelDocument } from './channels.projection';
import { channelFactsOf, channelsCollection } from './channels.read';

const REMEMBERED_CHANNELS = 10_000;

/** the message every channel change pushes: which channel, at which position (the console reads it again) */
const changed = (slug: string, position: number) => ({ type: 'changed' as const, collection: 'channels', id: slug, doc: { position } });

/**
 * A channel changed (edited, its page, a subscription, a star) or an article of its blog: the members whose
 * open pages watch channels and who may see it, before or after the change, hear which channel changed.
 */
export const channelChangePublisher = (store: DocumentStore): ChangePublisher => {
  const before = createLruCache<ChannelFacts>(REMEMBERED_CHANNELS);
  return {
    collection: collectionName(channelsProjection),
    publish: async (change, hub) => {
      const doc = change.doc as ChannelDocument | null;
      const previous = before.get(change.id);
      if (doc) before.set(change.id, channelFactsOf(doc));
      await hub.publishEach(async (memberId) => {
        const member = await loadActiveMember(store, memberId);
        if (!member) return null;
        const viewer = { member_id: memberId, network_admin: member.roles.network_admin, external: member.roles.external };
        const seesIt = (facts: ChannelFacts | null | undefined) => (facts ? canSeeChannel(facts, viewer) : false);
        return seesIt(doc ? channelFactsOf(doc) : null) || seesIt(previous) ? changed(change.id, change.event.position) : null;
      }, hub.watching(CHANNELS_TOPIC));
    },
  };
};

/** An article was published, changed or deleted: its channel's watchers read the channel (its blog widgets) again. */
export const articleChangePublisher = (store: DocumentStore): ChangePublisher => ({
  collection: collectionName(channelArticlesProjection),
  publish: async (change, hub) => {
    const channelId = (change.doc as ArticleDocument | null)?.channel_id ?? (change.event.data as { channel_id?: string }).channel_id;
    if (!channelId) return;
    const channel = await channelsCollection(store).get(channelId);
    if (!channel) return;
    await hub.publishEach(async (memberId) => {
      const member = await loadActiveMember(store, memberId);
      if (!member) return null;
      return canSeeChannel(channelFactsOf(channel), { member_id: memberId, network_admin: member.roles.network_admin, external: member.roles.external })
        ? changed(channelId, change.event.position)
        : null;
    }, hub.watching(CHANNELS_TOPIC));
  },
});
