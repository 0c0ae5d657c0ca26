import { NETWORK_STATISTICS_ID, NETWORK_STATISTICS_TOPIC, STATISTICS_COLLECTION, STATISTICS_TOPIC } from '@cn/contracts';
import { collectionName } from '@cn/domain';
import type { DocumentStore } from '@cn/platform';
import { abilitiesOf, categoryAbilitiesFor, groupCategoriesCollection } from '../groups/group-views';
import { groupsCollection } from '../groups/groups.read';
import { loadActiveMember } from '../members/members.read';
import { auditorsAmong } from '../realtime/auditors';
import type { ChangePublisher } from '../realtime/change-publisher';
import type { RealtimeHub } from '../realtime/realtime-hub';
import { groupIdOfScope, statisticsProjection, statisticsShareOf } from './statistics.projection';

/** the network's days change with every event: their pushes are at most this far apart (the last one always goes) */
export const NETWORK_STATISTICS_PUSH_MS = 250;

/**
 * The network's day changed: the open network statistics of those the network statistics route admits
 * (auditors and network administrators) hear it. Every event changes it, so a burst is told at once and
 * then at most every `everyMs`, naming the latest position: one read of the watchers per push, not per event.
 */
const networkPushes = (store: DocumentStore, everyMs: number) => {
  let lastAt = Number.NEGATIVE_INFINITY;
  let latest = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const push = async (hub: RealtimeHub): Promise<void> => {
    lastAt = Date.now();
    const position = latest;
    const message = { type: 'changed' as const, collection: STATISTICS_COLLECTION, id: NETWORK_STATISTICS_ID, doc: { position } };
    for (const memberId of await auditorsAmong(store, hub.watching(NETWORK_STATISTICS_TOPIC))) hub.publishTo(memberId, message);
  };
  return async (position: number, hub: RealtimeHub): Promise<void> => {
    latest = Math.max(latest, position);
    if (timer !== null) return;
    const wait = lastAt + everyMs - Date.now();
    if (wait <= 0) return push(hub);
    timer = setTimeout(() => {
      timer = null;
      void push(hub).catch(() => undefined);
    }, wait);
    timer.unref?.();
  };
};

/**
 * A group's day changed (an event in the group: its activity, actions, active members, joins and leaves):
 * the members whose open statistics watch the topic and who may read them hear it: the group's (can
 * view_statistics) and its category's (can view_administration). A category's statistics add its groups
 * up, so they follow the same push. The message names the group and the position, nothing of the counts.
 * The network's days go to the administration's network statistics (`networkPushes`, its own topic).
 */
export const statisticsChangePublisher = (store: DocumentStore, networkEveryMs = NETWORK_STATISTICS_PUSH_MS): ChangePublisher => {
  const pushNetwork = networkPushes(store, networkEveryMs);
  return {
    collection: collectionName(statisticsProjection),
    publish: async (change, hub) => {
      // a share of a day (one per bus partition): the message names the scope, the console reads the sum
      const share = statisticsShareOf(change.id);
      if (!share) return;
      const groupId = groupIdOfScope(share.scope);
      if (groupId === null) {
        if (hub.watching(NETWORK_STATISTICS_TOPIC).length > 0) await pushNetwork(change.event.position, hub);
        return;
      }
      const watchers = hub.watching(STATISTICS_TOPIC);
      if (watchers.length === 0) return;
      const group = await groupsCollection(store).get(groupId);
      if (!group) return;
      const category = group.group_category_id ? ((await groupCategoriesCollection(store).find({ category_id: group.group_category_id }, { limit: 1 }))[0] ?? null) : null;
      const message = { type: 'changed' as const, collection: STATISTICS_COLLECTION, id: groupId, doc: { position: change.event.position } };
      for (const memberId of watchers) {
        const member = await loadActiveMember(store, memberId);
        if (!member) continue;
        if (abilitiesOf(group, member).view_statistics || (category !== null && categoryAbilitiesFor(category, member).view_administration)) hub.publishTo(memberId, message);
      }
    },
  };
};

