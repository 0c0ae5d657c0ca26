import { DEFAULT_NETWORK_SETTINGS, type MemberRoles } from '@cn/contracts';
import type { MemberAccess } from '@cn/platform';
import type { SearchIndexerRuntime } from '../core/search-core';
import { MEMBERS_INDEX_DEFINITION } from './members-index';

const NO_ROLES: MemberRoles = { network_admin: false, auditor: false, external: false };

/**
 * The member guard's questions, answered from the search side's own members index. A verified session
 * whose member the index does not hold yet (just registered, the index a moment behind) counts as a
 * member without roles, as the search API always took it: it has no role-guarded route. The abilities'
 * settings are the defaults (roles alone decide `administrate` and `audit`).
 */
export const searchSideMemberAccess = (runtime: SearchIndexerRuntime): MemberAccess => ({
  activeMember: async (memberId) => {
    const members = await runtime.index(MEMBERS_INDEX_DEFINITION);
    const doc = await members.get(memberId);
    return { id: memberId, roles: doc ? { network_admin: doc.is_network_admin, auditor: doc.is_auditor, external: doc.is_external } : NO_ROLES };
  },
  networkSettings: () => Promise.resolve(DEFAULT_NETWORK_SETTINGS),
});
