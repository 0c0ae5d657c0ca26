import type { AddressInfo } from 'node:net';
import request from 'supertest';
import WebSocket from 'ws';
import {
  membershipRoleStream,
  type AdminMemberDto,
  type MembershipRoleAdminDto,
  type MembershipRoleOptionsResponse,
  type NetworkResponse,
} from '@cn/contracts';
import { useDemoServer } from './testing/demo-server';
import { requestCaller, type HttpMethod } from './testing/signed-in-client';

/**
 * The membership roles manager through the one-process server: create, rename, assign, delete, with 400
 * per field (nothing appended), 409 on a stale revision and on deleting a role still held, and every
 * role's answers matching the `can` flags of GET /api/v1/network.
 */
describe('membership roles manager', () => {
  const demo = useDemoServer('roles');
  const { clients } = demo;
  const call = requestCaller(() => demo.server);
  const head = (): Promise<number> => demo.running.infra.eventStore.headPosition();
  const roleEvents = async (id: string) => (await demo.running.infra.eventStore.readStream(membershipRoleStream(id))).map((event) => event.type);

  let roleId = '';

  it('refuses bad input with 400 naming each field and appends nothing', async () => {
    const before = await head();
    const empty = await call(clients.admin, 'post', '/administration/membership_roles', { name: ' ', plural_name: 'x'.repeat(61), color: 'red' }).expect(400);
    expect(empty.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'name', key: 'required' }),
        expect.objectContaining({ field: 'plural_name', key: 'too_long' }),
        expect.objectContaining({ field: 'color', key: 'invalid_format' }),
      ]),
    );
    const stranger = await call(clients.admin, 'post', '/administration/membership_roles', { name: 'Chair', plural_name: 'Chairs', member_ids: [clients.member.id, 'nobody'] }).expect(400);
    expect(stranger.body.errors).toEqual([expect.objectContaining({ field: 'member_ids.1', key: 'not_found' })]);
    const unknownField = await call(clients.admin, 'post', '/administration/membership_roles', { name: 'Chair', plural_name: 'Chairs', slug: 'mine' }).expect(400);
    expect(unknownField.body.errors).toEqual([expect.objectContaining({ field: 'slug' })]);
    expect(await head()).toBe(before);
  });

  it('creates a role with a slug of the server and its members; the pickers, the list and the member menu see it', async () => {
    const created = await call(clients.admin, 'post', '/administration/membership_roles', {
      name: 'Board member', plural_name: 'Board members', color: '#AA3300', member_ids: [clients.member.id],
    }).expect(201);
    roleId = (created.body as { id: string }).id;
    expect(await roleEvents(roleId)).toEqual(['MembershipRoleCreated', 'MembershipRoleAssigned']);
    const role = (await call(clients.admin, 'get', `/administration/membership_roles/${roleId}`).expect(200)).body as MembershipRoleAdminDto;
    expect(role).toEqual({
      id: roleId, slug: expect.stringMatching(/^board-member-[a-z0-9]{6}$/), name: 'Board member', plural_name: 'Board members',
      color: '#aa3300', text_color: '#ffffff', member_ids: [clients.member.id], member_count: 1, revision: 1,
    });
    const list = await call(clients.auditor, 'get', '/administration/membership_roles?filter={"q":"board"}').expect(200);
    expect((list.body as MembershipRoleAdminDto[]).map((row) => row.id)).toEqual([roleId]);
    expect(list.headers['content-range']).toBe('membership_roles 0-0/1');
    const picker = (await call(clients.member, 'get', '/membership_roles?q=board').expect(200)).body as MembershipRoleOptionsResponse;
    expect(picker.membership_roles).toEqual([expect.objectContaining({ id: roleId, name: 'Board member', group: null, member_count: 1 })]);
    const members = (await call(clients.admin, 'get', '/administration/members').expect(200)).body as AdminMemberDto[];
    expect(members.find((row) => row.id === clients.member.id)?.manage.assign_roles).toBe(true);
  });

  it('renames and reassigns at the revision read, and answers 409 to an edit made on an older one', async () => {
    const body = { name: 'Chair', plural_name: 'Chairs', color: '#aa3300', text_color: '#000000', member_ids: [clients.auditor.id], revision: 1 };
    await call(clients.admin, 'put', `/administration/membership_roles/${roleId}`, body).expect(200);
    expect(await roleEvents(roleId)).toEqual(['MembershipRoleCreated', 'MembershipRoleAssigned', 'MembershipRoleEdited', 'MembershipRoleUnassigned', 'MembershipRoleAssigned']);
    const stale = await call(clients.admin, 'put', `/administration/membership_roles/${roleId}`, { ...body, name: 'Old form' }).expect(409);
    expect(stale.body.error).toBe('concurrency_conflict');
    const role = (await call(clients.admin, 'get', `/administration/membership_roles/${roleId}`).expect(200)).body as MembershipRoleAdminDto;
    expect(role).toMatchObject({ name: 'Chair', plural_name: 'Chairs', text_color: '#000000', member_ids: [clients.auditor.id], revision: 4 });
  });

  it("answers every role as its can flags say: administrators write, auditors read, members and guests neither", async () => {
    const writes: Array<[HttpMethod, string, object | undefined]> = [
      ['post', '/administration/membership_roles', { name: 'Probe', plural_name: 'Probes' }],
      ['put', `/administration/membership_roles/${roleId}`, { name: 'Probe', plural_name: 'Probes', color: '#aa3300', text_color: '#000000', member_ids: [clients.auditor.id], revision: 4 }],
      ['delete', `/administration/membership_roles/${roleId}`, undefined],
    ];
    const reads = ['/administration/membership_roles', `/administration/membership_roles/${roleId}`];
    for (const role of ['member', 'guest', 'auditor'] as const) {
      const can = ((await call(clients[role], 'get', '/api/v1/network').expect(200)).body as NetworkResponse).can;
      const before = await head();
      for (const [method, path, body] of writes) {
        const res = await call(clients[role], method, path, body);
        expect({ role, path, status: res.status }).toEqual({ role, path, status: can.administrate ? 200 : 403 });
      }
      expect(await head()).toBe(before);
      for (const path of reads) {
        const res = await call(clients[role], 'get', path);
        expect({ role, path, status: res.status }).toEqual({ role, path, status: can.audit ? 200 : 403 });
      }
    }
    const adminCan = ((await call(clients.admin, 'get', '/api/v1/network').expect(200)).body as NetworkResponse).can;
    expect(adminCan).toMatchObject({ administrate: true, audit: true });
    for (const path of reads) await call(null, 'get', path).expect(401);
  });

  it('refuses to delete a role somebody holds (409), deletes it once nobody does, and then nobody sees it', async () => {
    const held = await call(clients.admin, 'delete', `/administration/membership_roles/${roleId}`).expect(409);
    expect(held.body).toMatchObject({ error: 'membership_role_in_use', errors: [expect.objectContaining({ field: 'member_ids', key: 'membership_role_in_use' })] });
    await call(clients.admin, 'put', `/administration/membership_roles/${roleId}`, { name: 'Chair', plural_name: 'Chairs', color: '#aa3300', text_color: '#000000', member_ids: [], revision: 4 }).expect(200);
    await call(clients.admin, 'delete', `/administration/membership_roles/${roleId}`).expect(200);
    await call(clients.admin, 'get', `/administration/membership_roles/${roleId}`).expect(404);
    await call(clients.admin, 'put', `/administration/membership_roles/${roleId}`, { name: 'Back', plural_name: 'Backs', color: '#aa3300', text_color: '#000000', member_ids: [], revision: 6 }).expect(404);
    expect(((await call(clients.member, 'get', '/membership_roles?q=chair').expect(200)).body as MembershipRoleOptionsResponse).membership_roles).toEqual([]);
    expect(((await call(clients.admin, 'get', '/administration/membership_roles').expect(200)).body as MembershipRoleAdminDto[]).map((row) => row.id)).not.toContain(roleId);
  });

  it("pushes a role's creation and deletion to a member's open console within a second", async () => {
    const socket = new WebSocket(`ws://127.0.0.1:${(demo.server.address() as AddressInfo).port}/api/realtime`, { headers: { Cookie: clients.member.cookie } });
    const messages: Array<{ collection: string; id: string; at: number }> = [];
    socket.on('message', (raw: Buffer) => {
      const message = JSON.parse(raw.toString('utf8')) as { type: string; collection: string; id: string };
      if (message.type === 'changed') messages.push({ ...message, at: Date.now() });
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    const heard = async (id: string, count: number, since: number): Promise<number | null> => {
      while (Date.now() - since < 1000) {
        const seen = messages.filter((message) => message.collection === 'membership_roles' && message.id === id);
        if (seen.length >= count) return (seen[count - 1]?.at ?? since) - since;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return null;
    };
    const created = Date.now();
    const id = ((await call(clients.admin, 'post', '/administration/membership_roles', { name: 'Treasurer', plural_name: 'Treasurers' }).expect(201)).body as { id: string }).id;
    expect(await heard(id, 1, created)).not.toBeNull();
    const deleted = Date.now();
    await call(clients.admin, 'delete', `/administration/membership_roles/${id}`).expect(200);
    expect(await heard(id, 2, deleted)).not.toBeNull();
    socket.close();
  });

  it('describes the routes and their answers in the OpenAPI document', async () => {
    const docs = (await request(demo.server).get('/api/docs').expect(200)).body as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    expect(Object.keys(docs.paths['/administration/membership_roles'].post.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '403']));
    expect(Object.keys(docs.paths['/administration/membership_roles'].get.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403']));
    expect(Object.keys(docs.paths['/administration/membership_roles/{id}'].put.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404', '409']));
    expect(Object.keys(docs.paths['/administration/membership_roles/{id}'].delete.responses)).toEqual(expect.arrayContaining(['200', '401', '403', '404', '409']));
  });
});
