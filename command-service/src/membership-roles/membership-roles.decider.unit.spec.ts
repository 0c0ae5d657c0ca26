import { membershipRoleSlug } from '@cn/contracts';
import { deciderSpecification } from '@cn/platform/testing';
import { membershipRolesDecider, type RoleStreamEvent } from './membership-roles.decider';

const fields = { name: 'Board member', plural_name: 'Board members', color: '#5c6bc0', text_color: '#ffffff' };
const created: RoleStreamEvent[] = [
  {
    type: 'MembershipRoleCreated',
    data: { role_id: 'r1', group_id: null, display_type: 'listed', slug: membershipRoleSlug('Board member', 'r1'), ...fields, name: 'Board member', plural_name: 'Board members' },
  },
  { type: 'MembershipRoleAssigned', data: { role_id: 'r1', member_id: 'ann' } },
];

describe('membershipRolesDecider', () => {
  const spec = deciderSpecification(membershipRolesDecider);

  it('creates a network-wide role with a slug of the server and assigns the members named', () => {
    spec.given([]).when({ type: 'CreateNetworkMembershipRole', role_id: 'r1', member_ids: ['ann'], ...fields }).then(created);
    expect(membershipRoleSlug('Board member', 'r1')).toBe('board-member-r1');
    expect(membershipRoleSlug('Vorstände & Co', '4f3a9c1e-aaaa')).toBe('vorstande-co-4f3a9c');
  });

  it('renames and sets the members: only the differences become events', () => {
    spec
      .given(created)
      .when({ type: 'EditMembershipRole', role_id: 'r1', ...fields, name: 'Chair', member_ids: ['bob'] })
      .then([
        { type: 'MembershipRoleEdited', data: { role_id: 'r1', ...fields, name: 'Chair' } },
        { type: 'MembershipRoleUnassigned', data: { role_id: 'r1', member_id: 'ann' } },
        { type: 'MembershipRoleAssigned', data: { role_id: 'r1', member_id: 'bob' } },
      ]);
    spec.given(created).when({ type: 'EditMembershipRole', role_id: 'r1', ...fields, member_ids: ['ann'] }).then([]);
  });

  it('refuses to delete a role somebody holds, deletes it once nobody does, and knows no deleted or unknown role', () => {
    expect(spec.given(created).when({ type: 'DeleteMembershipRole', role_id: 'r1' }).thenRefused('membership_role_in_use').kind).toBe('conflict');
    const released: RoleStreamEvent[] = [...created, { type: 'MembershipRoleUnassigned', data: { role_id: 'r1', member_id: 'ann' } }];
    spec.given(released).when({ type: 'DeleteMembershipRole', role_id: 'r1' }).then([{ type: 'MembershipRoleDeleted', data: { role_id: 'r1' } }]);
    const deleted: RoleStreamEvent[] = [...released, { type: 'MembershipRoleDeleted', data: { role_id: 'r1' } }];
    expect(spec.given(deleted).when({ type: 'EditMembershipRole', role_id: 'r1', ...fields, member_ids: [] }).thenRefused('not_found').kind).toBe('not_found');
    expect(spec.given([]).when({ type: 'DeleteMembershipRole', role_id: 'r1' }).thenRefused('not_found').kind).toBe('not_found');
  });

  it("leaves a group's roles to the group", () => {
    const groupRole: RoleStreamEvent[] = [{ type: 'MembershipRoleCreated', data: { role_id: 'g1', group_id: 'grp', name: 'Conductor', plural_name: 'Conductors', display_type: 'grouped' } }];
    expect(spec.given(groupRole).when({ type: 'DeleteMembershipRole', role_id: 'g1' }).thenRefused('not_found').kind).toBe('not_found');
  });

  it('refuses to create a role twice', () => {
    expect(spec.given(created).when({ type: 'CreateNetworkMembershipRole', role_id: 'r1', member_ids: [], ...fields }).thenRefused('concurrency_conflict').kind).toBe('conflict');
  });
});
