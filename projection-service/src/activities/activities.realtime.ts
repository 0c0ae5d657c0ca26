import { ACTIVITIES_COLLECTION, ACTIVITIES_TOPIC } from '@cn/contracts';
import { collectionName, createLruCache } from '@cn/domain';
import type { DocumentStore } from '@cn/platform';
import { groupsCollection } from '../groups/groups.read';
import { membersCollection } from '../members/members.read';
import type { ChangePublisher } from '../realtime/change-publisher';
import { activitiesProjection, activityReadsProjection, type ActivityDocument } from './activities.projection';
import { loadStreamsContext } from './activities.read';
import { placeOf } from './activity-visibility';

const REMEMBERED_ACTIVITIES = 10_000;

/** which stream changed and at which position: the console reads its counts and pages again, as the member may see them */
const changed = (stream: string, position: number) => ({ type: 'changed' as const, collection: ACTIVITIES_COLLECTION, id: stream, doc: { position } });

/**
 * An activity appeared, changed or went: the members of its group hear it on every console (their
 * navigation's unread badges follow at once), and so does everyone whose open pages watch activities and
 * who may see it, before or after the change. Nothing is told to a member who may not see it.
 */
export const activityChangePublisher = (store: DocumentStore): ChangePublisher => {
  const before = createLruCache<ActivityDocument>(REMEMBERED_ACTIVITIES);
  return {
    collection: collectionName(activitiesProjection),
    publish: async (change, hub) => {
      const doc = change.doc as ActivityDocument | null;
      const previous = before.get(change.id);
      if (doc) before.set(change.id, doc);
      const versions = [doc, previous ?? null].filter((entry): entry is ActivityDocument => entry !== null);
      if (versions.length === 0) return;
      const groupIds = new Set(versions.flatMap((entry) => (entry.group_id ? [entry.group_id] : [])));
      const concerned = new Set<string>(hub.watching(ACTIVITIES_TOPIC));
      for (const groupId of groupIds) {
        for (const memberId of (await groupsCollection(store).get(groupId))?.member_ids ?? []) concerned.add(memberId);
      }
      // a network activity concerns every connected member's badges
      if (versions.some((entry) => entry.group_id === null)) for (const memberId of hub.connectedMembers()) concerned.add(memberId);
      // groups, calendars and channels once per change; the connected members' roles in one read of those
      // fields alone (a group of a thousand answered 1,000 reads one after the other, then one read of
      // whole documents); the viewer per member
      const shared = await loadStreamsContext(store, { member_id: '', network_admin: false, external: true });
      const connected = [...concerned].filter((memberId) => hub.isConnected(memberId));
      // one message per stream key, shared by every member told of it (serialized once for all their sockets)
      const messages = new Map<string, ReturnType<typeof changed>>();
      for (const member of await membersCollection(store).pick(connected, ['deleted', 'roles'])) {
        if (member.deleted) continue;
        const ctx = { ...shared, viewer: { member_id: member._id, network_admin: member.roles.network_admin, external: member.roles.external } };
        const place = versions.map((entry) => placeOf(entry, ctx)).find((found) => found !== null);
        if (!place) continue;
        let message = messages.get(place.key);
        if (!message) {
          message = changed(place.key, change.event.position);
          messages.set(place.key, message);
        }
        hub.publishTo(member._id, message);
      }
    },
  };
};

/** A member read a stream: their other consoles read the counts again. */
export const activityReadsPublisher = (): ChangePublisher => ({
  collection: collectionName(activityReadsProjection),
  publish: (change, hub) => {
    hub.publishTo(change.id, changed('reads', change.event.position));
    return Promise.resolve();
  },
});
