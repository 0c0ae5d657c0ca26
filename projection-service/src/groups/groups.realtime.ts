import { GROUP_CATEGORIES_COLLECTION, GROUPS_COLLECTION, GROUPS_TOPIC } from '@cn/contracts';
import { collectionName, createLruCache } from '@cn/domain';
import type { DocumentStore } from '@cn/platform';
import { loadActiveMember } from '../members/members.read';
import { everyConsoleHears, type ChangePublisher } from '../realtime/change-publisher';
import { memberSeesGroup } from './group-views';
import { groupCategoriesProjection, groupsProjection, type GroupDocument } from './groups.projection';

const REMEMBERED_GROUPS = 10_000;

/** everyone a group's change concerns on every console: members, admins, requesters, invitees */
const concernedBy = (group: GroupDocument): string[] => [...group.member_ids, ...Object.keys(group.requests), ...group.invites.map((invite) => invite.member_id)];

/**
 * A group changed (settings, membership, a request or an invite, a favourite): its members, requesters
 * and invitees hear it on every console (their navigation and pages follow, e.g. an accepted join
 * request shows in the member's navigation at once), and so does every member whose open pages watch
 * groups and who may see it, before or after the change. A hidden group is never told to anyone who may
 * not see it. The message names the group and the position, nothing of its content.
 */
export const groupChangePublisher = (store: DocumentStore): ChangePublisher => {
  const before = createLruCache<GroupDocument>(REMEMBERED_GROUPS);
  return {
    collection: collectionName(groupsProjection),
    publish: async (change, hub) => {
      const doc = change.doc as GroupDocument | null;
      const previous = before.get(change.id);
      if (doc) before.set(change.id, doc);
      const versions = [doc, previous ?? null].filter((group): group is GroupDocument => group !== null);
      if (versions.length === 0) return;
      const concerned = new Set(versions.flatMap(concernedBy));
      for (const memberId of hub.watching(GROUPS_TOPIC)) {
        if (concerned.has(memberId)) continue;
        const member = await loadActiveMember(store, memberId);
        if (member && versions.some((group) => memberSeesGroup(group, member))) concerned.add(memberId);
      }
      const message = { type: 'changed' as const, collection: GROUPS_COLLECTION, id: change.id, doc: { position: change.event.position } };
      for (const memberId of concerned) hub.publishTo(memberId, message);
    },
  };
};

/**
 * A group category changed (created, ordered, its administrators): every open console hears it (the
 * categories are the directory's tabs, and an administrator's navigation lists theirs). Only the slug and
 * the position travel.
 */
export const groupCategoryChangePublisher = everyConsoleHears(collectionName(groupCategoriesProjection), GROUP_CATEGORIES_COLLECTION);
