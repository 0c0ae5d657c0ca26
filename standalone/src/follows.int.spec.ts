import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import WebSocket from 'ws';
import { DEFAULT_MEMBERSHIP_SETTINGS, memberFollowAbilities, memberStream, type ActivitiesResponse, type FollowingResponse, type FollowStateResponse, type UnreadActivitiesResponse } from '@cn/contracts';
import { signInClient, httpCaller, type SignedInClient } from './testing/signed-in-client';
import { useDemoServer } from './testing/demo-server';

const PASSWORD = 'a good passphrase for tests';

/**
 * Following members over HTTP, all services in one process: follow and unfollow (idempotent, events on
 * the follower's stream, refusals with nothing appended), the follower's list, the followed member's posts
 * in the follower's 'all' stream and unread count, the follower's consoles told live, erased members gone
 * from every list, and the flag equal to the answer for every demo role.
 */
describe('following members over HTTP', () => {
  const demo = useDemoServer('follows');
  const { call, must } = httpCaller(() => demo.server);
  const register = async (name: string): Promise<SignedInClient> => {
    const email = `${name.toLowerCase()}@example.org`;
    await must(demo.clients.admin, 'post', '/administration/members', { user: { email, password: PASSWORD, first_name: name, last_name: 'Test' } });
    return signInClient(demo.server, email, PASSWORD);
  };
  const events = async (memberId: string) => (await demo.running.infra.eventStore.readStream(memberStream(memberId))).filter((event) => event.type.endsWith('Followed') || event.type === 'MemberUnfollowed');
  const following = async (client: SignedInClient) => (await must<FollowingResponse>(client, 'get', `/api/v1/members/${client.id}/following`)).members.map((member) => member.name);

  it('follows and unfollows once each way, on the follower\'s stream; the list shows whom one follows, last first', async () => {
    const fay = await register('Fay');
    const gus = await register('Gus');
    const hal = await register('Hal');
    expect(await must<FollowStateResponse>(fay, 'get', `/api/v1/members/${gus.id}/follow`)).toEqual({ following: false, can: { follow: true } });
    expect(await must(fay, 'post', `/api/v1/members/${gus.id}/follow`)).toEqual(expect.objectContaining({ following: true }));
    await must(fay, 'post', `/api/v1/members/${gus.id}/follow`);
    await must(fay, 'post', `/api/v1/members/${hal.id}/follow`);
    expect((await events(fay.id)).map((event) => [event.type, (event.data as { followed_member_id: string }).followed_member_id])).toEqual([
      ['MemberFollowed', gus.id],
      ['MemberFollowed', hal.id],
    ]);
    expect(await must<FollowStateResponse>(fay, 'get', `/api/v1/members/${gus.id}/follow`)).toEqual({ following: true, can: { follow: true } });
    expect(await following(fay)).toEqual(['Hal Test', 'Gus Test']);
    // nobody else reads whom Fay follows
    expect((await call(gus, 'get', `/api/v1/members/${fay.id}/following`)).status).toBe(403);

    expect(await must(fay, 'delete', `/api/v1/members/${gus.id}/follow`)).toEqual(expect.objectContaining({ following: false }));
    await must(fay, 'delete', `/api/v1/members/${gus.id}/follow`);
    expect((await events(fay.id)).map((event) => event.type)).toEqual(['MemberFollowed', 'MemberFollowed', 'MemberUnfollowed']);
    expect(await following(fay)).toEqual(['Hal Test']);

    // refusals append nothing
    const self = await call(fay, 'post', `/api/v1/members/${fay.id}/follow`);
    expect([self.status, self.body.errors]).toEqual([422, [{ field: 'followed_member_id', key: 'cannot_follow_self' }]]);
    expect((await call(fay, 'post', '/api/v1/members/nobody/follow')).status).toBe(404);
    expect((await call(null, 'post', `/api/v1/members/${gus.id}/follow`)).status).toBe(401);
    expect(await events(fay.id)).toHaveLength(3);
  });

  it("the followed member's posts land in the follower's 'all' stream and count as unread; their consoles hear of a follow at once", async () => {
    const ivy = await register('Ivy');
    const jon = await register('Jon');
    const { latest_position } = await must<ActivitiesResponse>(ivy, 'get', '/api/v1/activitystreams/all/activities');
    await must(ivy, 'post', '/api/v1/activitystreams/all/read', { up_to: latest_position });
    expect((await must<ActivitiesResponse>(ivy, 'get', '/api/v1/activitystreams/all/activities')).unread_count).toBe(0);
    const socket = new WebSocket(`ws://127.0.0.1:${(demo.server.address() as AddressInfo).port}/api/realtime`, { headers: { Cookie: ivy.cookie } });
    const heard: Array<{ collection: string; id: string }> = [];
    socket.on('message', (raw: Buffer) => {
      const message = JSON.parse(raw.toString('utf8')) as { type: string; collection: string; id: string };
      if (message.type === 'changed' && message.collection === 'member_follows') heard.push(message);
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    try {
      const started = Date.now();
      await must(ivy, 'post', `/api/v1/members/${jon.id}/follow`);
      for (let waited = 0; heard.length === 0 && waited < 2000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(heard).toEqual([expect.objectContaining({ collection: 'member_follows', id: ivy.id })]);
      expect(Date.now() - started).toBeLessThan(1000);
    } finally {
      socket.close();
    }
    const { id } = await must<{ id: string }>(jon, 'post', '/api/v1/activitystreams/network/activities', { content: '<p>Hello followers</p>' });
    const all = await must<ActivitiesResponse>(ivy, 'get', '/api/v1/activitystreams/all/activities');
    expect(all.activities[0]).toMatchObject({ id, author: { id: jon.id } });
    expect(all.unread_count).toBe(1);
    expect((await must<UnreadActivitiesResponse>(ivy, 'get', '/api/v1/unreads/activities')).total).toBe(1);
  });

  it('an erased member vanishes from every follow list, and can no longer be followed', async () => {
    const kim = await register('Kim');
    const lou = await register('Lou');
    await must(kim, 'post', `/api/v1/members/${lou.id}/follow`);
    await must(lou, 'post', `/api/v1/members/${kim.id}/follow`);
    expect(await following(kim)).toEqual(['Lou Test']);
    await must(demo.clients.admin, 'delete', `/administration/members/${lou.id}`);
    expect(await following(kim)).toEqual([]);
    expect((await call(kim, 'get', `/api/v1/members/${lou.id}/follow`)).status).toBe(404);
    expect((await call(kim, 'post', `/api/v1/members/${lou.id}/follow`)).status).toBe(404);
    // stopping still works (nothing to keep)
    expect((await call(kim, 'delete', `/api/v1/members/${lou.id}/follow`)).status).toBe(200);
  });

  it('can.follow equals the answer for every demo role', async () => {
    const target = await register('Max');
    for (const role of ['admin', 'member', 'guest', 'auditor'] as const) {
      const client = demo.clients[role];
      for (const subject of [target.id, client.id]) {
        const flag = (await must<FollowStateResponse>(client, 'get', `/api/v1/members/${subject}/follow`)).can.follow;
        expect(flag).toBe(memberFollowAbilities({ id: client.id }, { id: subject, deleted: false }).follow);
        const answer = await call(client, 'post', `/api/v1/members/${subject}/follow`);
        expect([role, subject === client.id ? 'self' : 'other', answer.status < 300]).toEqual([role, subject === client.id ? 'self' : 'other', flag]);
      }
    }
  });

  it("a post of someone one follows is mailed when one chose 'members I follow' (email_subscriptions), once, never to the author", async () => {
    const nia = await register('Nia');
    const ole = await register('Ole');
    const pam = await register('Pam');
    await must(nia, 'post', `/api/v1/members/${ole.id}/follow`);
    await must(pam, 'post', `/api/v1/members/${ole.id}/follow`);
    await must(nia, 'put', `/members/${nia.id}/settings`, { ...DEFAULT_MEMBERSHIP_SETTINGS, email_subscriptions: ['followed_members'] });
    // Pam follows too but keeps the default subscriptions (no followed members): no mail
    await must(ole, 'post', '/api/v1/activitystreams/network/activities', { content: '<p>Allotment open day</p>' });
    const outbox = join(demo.dataDir, 'outbox');
    const mailTo = (email: string) =>
      existsSync(outbox)
        ? readdirSync(outbox)
            .filter((name) => name.endsWith('.json'))
            .map((name) => JSON.parse(readFileSync(join(outbox, name), 'utf8')) as { to: string[]; subject: string; text: string })
            .filter((mail) => mail.to.includes(email) && mail.text.includes('Allotment open day'))
        : [];
    const deadline = Date.now() + 10_000;
    while (mailTo(nia.email).length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(mailTo(nia.email)).toHaveLength(1);
    expect(mailTo(nia.email)[0].text).toContain('Ole Test');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailTo(nia.email)).toHaveLength(1);
    expect(mailTo(pam.email)).toEqual([]);
    expect(mailTo(ole.email)).toEqual([]);
  });
});
