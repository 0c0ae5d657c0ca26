import {
  groupAbilities,
  groupAccessErrors,
  groupMemberAbilities,
  membershipStatusOf,
  mayRenewInvites,
  mayRevokeInvites,
  type GroupAccess,
  type GroupCan,
  type GroupChanges,
  type GroupDetails,
  type GroupAdministrationViewer,
  type GroupFacts,
  type GroupStreamEvent,
  type MembershipRoleEvent,
} from '@cn/contracts';
import type { StoredProfileImage } from '@cn/contracts';
import { DomainError, type Decider } from '@cn/domain';
import {
  evolveGroup,
  evolveMembershipRole,
  initialGroupState,
  initialMembershipRoleState,
  type GroupState,
  type MembershipRoleState,
} from './group-state';

/** Who issues a group command, as the command lookup knows them (their membership comes from the group's own state). */
export interface GroupActor {
  member_id: string;
  network_admin: boolean;
  external: boolean;
  /** the categories they administrate (a category's administrators administrate its groups) */
  administered_category_ids: readonly string[];
}

type Acting = { actor: GroupActor };

export type GroupCommand =
  // seed level (demo data): a group with its members, no rules
  | { type: 'CreateGroup'; group_id: string; slug: string; name: string; group_category_id: string | null; access: GroupAccess }
  | { type: 'JoinGroup'; group_id: string; member_id: string; admin: boolean }
  | { type: 'LeaveGroup'; group_id: string; member_id: string }
  // the groups module: every rule of §4–§6
  | ({ type: 'FoundGroup'; group_id: string; slug: string; details: GroupDetails; may_create_in_category: boolean } & Acting)
  | ({ type: 'ChangeGroupDetails'; changes: GroupChanges } & Acting)
  | ({ type: 'ArchiveGroup' } & Acting)
  | ({ type: 'UnarchiveGroup' } & Acting)
  | ({ type: 'DeleteGroup' } & Acting)
  | ({ type: 'RequestMembership' } & Acting)
  | ({ type: 'LeaveMembership' } & Acting)
  | ({ type: 'AcceptJoinRequest'; member_id: string } & Acting)
  | ({ type: 'RejectJoinRequest'; member_id: string; rejection_message: string } & Acting)
  | ({ type: 'InviteMembers'; invites: Array<{ invite_id: string; member_id: string }>; additional_message: string; now: string } & Acting)
  | ({ type: 'AnswerInvite'; invite_id: string; accept: boolean } & Acting)
  | ({ type: 'RevokeInvites'; invite_ids: string[] } & Acting)
  | ({ type: 'RenewInvites'; invite_ids: string[]; additional_message: string; now: string } & Acting)
  | ({ type: 'SetSubscription'; subscribed: boolean } & Acting)
  | ({ type: 'SetFavorite'; favorited: boolean } & Acting)
  | ({ type: 'SetGroupAdmin'; member_id: string; admin: boolean } & Acting)
  // the profile image (bytes already in the file storage); null removes it
  | ({ type: 'SetGroupProfileImage'; image: StoredProfileImage | null } & Acting);

export const groupFactsOf = (state: GroupState): GroupFacts => {
  const details = state.details;
  return {
    access: details?.access ?? 'open',
    archived: state.archived,
    moderated_join: details?.moderated_join ?? false,
    members_can_invite: details?.members_can_invite ?? false,
    externally_visible: details?.externally_visible ?? false,
    active_main_group: details?.active_main_group ?? false,
    member_count: Object.keys(state.members).length,
    admin_count: Object.values(state.members).filter(Boolean).length,
  };
};

export const openInviteOf = (state: GroupState, memberId: string): string | null =>
  Object.entries(state.invites).find(([, invite]) => invite.member_id === memberId && invite.status === 'open')?.[0] ?? null;

/** The actor as a viewer of this group: their membership from the group's own events. */
export const groupViewerOf = (state: GroupState, actor: GroupActor): GroupAdministrationViewer => ({
  member_id: actor.member_id,
  network_admin: actor.network_admin,
  external: actor.external,
  category_admin: !!state.details?.group_category_id && actor.administered_category_ids.includes(state.details.group_category_id),
  status: membershipStatusOf({
    member: Object.hasOwn(state.members, actor.member_id),
    invited: openInviteOf(state, actor.member_id) !== null,
    request: state.requests[actor.member_id] ?? null,
  }),
  group_admin: state.members[actor.member_id] === true,
});

export const abilitiesIn = (state: GroupState, actor: GroupActor): GroupCan => groupAbilities(groupFactsOf(state), groupViewerOf(state, actor));

/** A group the actor does not see does not exist for them (404); one they see but may not act on is 403. */
const requireAbility = (state: GroupState, actor: GroupActor, ability: keyof GroupCan): GroupCan => {
  if (!state.exists) throw new DomainError('not_found', 'not_found');
  const can = abilitiesIn(state, actor);
  if (!can.see) throw new DomainError('not_found', 'not_found');
  if (!can[ability]) throw new DomainError('forbidden', 'forbidden');
  return can;
};

const detailFields = [
  'name',
  'teaser',
  'description',
  'access',
  'moderated_join',
  'members_can_invite',
  'externally_visible',
  'sensitive',
  'active_main_group',
  'chat',
] as const satisfies ReadonlyArray<keyof GroupChanges>;

const refuseAccess = (next: GroupDetails, previous: GroupDetails | null, actor: GroupActor): void => {
  const [first] = groupAccessErrors(next, previous, actor);
  if (first) throw new DomainError(first.key, 'invalid', first.field);
};

export const groupDecider: Decider<GroupState, GroupCommand, GroupStreamEvent> = {
  initialState: initialGroupState,
  evolve: evolveGroup,
  // a big group's stream (a join per member) is long and its fold copies the member record per join: after a
  // restart the first post or command starts from the latest snapshot
  snapshot: { name: 'group', version: 1, everyEvents: 200 },
  decide: (command, state) => {
    const groupId = (): string => {
      if (!state.exists) throw new DomainError('not_found', 'not_found');
      return groupIdOf(state, command);
    };
    switch (command.type) {
      case 'CreateGroup': {
        if (state.exists || state.deleted) throw new DomainError('concurrency_conflict', 'conflict');
        const { type: _type, ...data } = command;
        return [{ type: 'GroupCreated', data }];
      }
      case 'JoinGroup':
        if (!state.exists) throw new DomainError('not_found', 'not_found');
        if (state.members[command.member_id] === command.admin) return [];
        return [{ type: 'MemberJoinedGroup', data: { group_id: command.group_id, member_id: command.member_id, admin: command.admin } }];
      case 'LeaveGroup':
        if (!state.exists) throw new DomainError('not_found', 'not_found');
        if (!Object.hasOwn(state.members, command.member_id)) return [];
        return [{ type: 'MemberLeftGroup', data: { group_id: command.group_id, member_id: command.member_id } }];

      case 'FoundGroup': {
        if (state.exists || state.deleted) throw new DomainError('concurrency_conflict', 'conflict');
        if (!command.may_create_in_category) throw new DomainError('forbidden', 'forbidden');
        refuseAccess(command.details, null, command.actor);
        const { group_id, slug, details } = command;
        return [
          { type: 'GroupCreated', data: { group_id, slug, name: details.name, group_category_id: details.group_category_id, access: details.access } },
          { type: 'GroupDetailsChanged', data: { group_id, details, changed_fields: [...detailFields] } },
          { type: 'MemberJoinedGroup', data: { group_id, member_id: command.actor.member_id, admin: true } },
        ];
      }
      case 'ChangeGroupDetails': {
        const id = groupId();
        if (state.archived) {
          requireAbility(state, command.actor, 'archive');
          throw new DomainError('group_archived', 'refused');
        }
        requireAbility(state, command.actor, 'update');
        const previous = state.details as GroupDetails;
        const defined = Object.fromEntries(Object.entries(command.changes).filter(([, value]) => value !== undefined)) as Partial<GroupDetails>;
        const next: GroupDetails = { ...previous, ...defined };
        // moderated join makes no sense for a hidden group: switching to hidden turns it off unless asked for
        if (next.access === 'hidden' && command.changes.moderated_join === undefined) next.moderated_join = false;
        refuseAccess(next, previous, command.actor);
        const changed = detailFields.filter((field) => next[field] !== previous[field]);
        if (changed.length === 0) return [];
        return [{ type: 'GroupDetailsChanged', data: { group_id: id, details: next, changed_fields: changed } }];
      }
      case 'ArchiveGroup': {
        const id = groupId();
        requireAbility(state, command.actor, 'archive');
        return state.archived ? [] : [{ type: 'GroupArchived', data: { group_id: id } }];
      }
      case 'UnarchiveGroup': {
        const id = groupId();
        requireAbility(state, command.actor, 'archive');
        return state.archived ? [{ type: 'GroupUnarchived', data: { group_id: id } }] : [];
      }
      case 'DeleteGroup': {
        const id = groupId();
        requireAbility(state, command.actor, 'destroy');
        return [{ type: 'GroupDeleted', data: { group_id: id, slug: state.slug } }];
      }
      case 'RequestMembership': {
        const id = groupId();
        const viewer = groupViewerOf(state, command.actor);
        // asked twice: nothing more happens
        if (viewer.status === 'member' || viewer.status === 'in_moderation') {
          if (!abilitiesIn(state, command.actor).see) throw new DomainError('not_found', 'not_found');
          return [];
        }
        const member_id = command.actor.member_id;
        if (viewer.status === 'invited') {
          const inviteId = openInviteOf(state, member_id) as string;
          return [
            { type: 'GroupInviteAccepted', data: { group_id: id, invite_id: inviteId, member_id } },
            { type: 'MemberJoinedGroup', data: { group_id: id, member_id, admin: false } },
          ];
        }
        const can = abilitiesIn(state, command.actor);
        if (!can.see) throw new DomainError('not_found', 'not_found');
        if (can.join) return [{ type: 'MemberJoinedGroup', data: { group_id: id, member_id, admin: false } }];
        if (can.join_moderated) return [{ type: 'GroupJoinRequested', data: { group_id: id, member_id } }];
        throw new DomainError('forbidden', 'forbidden');
      }
      case 'LeaveMembership': {
        const id = groupId();
        const viewer = groupViewerOf(state, command.actor);
        if (!abilitiesIn(state, command.actor).see) throw new DomainError('not_found', 'not_found');
        if (viewer.status !== 'member') return [];
        const facts = groupFactsOf(state);
        // the last admin of a group with other members hands the group over first
        if (viewer.group_admin && facts.admin_count === 1 && facts.member_count > 1 && !facts.active_main_group) throw new DomainError('last_admin', 'conflict');
        requireAbility(state, command.actor, 'leave');
        return [{ type: 'MemberLeftGroup', data: { group_id: id, member_id: command.actor.member_id } }];
      }
      case 'AcceptJoinRequest': {
        const id = groupId();
        requireAbility(state, command.actor, 'moderate');
        if (Object.hasOwn(state.members, command.member_id)) return [];
        if (state.requests[command.member_id] === undefined) throw new DomainError('no_join_request', 'not_found');
        return [{ type: 'MemberJoinedGroup', data: { group_id: id, member_id: command.member_id, admin: false } }];
      }
      case 'RejectJoinRequest': {
        const id = groupId();
        requireAbility(state, command.actor, 'moderate');
        const request = state.requests[command.member_id];
        if (request === undefined) throw new DomainError('no_join_request', 'not_found');
        if (request === 'rejected') return [];
        return [{ type: 'GroupJoinRequestRejected', data: { group_id: id, member_id: command.member_id, rejection_message: command.rejection_message } }];
      }
      case 'InviteMembers': {
        const id = groupId();
        requireAbility(state, command.actor, 'invite');
        // members of the group and those with an open invite are left out (inviting twice does nothing)
        const fresh = command.invites.filter(
          ({ member_id }, index) =>
            !Object.hasOwn(state.members, member_id) &&
            openInviteOf(state, member_id) === null &&
            command.invites.findIndex((other) => other.member_id === member_id) === index,
        );
        return fresh.map(({ invite_id, member_id }) => ({
          type: 'MemberInvitedToGroup' as const,
          data: { group_id: id, invite_id, member_id, author_id: command.actor.member_id, additional_message: command.additional_message, invited_at: command.now },
        }));
      }
      case 'AnswerInvite': {
        const id = groupId();
        const invite = state.invites[command.invite_id];
        if (!invite || invite.member_id !== command.actor.member_id) throw new DomainError('not_found', 'not_found');
        if (invite.status !== 'open') {
          const settled = (command.accept && invite.status === 'accepted') || (!command.accept && invite.status === 'declined');
          if (settled) return [];
          throw new DomainError('invite_not_open', 'conflict');
        }
        const data = { group_id: id, invite_id: command.invite_id, member_id: invite.member_id };
        if (!command.accept) return [{ type: 'GroupInviteDeclined', data }];
        if (state.archived) throw new DomainError('group_archived', 'refused');
        return [
          { type: 'GroupInviteAccepted', data },
          { type: 'MemberJoinedGroup', data: { group_id: id, member_id: invite.member_id, admin: false } },
        ];
      }
      case 'RevokeInvites':
      case 'RenewInvites': {
        const id = groupId();
        const can = abilitiesIn(state, command.actor);
        if (!can.see) throw new DomainError('not_found', 'not_found');
        const invites = command.invite_ids.map((inviteId) => {
          const invite = state.invites[inviteId];
          if (!invite) throw new DomainError('not_found', 'not_found', 'invite_ids');
          // a group admin handles every invite of the group, a member their own
          if (!can.moderate && invite.author_id !== command.actor.member_id) throw new DomainError('forbidden', 'forbidden');
          return { inviteId, ...invite };
        });
        const statuses = invites.map((invite) => invite.status);
        if (command.type === 'RevokeInvites') {
          if (!mayRevokeInvites(statuses)) throw new DomainError('not_revokable', 'refused', 'invite_ids');
          return invites.map(({ inviteId, member_id }) => ({ type: 'GroupInviteRevoked' as const, data: { group_id: id, invite_id: inviteId, member_id } }));
        }
        if (!mayRenewInvites(statuses)) throw new DomainError('not_renewable', 'refused', 'invite_ids');
        if (state.archived) throw new DomainError('group_archived', 'refused');
        return invites.map(({ inviteId, member_id }) => ({
          type: 'GroupInviteRenewed' as const,
          data: { group_id: id, invite_id: inviteId, member_id, additional_message: command.additional_message, renewed_at: command.now },
        }));
      }
      case 'SetSubscription': {
        const id = groupId();
        requireAbility(state, command.actor, 'subscribe');
        const subscribed = state.subscribers.includes(command.actor.member_id);
        if (subscribed === command.subscribed) return [];
        const data = { group_id: id, member_id: command.actor.member_id };
        return [command.subscribed ? { type: 'GroupSubscribed', data } : { type: 'GroupUnsubscribed', data }];
      }
      case 'SetFavorite': {
        const id = groupId();
        requireAbility(state, command.actor, 'favorite');
        const favorited = state.favorites.includes(command.actor.member_id);
        if (favorited === command.favorited) return [];
        const data = { group_id: id, member_id: command.actor.member_id };
        return [command.favorited ? { type: 'GroupFavorited', data } : { type: 'GroupUnfavorited', data }];
      }
      case 'SetGroupAdmin': {
        const id = groupId();
        requireAbility(state, command.actor, 'moderate');
        if (!Object.hasOwn(state.members, command.member_id)) throw new DomainError('not_a_member', 'not_found', 'member_id');
        const admin = state.members[command.member_id];
        if (admin === command.admin) return [];
        const rights = groupMemberAbilities(groupFactsOf(state), groupViewerOf(state, command.actor), { admin });
        // the only admin stays one until another member is made admin
        if (!command.admin && !rights.remove_admin) throw new DomainError('last_admin', 'conflict', 'member_id');
        if (command.admin && !rights.make_admin) throw new DomainError('forbidden', 'forbidden');
        return [{ type: 'GroupAdminRightsChanged', data: { group_id: id, member_id: command.member_id, admin: command.admin } }];
      }
      case 'SetGroupProfileImage': {
        const id = groupId();
        requireAbility(state, command.actor, 'update');
        if (command.image === null) return state.image ? [{ type: 'GroupProfileImageRemoved', data: { group_id: id } }] : [];
        return [{ type: 'GroupProfileImageChanged', data: { group_id: id, ...command.image } }];
      }
    }
  },
};

/** the group's id: the seed's commands carry it, the module's commands act on the stream they are run on */
const groupIdOf = (state: GroupState, command: GroupCommand): string => ('group_id' in command ? command.group_id : state.group_id);

export type MembershipRoleCommand =
  | { type: 'CreateMembershipRole'; role_id: string; group_id: string | null; name: string; plural_name: string; display_type: 'listed' | 'grouped' }
  | { type: 'AssignMembershipRole'; role_id: string; member_id: string };

export const membershipRoleDecider: Decider<MembershipRoleState, MembershipRoleCommand, MembershipRoleEvent> = {
  initialState: initialMembershipRoleState,
  evolve: evolveMembershipRole,
  decide: (command, state) => {
    switch (command.type) {
      case 'CreateMembershipRole': {
        if (state.exists) throw new DomainError('concurrency_conflict', 'conflict');
        const { type: _type, ...data } = command;
        return [{ type: 'MembershipRoleCreated', data }];
      }
      case 'AssignMembershipRole':
        if (!state.exists) throw new DomainError('not_found', 'not_found');
        if (state.member_ids.includes(command.member_id)) return [];
        return [{ type: 'MembershipRoleAssigned', data: { role_id: command.role_id, member_id: command.member_id } }];
    }
  },
};
