import { groupCategoriesStream, groupStream, membershipRoleStream } from '@cn/contracts';
import { project, projectEachTwice, recorded } from '../__tests__/events';
import { groupCategoriesProjection, groupsProjection, membershipRolesProjection } from './groups.projection';

const on = { streamId: groupStream('g1'), memberId: 'admin' };
const events = [
  recorded('GroupCreated', { group_id: 'g1', slug: 'choir', name: 'Choir', group_category_id: null, access: 'open' }, on),
  recorded('MemberJoinedGroup', { group_id: 'g1', member_id: 'ann', admin: true }, on),
  recorded('MemberJoinedGroup', { group_id: 'g1', member_id: 'ben', admin: false }, on),
  recorded('MemberLeftGroup', { group_id: 'g1', member_id: 'ann' }, on),
];

describe('groups projection', () => {
  it('keeps members and admins', () => {
    expect(project(groupsProjection, events.slice(0, 3), 'g1')).toMatchObject({ slug: 'choir', member_ids: ['ann', 'ben'], admin_ids: ['ann'] });
    expect(project(groupsProjection, events, 'g1')).toMatchObject({ member_ids: ['ben'], admin_ids: [] });
  });

  it('changes nothing when events are applied twice', () => {
    const once = project(groupsProjection, events, 'g1');
    expect(project(groupsProjection, [...events, ...events], 'g1')).toEqual(once);
    // and evolve itself, given each event twice in a row
    expect(projectEachTwice(groupsProjection, events, 'g1')).toEqual(once);
  });

  it('follows admin rights handed over and taken back (members only; twice changes nothing)', () => {
    const rights = (member: string, admin: boolean) => recorded('GroupAdminRightsChanged', { group_id: 'g1', member_id: member, admin }, on);
    const handedOver = [...events, rights('ben', true), rights('nobody', true)];
    expect(project(groupsProjection, handedOver, 'g1')).toMatchObject({ member_ids: ['ben'], admin_ids: ['ben'] });
    expect(projectEachTwice(groupsProjection, handedOver, 'g1')).toMatchObject({ admin_ids: ['ben'] });
    expect(project(groupsProjection, [...handedOver, rights('ben', false)], 'g1')).toMatchObject({ admin_ids: [] });
  });

  it('keeps membership roles and their holders', () => {
    const at = { streamId: membershipRoleStream('r1') };
    const roleEvents = [
      recorded('MembershipRoleCreated', { role_id: 'r1', group_id: 'g1', name: 'Conductor', plural_name: 'Conductors', display_type: 'grouped' }, at),
      recorded('MembershipRoleAssigned', { role_id: 'r1', member_id: 'ben' }, at),
      recorded('MembershipRoleAssigned', { role_id: 'r1', member_id: 'cid' }, at),
      recorded('MembershipRoleUnassigned', { role_id: 'r1', member_id: 'cid' }, at),
    ];
    const doc = project(membershipRolesProjection, roleEvents, 'r1');
    expect(doc).toMatchObject({ name: 'Conductor', display_type: 'grouped', member_ids: ['ben'] });
    expect(project(membershipRolesProjection, [...roleEvents, ...roleEvents], 'r1')).toEqual(doc);
  });

  it('follows the roles manager: slug and colours, renames, the stream revision, and a deleted role leaves the read model', () => {
    const at = { streamId: membershipRoleStream('r2') };
    const revised = (event: ReturnType<typeof recorded>, revision: number) => ({ ...event, revision });
    const managed = [
      revised(recorded('MembershipRoleCreated', { role_id: 'r2', group_id: null, name: 'Chair', plural_name: 'Chairs', display_type: 'listed', slug: 'chair-r2', color: '#112233', text_color: '#ffffff' }, at), 0),
      revised(recorded('MembershipRoleAssigned', { role_id: 'r2', member_id: 'ann' }, at), 1),
      revised(recorded('MembershipRoleEdited', { role_id: 'r2', name: 'Chairwoman', plural_name: 'Chairwomen', color: '#445566', text_color: '#000000' }, at), 2),
    ];
    const doc = project(membershipRolesProjection, managed, 'r2');
    expect(doc).toMatchObject({ slug: 'chair-r2', name: 'Chairwoman', plural_name: 'Chairwomen', color: '#445566', text_color: '#000000', member_ids: ['ann'], revision: 2 });
    expect(projectEachTwice(membershipRolesProjection, managed, 'r2')).toMatchObject({ revision: 2, member_ids: ['ann'] });
    const deleted = revised(recorded('MembershipRoleDeleted', { role_id: 'r2' }, at), 4);
    expect(project(membershipRolesProjection, [...managed, deleted], 'r2')).toBeNull();
    // a role made before the roles manager gets a slug of its name and the default colours
    const old = project(membershipRolesProjection, [recorded('MembershipRoleCreated', { role_id: 'r3', group_id: null, name: 'Elder', plural_name: 'Elders', display_type: 'listed' }, { streamId: membershipRoleStream('r3') })], 'r3');
    expect(old).toMatchObject({ slug: 'elder-r3', color: '#5c6bc0', text_color: '#ffffff' });
  });
});

describe('group categories projection', () => {
  const at = { streamId: groupCategoriesStream('default'), memberId: 'admin' };
  const created = recorded('GroupCategoryCreated', { category_id: 'c1', slug: 'teams', name: 'Team', plural_name: 'Teams', color: '1976d2', members_can_create: false }, at);
  const administrator = (type: 'GroupCategoryAdministratorAdded' | 'GroupCategoryAdministratorRemoved', member: string) => recorded(type, { category_id: 'c1', slug: 'teams', member_id: member }, at);

  it("keeps the category's administrators; applying each event twice changes nothing", () => {
    const events = [created, administrator('GroupCategoryAdministratorAdded', 'cathy'), administrator('GroupCategoryAdministratorAdded', 'bert'), administrator('GroupCategoryAdministratorRemoved', 'cathy')];
    expect(project(groupCategoriesProjection, events, 'teams')).toMatchObject({ category_id: 'c1', admin_ids: ['bert'] });
    expect(projectEachTwice(groupCategoriesProjection, events, 'teams')).toEqual(project(groupCategoriesProjection, events, 'teams'));
    expect(groupCategoriesProjection.documentIds(events[1])).toEqual(['teams']);
  });
});
