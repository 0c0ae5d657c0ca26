import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { AppointmentDto, InvitesResponse, NetworkResponse } from '@cn/contracts';
import { loadConfig } from '@cn/platform';
import { DEMO_PASSWORD } from '@cn/command-service';
import { eventually } from '@cn/platform/testing';
import { startStandalone, type RunningStandalone } from './standalone';

interface Client {
  id: string;
  cookie: string;
  csrf: string;
}

/** Deleting a calendar leaves no orphan: its own appointments go with it, shared ones stay in the others. */
describe('a deleted calendar takes its appointments along', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cn-calendar-deletion-'));
  let running: RunningStandalone;
  let server: Server;

  const signIn = async (email: string): Promise<Client> => {
    const res = await request(server).post('/users/sign_in').send({ email, password: DEMO_PASSWORD }).expect(200);
    const cookie = (res.headers['set-cookie'] as unknown as string[])[0]?.split(';')[0] ?? '';
    const network = (await request(server).get('/api/v1/network').set('Cookie', cookie).expect(200)).body as NetworkResponse;
    return { id: network.current_member?.id ?? '', cookie, csrf: network.csrf_token ?? '' };
  };
  const send = async (client: Client, method: 'post' | 'delete', path: string, body?: object): Promise<Record<string, unknown>> => {
    const res = await request(server)[method](path).set('Cookie', client.cookie).set('X-CSRF-Token', client.csrf).send(body);
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as Record<string, unknown>;
  };
  const get = (client: Client, path: string) => request(server).get(path).set('Cookie', client.cookie);

  beforeAll(async () => {
    const config = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'calendar-deletion-secret-0123456789abcdef012', PORT: '0', PASSWORD_SCRYPT_N: '1024', LOG_LEVEL: 'error' });
    running = await startStandalone(config, { repositoryRoot: dataDir, host: '127.0.0.1' });
    server = running.app.getHttpServer() as Server;
  });
  afterAll(async () => {
    await running.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('deletes the appointments only in it, keeps those also in another calendar without it, and the invites follow', async () => {
    const admin = await signIn('admin@example.org');
    const member = await signIn('member@example.org');
    const calendar = async (name: string) => String((await send(admin, 'post', '/calendars', { type: 'network', calendar: { name, color: '00796b' } })).id);
    const [doomed, kept] = [await calendar('Doomed'), await calendar('Kept')];
    const start = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 4, 5, 9));
    const appointment = async (name: string, calendarIds: string[]) => {
      const id = String(
        (
          await send(admin, 'post', '/appointments', {
            appointment: { name, calendar_ids: calendarIds, date: { start: start.toISOString(), end: new Date(start.getTime() + 3_600_000).toISOString(), all_day: false, time_zone: 'Europe/Berlin' } },
          })
        ).id,
      );
      await send(admin, 'post', `/appointments/${id}/participants`, { participant: { membership_ids: [member.id], status: 'invited' }, apply_to: 'all' });
      return id;
    };
    const alone = await appointment('Only in the doomed calendar', [doomed]);
    const both = await appointment('In both calendars', [doomed, kept]);
    const openInvites = async () =>
      ((await get(member, '/api/v1/invites?filter=appointments&status=open&limit=50').expect(200)).body as InvitesResponse).invites.map((invite) => invite.appointment.id);
    await eventually(async () => expect(await openInvites()).toEqual(expect.arrayContaining([alone, both])));

    await send(admin, 'delete', `/calendars/${doomed}`);

    await eventually(async () => {
      expect((await get(member, `/appointments/${alone}`)).status).toBe(404);
      const stays = (await get(member, `/appointments/${both}`).expect(200)).body as AppointmentDto;
      expect(stays.calendars.map((c) => c.id)).toEqual([kept]);
      const invites = await openInvites();
      expect(invites).toContain(both);
      expect(invites).not.toContain(alone);
    });
  });
});
