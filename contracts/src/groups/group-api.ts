import { z } from 'zod';
import { safeText } from '../common/safe-text';
import { groupAccessSchema, type GroupAccess } from './groups';
import { GROUP_INVITE_STATUSES, GROUP_MEMBERSHIP_STATUSES, mayRenewInvites, mayRevokeInvites, type GroupCan, type GroupInviteStatus, type GroupMemberCan, type GroupMembershipStatus } from './group-abilities';
import { groupChatSchema } from './group-events';
import { profileImageUrlsSchema, type ProfileImageUrls } from '../members/profile-image';
import { GROUP_DESCRIPTION_MAX, GROUP_MESSAGE_MAX, GROUP_NAME_MAX, GROUP_TEASER_MAX, GROUP_CATEGORY_COLOR_DEFAULT } from './group-constants';


const name = safeText(z.string().trim().min(1, { message: 'required' }).max(GROUP_NAME_MAX, { message: 'too_long' }), 'required');
const teaser = safeText(z.string().trim().max(GROUP_TEASER_MAX, { message: 'too_long' }));
const description = z.string().max(GROUP_DESCRIPTION_MAX, { message: 'too_long' });

/** `group` of PUT /groups/{slug}: only the fields sent change. */
export const groupChangesSchema = z.object({
  name: name.optional(),
  teaser: teaser.optional(),
  description: description.optional(),
  access: groupAccessSchema.optional(),
  moderated_join: z.boolean().optional(),
  members_can_invite: z.boolean().optional(),
  externally_visible: z.boolean().optional(),
  sensitive: z.boolean().optional(),
  active_main_group: z.boolean().optional(),
  chat: groupChatSchema.optional(),
});
export type GroupChanges = z.output<typeof groupChangesSchema>;

/** `group` of POST /groups: name required, the rest with the form's defaults. */
export const newGroupSchema = z.object({
  name,
  teaser: teaser.default(''),
  description: description.default(''),
  access: groupAccessSchema.default('open'),
  moderated_join: z.boolean().default(false),
  members_can_invite: z.boolean().default(false),
  externally_visible: z.boolean().default(false),
  sensitive: z.boolean().default(false),
  active_main_group: z.boolean().default(false),
  chat: groupChatSchema.default('disabled'),
  /** the product's profile set; accepted and not used yet */
  profile_id: z.string().nullish(),
});

/** POST /groups: `{ group_category_slug, group }` (the new page is /groups/new/{categorySlug}). */
export const createGroupRequestSchema = z.object({
  group_category_slug: z.string().trim().min(1, { message: 'required' }),
  group: newGroupSchema,
});
export type CreateGroupRequest = z.input<typeof createGroupRequestSchema>;

export const updateGroupRequestSchema = z.object({ group: groupChangesSchema });
export type UpdateGroupRequest = z.input<typeof updateGroupRequestSchema>;

/** POST /groups/{slug}/administration/join_requests/{memberId}/reject */
export const rejectJoinRequestSchema = z.object({
  rejection_message: safeText(z.string().trim().max(GROUP_MESSAGE_MAX, { message: 'too_long' })).default(''),
});

/** POST /groups/{slug}/membership_invites */
export const membershipInvitesRequestSchema = z.object({
  membership_ids: z.array(z.string().min(1)).min(1, { message: 'selection_required' }).max(200, { message: 'too_big' }),
  additional_message: safeText(z.string().trim().max(GROUP_MESSAGE_MAX, { message: 'too_long' })).default(''),
});
export type MembershipInvitesRequest = z.input<typeof membershipInvitesRequestSchema>;

/** POST /batch_invites/revoke */
export const batchRevokeInvitesSchema = z.object({
  invite_ids: z.array(z.string().min(1)).min(1, { message: 'selection_required' }).max(200, { message: 'too_big' }),
});
/** POST /batch_invites/renew: `body` is the new message (empty keeps the old one) */
export const batchRenewInvitesSchema = batchRevokeInvitesSchema.extend({
  body: safeText(z.string().trim().max(GROUP_MESSAGE_MAX, { message: 'too_long' })).default(''),
});

/** POST /administration/group-categories */
export const createGroupCategorySchema = z.object({
  category: z.object({
    name,
    plural_name: name,
    color: z
      .string()
      .trim()
      .transform((value) => value.replace(/^#/, '').toLowerCase())
      .pipe(z.string().regex(/^[0-9a-f]{6}$/, { message: 'invalid_format' }))
      .default(GROUP_CATEGORY_COLOR_DEFAULT),
    members_can_create: z.boolean().default(false),
  }),
});
/** PUT /administration/group-categories/order: every category's slug, in the new order */
export const groupCategoriesOrderSchema = z.object({ order: z.array(z.string().min(1)).min(1, { message: 'selection_required' }) });

// ---- answers ----

/** POST /groups */
export interface GroupCreatedAnswer {
  id: string;
  slug: string;
  position: number;
}
export const groupCreatedAnswerSchema = z.object({ id: z.string(), slug: z.string(), position: z.number().int() }) satisfies z.ZodType<GroupCreatedAnswer>;
export const favoriteAnswerSchema = z.object({ favorited: z.boolean(), position: z.number().int() });
export const subscriptionAnswerSchema = z.object({ subscription_status: z.enum(['subscribed', 'unsubscribed']), position: z.number().int() });
export const archiveAnswerSchema = z.object({ archived: z.boolean(), redirect_to: z.string(), position: z.number().int() });
export const redirectAnswerSchema = z.object({ redirect_to: z.string(), position: z.number().int() });

export interface GroupCategoryRef {
  id: string;
  slug: string;
  name: string;
  plural_name: string;
  color: string;
}

/** GET /api/v1/groups/{slug}: a group as its page and its form show it (§3 Group). */
export interface GroupDetailDto {
  id: string;
  slug: string;
  name: string;
  group_category_id: string | null;
  category: GroupCategoryRef | null;
  /** the image's URL with its version (`groupImageUrl`), null without one */
  profile_image: string | null;
  archived: boolean;
  access: GroupAccess;
  moderated_join: boolean;
  members_can_invite: boolean;
  externally_visible: boolean;
  sensitive: boolean;
  active_main_group: boolean;
  member_count: number;
  activity_count: number;
  teaser: string;
  description: string;
  chat: 'enabled' | 'disabled';
  membership_status_of_current_member: GroupMembershipStatus;
  is_group_admin: boolean;
  i_haz_subscription: boolean;
  /** how many members subscribed to the group's notifications */
  subscriber_count: number;
  subscription_status: 'subscribed' | 'unsubscribed';
  favorited: boolean;
  /** the open invite of the current member */
  invite: { id: string; author_name: string; created_at: string; additional_message: string } | null;
  /** why the current member's join request was refused */
  rejection_message: string | null;
  /** the access choices the edit form offers this member */
  allowed_access: Record<GroupAccess, boolean>;
  can: GroupCan;
}

const groupCanSchema = z.object({
  see: z.boolean(),
  join: z.boolean(),
  join_moderated: z.boolean(),
  leave: z.boolean(),
  update: z.boolean(),
  destroy: z.boolean(),
  archive: z.boolean(),
  invite: z.boolean(),
  moderate: z.boolean(),
  create_hidden: z.boolean(),
  subscribe: z.boolean(),
  favorite: z.boolean(),
  create_appointments: z.boolean(),
  create_calendars: z.boolean(),
  edit_widgetbars: z.boolean(),
  edit_designs: z.boolean(),
  edit_navigation: z.boolean(),
  view_statistics: z.boolean(),
  edit_property_sets: z.boolean(),
}) satisfies z.ZodType<GroupCan>;
const categoryRefSchema = z.object({ id: z.string(), slug: z.string(), name: z.string(), plural_name: z.string(), color: z.string() });
const accessFlags = z.object({ open: z.boolean(), closed: z.boolean(), hidden: z.boolean() });

export const groupDetailDtoSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  group_category_id: z.string().nullable(),
  category: categoryRefSchema.nullable(),
  profile_image: z.string().nullable(),
  archived: z.boolean(),
  access: groupAccessSchema,
  moderated_join: z.boolean(),
  members_can_invite: z.boolean(),
  externally_visible: z.boolean(),
  sensitive: z.boolean(),
  active_main_group: z.boolean(),
  member_count: z.number().int(),
  activity_count: z.number().int(),
  teaser: z.string(),
  description: z.string(),
  chat: groupChatSchema,
  membership_status_of_current_member: z.enum(GROUP_MEMBERSHIP_STATUSES),
  is_group_admin: z.boolean(),
  i_haz_subscription: z.boolean(),
  subscriber_count: z.number().int(),
  subscription_status: z.enum(['subscribed', 'unsubscribed']),
  favorited: z.boolean(),
  invite: z.object({ id: z.string(), author_name: z.string(), created_at: z.string(), additional_message: z.string() }).nullable(),
  rejection_message: z.string().nullable(),
  allowed_access: accessFlags,
  can: groupCanSchema,
}) satisfies z.ZodType<GroupDetailDto>;

/** GET /api/v1/groups/new?group_category_slug=: what the new-group form needs */
export interface NewGroupFormDto {
  category: GroupCategoryRef;
  allowed_access: Record<GroupAccess, boolean>;
  can: { create: boolean; create_hidden: boolean; set_sensitive: boolean };
}
export const newGroupFormDtoSchema = z.object({
  category: categoryRefSchema,
  allowed_access: accessFlags,
  can: z.object({ create: z.boolean(), create_hidden: z.boolean(), set_sensitive: z.boolean() }),
}) satisfies z.ZodType<NewGroupFormDto>;

/** A group row of the directory tabs and the navigation (§2 group row). */
export interface GroupListEntryDto {
  id: string;
  slug: string;
  name: string;
  group_category_id: string | null;
  archived: boolean;
  access: GroupAccess;
  externally_visible: boolean;
  member_count: number;
  activity_count: number;
  teaser: string;
  membership_status_of_current_member: GroupMembershipStatus;
  favorited: boolean;
  can: Pick<GroupCan, 'join' | 'join_moderated' | 'leave'>;
  /** the image's URL with its version, null without one */
  profile_image?: string | null;
}
const listEntrySchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  profile_image: z.string().nullable().optional(),
  group_category_id: z.string().nullable(),
  archived: z.boolean(),
  access: groupAccessSchema,
  externally_visible: z.boolean(),
  member_count: z.number().int(),
  activity_count: z.number().int(),
  teaser: z.string(),
  membership_status_of_current_member: z.enum(GROUP_MEMBERSHIP_STATUSES),
  favorited: z.boolean(),
  can: z.object({ join: z.boolean(), join_moderated: z.boolean(), leave: z.boolean() }),
}) satisfies z.ZodType<GroupListEntryDto>;

/** GET /api/v1/group_directory/{categorySlug}?q=&page= */
export interface GroupDirectoryResponse {
  category: GroupCategoryRef;
  entries: GroupListEntryDto[];
  page: number;
  per_page: number;
  total: number;
  total_pages: number;
}
export const groupDirectoryResponseSchema = z.object({
  category: categoryRefSchema,
  entries: z.array(listEntrySchema),
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  total_pages: z.number().int(),
}) satisfies z.ZodType<GroupDirectoryResponse>;

/** GET /api/v1/my_groups: the member's groups for the left navigation, favourites first, then by name */
export interface MyGroupsResponse {
  groups: Array<{ id: string; slug: string; name: string; favorited: boolean; archived: boolean }>;
}
export const myGroupsResponseSchema = z.object({
  groups: z.array(z.object({ id: z.string(), slug: z.string(), name: z.string(), favorited: z.boolean(), archived: z.boolean() })),
}) satisfies z.ZodType<MyGroupsResponse>;

/** GET /api/v1/group_categories: the directory tabs in their order (hidden categories without groups left out) */
export interface GroupCategoryDto extends GroupCategoryRef {
  order: number;
  members_can_create: boolean;
  group_count: number;
  /** create: add a group in it; administrate: its administration (groupCategoryAbilities) */
  can: { create: boolean; administrate: boolean };
}
export interface GroupCategoriesResponse {
  group_categories: GroupCategoryDto[];
}
export const groupCategoriesResponseSchema = z.object({
  group_categories: z.array(
    categoryRefSchema.extend({ order: z.number().int(), members_can_create: z.boolean(), group_count: z.number().int(), can: z.object({ create: z.boolean(), administrate: z.boolean() }) }),
  ),
}) satisfies z.ZodType<GroupCategoriesResponse>;

/** A group invite (§3): for the invited member (/invites) and for its author or the group's admins (/invites/sent). */
export interface GroupInviteDto {
  id: string;
  type: 'group_invite';
  status: GroupInviteStatus;
  /** `images`: the group's image URLs (200x200, 435x435), null without one */
  invitable: { id: string; name: string; slug: string; access: GroupAccess; member_count: number; activity_count: number; teaser: string; images: ProfileImageUrls | null };
  author: { id: string; name: string };
  invitee: { id: string; name: string };
  additional_message: string;
  created_at: string;
}
export interface GroupInvitesResponse {
  invites: GroupInviteDto[];
  open_count: number;
}
export const groupInvitesResponseSchema = z.object({
  invites: z.array(
    z.object({
      id: z.string(),
      type: z.literal('group_invite'),
      status: z.enum(GROUP_INVITE_STATUSES),
      invitable: z.object({
        id: z.string(),
        name: z.string(),
        slug: z.string(),
        access: groupAccessSchema,
        member_count: z.number().int(),
        activity_count: z.number().int(),
        teaser: z.string(),
        images: profileImageUrlsSchema.nullable(),
      }),
      author: z.object({ id: z.string(), name: z.string() }),
      invitee: z.object({ id: z.string(), name: z.string() }),
      additional_message: z.string(),
      created_at: z.string(),
    }),
  ),
  open_count: z.number().int(),
}) satisfies z.ZodType<GroupInvitesResponse>;

/** GET /groups/{slug}/members and the join requests of GET /groups/{slug}/administration/join_requests */
export interface GroupMemberDto {
  id: string;
  name: string;
  path: string;
  admin: boolean;
  /** the viewer's admin actions on this member (groupMemberAbilities) */
  can?: GroupMemberCan;
}
export interface GroupMembersResponse {
  members: GroupMemberDto[];
}
export const groupMembersResponseSchema = z.object({
  members: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      path: z.string(),
      admin: z.boolean(),
      can: z.object({ make_admin: z.boolean(), remove_admin: z.boolean() }).optional(),
    }),
  ),
}) satisfies z.ZodType<GroupMembersResponse>;

export interface JoinRequestsResponse {
  join_requests: Array<{ member: { id: string; name: string; path: string }; status: 'pending' | 'rejected'; rejection_message: string }>;
}
export const joinRequestsResponseSchema = z.object({
  join_requests: z.array(
    z.object({ member: z.object({ id: z.string(), name: z.string(), path: z.string() }), status: z.enum(['pending', 'rejected']), rejection_message: z.string() }),
  ),
}) satisfies z.ZodType<JoinRequestsResponse>;

/** GET /groups/{slug}/navigation: the group's pages that exist (modules still to come are left out) */
export interface GroupNavigationItem {
  id: 'start' | 'members' | 'calendars' | 'files' | 'administration';
  text: string;
  link: string;
  public: boolean;
  new_window: boolean;
  navigation_items: GroupNavigationItem[];
}
export interface GroupNavigationResponse {
  navigation_items: GroupNavigationItem[];
}
const navItemSchema: z.ZodType<GroupNavigationItem> = z.lazy(() =>
  z.object({
    id: z.enum(['start', 'members', 'calendars', 'files', 'administration']),
    text: z.string(),
    link: z.string(),
    public: z.boolean(),
    new_window: z.boolean(),
    navigation_items: z.array(navItemSchema),
  }),
);
export const groupNavigationResponseSchema = z.object({ navigation_items: z.array(navItemSchema) }) satisfies z.ZodType<GroupNavigationResponse>;

/** the group hit of the search (calendars-appointments-search.md §3) */
export interface GroupSearchHit {
  id: string;
  slug: string;
  name: string;
  /** the group's image URLs (200x200, 435x435), null without one */
  images: ProfileImageUrls | null;
  archived: boolean;
  access: GroupAccess;
  member_count: number;
  activity_count: number;
  teaser: string;
  group_category_id: string | null;
  html_url: string;
}
export interface GroupSearchResponse {
  groups: GroupSearchHit[];
  total: number;
}
export const groupSearchResponseSchema = z.object({
  groups: z.array(
    z.object({
      id: z.string(),
      slug: z.string(),
      name: z.string(),
      images: profileImageUrlsSchema.nullable(),
      archived: z.boolean(),
      access: groupAccessSchema,
      member_count: z.number().int(),
      activity_count: z.number().int(),
      teaser: z.string(),
      group_category_id: z.string().nullable(),
      html_url: z.string(),
    }),
  ),
  total: z.number().int(),
}) satisfies z.ZodType<GroupSearchResponse>;

/**
 * GET /administration/invites: one row of the back office's invites list (react-admin), with what the viewer
 * may do to it in a batch. `can` holds the batch rules (§4) on this invite's status for a viewer who may act
 * on it at all (its author, the group's moderators: the same check the batch commands make).
 */
export interface InviteAdminDto {
  id: string;
  type: 'group_invite';
  status: GroupInviteStatus;
  group: { id: string; name: string; slug: string };
  author: { id: string; name: string };
  invitee: { id: string; name: string };
  additional_message: string;
  created_at: string;
  can: { revoke: boolean; renew: boolean };
}
export const inviteAdminDtoSchema = z.object({
  id: z.string(),
  type: z.literal('group_invite'),
  status: z.enum(GROUP_INVITE_STATUSES),
  group: z.object({ id: z.string(), name: z.string(), slug: z.string() }),
  author: z.object({ id: z.string(), name: z.string() }),
  invitee: z.object({ id: z.string(), name: z.string() }),
  additional_message: z.string(),
  created_at: z.string(),
  can: z.object({ revoke: z.boolean(), renew: z.boolean() }),
}) satisfies z.ZodType<InviteAdminDto>;
export type InviteBatchAction = 'revoke' | 'renew';

/** one invite's batch flags: the §4 rules on its status, for a viewer who may act on it */
export const inviteBatchAbilities = (status: GroupInviteStatus, mayAct: boolean): InviteAdminDto['can'] => ({
  revoke: mayAct && mayRevokeInvites([status]),
  renew: mayAct && mayRenewInvites([status]),
});

/** A batch over the selected rows: both rules hold for a selection exactly when they hold for each of its invites. */
export const mayBatchInvites = (action: InviteBatchAction, rows: ReadonlyArray<Pick<InviteAdminDto, 'can'>>): boolean =>
  rows.length > 0 && rows.every((row) => row.can[action]);
