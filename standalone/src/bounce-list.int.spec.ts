import type { AddressInfo } from 'node:net';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import WebSocket from 'ws';
import { membershipSettingsAbilities, membershipSettingsStream, type MembershipSettingsResponse } from '@cn/contracts';
import type { OutboxMailPort } from '@cn/platform';
import { bounceListMailOf, PROJECTION_RUNTIME, runDigestSlot, type ProjectionServiceRuntime } from '@cn/projection-service';
import { useDemoServer } from './testing/demo-server';
import { httpCaller } from './testing/signed-in-client';

/** issues 11, 14: a permanent refusal bounce-lists the address; member mails skip it until it is activated again */
describe('the bounce list', () => {
  const demo = useDemoServer('bounce-list');
  const { call, must } = httpCaller(() => demo.server);
  const infra = () => demo.running.infra;
  const stream = (id: string) => infra().eventStore.readStream(membershipSettingsStream(id));
  const readModelsAt = (position: number) => demo.running.app.get<ProjectionServiceRuntime>(PROJECTION_RUNTIME, { strict: false }).readModels.waitFor(position, 5000);
  const outboxTo = (address: string): number => {
    const dir = join(demo.dataDir, 'outbox');
    if (!existsSync(dir)) return 0;
    return readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .filter((name) => (JSON.parse(readFileSync(join(dir, name), 'utf8')) as { to: string[] }).to.includes(address)).length;
  };
  const digest = async (at: string) =>
    runDigestSlot(
      { store: infra().documentStore, eventStore: infra().eventStore, mail: bounceListMailOf(infra()), clock: () => new Date(at), baseUrl: 'http://localhost', readModelsAt, timeZone: 'UTC' },
      { kind: 'email_digests', at, id: `email_digests@${at}` },
    );

  it('bounce-lists a permanently refused address, skips it, and lets the member activate it again', async () => {
    const { member, guest, admin } = demo.clients;
    const outbox = infra().mail as OutboxMailPort;
    // the SMTP test hook: the mail server refuses the member's address for good
    outbox.rejections.set(member.email, { responseCode: 550, response: '5.1.1 <member@example.org>: Recipient address rejected: User unknown' });

    // the member's open console: their settings changes are pushed to it
    const pushed: Array<{ collection?: string; id?: string }> = [];
    const socket = new WebSocket(`ws://127.0.0.1:${(demo.server.address() as AddressInfo).port}/api/realtime`, { headers: { Cookie: member.cookie } });
    socket.on('message', (raw: Buffer) => pushed.push(JSON.parse(raw.toString('utf8')) as { collection?: string; id?: string }));
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const pushedWithin = async (ms: number): Promise<boolean> => {
      for (const started = Date.now(); Date.now() - started < ms; await new Promise((resolve) => setTimeout(resolve, 20))) {
        if (pushed.some((message) => message.collection === 'membership_settings' && message.id === member.id)) return true;
      }
      return false;
    };

    const before = await must<MembershipSettingsResponse>(member, 'get', '/members/me/settings');
    expect([before.bounced, before.can.reactivate]).toEqual([false, false]);
    // not listed: nothing to activate (409 not_bounced), nothing appended
    const head = await infra().eventStore.headPosition();
    expect((await call(member, 'post', `/members/${member.id}/email/reactivate`)).body).toMatchObject({ error: 'not_bounced' });
    expect(await infra().eventStore.headPosition()).toBe(head);

    // a member mail is refused: the address is bounce-listed once, with the server's reply (no secrets)
    await bounceListMailOf(infra()).send({ to: [member.email], subject: 'A notification', text: 'Hello' });
    await bounceListMailOf(infra()).send({ to: [member.email], subject: 'Another', text: 'Hello' });
    const bounced = (await stream(member.id)).filter((event) => event.type === 'MemberEmailBounced');
    expect(bounced).toHaveLength(1);
    expect(bounced[0].data).toEqual({ member_id: member.id, reason: '550 5.1.1 <member@example.org>: Recipient address rejected: User unknown' });
    await readModelsAt(bounced[0].position);
    expect(await pushedWithin(1000)).toBe(true);
    pushed.length = 0;

    // the next digest skips the member (no mail, no DigestSent); the admin's still goes out
    outbox.rejections.clear();
    const run = await digest('2026-12-07T07:00:00.000Z');
    expect(run.sent).not.toContain(member.id);
    expect(run.empty).not.toContain(member.id);
    expect(outboxTo(member.email)).toBe(0);
    expect((await stream(member.id)).some((event) => event.type === 'DigestSent')).toBe(false);

    // the settings answer: bounced, and can.reactivate for the member themself
    const listed = await must<MembershipSettingsResponse>(member, 'get', '/members/me/settings');
    expect([listed.bounced, listed.can.reactivate]).toEqual([true, true]);

    // flags vs answers: another member is refused (403, nothing appended) and sees no settings either
    const refusedAt = await infra().eventStore.headPosition();
    expect((await call(guest, 'post', `/members/${member.id}/email/reactivate`)).status).toBe(403);
    expect((await call(guest, 'get', `/members/${member.id}/settings`)).status).toBe(403);
    expect(await infra().eventStore.headPosition()).toBe(refusedAt);

    // the member activates it again: MemberEmailReactivated, the answer follows, mails go out again
    expect((await call(member, 'post', '/members/me/email/reactivate')).status).toBe(200);
    expect((await stream(member.id)).at(-1)).toMatchObject({ type: 'MemberEmailReactivated', data: { member_id: member.id } });
    expect(await pushedWithin(1000)).toBe(true);
    socket.close();
    const after = await must<MembershipSettingsResponse>(member, 'get', '/members/me/settings');
    expect([after.bounced, after.can.reactivate]).toEqual([false, false]);
    await bounceListMailOf(infra()).send({ to: [member.email], subject: 'Back', text: 'Hello' });
    expect(outboxTo(member.email)).toBe(1);
    // and the next digest covers the member again (what skipped them was the bounce list)
    const again = await digest('2026-12-14T07:00:00.000Z');
    expect([...again.sent, ...again.empty]).toContain(member.id);

    // a network administrator may activate another member's address (and the flag says so by the same rule)
    outbox.rejections.set(member.email, { responseCode: 554, response: 'rejected' });
    await bounceListMailOf(infra()).send({ to: [member.email], subject: 'Again', text: 'Hello' });
    await readModelsAt(await infra().eventStore.headPosition());
    expect((await must<MembershipSettingsResponse>(member, 'get', '/members/me/settings')).bounced).toBe(true);
    // flags vs answers for every role, on the listed member: the rule the settings answer computes can.reactivate by
    const mail = { digests: { enabled: true, max_upcoming_appointments: 0 }, daily_activity: { enabled: true, mode: 'new' as const } };
    const rule = (client: typeof member, admin: boolean) => membershipSettingsAbilities({ member_id: client.id, network_admin: admin }, member.id, mail, true).reactivate;
    expect([rule(member, false), rule(guest, false), rule(admin, true)]).toEqual([true, false, true]);
    expect((await must<MembershipSettingsResponse>(member, 'get', `/members/${member.id}/settings`)).can.reactivate).toBe(rule(member, false));
    expect((await call(guest, 'post', `/members/${member.id}/email/reactivate`)).status).toBe(403);
    expect((await call(admin, 'post', `/members/${member.id}/email/reactivate`)).status).toBe(200);
    expect((await stream(member.id)).at(-1)?.type).toBe('MemberEmailReactivated');
  });
});
