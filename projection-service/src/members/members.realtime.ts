import { type DocumentStore } from '@cn/platform';
import { collectionName } from '@cn/domain';
import type { ChangePublisher } from '../realtime/change-publisher';
import { connectedMembers } from '../realtime/connections';
import type { RealtimeHub } from '../realtime/realtime-hub';
import { loadNetwork } from '../network/network.read';
import { toMemberDto } from './member-dto';
import { membersProjection, type MemberDocument } from './members.projection';
import { loadActiveMember, membersCollection } from './members.read';

/**
 * Pushes a member's document to every connected member as that member sees it: an invisible member
 * looks offline to others, a member without an open console is offline, and nobody but the member sees
 * presence when the network disables it. Pushed on every change of the member's document and whenever
 * they come online or go offline. What others see is remembered so that a change invisible to them (an
 * invisible member's text) is not pushed.
 */
export const memberChangePublisher = (store: DocumentStore, clock: () => Date): ChangePublisher => {
  const seenByOthers = new Map<string, string>();
  const publish = async (doc: MemberDocument, hub: RealtimeHub): Promise<void> => {
    const [{ settings }, connected] = await Promise.all([loadNetwork(store), connectedMembers(store, [doc._id], clock())]);
    const showOnlineStatus = settings.member.show_online_status;
    const view = { showOnlineStatus, connected: connected.has(doc._id), today: clock().toISOString().slice(0, 10), changeRequests: settings.member.change_requests };
    const fingerprint = JSON.stringify(toMemberDto(doc, { ...view, viewerId: null }));
    const othersChanged = seenByOthers.get(doc._id) !== fingerprint;
    seenByOthers.set(doc._id, fingerprint);
    await hub.publishEach(async (viewerId) => {
      if (viewerId !== doc._id && !othersChanged) return null;
      const viewer = await loadActiveMember(store, viewerId);
      if (!viewer) return null;
      const dto = toMemberDto(doc, { ...view, viewerId, includeEmail: viewer.roles.network_admin, viewer: { id: viewerId, roles: viewer.roles } });
      return { type: 'changed', collection: 'members', id: doc._id, doc: dto };
    });
  };
  return {
    collection: collectionName(membersProjection),
    publish: (change, hub) => (change.doc === null ? Promise.resolve() : publish(change.doc as MemberDocument, hub)),
    presenceChanged: async (memberId, hub) => {
      const doc = await membersCollection(store).get(memberId);
      if (doc) await publish(doc, hub);
    },
  };
};
