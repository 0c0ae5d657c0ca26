import { STATISTICS_COLLECTION, STATISTICS_TOPIC } from '@cn/contracts';
import { collectionName } from '@cn/domain';
import type { DocumentStore } from '@cn/platform';
import { abilitiesOf, categoryAbilitiesFor, groupCategoriesCollection } from '../groups/group-views';
import { groupsCollection } from '../groups/groups.read';
import { loadActiveMember } from '../members/members.read';
import type { ChangePublisher } from '../realtime/change-publisher';
import { groupIdOfScope, statisticsProjection, statisticsShareOf } from './statistics.projection';

/**
 * A group's day changed (an event in the group: its activity, actions, active members, joins and leaves):
 * the members whose open statistics watch the topic and who may read them hear it: the group's (can
 * view_statistics) and its category's (can view_administration). A category's statistics add its groups
 * up, so they follow the same push. The message names the group and the position, nothing of the counts.
 * The network's days are not pushed (the member console shows no network statistics).
 */
export const statisticsChangePublisher = (store: DocumentStore): ChangePublisher => ({
  collection: collectionName(statisticsProjection),
  publish: async (change, hub) => {
    // a share of the group's day (one per bus partition): the message names the group, the console reads the sum
    const share = statisticsShareOf(change.id);
    const groupId = share ? groupIdOfScope(share.scope) : null;
    if (!groupId) return;
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
});
