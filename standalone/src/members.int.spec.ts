import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import {
  CONSISTENCY_HEADER,
  memberStream,
  membershipRoleStream,
  type ChangeRequestDto,
  type DirectoryMembersResponse,
  type GroupCategoriesResponse,
  type GroupMembersResponse,
  type IgnoredMembersResponse,
  type MemberCan,
  type MemberDto,
  type NetworkResponse,
} from '@cn/contracts';
import { isEncryptedValue, loadConfig } from '@cn/platform';
import { DEMO_PASSWORD } from '@cn/command-service';
import { startStandalone, type RunningStandalone } from './standalone';
import { signInClient, type SignedInClient } from './testing/signed-in-client';

type Client = SignedInClient;

/**
 * Member pages end to end on one process: profile edits (own, others', administrators'), ignoring
 * members, and group admin rights; the read side answers at the position the command answered.
 */
describe('member pages', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cn-members-'));
  let running: RunningStandalone;
  let server: Server;
  let position = 0;
  const clients: Record<string, Client> = {};

  const signIn = (email: string, password = DEMO_PASSWORD): Promise<Client> => signInClient(server, email, password);
  const call = async (client: Client, method: 'get' | 'post' | 'put' | 'delete', path: string, body?: object) => {
    const pending = request(server)[method](path).set('Cookie', client.cookie).set('X-CSRF-Token', client.csrf).set(CONSISTENCY_HEADER, String(position));
    const res = await (body === undefined ? pending : pending.send(body));
    const answered = (res.body as { position?: unknown } | undefined)?.position;
    if (typeof answered === 'number') position = Math.max(position, answered);
    return res;
  };
  const memberStreamLength = async (memberId: string) => (await running.infra.eventStore.readStream(memberStream(memberId))).length;

  beforeAll(async () => {
    const config = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'members-secret-0123456789abcdef0123456789', PORT: '0', PASSWORD_SCRYPT_N: '1024', LOG_LEVEL: 'error' });
    running = await startStandalone(config, { repositoryRoot: dataDir, host: '127.0.0.1' });
    server = running.app.getHttpServer() as Server;
    for (const name of ['admin', 'member', 'guest', 'auditor']) clients[name] = await signIn(`${name}@example.org`);
  });
  afterAll(async () => {
    await running.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  describe('PUT /members/{id}', () => {
    it('a member edits their own names: encrypted in the event, and the member page and the directory follow', async () => {
      const max = clients.member;
      const res = await call(max, 'put', `/members/${max.id}`, { first_name: 'Maximilian', last_name: 'Mitglied', birthday: '1990-05-17', show_age: true });
      expect(res.status).toBe(200);
      const events = await running.infra.eventStore.readStream(memberStream(max.id));
      const last = events[events.length - 1];
      expect(last.type).toBe('MemberProfileChanged');
      const data = last.data as Record<string, unknown>;
      expect(isEncryptedValue(data.first_name)).toBe(true);
      expect(isEncryptedValue(data.birthday)).toBe(true);
      expect(JSON.stringify(data)).not.toContain('Maximilian');

      const own = (await call(max, 'get', `/members/${max.id}`)).body as MemberDto;
      expect(own).toMatchObject({ displayName: 'Maximilian Mitglied', first_name: 'Maximilian', birthday: '1990-05-17', show_age: true, can: { update_profile: true } });
      expect(typeof own.age).toBe('number');
      const seen = (await call(clients.guest, 'get', `/members/${max.id}`)).body as MemberDto;
      expect(seen.displayName).toBe('Maximilian Mitglied');
      expect(seen.birthday).toBeUndefined();
      expect(seen.can).toMatchObject({ update_profile: false });
      const directory = (await call(clients.guest, 'get', '/directory/members?q=Maximilian')).body as DirectoryMembersResponse;
      expect(directory.entries.map((entry) => entry.id)).toContain(max.id);
    });

    it("directory rows carry the network-wide membership roles as badges and the viewer's invite flags", async () => {
      // no route founds network-wide roles yet (the seed's are a group's): the events are appended as the seed would
      const metadata = { memberId: null, occurredAt: new Date().toISOString(), correlationId: 'c', causationId: 'c', schemaVersion: 1 };
      const appended = await running.infra.eventStore.append(
        membershipRoleStream('network-role'),
        [
          { id: 'role-created', type: 'MembershipRoleCreated', data: { role_id: 'network-role', group_id: null, name: 'Kassenwart', plural_name: 'Kassenwarte', display_type: 'listed' }, metadata },
          { id: 'role-assigned', type: 'MembershipRoleAssigned', data: { role_id: 'network-role', member_id: clients.auditor.id }, metadata },
        ],
        { expectedRevision: 'no_stream' },
      );
      position = Math.max(position, appended.position);
      const entries = ((await call(clients.member, 'get', '/directory/members')).body as DirectoryMembersResponse).entries;
      const audrey = entries.find((entry) => entry.id === clients.auditor.id);
      expect(audrey?.roles).toEqual([{ id: 'network-role', name: 'Kassenwart' }]);
      expect(audrey?.can).toMatchObject({ invite_internal: true, invite_external: false });
      expect(entries.find((entry) => entry.id === clients.guest.id)?.can).toMatchObject({ invite_internal: false, invite_external: true });
      expect(entries.find((entry) => entry.id === clients.member.id)?.can).toMatchObject({ invite_internal: false, invite_external: false });
      const seenByGuest = ((await call(clients.guest, 'get', '/directory/members')).body as DirectoryMembersResponse).entries;
      expect(seenByGuest.every((entry) => entry.can?.invite_internal === false && entry.can.invite_external === false)).toBe(true);
    });

    it("refuses another member's profile to members (403) and lets network administrators edit it", async () => {
      const before = await memberStreamLength(clients.guest.id);
      expect((await call(clients.member, 'put', `/members/${clients.guest.id}`, { first_name: 'Hacked' })).status).toBe(403);
      expect((await call(clients.auditor, 'put', `/members/${clients.guest.id}`, { first_name: 'Hacked' })).status).toBe(403);
      expect(await memberStreamLength(clients.guest.id)).toBe(before);
      expect((await call(clients.admin, 'put', `/members/${clients.guest.id}`, { first_name: 'Georgina' })).status).toBe(200);
      expect(((await call(clients.guest, 'get', `/members/${clients.guest.id}`)).body as MemberDto).first_name).toBe('Georgina');
    });

    it('answers 400 with the field and key, and writes nothing', async () => {
      const before = await memberStreamLength(clients.member.id);
      const empty = await call(clients.member, 'put', `/members/${clients.member.id}`, { first_name: '  ' });
      expect(empty.status).toBe(400);
      expect(JSON.stringify(empty.body)).toContain('first_name');
      expect(JSON.stringify(empty.body)).toContain('required');
      const date = await call(clients.member, 'put', `/members/${clients.member.id}`, { last_name: 'Ok', birthday: '1990-02-30' });
      expect(date.status).toBe(400);
      expect(JSON.stringify(date.body)).toContain('invalid_format');
      expect(await memberStreamLength(clients.member.id)).toBe(before);
    });

    it('answers 404 for an unknown member and 401 when signed out', async () => {
      expect((await call(clients.admin, 'put', '/members/nobody', { first_name: 'X' })).status).toBe(404);
      expect((await request(server).put(`/members/${clients.member.id}`).send({ first_name: 'X' })).status).toBe(401);
    });
  });

  describe('onboarding', () => {
    it('a member registered while the network asks for profile data is pending until PUT /onboarding/profile, which answers redirect_to', async () => {
      expect((await call(clients.admin, 'put', '/administration/settings', { join: { join_ask_for_profile_data: true } })).status).toBe(200);
      const email = 'newcomer@example.org';
      const password = 'a good passphrase for tests';
      const created = await call(clients.admin, 'post', '/administration/members', { user: { email, password, first_name: 'New', last_name: '' } });
      expect(created.status).toBeLessThan(300);
      expect((await call(clients.admin, 'put', '/administration/settings', { join: { join_ask_for_profile_data: false } })).status).toBe(200);
      const newcomer = await signIn(email, password);
      const network = async (client: Client) => ((await call(client, 'get', '/api/v1/network')).body as NetworkResponse).current_member;
      expect((await network(newcomer))?.onboarding_pending).toBe(true);
      // members registered before are not asked
      expect((await network(clients.guest))?.onboarding_pending).toBeUndefined();

      const before = await memberStreamLength(newcomer.id);
      const missing = await call(newcomer, 'put', '/onboarding/profile', { first_name: 'New' });
      expect(missing.status).toBe(400);
      expect(JSON.stringify(missing.body)).toContain('last_name');
      expect(await memberStreamLength(newcomer.id)).toBe(before);

      const done = await call(newcomer, 'put', '/onboarding/profile', { first_name: 'Nora', last_name: 'Neu', birthday: '2000-01-31', show_age: false });
      expect(done.status).toBe(200);
      expect(done.body).toMatchObject({ redirect_to: '/' });
      const events = await running.infra.eventStore.readStream(memberStream(newcomer.id));
      expect(events.map((event) => event.type)).toEqual(['MemberRegistered', 'MemberOnboardingRequested', 'MemberProfileChanged', 'MemberOnboardingCompleted']);
      const member = await network(newcomer);
      expect(member?.onboarding_pending).toBeUndefined();
      expect(member?.displayName).toBe('Nora Neu');
      expect((await call(newcomer, 'put', '/onboarding/profile', { first_name: 'Nora', last_name: 'Neu' })).body).toMatchObject({ redirect_to: '/' });
    });
  });

  describe('change requests', () => {
    const setChangeRequests = async (enabled: boolean, fields: string[]) =>
      expect((await call(clients.admin, 'put', '/administration/settings', { member: { change_requests: { enabled, profile_fields: fields } } })).status).toBe(200);
    afterAll(() => setChangeRequests(false, []));

    it('are refused while the network has none, and the preload says so', async () => {
      expect((await call(clients.guest, 'post', '/change_requests', { last_name: 'Other' })).status).toBe(403);
      const network = (await call(clients.guest, 'get', '/api/v1/network')).body as NetworkResponse;
      expect(network.network.memberships?.change_requests.enabled).toBe(false);
    });

    it('a member asks, the fields become theirs to ask for, administrators accept (applied) or reject', async () => {
      await setChangeRequests(true, ['last_name']);
      const guest = clients.guest;
      const network = (await call(guest, 'get', '/api/v1/network')).body as NetworkResponse;
      expect(network.network.memberships?.change_requests).toEqual({ enabled: true, profile_fields: ['last_name'] });
      const page = (await call(guest, 'get', `/members/${guest.id}`)).body as MemberDto;
      expect(page.can).toMatchObject({ update_profile: true, request_changes: true });
      // the covered field is asked for, not edited; the others stay the member's own
      const locked = await call(guest, 'put', `/members/${guest.id}`, { last_name: 'Self-made' });
      expect(locked.status).toBe(403);
      expect(JSON.stringify(locked.body)).toContain('field_locked');
      expect((await call(guest, 'post', '/change_requests', { first_name: 'Gin' })).status).toBe(400);
      expect((await call(guest, 'post', '/change_requests', {})).status).toBe(400);

      const first = await call(guest, 'post', '/change_requests', { last_name: 'Gast' });
      expect(first.status).toBe(201);
      const firstId = (first.body as { id: string }).id;
      const second = await call(guest, 'post', '/change_requests', { last_name: 'Never' });
      const secondId = (second.body as { id: string }).id;
      expect((await call(guest, 'get', '/administration/change_requests')).status).toBe(403);
      const open = await call(clients.admin, 'get', `/administration/change_requests?filter=${encodeURIComponent('{"status":"open"}')}`);
      expect(open.headers['content-range']).toMatch(/^change_requests 0-\d+\/\d+$/);
      const openIds = (open.body as ChangeRequestDto[]).map((request) => request.id);
      expect(openIds).toEqual(expect.arrayContaining([firstId, secondId]));
      expect((open.body as ChangeRequestDto[]).find((request) => request.id === firstId)).toMatchObject({ member: { id: guest.id }, changes: { last_name: 'Gast' }, fields: ['last_name'] });

      expect((await call(guest, 'post', `/administration/change_requests/${firstId}/accept`)).status).toBe(403);
      expect((await call(clients.admin, 'post', `/administration/change_requests/${firstId}/accept`)).status).toBe(200);
      expect((await call(clients.admin, 'post', `/administration/change_requests/${firstId}/accept`)).status).toBe(200);
      expect((await call(clients.admin, 'post', `/administration/change_requests/${firstId}/reject`)).status).toBe(409);
      expect(((await call(guest, 'get', `/members/${guest.id}`)).body as MemberDto).last_name).toBe('Gast');

      expect((await call(clients.admin, 'post', `/administration/change_requests/${secondId}/reject`)).status).toBe(200);
      expect(((await call(guest, 'get', `/members/${guest.id}`)).body as MemberDto).last_name).toBe('Gast');
      const answered = (await call(clients.admin, 'get', '/administration/change_requests')).body as ChangeRequestDto[];
      expect(Object.fromEntries(answered.map((request) => [request.id, request.status]))).toMatchObject({ [firstId]: 'accepted', [secondId]: 'rejected' });
      expect((await call(clients.admin, 'post', '/administration/change_requests/nothing/accept')).status).toBe(404);
    });

    it('accepting is one append on the member stream (the change and the acceptance together); a conflicting answer appends nothing', async () => {
      await setChangeRequests(true, ['last_name']);
      const guest = clients.guest;
      const submitted = await call(guest, 'post', '/change_requests', { last_name: 'Atomic' });
      expect(submitted.status).toBe(201);
      const id = (submitted.body as { id: string }).id;
      const store = running.infra.eventStore;
      const before = await store.headPosition();
      expect((await call(clients.admin, 'post', `/administration/change_requests/${id}/accept`)).status).toBe(200);
      const appended = await store.readAll({ after: before });
      expect(appended.map((event) => [event.type, event.streamId])).toEqual([
        ['MemberProfileChanged', memberStream(guest.id)],
        ['ChangeRequestAccepted', memberStream(guest.id)],
      ]);
      // one append: consecutive revisions of one stream, recorded in one write
      expect(appended[1]?.revision).toBe((appended[0]?.revision ?? -2) + 1);
      expect(appended[1]?.recordedAt).toBe(appended[0]?.recordedAt);
      expect(((await call(guest, 'get', `/members/${guest.id}`)).body as MemberDto).last_name).toBe('Atomic');

      const head = await store.headPosition();
      const refused = await call(clients.admin, 'post', `/administration/change_requests/${id}/reject`);
      expect(refused.status).toBe(409);
      expect(JSON.stringify(refused.body)).toContain('change_request_closed');
      expect(await store.headPosition()).toBe(head);

      // two administrators' answers racing for one request: one wins, the other is a 409 that appends nothing
      const raced = (await call(guest, 'post', '/change_requests', { last_name: 'Raced' })).body as { id: string };
      const beforeRace = await store.headPosition();
      const answers = await Promise.all([
        call(clients.admin, 'post', `/administration/change_requests/${raced.id}/accept`),
        call(clients.admin, 'post', `/administration/change_requests/${raced.id}/reject`),
      ]);
      expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
      const raceEvents = (await store.readAll({ after: beforeRace })).map((event) => event.type);
      expect(raceEvents).toEqual(answers[0]?.status === 200 ? ['MemberProfileChanged', 'ChangeRequestAccepted'] : ['ChangeRequestRejected']);
    });
  });

  describe('ignored members', () => {
    it('ignores idempotently, lists, and unignores idempotently', async () => {
      const max = clients.member;
      const before = await memberStreamLength(max.id);
      expect((await call(max, 'post', `/api/v1/members/${clients.guest.id}/ignore`)).status).toBe(200);
      expect((await call(max, 'post', `/api/v1/members/${clients.guest.id}/ignore`)).status).toBe(200);
      expect(await memberStreamLength(max.id)).toBe(before + 1);
      const list = (await call(max, 'get', `/members/${max.id}/ignored`)).body as IgnoredMembersResponse;
      expect(list.members.map((member) => member.id)).toEqual([clients.guest.id]);
      expect((await call(max, 'get', '/members/me/ignored')).body).toEqual(list);
      expect((await call(clients.guest, 'get', `/members/${max.id}/ignored`)).status).toBe(403);
      expect((await call(max, 'delete', `/api/v1/members/${clients.guest.id}/ignore`)).status).toBe(200);
      expect((await call(max, 'delete', `/api/v1/members/${clients.guest.id}/ignore`)).status).toBe(200);
      expect(await memberStreamLength(max.id)).toBe(before + 2);
      expect(((await call(max, 'get', `/members/${max.id}/ignored`)).body as IgnoredMembersResponse).members).toEqual([]);
    });

    it('refuses ignoring oneself (422) and unknown members (404)', async () => {
      expect((await call(clients.member, 'post', `/api/v1/members/${clients.member.id}/ignore`)).status).toBe(422);
      expect((await call(clients.member, 'post', '/api/v1/members/nobody/ignore')).status).toBe(404);
    });
  });

  describe('group admin rights', () => {
    it('the last admin makes another member admin, then may leave; demoting the last admin is 409', async () => {
      const categorySlug = ((await call(clients.admin, 'get', '/api/v1/group_categories')).body as GroupCategoriesResponse).group_categories[0].slug;
      const founded = await call(clients.member, 'post', '/groups', { group_category_slug: categorySlug, group: { name: 'Hand over' } });
      expect(founded.status).toBe(201);
      const slug = (founded.body as { slug: string }).slug;
      expect((await call(clients.auditor, 'post', `/api/v1/groups/${slug}/join`)).status).toBe(200);
      expect((await call(clients.member, 'delete', `/groups/${slug}/join`)).status).toBe(409);
      expect((await call(clients.member, 'delete', `/groups/${slug}/administration/admins/${clients.member.id}`)).status).toBe(409);
      // a plain member of the group sees no admin actions and is refused
      const seenByAuditor = (await call(clients.auditor, 'get', `/groups/${slug}/members`)).body as GroupMembersResponse;
      expect(seenByAuditor.members.every((member) => member.can?.make_admin === false && member.can.remove_admin === false)).toBe(true);
      expect((await call(clients.auditor, 'put', `/groups/${slug}/administration/admins/${clients.auditor.id}`)).status).toBe(403);

      const before = (await call(clients.member, 'get', `/groups/${slug}/members`)).body as GroupMembersResponse;
      expect(before.members.find((member) => member.id === clients.auditor.id)?.can).toEqual({ make_admin: true, remove_admin: false });
      expect((await call(clients.member, 'put', `/groups/${slug}/administration/admins/${clients.auditor.id}`)).status).toBe(200);
      expect((await call(clients.member, 'put', `/groups/${slug}/administration/admins/${clients.auditor.id}`)).status).toBe(200);
      const after = (await call(clients.member, 'get', `/groups/${slug}/members`)).body as GroupMembersResponse;
      expect(after.members.filter((member) => member.admin).map((member) => member.id).sort()).toEqual([clients.member.id, clients.auditor.id].sort());
      expect(after.members.find((member) => member.id === clients.auditor.id)?.can).toEqual({ make_admin: false, remove_admin: true });

      expect((await call(clients.member, 'delete', `/groups/${slug}/join`)).status).toBe(200);
      const left = (await call(clients.auditor, 'get', `/groups/${slug}/members`)).body as GroupMembersResponse;
      expect(left.members.map((member) => member.id)).toEqual([clients.auditor.id]);
    });

    it('an admin takes the rights of another admin back', async () => {
      const categorySlug = ((await call(clients.admin, 'get', '/api/v1/group_categories')).body as GroupCategoriesResponse).group_categories[0].slug;
      const slug = ((await call(clients.member, 'post', '/groups', { group_category_slug: categorySlug, group: { name: 'Two admins' } })).body as { slug: string }).slug;
      expect((await call(clients.auditor, 'post', `/api/v1/groups/${slug}/join`)).status).toBe(200);
      expect((await call(clients.member, 'put', `/groups/${slug}/administration/admins/${clients.auditor.id}`)).status).toBe(200);
      expect((await call(clients.member, 'delete', `/groups/${slug}/administration/admins/${clients.auditor.id}`)).status).toBe(200);
      const members = (await call(clients.member, 'get', `/groups/${slug}/members`)).body as GroupMembersResponse;
      expect(members.members.filter((member) => member.admin).map((member) => member.id)).toEqual([clients.member.id]);
    });
  });

  /**
   * The member page's can flags are the answers: for member, external member, network admin and auditor
   * looking at their own page and at another member's, a true update_profile is a 200 and a false one a
   * 403; a true ignore is a 200 and a false one a refusal.
   */
  describe('member flags agree with the answers', () => {
    it.each(['member', 'guest', 'admin', 'auditor'])('%s', async (role) => {
      const viewer = clients[role];
      const other = role === 'member' ? clients.guest : clients.member;
      for (const subject of [viewer, other]) {
        const page = (await call(viewer, 'get', `/members/${subject.id}`)).body as MemberDto;
        const can = page.can as MemberCan;
        const edit = await call(viewer, 'put', `/members/${subject.id}`, { last_name: `${role} ${subject === viewer ? 'own' : 'other'}` });
        expect({ role, subject: subject.email, flag: can.update_profile, accepted: edit.status === 200 }).toEqual({ role, subject: subject.email, flag: can.update_profile, accepted: can.update_profile });
        const ignore = await call(viewer, 'post', `/api/v1/members/${subject.id}/ignore`);
        expect({ role, subject: subject.email, flag: can.ignore, accepted: ignore.status === 200 }).toEqual({ role, subject: subject.email, flag: can.ignore, accepted: can.ignore });
        if (ignore.status === 200) await call(viewer, 'delete', `/api/v1/members/${subject.id}/ignore`);
      }
      const expected: Record<string, boolean> = { member: false, guest: false, admin: true, auditor: false };
      const otherPage = (await call(viewer, 'get', `/members/${other.id}`)).body as MemberDto;
      expect(otherPage.can?.update_profile).toBe(expected[role]);
    });
  });
});
