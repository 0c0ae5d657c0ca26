import type { MemberDto } from '@cn/contracts';
import type { LookupMember } from '../lookup/lookup.projections';

/** The member as the sign-in and registration answers show it (the query service has the full picture). */
export const memberDtoOf = (member: LookupMember): MemberDto => {
  const name = [member.first_name, member.last_name].filter(Boolean).join(' ') || member.email;
  return {
    id: member._id,
    displayName: name,
    name,
    first_name: member.first_name,
    last_name: member.last_name,
    email: member.email,
    images: { small: null, large: null },
    is_external: member.roles.external,
    is_network_admin: member.roles.network_admin,
    is_auditor: member.roles.auditor,
    deleted: member.erased,
    path: `/members/${member._id}`,
  };
};
