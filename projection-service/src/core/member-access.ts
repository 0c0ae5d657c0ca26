import type { MemberAccess } from '@cn/platform';
import type { DocumentStore } from '@cn/platform';
import { collectionName } from '@cn/domain';
import { twoFactorProjection, type TwoFactorDocument } from '../two-factor/two-factor.projection';
import { loadActiveMember } from '../members/members.read';
import { loadNetwork } from '../network/network.read';

/** The member guard's questions, answered from the read side's own members, network and factors read models. */
export const readSideMemberAccess = (documentStore: DocumentStore): MemberAccess => ({
  activeMember: async (memberId) => {
    const member = await loadActiveMember(documentStore, memberId);
    return member ? { id: member._id, roles: member.roles } : null;
  },
  networkSettings: async () => (await loadNetwork(documentStore)).settings,
  factorTypes: async (memberId) =>
    ((await documentStore.collection<TwoFactorDocument>(collectionName(twoFactorProjection)).get(memberId))?.factors ?? []).map((factor) => factor.type),
});
