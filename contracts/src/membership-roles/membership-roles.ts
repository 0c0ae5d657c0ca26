import { z } from 'zod';
import { defineEvent, type EventOf } from '../common/events';
import { safeText } from '../common/safe-text';
import { slugOfName } from '../groups/group-abilities';

/*
 * The network's membership roles manager (issue 14): network-wide roles ('Board member') an administrator
 * creates, renames, deletes and assigns to members. A role lives on its own stream (membershipRoleStream)
 * with MembershipRoleCreated / Assigned / Unassigned from contracts/src/groups; the events below are the
 * manager's own. Appointments name roles as participants (`membership_role_ids`).
 */

export const MEMBERSHIP_ROLE_NAME_MAX = 60;
/** members one role may hold (an edit names them all) */
export const MEMBERSHIP_ROLE_MEMBERS_MAX = 5000;
/** '#rrggbb' */
export const ROLE_COLOR_PATTERN = /^#[0-9a-f]{6}$/i;
export const DEFAULT_ROLE_COLOR = '#5c6bc0';
export const DEFAULT_ROLE_TEXT_COLOR = '#ffffff';

/**
 * The server makes the slug once, when the role is created, from the name and the role's id: unique by
 * construction (no lookup of the others), and links stay stable when the role is renamed.
 */
export const membershipRoleSlug = (name: string, roleId: string): string =>
  `${slugOfName(name).slice(0, 50)}-${roleId.replace(/[^a-z0-9]/gi, '').slice(0, 6).toLowerCase()}`;

export const MembershipRoleEdited = defineEvent(
  'MembershipRoleEdited',
  1,
  z.object({ role_id: z.string(), name: z.string(), plural_name: z.string(), color: z.string(), text_color: z.string() }),
);
/** A role removed from the network; only a role nobody holds any more is deleted. */
export const MembershipRoleDeleted = defineEvent('MembershipRoleDeleted', 1, z.object({ role_id: z.string() }));

export const membershipRolesManagerEvents = [MembershipRoleEdited, MembershipRoleDeleted] as const;
export type MembershipRolesManagerEvent = EventOf<typeof MembershipRoleEdited> | EventOf<typeof MembershipRoleDeleted>;

const roleName = safeText(z.string().trim().min(1, { message: 'required' }).max(MEMBERSHIP_ROLE_NAME_MAX, { message: 'too_long' }), 'invalid_type');
const color = z.string({ message: 'invalid_type' }).trim().regex(ROLE_COLOR_PATTERN, { message: 'invalid_format' }).transform((value) => value.toLowerCase());
const memberIds = z
  .array(z.string({ message: 'invalid_type' }).trim().min(1, { message: 'required' }).max(100, { message: 'too_long' }), { message: 'invalid_type' })
  .max(MEMBERSHIP_ROLE_MEMBERS_MAX, { message: 'too_big' })
  .transform((ids) => [...new Set(ids)]);
const revision = z.number({ message: 'invalid_type' }).int({ message: 'invalid_type' }).min(0, { message: 'too_small' });

/** POST /administration/membership_roles: the slug is the server's. */
export const createMembershipRoleRequestSchema = z
  .object({
    name: roleName,
    plural_name: roleName,
    color: color.default(DEFAULT_ROLE_COLOR),
    text_color: color.default(DEFAULT_ROLE_TEXT_COLOR),
    member_ids: memberIds.default([]),
  })
  .strict();
export type CreateMembershipRoleRequest = z.input<typeof createMembershipRoleRequestSchema>;

/**
 * PUT /administration/membership_roles/{id}: the whole role as the form holds it, with the members who
 * hold it; `revision` is the one the form was read at (409 when someone saved in between, so an edit never
 * silently undoes another).
 */
export const editMembershipRoleRequestSchema = z
  .object({ name: roleName, plural_name: roleName, color, text_color: color, member_ids: memberIds, revision })
  .strict();
export type EditMembershipRoleRequest = z.input<typeof editMembershipRoleRequestSchema>;

/** A network-wide role as the administration reads it. */
export interface MembershipRoleAdminDto {
  id: string;
  slug: string;
  name: string;
  plural_name: string;
  color: string;
  text_color: string;
  member_ids: string[];
  member_count: number;
  /** the role stream's revision: what an edit sends back */
  revision: number;
}
export const membershipRoleAdminDtoSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  plural_name: z.string(),
  color: z.string(),
  text_color: z.string(),
  member_ids: z.array(z.string()),
  member_count: z.number().int(),
  revision: z.number().int(),
}) satisfies z.ZodType<MembershipRoleAdminDto>;
