import request from 'supertest';
import { CONSISTENCY_HEADER, groupStream, membershipRoleStream, type GroupOptionsResponse, type MembershipRoleOptionsResponse } from '@cn/contracts';
import { startHarness, type Harness } from '../__tests__/harness';

describe('group and role pickers (GET /groups, GET /membership_roles)', () => {
  let h: Harness;
  let head = 0;
  const get = (path: string, member?: string) => {
    const req = request(h.server).get(path).set(CONSISTENCY_HEADER, String(head));
    return member ? req.set('Cookie', h.cookie(member)) : req;
  };

  beforeAll(async () => {
    h = await startHarness();
    await h.register('admin', 'Ada', 'Admin', { network_admin: true });
    await h.register('bob', 'Bob', 'Baker');
    await h.register('carol', 'Carol', 'Clark');
    await h.register('guest', 'Gina', 'Guest', { external: true });
    const group = (id: string, slug: string, name: string, access: string) =>
      h.append(groupStream(id), 'GroupCreated', { group_id: id, slug, name, group_category_id: null, access }, 'admin');
    await group('g-choir', 'choir', 'Chor', 'open');
    await group('g-board', 'board', 'Vorstand', 'closed');
    await group('g-secret', 'secret', 'Geheimbund', 'hidden');
    await h.append(groupStream('g-choir'), 'MemberJoinedGroup', { group_id: 'g-choir', member_id: 'bob', admin: false }, 'admin');
    await h.append(groupStream('g-choir'), 'MemberJoinedGroup', { group_id: 'g-choir', member_id: 'carol', admin: true }, 'admin');
    await h.append(groupStream('g-secret'), 'MemberJoinedGroup', { group_id: 'g-secret', member_id: 'carol', admin: false }, 'admin');
    const role = (id: string, groupId: string | null, name: string, plural: string) =>
      h.append(membershipRoleStream(id), 'MembershipRoleCreated', { role_id: id, group_id: groupId, name, plural_name: plural, display_type: 'listed' }, 'admin');
    await role('r-speaker', null, 'Sprecherin', 'Sprecherinnen');
    await role('r-conductor', 'g-choir', 'Dirigent', 'Dirigenten');
    await role('r-keeper', 'g-secret', 'Hüter', 'Hüter');
    await h.append(membershipRoleStream('r-speaker'), 'MembershipRoleAssigned', { role_id: 'r-speaker', member_id: 'bob' }, 'admin');
    head = await h.append(membershipRoleStream('r-conductor'), 'MembershipRoleAssigned', { role_id: 'r-conductor', member_id: 'carol' }, 'admin');
  });
  afterAll(() => h.close());

  it('lists the groups a member may see by name with member counts; hidden ones only to their members and admins', async () => {
    const bob = (await get('/groups', 'bob').expect(200)).body as GroupOptionsResponse;
    expect(bob.groups.map((group) => [group.id, group.member_count])).toEqual([
      ['g-choir', 2],
      ['g-board', 0],
    ]);
    const carol = (await get('/groups', 'carol').expect(200)).body as GroupOptionsResponse;
    expect(carol.groups.map((group) => group.name)).toEqual(['Chor', 'Geheimbund', 'Vorstand']);
    const admin = (await get('/groups?q=geheim', 'admin').expect(200)).body as GroupOptionsResponse;
    expect(admin.groups).toEqual([{ id: 'g-secret', slug: 'secret', name: 'Geheimbund', access: 'hidden', member_count: 1 }]);
  });

  it('matches every word of q in the name or slug, ignoring case and accents, and honours limit', async () => {
    expect(((await get('/groups?q=CHOIR', 'bob').expect(200)).body as GroupOptionsResponse).groups.map((g) => g.id)).toEqual(['g-choir']);
    expect(((await get('/groups?q=geheim', 'bob').expect(200)).body as GroupOptionsResponse).groups).toEqual([]);
    expect(((await get('/groups?limit=1', 'bob').expect(200)).body as GroupOptionsResponse).groups).toHaveLength(1);
  });

  it('lists network-wide roles and those of visible groups with their group and member counts', async () => {
    const bob = (await get('/membership_roles', 'bob').expect(200)).body as MembershipRoleOptionsResponse;
    expect(bob.membership_roles).toEqual([
      { id: 'r-conductor', name: 'Dirigent', plural_name: 'Dirigenten', group: { id: 'g-choir', name: 'Chor' }, member_count: 1 },
      { id: 'r-speaker', name: 'Sprecherin', plural_name: 'Sprecherinnen', group: null, member_count: 1 },
    ]);
    const carol = (await get('/membership_roles?q=huter', 'carol').expect(200)).body as MembershipRoleOptionsResponse;
    expect(carol.membership_roles.map((role) => role.id)).toEqual(['r-keeper']);
    expect(((await get('/membership_roles?q=huter', 'bob').expect(200)).body as MembershipRoleOptionsResponse).membership_roles).toEqual([]);
    const byGroup = (await get('/membership_roles?q=geheim', 'carol').expect(200)).body as MembershipRoleOptionsResponse;
    expect(byGroup.membership_roles.map((role) => role.id)).toEqual(['r-keeper']);
  });

  it('answers 401 signed out, 403 to external members and 400 for a bad limit or an overlong q', async () => {
    expect((await get('/groups').expect(401)).body).toMatchObject({ error: 'unauthenticated' });
    expect((await get('/membership_roles').expect(401)).body).toMatchObject({ error: 'unauthenticated' });
    expect((await get('/groups', 'guest').expect(403)).body).toMatchObject({ error: 'forbidden' });
    expect((await get('/membership_roles', 'guest').expect(403)).body).toMatchObject({ error: 'forbidden' });
    const bad = (await get('/groups?limit=0', 'bob').expect(400)).body as { errors: Array<{ field: string; key: string }> };
    expect(bad.errors).toEqual([expect.objectContaining({ field: 'limit', key: 'too_small' })]);
    await get(`/membership_roles?q=${'x'.repeat(101)}`, 'bob').expect(400);
    await get('/groups?limit=51', 'bob').expect(400);
  });

  it('declares both routes in the OpenAPI document', async () => {
    const doc = (await get('/api/docs').expect(200)).body as { paths: Record<string, { get?: { responses: Record<string, unknown> } }> };
    expect(Object.keys(doc.paths['/groups']?.get?.responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '401', '403']));
    expect(Object.keys(doc.paths['/membership_roles']?.get?.responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '401', '403']));
  });
});
