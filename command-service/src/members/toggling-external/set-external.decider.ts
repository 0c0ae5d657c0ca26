import type { MemberEvent, MemberRoles } from '@cn/contracts';
import { DomainError, type Decider } from '@cn/domain';

export interface ExternalState {
  status: 'unknown' | 'registered' | 'erased';
  roles: MemberRoles;
}

export type SetExternalCommand = { type: 'SetExternal'; member_id: string; external: boolean; allowed: boolean };

/** An administrator makes a member a guest (external) or a full member again; the same answer twice is nothing new. */
export const setExternalDecider: Decider<ExternalState, SetExternalCommand, MemberEvent> = {
  initialState: () => ({ status: 'unknown', roles: { network_admin: false, auditor: false, external: false } }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'MemberRegistered':
        return { status: 'registered', roles: event.data.roles };
      case 'MemberRolesChanged':
        return { ...state, roles: event.data.roles };
      case 'MemberErased':
        return { ...state, status: 'erased' };
      default:
        return state;
    }
  },
  decide: (command, state) => {
    if (state.status !== 'registered') throw new DomainError('not_found', 'not_found');
    // the member manager menu's rule (memberManagerAbilities), checked by the handler
    if (!command.allowed) throw new DomainError('forbidden', 'forbidden');
    if (state.roles.external === command.external) return [];
    return [{ type: 'MemberRolesChanged', data: { member_id: command.member_id, roles: { ...state.roles, external: command.external } } }];
  },
};
