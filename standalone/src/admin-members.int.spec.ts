import { join } from 'node:path';
import { readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import WebSocket from 'ws';
import { memberStream, type AdminMemberDto, type MemberManagerCan } from '@cn/contracts';
import { DEMO_PASSWORD } from '@cn/command-service';
import { httpCaller, signInClient, type SignedInClient } from './testing/signed-in-client';
import { useDemoServer } from './testing/demo-server';

/**
 * Network administration of members on one process: the list with the member manager menu, the menu's
 * flags compared with the answers for every role, creating a member with a welcome mail whose link sets
 * the password, and locking (sessions and open realtime sockets end at once).
 */
describe('administration of members', () => {
  const demo = useDemoServer('admin-members');
  const clients: Record<string, SignedInClient> = demo.clients;

  const { call } = httpCaller(() => demo.server);
  const rows = async (client: SignedInClient): Promise<AdminMemberDto[]> => (await call(client, 'get', '/administration/members?range=[0,99]')).body as AdminMemberDto[];
  const lastMail = (): { to: string[]; subject: string; text: string } => {
    const outbox = join(demo.dataDir, 'outbox');
    const mails = readdirSync(outbox).filter((name) => name.endsWith('.json')).sort();
    return JSON.parse(readFileSync(join(outbox, mails[mails.length - 1]), 'utf8')) as { to: string[]; subject: string; text: string };
  };

  beforeAll(async () => {
    expect((await call(clients.admin, 'put', '/administration/settings', { member: { two_factor: 'enabled' } })).status).toBe(200);
  });

  it('lists members with Content-Range to administrators and auditors (auditors read only), never to members', async () => {
    const answer = await call(clients.admin, 'get', '/administration/members?sort=["name","ASC"]&range=[0,1]&filter={"q":"member"}');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-range']).toMatch(/^members 0-\d+\/\d+$/);
    expect((await call(clients.member, 'get', '/administration/members')).status).toBe(403);
    expect((await call(clients.guest, 'get', '/administration/members')).status).toBe(403);
    const seenByAuditor = await rows(clients.auditor);
    expect(seenByAuditor.length).toBeGreaterThan(0);
    for (const row of seenByAuditor) expect(Object.values(row.manage).some(Boolean)).toBe(false);
  });

  /** what each menu entry does, as a request: 2xx when the flag is on, a refusal when it is off */
  const actions: Record<keyof Pick<MemberManagerCan, 'lock' | 'toggle_external' | 'reset_two_factor'>, (client: SignedInClient, id: string) => Promise<number>> = {
    lock: async (client, id) => {
      const status = (await call(client, 'put', `/administration/members/${id}/lock`, { locked: true })).status;
      if (status < 300) await call(clients.admin, 'put', `/administration/members/${id}/lock`, { locked: false });
      return status;
    },
    toggle_external: async (client, id) => {
      const status = (await call(client, 'put', `/administration/members/${id}/external`, { external: true })).status;
      if (status < 300) await call(clients.admin, 'put', `/administration/members/${id}/external`, { external: false });
      return status;
    },
    reset_two_factor: async (client, id) => (await call(client, 'delete', `/administration/members/${id}/authentication/factors`)).status,
  };

  it('computes the menu with the rule the commands refuse by, for every role and for oneself', async () => {
    const listed = await rows(clients.admin);
    const targets = [clients.member.id, clients.admin.id];
    for (const viewer of ['admin', 'auditor', 'member', 'guest']) {
      for (const target of targets) {
        const row = listed.find((candidate) => candidate.id === target)!;
        // members and guests see no list: their flags are all off, as for the auditor
        const flags = viewer === 'admin' ? row.manage : { lock: false, toggle_external: false, reset_two_factor: false };
        for (const [action, run] of Object.entries(actions)) {
          const status = await run(clients[viewer], target);
          expect({ viewer, target, action, allowed: status < 300 }).toEqual({ viewer, target, action, allowed: flags[action as keyof typeof actions] });
        }
      }
    }
  });

  it('validates the lock request and appends nothing for bad input', async () => {
    const before = (await demo.running.infra.eventStore.readStream(memberStream(clients.member.id))).length;
    const bad = await call(clients.admin, 'put', `/administration/members/${clients.member.id}/lock`, { locked: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([expect.objectContaining({ field: 'locked' })]);
    expect((await call(clients.admin, 'put', '/administration/members/nobody/lock', { locked: true })).status).toBe(404);
    expect((await demo.running.infra.eventStore.readStream(memberStream(clients.member.id))).length).toBe(before);
  });

  it('creates a member with a welcome mail whose one-time link sets the password; the password is then required without it', async () => {
    const missing = await call(clients.admin, 'post', '/administration/members', { user: { email: 'nopass@example.org' } });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([expect.objectContaining({ field: 'user.password', key: 'required' })]);
    const created = await call(clients.admin, 'post', '/administration/members', { user: { email: 'welcome@example.org', send_welcome_mail: true, first_name: 'Wel', last_name: 'Come' } });
    expect(created.status).toBe(201);
    const mail = lastMail();
    expect(mail.to).toEqual(['welcome@example.org']);
    const token = decodeURIComponent(/reset_password_token=([^\s]+)/.exec(mail.text)?.[1] ?? '');
    const password = 'a welcome passphrase 2026';
    const set = await request(demo.server).put('/users/password').send({ user: { reset_password_token: token, password, password_confirmation: password } });
    expect(set.status).toBeLessThan(300);
    await request(demo.server).post('/users/sign_in').send({ email: 'welcome@example.org', password }).expect(200);
    // once: the link does not work again
    const again = await request(demo.server).put('/users/password').send({ user: { reset_password_token: token, password: `${password}!`, password_confirmation: `${password}!` } });
    expect(again.status).toBeGreaterThanOrEqual(400);
  });

  it("locks a member: their next request is 401, their open socket closes, signing in is refused until unlocked", async () => {
    const target = await signInClient(demo.server, 'guest@example.org', DEMO_PASSWORD);
    const port = (demo.server.address() as AddressInfo).port;
    const socket = new WebSocket(`ws://127.0.0.1:${port}/api/realtime`, { headers: { Cookie: target.cookie } });
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    const lockedAt = Date.now();
    expect((await call(clients.admin, 'put', `/administration/members/${target.id}/lock`, { locked: true })).status).toBe(200);
    expect((await request(demo.server).get('/api/v1/authentication/factors').set('Cookie', target.cookie)).status).toBe(401);
    expect((await call(target, 'put', '/api/v1/members/me/status', { type: 'online', text: '' })).status).toBe(401);
    expect(await closed).toBe(4401);
    expect(Date.now() - lockedAt).toBeLessThan(1500);
    expect((await request(demo.server).post('/users/sign_in').send({ email: 'guest@example.org', password: DEMO_PASSWORD })).status).toBe(403);
    expect((await rows(clients.admin)).find((row) => row.id === target.id)?.locked).toBe(true);
    expect((await call(clients.admin, 'put', `/administration/members/${target.id}/lock`, { locked: false })).status).toBe(200);
    const back = await signInClient(demo.server, 'guest@example.org', DEMO_PASSWORD);
    expect((await request(demo.server).get('/api/v1/authentication/factors').set('Cookie', back.cookie)).status).toBe(200);
  });
});
