import { z } from 'zod';
import type { NetworkSettings } from '../settings/network-settings';
import { memberDtoSchema, type MemberRoles } from './members';

/**
 * The member manager menu of the administration (spec §6): what a viewer may do about a member there.
 * The administration's list answers it per row (`manage`) and every command of the menu refuses by it,
 * so the menu and the answers cannot disagree. Members and auditors may do none of it (auditors read).
 */
export interface MemberManagerCan {
  edit: boolean;
  edit_groups: boolean;
  assign_roles: boolean;
  toggle_external: boolean;
  reset_two_factor: boolean;
  lock: boolean;
  destroy: boolean;
}

export const memberManagerCanSchema = z.object({
  edit: z.boolean(),
  edit_groups: z.boolean(),
  assign_roles: z.boolean(),
  toggle_external: z.boolean(),
  reset_two_factor: z.boolean(),
  lock: z.boolean(),
  destroy: z.boolean(),
});

export interface MemberManagerViewer {
  id: string;
  roles: MemberRoles;
}

export interface MemberManagerTarget {
  id: string;
  deleted: boolean;
}

export const memberManagerAbilities = (
  viewer: MemberManagerViewer | null,
  target: MemberManagerTarget,
  settings: Pick<NetworkSettings, 'member'>,
  membershipRolesExist = false,
): MemberManagerCan => {
  const edit = viewer !== null && viewer.roles.network_admin && !target.deleted;
  const other = edit && viewer.id !== target.id;
  return {
    edit,
    edit_groups: edit,
    assign_roles: edit && membershipRolesExist,
    // guest users are always allowed in this network; an administrator does not make themself a guest
    toggle_external: other,
    reset_two_factor: edit && settings.member.two_factor !== 'disabled',
    // never oneself: an administrator who locked or erased themself would lock the network out
    lock: other,
    destroy: other,
  };
};

/**
 * A row of the administration's member list: the member, whether locked, the menu's flags, whether the
 * address is bounce-listed (MemberEmailBounced, not reactivated since) and whether the viewer may take it
 * off the list (`mayReactivateMemberEmail`, the rule POST /members/{id}/email/reactivate refuses by).
 */
export const adminMemberSchema = memberDtoSchema.extend({ locked: z.boolean(), manage: memberManagerCanSchema, email_bounced: z.boolean(), reactivate_email: z.boolean() });
export type AdminMemberDto = z.infer<typeof adminMemberSchema>;

/** PUT /administration/members/{id}/external body */
export const setExternalRequestSchema = z.object({ external: z.boolean({ message: 'required' }) });
