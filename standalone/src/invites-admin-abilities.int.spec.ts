import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { CONSISTENCY_HEADER, mayBatchInvites, type GroupCategoriesResponse, type GroupDetailDto, type GroupInvitesResponse, type InviteAdminDto, type InviteBatchAction } from '@cn/contracts';
import { loadConfig } from '@cn/platform';
import { DEMO_PASSWORD } from '@cn/command-service';
import { startStandalone, type RunningStandalone } from './standalone';
import { signInClient, type SignedInClient } from './testing/signed-in-client';

type Client = SignedInClient;
const PASSWORD = 'a good passphrase for tests';

/**
 * The back office's invites list (GET /administration/invites) hands each row can.revoke and can.renew;
 * the admin console enables its batch buttons from them. For every role, every row and both actions, the
 * flag read at that moment is what the batch command answers: 200 where it says yes, a refusal with
 * nothing appended where it says no.
 */
describe('back office invites: batch flags and batch answers agree for every role', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cn-invites-admin-'));
  let running: RunningStandalone;
  let server: Server;
  let position = 0;
  const clients: Record<string, Client> = {};

  const call = async (client: Client, method: 'get' | 'post', path: string, body?: object) => {
    const pending = request(server)[method](path).set('Cookie', client.cookie).set('X-CSRF-Token', client.csrf).set(CONSISTENCY_HEADER, String(position));
    const res = await (body === undefined ? pending : pending.send(body));
    const answered = (res.body as { position?: unknown } | undefined)?.position;
    if (typeof answered === 'number') position = Math.max(position, answered);
    return res;
  };
  const must = async <T = Record<string, unknown>>(client: Client, method: 'get' | 'post', path: string, body?: object): Promise<T> => {
    const res = await call(client, method, path, body);
    if (res.status >= 300) throw new Error(`${client.email} ${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as T;
  };
  const register = async (name: string): Promise<Client> => {
    const email = `${name}@example.org`;
    await must(clients.admin, 'post', '/administration/members', { user: { email, password: PASSWORD, first_name: name, last_name: 'Test' } });
    return signInClient(server, email, PASSWORD);
  };
  const listOf = (client: Client, groupId: string) =>
    call(client, 'get', `/administration/invites?${new URLSearchParams({ filter: JSON.stringify({ group_id: groupId }), sort: JSON.stringify(['invitee', 'ASC']) }).toString()}`);

  beforeAll(async () => {
    const config = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'invites-admin-int-secret-0123456789abcdef0123', PORT: '0', PASSWORD_SCRYPT_N: '1024', LOG_LEVEL: 'error' });
    running = await startStandalone(config, { repositoryRoot: dataDir, host: '127.0.0.1' });
    server = running.app.getHttpServer() as Server;
    for (const name of ['admin', 'member', 'guest', 'auditor']) clients[name] = await signInClient(server, `${name}@example.org`, DEMO_PASSWORD);
  });
  afterAll(async () => {
    await running.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('lists every status with flags the batch commands confirm, per role; members and guests are refused the list', async () => {
    const { admin, member, auditor, guest } = clients;
    const categories = await must<GroupCategoriesResponse>(admin, 'get', '/api/v1/group_categories');
    const { slug } = await must<{ slug: string }>(member, 'post', '/groups', { group_category_slug: categories.group_categories[0].slug, group: { name: 'Singers', access: 'open' } });
    const groupId = (await must<GroupDetailDto>(member, 'get', `/api/v1/groups/${slug}`)).id;
    const [ben, cara, dan, erin, fay] = [await register('ben'), await register('cara'), await register('dan'), await register('erin'), await register('fay')];
    await must(member, 'post', `/groups/${slug}/membership_invites`, { membership_ids: [ben.id, cara.id, dan.id, erin.id, fay.id], additional_message: 'Sing with us' });
    const inviteOf = async (client: Client) => (await must<GroupInvitesResponse>(client, 'get', '/api/v1/group_invites')).invites[0].id;
    await must(ben, 'post', `/api/v1/group_invites/${await inviteOf(ben)}/decline`);
    await must(cara, 'post', `/api/v1/group_invites/${await inviteOf(cara)}/accept`);
    await must(dan, 'post', `/api/v1/groups/${slug}/join`);
    await must(member, 'post', '/batch_invites/revoke', { invite_ids: [await inviteOf(erin)] });

    const listed = await listOf(admin, groupId);
    expect(listed.status).toBe(200);
    expect(listed.headers['content-range']).toBe('invites 0-4/5');
    const rows = listed.body as InviteAdminDto[];
    expect(rows.map((row) => [row.invitee.name, row.status, row.can])).toEqual([
      ['ben Test', 'declined', { revoke: false, renew: true }],
      ['cara Test', 'accepted', { revoke: false, renew: false }],
      // joining an open group with an open invite accepts it
      ['dan Test', 'accepted', { revoke: false, renew: false }],
      ['erin Test', 'obsolete', { revoke: false, renew: false }],
      ['fay Test', 'open', { revoke: true, renew: true }],
    ]);
    // a mixed selection: the console keeps both buttons off, and the server refuses both
    expect([mayBatchInvites('revoke', rows), mayBatchInvites('renew', rows)]).toEqual([false, false]);
    for (const action of ['revoke', 'renew'] as const) expect((await call(admin, 'post', `/batch_invites/${action}`, { invite_ids: rows.map((row) => row.id) })).status).toBe(422);

    for (const client of [member, guest]) expect((await listOf(client, groupId)).status).toBe(403);

    // the auditor reads the list but acts on none; the administrator may act where the rules allow
    for (const [role, viewer] of [['auditor', auditor], ['admin', admin]] as const) {
      for (const action of ['renew', 'revoke'] as InviteBatchAction[]) {
        for (const invitee of ['ben Test', 'cara Test', 'dan Test', 'erin Test', 'fay Test']) {
          const now = (await listOf(viewer, groupId)).body as InviteAdminDto[];
          const row = now.find((candidate) => candidate.invitee.name === invitee);
          if (!row) throw new Error(`${invitee} missing from the ${role}'s list`);
          const head = await running.infra.eventStore.headPosition();
          const answer = await call(viewer, 'post', `/batch_invites/${action}`, { invite_ids: [row.id] });
          const outcome = { role, action, invitee, status: row.status, flag: row.can[action], answered: answer.status };
          expect(outcome).toEqual({ ...outcome, answered: row.can[action] ? 200 : expect.any(Number) });
          if (!row.can[action]) {
            expect(outcome.answered).toBeGreaterThanOrEqual(400);
            expect(await running.infra.eventStore.headPosition()).toBe(head);
          }
        }
      }
    }
    const after = (await listOf(admin, groupId)).body as InviteAdminDto[];
    expect(after.map((row) => row.status)).toEqual(['obsolete', 'accepted', 'accepted', 'obsolete', 'obsolete']);
  });
});
