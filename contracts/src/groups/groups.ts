import { z } from 'zod';
import { defineEvent, type EventOf } from '../common/events';

/** Minimal groups for group calendars and participants (stream groupStream(id)); roles in membershipRoleStream(id). */
export const GROUP_ACCESS = ['open', 'closed', 'hidden'] as const;
export const groupAccessSchema = z.enum(GROUP_ACCESS);
export type GroupAccess = z.infer<typeof groupAccessSchema>;

export const GroupCreated = defineEvent(
  'GroupCreated',
  1,
  z.object({ group_id: z.string(), slug: z.string(), name: z.string(), group_category_id: z.string().nullable(), access: groupAccessSchema }),
);
export const MemberJoinedGroup = defineEvent(
  'MemberJoinedGroup',
  1,
  z.object({ group_id: z.string(), member_id: z.string(), admin: z.boolean() }),
);
export const MemberLeftGroup = defineEvent('MemberLeftGroup', 1, z.object({ group_id: z.string(), member_id: z.string() }));

export const ROLE_DISPLAY_TYPE_VALUES = ['listed', 'grouped'] as const;
/** A membership role (e.g. 'Board member'); group_id null: a network-wide role. */
export const MembershipRoleCreated = defineEvent(
  'MembershipRoleCreated',
  1,
  z.object({
    role_id: z.string(),
    group_id: z.string().nullable(),
    name: z.string(),
    plural_name: z.string(),
    display_type: z.enum(ROLE_DISPLAY_TYPE_VALUES),
    // added by the roles manager (contracts/src/membership-roles); roles made before carry none, readers default them
    slug: z.string().optional(),
    color: z.string().optional(),
    text_color: z.string().optional(),
  }),
);
export const MembershipRoleAssigned = defineEvent('MembershipRoleAssigned', 1, z.object({ role_id: z.string(), member_id: z.string() }));
export const MembershipRoleUnassigned = defineEvent('MembershipRoleUnassigned', 1, z.object({ role_id: z.string(), member_id: z.string() }));

export const groupEvents = [GroupCreated, MemberJoinedGroup, MemberLeftGroup] as const;
export const membershipRoleEvents = [MembershipRoleCreated, MembershipRoleAssigned, MembershipRoleUnassigned] as const;

export type GroupEvent = EventOf<typeof GroupCreated> | EventOf<typeof MemberJoinedGroup> | EventOf<typeof MemberLeftGroup>;
export type MembershipRoleEvent =
  | EventOf<typeof MembershipRoleCreated>
  | EventOf<typeof MembershipRoleAssigned>
  | EventOf<typeof MembershipRoleUnassigned>;

/** Group as the read side answers it (§3). */
export interface GroupDto {
  id: string;
  slug: string;
  name: string;
  access: GroupAccess;
  group_category_id: string | null;
  favorited: boolean;
  subscription_status: 'subscribed' | 'unsubscribed';
  can: { leave: boolean; create_appointments: boolean; create_calendars: boolean };
}
export const groupDtoSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  access: groupAccessSchema,
  group_category_id: z.string().nullable(),
  favorited: z.boolean(),
  subscription_status: z.enum(['subscribed', 'unsubscribed']),
  can: z.object({ leave: z.boolean(), create_appointments: z.boolean(), create_calendars: z.boolean() }),
}) satisfies z.ZodType<GroupDto>;

/** GET /groups?q=: a group the member may see, as the participant picker offers it. */
export interface GroupOptionDto {
  id: string;
  slug: string;
  name: string;
  access: GroupAccess;
  member_count: number;
}
export interface GroupOptionsResponse {
  groups: GroupOptionDto[];
}
export const groupOptionsResponseSchema = z.object({
  groups: z.array(z.object({ id: z.string(), slug: z.string(), name: z.string(), access: groupAccessSchema, member_count: z.number().int() })),
}) satisfies z.ZodType<GroupOptionsResponse>;

/** GET /membership_roles?q=: a role the member may see (network-wide, or of a group they may see). */
export interface MembershipRoleOptionDto {
  id: string;
  name: string;
  plural_name: string;
  /** null for a network-wide role */
  group: { id: string; name: string } | null;
  member_count: number;
}
export interface MembershipRoleOptionsResponse {
  membership_roles: MembershipRoleOptionDto[];
}
export const membershipRoleOptionsResponseSchema = z.object({
  membership_roles: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      plural_name: z.string(),
      group: z.object({ id: z.string(), name: z.string() }).nullable(),
      member_count: z.number().int(),
    }),
  ),
}) satisfies z.ZodType<MembershipRoleOptionsResponse>;

/** default and largest page of the group and role pickers */
export const GROUP_OPTIONS_LIMIT = 20;
export const GROUP_OPTIONS_LIMIT_MAX = 50;
