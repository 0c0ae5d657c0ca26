import {
  eventOf,
  groupCategoryEvents,
  groupEvents,
  groupImageEvents,
  groupModuleEvents,
  MembershipRoleAssigned,
  MembershipRoleCreated,
  MembershipRoleDeleted,
  MembershipRoleEdited,
  MembershipRoleUnassigned,
  DEFAULT_ROLE_COLOR,
  DEFAULT_ROLE_TEXT_COLOR,
  membershipRoleSlug,
  MEMBERSHIP_ROLES_READ_MODEL,
  type GroupAccess,
  type GroupInviteStatus,
} from '@cn/contracts';
import type { ProjectedDocument, Projection } from '@cn/domain';
import { profileImageRefOf, withResizedImage, type ProfileImageRef } from '../members/profile-image.response';

export interface GroupInviteEntry {
  invite_id: string;
  member_id: string;
  author_id: string;
  status: GroupInviteStatus;
  additional_message: string;
  created_at: string;
}

export interface GroupJoinRequestEntry {
  status: 'pending' | 'rejected';
  rejection_message: string;
  requested_at: string;
}

/**
 * A group with its members: enough for group calendars, group scopes and participants (`member_ids`,
 * `admin_ids`, `access`), and the groups module's pages, lists and navigation.
 */
export interface GroupDocument extends ProjectedDocument {
  slug: string;
  name: string;
  access: GroupAccess;
  group_category_id: string | null;
  member_ids: string[];
  /** members who administrate the group (a subset of member_ids) */
  admin_ids: string[];
  teaser: string;
  description: string;
  moderated_join: boolean;
  members_can_invite: boolean;
  externally_visible: boolean;
  sensitive: boolean;
  active_main_group: boolean;
  chat: 'enabled' | 'disabled';
  archived: boolean;
  /** join requests by member id */
  requests: Record<string, GroupJoinRequestEntry>;
  invites: GroupInviteEntry[];
  subscriber_ids: string[];
  favorite_ids: string[];
  created_at: string;
  /** the profile image: its bytes' key (never answered), type, and the position of its change (the URL's version) */
  image?: ProfileImageRef | null;
}

const without = (ids: readonly string[], id: string): string[] => ids.filter((other) => other !== id);
const withId = (ids: readonly string[], id: string): string[] => (ids.includes(id) ? [...ids] : [...ids, id]);
const withoutKey = <T>(record: Record<string, T>, key: string): Record<string, T> => {
  const { [key]: _gone, ...rest } = record;
  return rest;
};
const setInvite = (doc: GroupDocument, inviteId: string, change: Partial<GroupInviteEntry>): GroupDocument => ({
  ...doc,
  invites: doc.invites.map((invite) => (invite.invite_id === inviteId ? { ...invite, ...change } : invite)),
});

const definitions = [...groupEvents, ...groupModuleEvents, ...groupImageEvents] as const;

export const groupsProjection: Projection<GroupDocument> = {
  name: 'groups',
  // 2: the groups module's settings, requests, invites, favourites and subscriptions; 3: profile images
  version: 3,
  eventTypes: definitions.map((definition) => definition.type),
  documentIds: (event) => [(event.data as { group_id: string }).group_id],
  evolve: (doc, recorded, id) => {
    const event = eventOf(definitions, recorded);
    if (event === null) return doc;
    if (event.type === 'GroupCreated') {
      const data = event.data;
      return {
        _id: id,
        slug: data.slug,
        name: data.name,
        access: data.access,
        group_category_id: data.group_category_id ?? null,
        member_ids: doc?.member_ids ?? [],
        admin_ids: doc?.admin_ids ?? [],
        teaser: '',
        description: '',
        moderated_join: false,
        members_can_invite: false,
        externally_visible: false,
        sensitive: false,
        active_main_group: false,
        chat: 'disabled',
        archived: false,
        requests: {},
        invites: [],
        subscriber_ids: [],
        favorite_ids: [],
        created_at: recorded.recordedAt,
      };
    }
    if (!doc) return null;
    switch (event.type) {
      case 'MemberJoinedGroup': {
        const memberId = event.data.member_id;
        return {
          ...doc,
          member_ids: withId(doc.member_ids, memberId),
          admin_ids: event.data.admin ? withId(doc.admin_ids, memberId) : without(doc.admin_ids, memberId),
          requests: withoutKey(doc.requests, memberId),
          invites: doc.invites.map((invite) => (invite.member_id === memberId && invite.status === 'open' ? { ...invite, status: 'joined' as const } : invite)),
        };
      }
      case 'GroupAdminRightsChanged': {
        const memberId = event.data.member_id;
        if (!doc.member_ids.includes(memberId)) return doc;
        return { ...doc, admin_ids: event.data.admin ? withId(doc.admin_ids, memberId) : without(doc.admin_ids, memberId) };
      }
      case 'MemberLeftGroup': {
        const memberId = event.data.member_id;
        return {
          ...doc,
          member_ids: without(doc.member_ids, memberId),
          admin_ids: without(doc.admin_ids, memberId),
          subscriber_ids: without(doc.subscriber_ids, memberId),
          favorite_ids: without(doc.favorite_ids, memberId),
        };
      }
      case 'GroupDetailsChanged': {
        const { group_category_id, ...details } = event.data.details;
        return { ...doc, ...details, group_category_id };
      }
      case 'GroupArchived':
        return { ...doc, archived: true };
      case 'GroupUnarchived':
        return { ...doc, archived: false };
      case 'GroupDeleted':
        return null;
      case 'GroupJoinRequested':
        return { ...doc, requests: { ...doc.requests, [event.data.member_id]: { status: 'pending', rejection_message: '', requested_at: recorded.recordedAt } } };
      case 'GroupJoinRequestRejected': {
        const previous = doc.requests[event.data.member_id];
        return {
          ...doc,
          requests: {
            ...doc.requests,
            [event.data.member_id]: { status: 'rejected', rejection_message: event.data.rejection_message, requested_at: previous?.requested_at ?? recorded.recordedAt },
          },
        };
      }
      case 'MemberInvitedToGroup': {
        const data = event.data;
        if (doc.invites.some((invite) => invite.invite_id === data.invite_id)) return doc;
        const invite: GroupInviteEntry = {
          invite_id: data.invite_id,
          member_id: data.member_id,
          author_id: data.author_id,
          status: 'open',
          additional_message: data.additional_message,
          created_at: data.invited_at,
        };
        return { ...doc, invites: [...doc.invites, invite] };
      }
      case 'GroupInviteAccepted':
        return setInvite(doc, event.data.invite_id, { status: 'accepted' });
      case 'GroupInviteDeclined':
        return setInvite(doc, event.data.invite_id, { status: 'declined' });
      case 'GroupInviteRevoked':
        return setInvite(doc, event.data.invite_id, { status: 'obsolete' });
      case 'GroupInviteRenewed':
        return setInvite(doc, event.data.invite_id, {
          status: 'open',
          created_at: event.data.renewed_at,
          ...(event.data.additional_message ? { additional_message: event.data.additional_message } : {}),
        });
      case 'GroupProfileImageChanged':
        return { ...doc, image: profileImageRefOf(event.data, recorded.position) };
      case 'GroupProfileImageRemoved':
        return { ...doc, image: null };
      case 'GroupProfileImageResized': {
        const image = withResizedImage(doc.image, event.data, recorded.position);
        return image === doc.image ? doc : { ...doc, image };
      }
      case 'GroupSubscribed':
        return { ...doc, subscriber_ids: withId(doc.subscriber_ids, event.data.member_id) };
      case 'GroupUnsubscribed':
        return { ...doc, subscriber_ids: without(doc.subscriber_ids, event.data.member_id) };
      case 'GroupFavorited':
        return { ...doc, favorite_ids: withId(doc.favorite_ids, event.data.member_id) };
      case 'GroupUnfavorited':
        return { ...doc, favorite_ids: without(doc.favorite_ids, event.data.member_id) };
      default:
        return doc;
    }
  },
};

/** A group category (a directory tab), by slug, with its place among the tabs. */
export interface GroupCategoryDocument extends ProjectedDocument {
  category_id: string;
  name: string;
  plural_name: string;
  color: string;
  members_can_create: boolean;
  /** its administrators (groupCategoryAbilities) */
  admin_ids: string[];
  /** place among the tabs; categories never ordered follow in creation order */
  order: number;
  created_position: number;
}

const UNORDERED = 1_000_000;

export const groupCategoriesProjection: Projection<GroupCategoryDocument> = {
  name: 'group_categories',
  // 2: the category's administrators
  version: 2,
  eventTypes: groupCategoryEvents.map((definition) => definition.type),
  documentIds: (recorded) => {
    const event = eventOf(groupCategoryEvents, recorded);
    if (event?.type === 'GroupCategoryCreated' || event?.type === 'GroupCategoryAdministratorAdded' || event?.type === 'GroupCategoryAdministratorRemoved') return [event.data.slug];
    return event?.type === 'GroupCategoriesOrdered' ? event.data.order : [];
  },
  evolve: (doc, recorded, id) => {
    const event = eventOf(groupCategoryEvents, recorded);
    switch (event?.type) {
      case 'GroupCategoryCreated':
        return {
          _id: id,
          category_id: event.data.category_id,
          name: event.data.name,
          plural_name: event.data.plural_name,
          color: event.data.color,
          members_can_create: event.data.members_can_create,
          admin_ids: doc?.admin_ids ?? [],
          order: doc?.order ?? UNORDERED,
          created_position: recorded.position,
        };
      case 'GroupCategoriesOrdered':
        return doc ? { ...doc, order: event.data.order.indexOf(id) } : null;
      case 'GroupCategoryAdministratorAdded':
        return doc ? { ...doc, admin_ids: withId(doc.admin_ids, event.data.member_id) } : null;
      case 'GroupCategoryAdministratorRemoved':
        return doc ? { ...doc, admin_ids: without(doc.admin_ids, event.data.member_id) } : null;
      default:
        return doc;
    }
  },
};

/** A membership role (network-wide when group_id is null) and the members holding it. */
export interface MembershipRoleDocument extends ProjectedDocument {
  group_id: string | null;
  name: string;
  plural_name: string;
  display_type: 'listed' | 'grouped';
  /** made by the server (roles made before the roles manager get one of their name and id) */
  slug: string;
  color: string;
  text_color: string;
  member_ids: string[];
  /** revision of the role's stream at its last event: what the roles manager's edit sends back */
  revision: number;
}

export const membershipRolesProjection: Projection<MembershipRoleDocument> = {
  // the directory on the search side reads it too (its role badges)
  ...MEMBERSHIP_ROLES_READ_MODEL,
  eventTypes: [MembershipRoleCreated.type, MembershipRoleAssigned.type, MembershipRoleUnassigned.type, MembershipRoleEdited.type, MembershipRoleDeleted.type],
  documentIds: (event) => [(event.data as { role_id: string }).role_id],
  evolve: (doc, event, id) => {
    const data = event.data as Record<string, unknown>;
    const text = (value: unknown, fallback: string): string => (typeof value === 'string' && value !== '' ? value : fallback);
    // a replayed event (its revision seen already) keeps the revision where it is
    const revision = Math.max(doc?.revision ?? -1, event.revision);
    switch (event.type) {
      case MembershipRoleCreated.type:
        return {
          _id: id,
          group_id: (data.group_id) ?? null,
          name: String(data.name),
          plural_name: String(data.plural_name),
          display_type: data.display_type === 'grouped' ? 'grouped' : 'listed',
          slug: text(data.slug, membershipRoleSlug(String(data.name), id)),
          color: text(data.color, DEFAULT_ROLE_COLOR),
          text_color: text(data.text_color, DEFAULT_ROLE_TEXT_COLOR),
          member_ids: doc?.member_ids ?? [],
          revision,
        };
      case MembershipRoleEdited.type:
        return doc
          ? { ...doc, name: String(data.name), plural_name: String(data.plural_name), color: String(data.color), text_color: String(data.text_color), revision }
          : null;
      case MembershipRoleAssigned.type:
        return doc ? { ...doc, member_ids: withId(doc.member_ids, String(data.member_id)), revision } : null;
      case MembershipRoleUnassigned.type:
        return doc ? { ...doc, member_ids: without(doc.member_ids, String(data.member_id)), revision } : null;
      case MembershipRoleDeleted.type:
        return null;
      default:
        return doc;
    }
  },
};
