import { type DocumentStore } from '@cn/platform';
import { collectionName } from '@cn/domain';
import type { ChangePublisher } from '../realtime/change-publisher';
import { loadNetwork } from '../network/network.read';
import { toMemberDto } from './member-dto';
import { membersProjection, type MemberDocument } from './members.projection';
import { loadActiveMember } from './members.read';

/**
 * Pushes a member's document to every connected member as that member sees it: an invisible member
 * looks offline to others, and nobody but the member sees presence when the network disables it.
 * What others see is remembered so that a change invisible to them (an invisible member's text) is not pushed.
 */
export const memberChangePublisher = (store: DocumentStore): ChangePublisher => {
  const seenByOthers = new Map<string, string>();
  return {
    collection: collectionName(membersProjection),
    publish: async (change, hub) => {
      if (change.doc === null) return;
      const doc = change.doc as MemberDocument;
      const { settings } = await loadNetwork(store);
      const showOnlineStatus = settings.member.show_online_status;
      const forOthers = toMemberDto(doc, { viewerId: null, showOnlineStatus });
      const fingerprint = JSON.stringify(forOthers);
      const othersChanged = seenByOthers.get(doc._id) !== fingerprint;
      seenByOthers.set(doc._id, fingerprint);
      await hub.publishEach(async (viewerId) => {
        if (viewerId !== doc._id && !othersChanged) return null;
        const viewer = await loadActiveMember(store, viewerId);
        if (!viewer) return null;
        const dto = toMemberDto(doc, { viewerId, showOnlineStatus, includeEmail: viewer.roles.network_admin });
        return { type: 'changed', collection: 'members', id: doc._id, doc: dto };
      });
    },
  };
};
