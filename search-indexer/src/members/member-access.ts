import {
  DEFAULT_NETWORK_ID,
  DEFAULT_NETWORK_SETTINGS,
  NETWORK_READ_MODEL,
  TWO_FACTOR_READ_MODEL,
  type MemberRoles,
  type NetworkSettings,
  type TwoFactorType,
} from '@cn/contracts';
import { collectionName, type Document } from '@cn/domain';
import type { DocumentStore, MemberAccess } from '@cn/platform';
import type { SearchIndexerRuntime } from '../core/search-core';
import { MEMBERS_INDEX_DEFINITION } from './members-index';

const NO_ROLES: MemberRoles = { network_admin: false, auditor: false, external: false };

/**
 * The member guard's questions, answered from the search side's own members index. A verified session
 * whose member the index does not hold yet (just registered, the index a moment behind) counts as a
 * member without roles, as the search API always took it: it has no role-guarded route. The network's
 * settings and the member's factor types (enforced two-factor) come from the query side's read models,
 * which this side reads as it reads the roles read model for the directory's badges; roles alone decide
 * `administrate` and `audit`.
 */
export const searchSideMemberAccess = (runtime: SearchIndexerRuntime, documents: DocumentStore): MemberAccess => ({
  activeMember: async (memberId) => {
    const members = await runtime.index(MEMBERS_INDEX_DEFINITION);
    const doc = await members.get(memberId);
    return { id: memberId, roles: doc ? { network_admin: doc.is_network_admin, auditor: doc.is_auditor, external: doc.is_external } : NO_ROLES };
  },
  networkSettings: async () =>
    (await documents.collection<Document & { settings: NetworkSettings }>(collectionName(NETWORK_READ_MODEL)).get(DEFAULT_NETWORK_ID))?.settings ??
    DEFAULT_NETWORK_SETTINGS,
  factorTypes: async (memberId) =>
    ((await documents.collection<Document & { factors: Array<{ type: TwoFactorType }> }>(collectionName(TWO_FACTOR_READ_MODEL)).get(memberId))?.factors ?? []).map(
      (factor) => factor.type,
    ),
});
