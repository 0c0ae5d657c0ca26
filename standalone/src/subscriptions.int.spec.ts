import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { type MemberSubscriptionsResponse, type SubscriptionEntry } from '@cn/contracts';
import { eventually } from '@cn/platform/testing';
import { httpCaller, type SignedInClient } from './testing/signed-in-client';
import { useDemoServer } from './testing/demo-server';

type Client = SignedInClient;

/**
 * Subscriptions as a feature, all services in one process: for every role, the list GET
 * /members/{id}/subscriptions answers (groups one belongs to, channels one may see, each with
 * can.subscribe) agrees with what the groups' and channels' own subscribe commands do, and a toggle shows
 * in the list at once.
 */
describe('subscriptions: the list and its flags against the subscribe commands, for every role', () => {
  jest.setTimeout(60_000);
  const demo = useDemoServer('subscriptions');
  const clients: Record<string, Client> = demo.clients;

  const { call } = httpCaller(() => demo.server);
  const listOf = async (client: Client): Promise<SubscriptionEntry[]> => {
    const res = await call(client, 'get', `/members/${client.id}/subscriptions`);
    expect(res.status).toBe(200);
    return (res.body as MemberSubscriptionsResponse).subscriptions;
  };
  const toggle = (client: Client, entry: Pick<SubscriptionEntry, 'type' | 'slug'>, on: boolean) =>
    entry.type === 'group' ? call(client, on ? 'post' : 'delete', `/api/v1/groups/${entry.slug}/subscribe`) : call(client, 'post', `/channels/${entry.slug}/${on ? 'subscribe' : 'unsubscribe'}`);

  it("nobody reads another member's subscriptions", async () => {
    for (const [name, client] of Object.entries(clients)) {
      const other = name === 'admin' ? clients.member : clients.admin;
      expect((await call(client, 'get', `/members/${other.id}/subscriptions`)).status).toBe(403);
    }
    expect((await request(demo.server).get(`/members/${clients.member.id}/subscriptions`)).status).toBe(401);
  });

  it('every entry toggles as its flag says, shows the new state at once, and what is not listed is what the commands refuse', async () => {
    // everything any role is offered: the commands are tried on all of it for every role
    const offered = new Map<string, Pick<SubscriptionEntry, 'type' | 'slug'>>();
    const lists = new Map<string, SubscriptionEntry[]>();
    for (const [name, client] of Object.entries(clients)) {
      const list = await listOf(client);
      lists.set(name, list);
      for (const entry of list) offered.set(`${entry.type}:${entry.slug}`, { type: entry.type, slug: entry.slug });
    }
    expect([...offered.values()].some((entry) => entry.type === 'group')).toBe(true);
    expect([...offered.values()].some((entry) => entry.type === 'channel')).toBe(true);

    const answers = { allowed: 0, refused: 0 };
    for (const [name, client] of Object.entries(clients)) {
      const mine = new Map((lists.get(name) ?? []).map((entry) => [`${entry.type}:${entry.slug}`, entry]));
      for (const [key, target] of offered) {
        const entry = mine.get(key);
        const on = !(entry?.subscribed ?? false);
        const res = await toggle(client, target, on);
        const allowed = entry?.can.subscribe ?? false;
        expect([name, key, res.status < 300]).toEqual([name, key, allowed]);
        answers[allowed ? 'allowed' : 'refused'] += 1;
        if (!allowed) continue;
        const after = (await listOf(client)).find((candidate) => `${candidate.type}:${candidate.slug}` === key);
        expect([name, key, after?.subscribed]).toEqual([name, key, on]);
        // back as it was
        expect((await toggle(client, target, !on)).status).toBeLessThan(300);
      }
    }
    // both answers were exercised
    expect(answers.allowed).toBeGreaterThan(0);
    expect(answers.refused).toBeGreaterThan(0);
  });

  it('a post in a subscribed group reaches the subscriber by mail, sent by the reactor beside the read side', async () => {
    const { admin, member } = clients;
    // a group both belong to (the demo's gardening group)
    const adminGroups = new Set((await listOf(admin)).filter((entry) => entry.type === 'group').map((entry) => entry.slug));
    const shared = (await listOf(member)).find((entry) => entry.type === 'group' && entry.can.subscribe && adminGroups.has(entry.slug));
    expect(shared).toBeDefined();
    if (!shared) return;
    if (!shared.subscribed) expect((await toggle(member, shared, true)).status).toBeLessThan(300);
    const posted = await request(demo.server)
      .post(`/api/v1/activitystreams/${shared.slug}/activities`)
      .set('Cookie', admin.cookie)
      .set('X-CSRF-Token', admin.csrf)
      .send({ content: '<p>Seed swap on Sunday</p>' });
    expect(posted.status).toBeLessThan(300);
    const outbox = join(demo.dataDir, 'outbox');
    const mailTo = (email: string) =>
      existsSync(outbox)
        ? readdirSync(outbox)
            .filter((name) => name.endsWith('.json'))
            .map((name) => JSON.parse(readFileSync(join(outbox, name), 'utf8')) as { to: string[]; subject: string; text: string })
            .filter((mail) => mail.to.includes(email) && mail.text.includes('Seed swap on Sunday'))
        : [];
    const [mail] = await eventually(() => mailTo(member.email).length === 1 && mailTo(member.email), 10_000);
    expect(mail.subject).toContain(shared.name);
    // never to the author
    expect(mailTo(admin.email)).toEqual([]);
  });
});
