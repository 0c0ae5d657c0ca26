import {
  GroupCreated,
  MemberJoinedGroup,
  MemberLeftGroup,
  MembershipRoleAssigned,
  MembershipRoleCreated,
  MembershipRoleUnassigned,
  type GroupAccess,
} from '@cn/contracts';
import type { ProjectedDocument, Projection } from '@cn/domain';

/** A group with its members, enough for group calendars, group scopes and participants. */
export interface GroupDocument extends ProjectedDocument {
  slug: string;
  name: string;
  access: GroupAccess;
  group_category_id: string | null;
  member_ids: string[];
  /** members who administrate the group (a subset of member_ids) */
  admin_ids: string[];
}

const without = (ids: readonly string[], id: string): string[] => ids.filter((other) => other !== id);
const withId = (ids: readonly string[], id: string): string[] => (ids.includes(id) ? [...ids] : [...ids, id]);

export const groupsProjection: Projection<GroupDocument> = {
  name: 'groups',
  version: 1,
  eventTypes: [GroupCreated.type, MemberJoinedGroup.type, MemberLeftGroup.type],
  documentIds: (event) => [(event.data as { group_id: string }).group_id],
  evolve: (doc, event, id) => {
    const data = event.data as Record<string, unknown>;
    switch (event.type) {
      case GroupCreated.type:
        return {
          _id: id,
          slug: String(data.slug),
          name: String(data.name),
          access: data.access as GroupAccess,
          group_category_id: (data.group_category_id) ?? null,
          member_ids: doc?.member_ids ?? [],
          admin_ids: doc?.admin_ids ?? [],
        };
      case MemberJoinedGroup.type: {
        if (!doc) return null;
        const memberId = String(data.member_id);
        return {
          ...doc,
          member_ids: withId(doc.member_ids, memberId),
          admin_ids: data.admin === true ? withId(doc.admin_ids, memberId) : without(doc.admin_ids, memberId),
        };
      }
      case MemberLeftGroup.type: {
        if (!doc) return null;
        const memberId = String(data.member_id);
        return { ...doc, member_ids: without(doc.member_ids, memberId), admin_ids: without(doc.admin_ids, memberId) };
      }
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
  member_ids: string[];
}

export const membershipRolesProjection: Projection<MembershipRoleDocument> = {
  name: 'membership_roles',
  version: 1,
  eventTypes: [MembershipRoleCreated.type, MembershipRoleAssigned.type, MembershipRoleUnassigned.type],
  documentIds: (event) => [(event.data as { role_id: string }).role_id],
  evolve: (doc, event, id) => {
    const data = event.data as Record<string, unknown>;
    switch (event.type) {
      case MembershipRoleCreated.type:
        return {
          _id: id,
          group_id: (data.group_id) ?? null,
          name: String(data.name),
          plural_name: String(data.plural_name),
          display_type: data.display_type === 'grouped' ? 'grouped' : 'listed',
          member_ids: doc?.member_ids ?? [],
        };
      case MembershipRoleAssigned.type:
        return doc ? { ...doc, member_ids: withId(doc.member_ids, String(data.member_id)) } : null;
      case MembershipRoleUnassigned.type:
        return doc ? { ...doc, member_ids: without(doc.member_ids, String(data.member_id)) } : null;
      default:
        return doc;
    }
  },
};
