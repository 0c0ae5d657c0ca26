import { z } from 'zod';
import { defineEvent, type EventOf } from '../common/events';
import { groupAccessSchema, type GroupEvent } from './groups';
import type { GroupImageEvent } from '../members/profile-image';

/**
 * The groups module's events beyond the minimal ones group calendars rely on (GroupCreated,
 * MemberJoinedGroup, MemberLeftGroup keep their payloads: an accepted join request or invite is still a
 * MemberJoinedGroup). All on the group's stream, groupStream(id).
 */
export const GROUP_CHAT_VALUES = ['enabled', 'disabled'] as const;
export const groupChatSchema = z.enum(GROUP_CHAT_VALUES);

/** The settings of the group form's tabs (basic, join, misc) as the log keeps them. */
export const groupDetailsSchema = z.object({
  name: z.string(),
  teaser: z.string(),
  description: z.string(),
  group_category_id: z.string().nullable(),
  access: groupAccessSchema,
  moderated_join: z.boolean(),
  members_can_invite: z.boolean(),
  externally_visible: z.boolean(),
  sensitive: z.boolean(),
  active_main_group: z.boolean(),
  chat: groupChatSchema,
});
export type GroupDetails = z.infer<typeof groupDetailsSchema>;

/** Created (right after GroupCreated) or edited: the whole settings after the change and what changed. */
export const GroupDetailsChanged = defineEvent(
  'GroupDetailsChanged',
  1,
  z.object({ group_id: z.string(), details: groupDetailsSchema, changed_fields: z.array(z.string()) }),
);
export const GroupArchived = defineEvent('GroupArchived', 1, z.object({ group_id: z.string() }));
export const GroupUnarchived = defineEvent('GroupUnarchived', 1, z.object({ group_id: z.string() }));
export const GroupDeleted = defineEvent('GroupDeleted', 1, z.object({ group_id: z.string(), slug: z.string() }));

/** A member asked to join a moderated (or closed) group: in moderation until a group admin answers. */
export const GroupJoinRequested = defineEvent('GroupJoinRequested', 1, z.object({ group_id: z.string(), member_id: z.string() }));
/** A group admin refused a join request, with a message to the member (may be empty). */
export const GroupJoinRequestRejected = defineEvent(
  'GroupJoinRequestRejected',
  1,
  z.object({ group_id: z.string(), member_id: z.string(), rejection_message: z.string() }),
);

export const MemberInvitedToGroup = defineEvent(
  'MemberInvitedToGroup',
  1,
  z.object({ group_id: z.string(), invite_id: z.string(), member_id: z.string(), author_id: z.string(), additional_message: z.string(), invited_at: z.string() }),
);
/** the invited member accepted (a MemberJoinedGroup follows) */
export const GroupInviteAccepted = defineEvent('GroupInviteAccepted', 1, z.object({ group_id: z.string(), invite_id: z.string(), member_id: z.string() }));
export const GroupInviteDeclined = defineEvent('GroupInviteDeclined', 1, z.object({ group_id: z.string(), invite_id: z.string(), member_id: z.string() }));
/** revoked by its author or a group admin: the invite is obsolete */
export const GroupInviteRevoked = defineEvent('GroupInviteRevoked', 1, z.object({ group_id: z.string(), invite_id: z.string(), member_id: z.string() }));
/** sent again (open again if it was declined), optionally with a new message */
export const GroupInviteRenewed = defineEvent(
  'GroupInviteRenewed',
  1,
  z.object({ group_id: z.string(), invite_id: z.string(), member_id: z.string(), additional_message: z.string(), renewed_at: z.string() }),
);

/** notifications of the group's activity for a member (subscribe/unsubscribe) */
export const GroupSubscribed = defineEvent('GroupSubscribed', 1, z.object({ group_id: z.string(), member_id: z.string() }));
export const GroupUnsubscribed = defineEvent('GroupUnsubscribed', 1, z.object({ group_id: z.string(), member_id: z.string() }));
/** a member's favourite groups come first in their navigation */
export const GroupFavorited = defineEvent('GroupFavorited', 1, z.object({ group_id: z.string(), member_id: z.string() }));
export const GroupUnfavorited = defineEvent('GroupUnfavorited', 1, z.object({ group_id: z.string(), member_id: z.string() }));

/** a group admin made a member of the group admin, or took the rights away (the last admin hands a group over so) */
export const GroupAdminRightsChanged = defineEvent('GroupAdminRightsChanged', 1, z.object({ group_id: z.string(), member_id: z.string(), admin: z.boolean() }));

export const groupModuleEvents = [
  GroupDetailsChanged,
  GroupArchived,
  GroupUnarchived,
  GroupDeleted,
  GroupJoinRequested,
  GroupJoinRequestRejected,
  MemberInvitedToGroup,
  GroupInviteAccepted,
  GroupInviteDeclined,
  GroupInviteRevoked,
  GroupInviteRenewed,
  GroupSubscribed,
  GroupUnsubscribed,
  GroupFavorited,
  GroupUnfavorited,
  GroupAdminRightsChanged,
] as const;

export type GroupModuleEvent = EventOf<(typeof groupModuleEvents)[number]>;
/** every event of a group's stream */
export type GroupStreamEvent = GroupEvent | GroupModuleEvent | GroupImageEvent;

// ---- group categories: one stream for the network's categories ----

export const groupCategoriesStream = (networkId: string): string => `groupcategories-${networkId}`;

export const GroupCategoryCreated = defineEvent(
  'GroupCategoryCreated',
  1,
  z.object({
    category_id: z.string(),
    slug: z.string(),
    name: z.string(),
    plural_name: z.string(),
    color: z.string(),
    /** members (not only network admins) may create groups in it */
    members_can_create: z.boolean(),
  }),
);
/** the directory tabs' order, as the categories' slugs (PUT /administration/group-categories/order) */
export const GroupCategoriesOrdered = defineEvent('GroupCategoriesOrdered', 1, z.object({ network_id: z.string(), order: z.array(z.string()) }));

/** a network administrator made a member an administrator of a group category (its designs, navigation, statistics), or took it back */
// `slug` names the read model's document (categories are kept by slug, which never changes)
const categoryAdministrator = z.object({ category_id: z.string(), slug: z.string(), member_id: z.string() });
export const GroupCategoryAdministratorAdded = defineEvent('GroupCategoryAdministratorAdded', 1, categoryAdministrator);
export const GroupCategoryAdministratorRemoved = defineEvent('GroupCategoryAdministratorRemoved', 1, categoryAdministrator);

export const groupCategoryEvents = [GroupCategoryCreated, GroupCategoriesOrdered, GroupCategoryAdministratorAdded, GroupCategoryAdministratorRemoved] as const;
export type GroupCategoryEvent = EventOf<(typeof groupCategoryEvents)[number]>;
