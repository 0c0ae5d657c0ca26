import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import WebSocket from 'ws';
import {
  CONSISTENCY_HEADER,
  groupStream,
  type CalendarsResponse,
  type GroupCategoriesResponse,
  type GroupDetailDto,
  type GroupDirectoryResponse,
  type GroupInvitesResponse,
  type GroupOptionsResponse,
  type GroupSearchResponse,
  type JoinRequestsResponse,
  type MyGroupsResponse,

} from '@cn/contracts';
import { loadConfig } from '@cn/platform';
import { DEMO_PASSWORD } from '@cn/command-service';
import { startStandalone, type RunningStandalone } from './standalone';
import { signInClient, type SignedInClient } from './testing/signed-in-client';

type Client = SignedInClient;

const PASSWORD = 'a good passphrase for tests';

/**
 * The groups module over HTTP, all services in one process: membership (join, request, accept, reject,
 * leave), invites with the batch rules, favourites and subscriptions (idempotent, counted right under
 * concurrent members), and hidden groups, which exist for nobody outside them — not in lists, the
 * directory, the pickers, calendars, search or realtime pushes.
 */
describe('groups over HTTP', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cn-groups-'));
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
    const header = Number(res.headers[CONSISTENCY_HEADER.toLowerCase()]);
    if (Number.isFinite(header)) position = Math.max(position, header);
    return res;
  };
  const must = async <T = Record<string, unknown>>(client: Client, method: 'get' | 'post' | 'put' | 'delete', path: string, body?: object): Promise<T> => {
    const res = await call(client, method, path, body);
    if (res.status >= 300) throw new Error(`${client.email} ${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as T;
  };
  const register = async (name: string): Promise<Client> => {
    const email = `${name}@example.org`;
    await must(clients.admin, 'post', '/administration/members', { user: { email, password: PASSWORD, first_name: name, last_name: 'Test' } });
    return signIn(email, PASSWORD);
  };
  let categorySlug = '';
  const found = async (founder: Client, name: string, group: object = {}): Promise<string> =>
    (await must<{ slug: string }>(founder, 'post', '/groups', { group_category_slug: categorySlug, group: { name, ...group } })).slug;
  const group = (client: Client, slug: string) => must<GroupDetailDto>(client, 'get', `/api/v1/groups/${slug}`);

  beforeAll(async () => {
    const config = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'groups-int-secret-0123456789abcdef0123456789', PORT: '0', PASSWORD_SCRYPT_N: '1024', LOG_LEVEL: 'error' });
    running = await startStandalone(config, { repositoryRoot: dataDir, host: '127.0.0.1' });
    server = running.app.getHttpServer() as Server;
    for (const name of ['admin', 'member', 'guest', 'auditor']) clients[name] = await signIn(`${name}@example.org`);
    const categories = await must<GroupCategoriesResponse>(clients.admin, 'get', '/api/v1/group_categories');
    categorySlug = categories.group_categories[0].slug;
  });
  afterAll(async () => {
    await running.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('shows the seeded categories in their order and lets admins reorder them (204)', async () => {
    const before = await must<GroupCategoriesResponse>(clients.member, 'get', '/api/v1/group_categories');
    expect(before.group_categories.map((category) => category.order)).toEqual([0, 1]);
    const reversed = before.group_categories.map((category) => category.slug).reverse();
    expect((await call(clients.member, 'put', '/administration/group-categories/order', { order: reversed })).status).toBe(403);
    expect((await call(clients.admin, 'put', '/administration/group-categories/order', { order: reversed })).status).toBe(204);
    const after = await must<GroupCategoriesResponse>(clients.member, 'get', '/api/v1/group_categories');
    expect(after.group_categories.map((category) => category.slug)).toEqual(reversed);
    const unknown = await call(clients.admin, 'put', '/administration/group-categories/order', { order: ['nope'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([{ field: 'order.0', key: 'unknown_group_category' }]);
    await must(clients.admin, 'put', '/administration/group-categories/order', { order: reversed.reverse() });
  });

  it('validates the form: 400 with field and key, nothing appended', async () => {
    const head = await running.infra.eventStore.headPosition();
    const empty = await call(clients.member, 'post', '/groups', { group_category_slug: categorySlug, group: { name: ' ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual([{ field: 'group.name', key: 'required' }]);
    const hidden = await call(clients.member, 'post', '/groups', { group_category_slug: categorySlug, group: { name: 'Secret', access: 'hidden' } });
    expect(hidden.status).toBe(400);
    expect(hidden.body.errors).toEqual([{ field: 'group.access', key: 'hidden_not_allowed' }]);
    const sensitive = await call(clients.admin, 'post', '/groups', { group_category_slug: categorySlug, group: { name: 'Sensitive', sensitive: true } });
    expect(sensitive.body.errors).toEqual([{ field: 'group.access', key: 'open_not_allowed_for_sensitive' }]);
    const category = await call(clients.member, 'post', '/groups', { group_category_slug: 'nope', group: { name: 'X' } });
    expect(category.body.errors).toEqual([{ field: 'group_category_slug', key: 'unknown_group_category' }]);
    expect(await running.infra.eventStore.headPosition()).toBe(head);
    expect((await request(server).post('/groups').send({ group_category_slug: categorySlug, group: { name: 'X' } })).status).toBe(401);
  });

  it('gives groups founded at once with the same name different slugs', async () => {
    const answers = await Promise.all([1, 2, 3].map(() => must<{ slug: string }>(clients.member, 'post', '/groups', { group_category_slug: categorySlug, group: { name: 'Twin Café' } })));
    expect(answers.map((answer) => answer.slug).sort()).toEqual(['twin-cafe', 'twin-cafe-2', 'twin-cafe-3']);
  });

  it('no_member → member in an open group, → in_moderation → member in a moderated one; leave after all', async () => {
    const { member, auditor } = clients;
    const open = await found(member, 'Runners');
    expect((await group(auditor, open)).membership_status_of_current_member).toBe('no_member');
    await must(auditor, 'post', `/api/v1/groups/${open}/join`);
    expect((await group(auditor, open)).membership_status_of_current_member).toBe('member');
    await must(auditor, 'post', `/api/v1/groups/${open}/join`);
    expect((await group(auditor, open)).member_count).toBe(2);
    expect((await must<MyGroupsResponse>(auditor, 'get', '/api/v1/my_groups')).groups.map((g) => g.slug)).toContain(open);

    const moderated = await found(member, 'Quiet readers', { moderated_join: true });
    await must(auditor, 'post', `/api/v1/groups/${moderated}/join`);
    expect((await group(auditor, moderated)).membership_status_of_current_member).toBe('in_moderation');
    expect((await call(auditor, 'get', `/groups/${moderated}/administration/join_requests`)).status).toBe(403);
    const requests = await must<JoinRequestsResponse>(member, 'get', `/groups/${moderated}/administration/join_requests`);
    expect(requests.join_requests).toEqual([{ member: expect.objectContaining({ id: auditor.id }) as unknown, status: 'pending', rejection_message: '' }]);
    expect((await call(auditor, 'post', `/groups/${moderated}/administration/join_requests/${auditor.id}/accept`)).status).toBe(403);
    await must(member, 'post', `/groups/${moderated}/administration/join_requests/${auditor.id}/accept`);
    expect((await group(auditor, moderated)).membership_status_of_current_member).toBe('member');

    // a rejected request shows as rejected, with the message, and cannot be made again
    const guarded = await found(member, 'Guarded', { access: 'closed' });
    const mia = await register('mia');
    await must(mia, 'post', `/api/v1/groups/${guarded}/join`);
    await must(member, 'post', `/groups/${guarded}/administration/join_requests/${mia.id}/reject`, { rejection_message: 'Members of the board only' });
    const rejected = await group(mia, guarded);
    expect([rejected.membership_status_of_current_member, rejected.rejection_message, rejected.can.join_moderated]).toEqual(['rejected', 'Members of the board only', false]);
    expect((await call(mia, 'post', `/api/v1/groups/${guarded}/join`)).status).toBe(403);

    // leaving (confirmed in the console) through either path; the last admin of a group with members stays
    await must(auditor, 'delete', `/groups/${open}/join`);
    expect((await group(auditor, open)).membership_status_of_current_member).toBe('no_member');
    await must(auditor, 'delete', `/api/v1/groups/${moderated}/join`);
    await must(auditor, 'post', `/api/v1/groups/${open}/join`);
    const lastAdmin = await call(member, 'delete', `/groups/${open}/join`);
    expect([lastAdmin.status, lastAdmin.body.error]).toEqual([409, 'last_admin']);
    expect((await group(member, open)).can.leave).toBe(false);
  });

  it('invites: invited → accept → member, decline; batch revoke only open invites, renew unless accepted, obsolete or joined', async () => {
    const { member, auditor, admin } = clients;
    const slug = await found(member, 'Choir friends', { access: 'closed' });
    const ben = await register('ben');
    const cara = await register('cara');
    await must(member, 'post', `/groups/${slug}/membership_invites`, { membership_ids: [auditor.id, ben.id, cara.id], additional_message: 'Come and sing' });
    const unknown = await call(member, 'post', `/groups/${slug}/membership_invites`, { membership_ids: ['nobody'] });
    expect([unknown.status, unknown.body.errors]).toEqual([400, [{ field: 'membership_ids.0', key: 'unknown_member' }]]);
    expect((await call(auditor, 'post', `/groups/${slug}/membership_invites`, { membership_ids: [admin.id] })).status).toBe(403);

    const mine = await must<GroupInvitesResponse>(auditor, 'get', '/api/v1/group_invites');
    expect(mine.open_count).toBe(1);
    expect(mine.invites[0]).toMatchObject({ status: 'open', invitable: { slug }, additional_message: 'Come and sing', author: { id: member.id } });
    expect((await group(auditor, slug)).membership_status_of_current_member).toBe('invited');
    await must(auditor, 'post', `/api/v1/group_invites/${mine.invites[0].id}/accept`);
    expect((await group(auditor, slug)).membership_status_of_current_member).toBe('member');
    expect((await call(ben, 'post', `/api/v1/group_invites/${mine.invites[0].id}/accept`)).status).toBe(404);

    const benInvite = (await must<GroupInvitesResponse>(ben, 'get', '/api/v1/group_invites')).invites[0];
    await must(ben, 'post', `/api/v1/group_invites/${benInvite.id}/decline`);
    expect((await group(ben, slug)).membership_status_of_current_member).toBe('no_member');

    const sent = await must<GroupInvitesResponse>(member, 'get', '/api/v1/group_invites/sent?status=all');
    const byInvitee = new Map(sent.invites.map((invite) => [invite.invitee.id, invite]));
    expect([byInvitee.get(auditor.id)?.status, byInvitee.get(ben.id)?.status, byInvitee.get(cara.id)?.status]).toEqual(['accepted', 'declined', 'open']);
    const ids = (...members: Client[]) => members.map((client) => byInvitee.get(client.id)?.id ?? '');

    const head = await running.infra.eventStore.headPosition();
    const notRevokable = await call(member, 'post', '/batch_invites/revoke', { invite_ids: ids(ben, cara) });
    expect([notRevokable.status, notRevokable.body.error]).toEqual([422, 'not_revokable']);
    const notRenewable = await call(member, 'post', '/batch_invites/renew', { invite_ids: ids(auditor, cara) });
    expect([notRenewable.status, notRenewable.body.error]).toEqual([422, 'not_renewable']);
    expect(await running.infra.eventStore.headPosition()).toBe(head);
    expect((await call(ben, 'post', '/batch_invites/revoke', { invite_ids: ids(cara) })).status).toBe(403);

    await must(member, 'post', '/batch_invites/renew', { invite_ids: ids(ben, cara), body: 'Second call' });
    expect((await must<GroupInvitesResponse>(ben, 'get', '/api/v1/group_invites')).invites[0]).toMatchObject({ status: 'open', additional_message: 'Second call' });
    await must(member, 'post', '/batch_invites/revoke', { invite_ids: ids(ben, cara) });
    expect((await must<GroupInvitesResponse>(cara, 'get', '/api/v1/group_invites')).open_count).toBe(0);
    const revoked = await call(member, 'post', '/batch_invites/renew', { invite_ids: ids(cara) });
    expect(revoked.status).toBe(422);
  });

  it('favourites and subscriptions are idempotent and counted right under 20 concurrent subscribers', async () => {
    const { member } = clients;
    const slug = await found(member, 'Big band');
    const players: Client[] = [];
    for (let i = 0; i < 20; i += 1) players.push(await register(`player${i}`));
    for (const player of players) await must(player, 'post', `/api/v1/groups/${slug}/join`);

    // every player subscribes twice at once, and favourites twice
    const answers = await Promise.all(players.flatMap((player) => [call(player, 'post', `/groups/${slug}/subscribe`), call(player, 'post', `/api/v1/groups/${slug}/subscribe`)]));
    expect(answers.map((res) => res.status).filter((status) => status !== 200)).toEqual([]);
    expect(answers.every((res) => (res.body as { subscription_status: string }).subscription_status === 'subscribed')).toBe(true);
    await Promise.all(players.flatMap((player) => [call(player, 'post', `/api/v1/groups/${slug}/favorite`), call(player, 'post', `/api/v1/groups/${slug}/favorite`)]));

    const events = await running.infra.eventStore.readStream(groupStream((await group(member, slug)).id));
    expect(events.filter((event) => event.type === 'GroupSubscribed')).toHaveLength(20);
    expect(events.filter((event) => event.type === 'GroupFavorited')).toHaveLength(20);
    const seen = await group(players[0], slug);
    expect([seen.subscriber_count, seen.i_haz_subscription, seen.subscription_status, seen.favorited]).toEqual([20, true, 'subscribed', true]);

    await Promise.all(players.slice(0, 5).map((player) => call(player, 'delete', `/groups/${slug}/subscribe`)));
    await must(players[0], 'delete', `/api/v1/groups/${slug}/favorite`);
    const off = await must<{ favorited: boolean }>(players[0], 'delete', `/api/v1/groups/${slug}/favorite`);
    expect(off.favorited).toBe(false);
    expect((await group(players[1], slug)).subscriber_count).toBe(15);

    // favourites first in the navigation
    const other = await found(players[1], 'Aardvarks');
    await must(players[1], 'post', `/api/v1/groups/${slug}/favorite`);
    const nav = await must<MyGroupsResponse>(players[1], 'get', '/api/v1/my_groups');
    expect(nav.groups.map((g) => [g.slug, g.favorited])).toEqual([
      [slug, true],
      [other, false],
    ]);
    // not a member: no favourite, no subscription
    expect((await call(clients.guest, 'post', `/api/v1/groups/${slug}/favorite`)).status).toBe(404);
    expect((await call(clients.auditor, 'post', `/groups/${slug}/subscribe`)).status).toBe(403);
  });

  it('a hidden group exists for nobody outside it: pages, lists, directory, pickers, calendars, search, realtime', async () => {
    const { admin, member, auditor } = clients;
    const slug = await found(admin, 'Secret council', { access: 'hidden', teaser: 'secretive things' });
    const id = (await group(admin, slug)).id;
    await must(admin, 'post', `/groups/${slug}/membership_invites`, { membership_ids: [auditor.id] });
    await must(admin, 'post', '/calendars', { type: 'group', parent_id: id, calendar: { name: 'Council dates', color: '00796b' } });

    // the outsider (Max) and the external guest: 404 on every page, absent from every list
    for (const outsider of [member, clients.guest]) {
      for (const path of [`/api/v1/groups/${slug}`, `/groups/${slug}/members`, `/groups/${slug}/navigation`, `/groups/${slug}`, `/groups/${slug}/calendars`]) {
        expect([path, (await call(outsider, 'get', path)).status]).toEqual([path, 404]);
      }
      for (const action of [() => call(outsider, 'post', `/api/v1/groups/${slug}/join`), () => call(outsider, 'post', `/api/v1/groups/${slug}/favorite`)]) {
        expect((await action()).status).toBe(404);
      }
    }
    const directory = await must<GroupDirectoryResponse>(member, 'get', `/api/v1/group_directory/${categorySlug}?per_page=100`);
    expect(directory.entries.map((entry) => entry.slug)).not.toContain(slug);
    expect((await must<GroupOptionsResponse>(member, 'get', '/groups?q=secret')).groups).toEqual([]);
    expect((await must<CalendarsResponse>(member, 'get', '/calendars')).calendars.map((calendar) => calendar.name)).not.toContain('Council dates');
    expect((await must<GroupSearchResponse>(member, 'get', '/search/groups?q=secret')).groups).toEqual([]);
    expect((await must<GroupSearchResponse>(clients.guest, 'get', '/search/groups?q=secret')).groups).toEqual([]);

    // those inside it (and the invited member) find it
    expect((await must<GroupSearchResponse>(admin, 'get', '/search/groups?q=secret')).groups.map((hit) => hit.slug)).toEqual([slug]);
    expect((await must<GroupSearchResponse>(auditor, 'get', '/search/groups?q=secret')).groups.map((hit) => hit.slug)).toEqual([slug]);
    expect((await group(auditor, slug)).membership_status_of_current_member).toBe('invited');
    const adminDirectory = await must<GroupDirectoryResponse>(admin, 'get', `/api/v1/group_directory/${categorySlug}?per_page=100`);
    expect(adminDirectory.entries.find((entry) => entry.slug === slug)).toMatchObject({ access: 'hidden', membership_status_of_current_member: 'member' });

    // realtime: a change of the hidden group is pushed to its members, never to an outsider watching groups
    const listen = async (client: Client) => {
      const socket = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}/api/realtime`, { headers: { Cookie: client.cookie } });
      const messages: Array<{ collection: string; id: string }> = [];
      socket.on('message', (raw: Buffer) => {
        const message = JSON.parse(raw.toString('utf8')) as { type: string; collection: string; id: string };
        if (message.type === 'changed') messages.push(message);
      });
      await new Promise<void>((resolve, reject) => {
        socket.once('open', () => resolve());
        socket.once('error', reject);
      });
      socket.send(JSON.stringify({ type: 'watch', topics: ['groups'] }));
      return { messages, close: () => socket.close() };
    };
    const outsider = await listen(member);
    const insider = await listen(admin);
    const open = await found(admin, 'Open announcements');
    const openId = (await group(admin, open)).id;
    await new Promise((resolve) => setTimeout(resolve, 200));
    await must(admin, 'put', `/groups/${slug}`, { group: { teaser: 'still secret' } });
    await must(admin, 'put', `/groups/${open}`, { group: { teaser: 'for everyone' } });
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline && !(outsider.messages.some((m) => m.id === openId) && insider.messages.some((m) => m.id === id))) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    outsider.close();
    insider.close();
    expect(insider.messages.some((m) => m.collection === 'groups' && m.id === id)).toBe(true);
    expect(outsider.messages.some((m) => m.collection === 'groups' && m.id === openId)).toBe(true);
    expect(outsider.messages.filter((m) => m.id === id)).toEqual([]);
  });

  it('archive shows the group as archived and stops joining; delete removes it everywhere', async () => {
    const { member, auditor } = clients;
    const slug = await found(member, 'Short lived');
    const archived = await must<{ archived: boolean }>(member, 'put', `/groups/${slug}/archive`);
    expect(archived.archived).toBe(true);
    const seen = await group(auditor, slug);
    expect([seen.archived, seen.can.join, seen.can.update]).toEqual([true, false, false]);
    expect((await call(auditor, 'post', `/api/v1/groups/${slug}/join`)).status).toBe(403);
    const edit = await call(member, 'put', `/groups/${slug}`, { group: { name: 'Renamed' } });
    expect([edit.status, edit.body.error]).toEqual([422, 'group_archived']);
    await must(member, 'delete', `/groups/${slug}/archive`);
    expect((await group(auditor, slug)).can.join).toBe(true);
    expect((await call(auditor, 'delete', `/groups/${slug}`)).status).toBe(403);
    await must(member, 'delete', `/groups/${slug}`);
    expect((await call(member, 'get', `/api/v1/groups/${slug}`)).status).toBe(404);
    expect((await must<MyGroupsResponse>(member, 'get', '/api/v1/my_groups')).groups.map((g) => g.slug)).not.toContain(slug);
    expect((await must<GroupSearchResponse>(member, 'get', '/search/groups?q=short')).groups).toEqual([]);
  });
});
