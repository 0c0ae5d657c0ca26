import { membershipRoleSlug, type MembershipRoleEvent, type MembershipRolesManagerEvent } from '@cn/contracts';
import { DomainError, type Decider } from '@cn/domain';

/** Every event of a role's stream: the groups' role events and the roles manager's own. */
export type RoleStreamEvent = MembershipRoleEvent | MembershipRolesManagerEvent;

export interface ManagedRoleState {
  exists: boolean;
  deleted: boolean;
  /** null: a network-wide role (the only ones the manager edits) */
  group_id: string | null;
  name: string;
  plural_name: string;
  color: string;
  text_color: string;
  member_ids: string[];
}

export interface RoleFields {
  name: string;
  plural_name: string;
  color: string;
  text_color: string;
}

export type MembershipRolesCommand =
  | ({ type: 'CreateNetworkMembershipRole'; role_id: string; member_ids: string[] } & RoleFields)
  | ({ type: 'EditMembershipRole'; role_id: string; member_ids: string[] } & RoleFields)
  | { type: 'DeleteMembershipRole'; role_id: string };

const initialState = (): ManagedRoleState => ({
  exists: false,
  deleted: false,
  group_id: null,
  name: '',
  plural_name: '',
  color: '',
  text_color: '',
  member_ids: [],
});

const evolve = (state: ManagedRoleState, event: RoleStreamEvent): ManagedRoleState => {
  switch (event.type) {
    case 'MembershipRoleCreated': {
      const { group_id, name, plural_name, color, text_color } = event.data;
      return { ...state, exists: true, group_id, name, plural_name, color: color ?? '', text_color: text_color ?? '' };
    }
    case 'MembershipRoleEdited': {
      const { name, plural_name, color, text_color } = event.data;
      return { ...state, name, plural_name, color, text_color };
    }
    case 'MembershipRoleAssigned':
      return state.member_ids.includes(event.data.member_id) ? state : { ...state, member_ids: [...state.member_ids, event.data.member_id] };
    case 'MembershipRoleUnassigned':
      return { ...state, member_ids: state.member_ids.filter((id) => id !== event.data.member_id) };
    case 'MembershipRoleDeleted':
      return { ...state, deleted: true };
    default:
      return state;
  }
};

/** the assignments that turn the role's members into `wanted` (in the order the form names them) */
const assignments = (roleId: string, held: readonly string[], wanted: readonly string[]): RoleStreamEvent[] => [
  ...held.filter((id) => !wanted.includes(id)).map((member_id): RoleStreamEvent => ({ type: 'MembershipRoleUnassigned', data: { role_id: roleId, member_id } })),
  ...wanted.filter((id) => !held.includes(id)).map((member_id): RoleStreamEvent => ({ type: 'MembershipRoleAssigned', data: { role_id: roleId, member_id } })),
];

/** a network-wide role the manager may act on (group roles belong to their group) */
const managed = (state: ManagedRoleState): void => {
  if (!state.exists || state.deleted || state.group_id !== null) throw new DomainError('not_found', 'not_found');
};

/**
 * The network's roles manager on one role's stream. Members are checked by the handler (the command
 * lookup): the decider takes the ids it is given. An edit names the whole role, members included; the
 * handler appends it at the revision the form was read at, so it never undoes an edit saved meanwhile.
 */
export const membershipRolesDecider: Decider<ManagedRoleState, MembershipRolesCommand, RoleStreamEvent> = {
  initialState,
  evolve,
  decide: (command, state) => {
    switch (command.type) {
      case 'CreateNetworkMembershipRole': {
        if (state.exists) throw new DomainError('concurrency_conflict', 'conflict');
        const { role_id, name, plural_name, color, text_color, member_ids } = command;
        return [
          {
            type: 'MembershipRoleCreated',
            data: { role_id, group_id: null, name, plural_name, display_type: 'listed', slug: membershipRoleSlug(name, role_id), color, text_color },
          },
          ...assignments(role_id, [], member_ids),
        ];
      }
      case 'EditMembershipRole': {
        managed(state);
        const { role_id, name, plural_name, color, text_color, member_ids } = command;
        const changed = name !== state.name || plural_name !== state.plural_name || color !== state.color || text_color !== state.text_color;
        const edited: RoleStreamEvent[] = changed ? [{ type: 'MembershipRoleEdited', data: { role_id, name, plural_name, color, text_color } }] : [];
        return [...edited, ...assignments(role_id, state.member_ids, member_ids)];
      }
      case 'DeleteMembershipRole':
        managed(state);
        // the spec says nothing of deleting a held role: members keep their badges until an administrator
        // takes the role from them, so a role still held is refused rather than silently taken away
        if (state.member_ids.length > 0) throw new DomainError('membership_role_in_use', 'conflict', 'member_ids');
        return [{ type: 'MembershipRoleDeleted', data: { role_id: command.role_id } }];
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${String((unknown as { type: string }).type)}`);
      }
    }
  },
};
