import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Server } from 'node:http';
import request from 'supertest';
import WebSocket from 'ws';
import {
  CONSISTENCY_HEADER,
  type AppointmentDto,
  type AppointmentsMonthResponse,
  type CalendarsResponse,
  type InvitesResponse,
  type NetworkResponse,
} from '@cn/contracts';
import { loadConfig } from '@cn/platform';
import { DEMO_PASSWORD } from '@cn/command-service';
import { eventually } from '@cn/platform/testing';
import { PROJECTION_RUNTIME, type ProjectionServiceRuntime } from '@cn/projection-service';
import { startStandalone, type RunningStandalone } from './standalone';

interface Client {
  id: string;
  cookie: string;
  csrf: string;
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** The calendar flow through the command routes and back out of the read side, in one process. */
describe('calendar module through the write and the read side', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cn-calendar-flow-'));
  let running: RunningStandalone;
  let server: Server;
  let position = 0;

  const signIn = async (email: string): Promise<Client> => {
    const res = await request(server).post('/users/sign_in').send({ email, password: DEMO_PASSWORD }).expect(200);
    const cookie = (res.headers['set-cookie'] as unknown as string[])[0]?.split(';')[0] ?? '';
    const network = (await request(server).get('/api/v1/network').set('Cookie', cookie).expect(200)).body as NetworkResponse;
    return { id: network.current_member?.id ?? '', cookie, csrf: network.csrf_token ?? '' };
  };
  const send = async (client: Client, method: 'post' | 'put', path: string, body: object): Promise<Record<string, unknown>> => {
    const res = await request(server)[method](path).set('Cookie', client.cookie).set('X-CSRF-Token', client.csrf).send(body);
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    const answer = res.body as { position: number };
    position = Math.max(position, answer.position);
    return res.body as Record<string, unknown>;
  };
  const get = (client: Client, path: string) => request(server).get(path).set('Cookie', client.cookie).set(CONSISTENCY_HEADER, String(position));

  beforeAll(async () => {
    const config = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'calendar-flow-secret-0123456789abcdef012345', PORT: '0', PASSWORD_SCRYPT_N: '1024', LOG_LEVEL: 'error' });
    running = await startStandalone(config, { repositoryRoot: dataDir, host: '127.0.0.1' });
    server = running.app.getHttpServer() as Server;
  });
  afterAll(async () => {
    await running.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates a weekly appointment, invites, modifies one occurrence and reads it all back', async () => {
    const admin = await signIn('admin@example.org');
    const member = await signIn('member@example.org');
    const created = await send(admin, 'post', '/calendars', { type: 'network', calendar: { name: 'Flow', color: '00796b' } });
    const calendarId = String(created.id);
    const now = new Date();
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 8));
    const appointment = await send(admin, 'post', '/appointments', {
      appointment: {
        name: 'Weekly flow',
        calendar_ids: [calendarId],
        date: { start: start.toISOString(), end: new Date(start.getTime() + 3_600_000).toISOString(), all_day: false, time_zone: 'Europe/Berlin' },
        recurrence_pattern: { recurrence_frequency: 'weekly', recurrence_interval: 1 },
      },
    });
    const id = String(appointment.id);
    await send(admin, 'post', `/appointments/${id}/participants`, { participant: { membership_ids: [member.id], status: 'invited' }, apply_to: 'all' });

    const calendars = (await get(member, '/calendars').expect(200)).body as CalendarsResponse;
    expect(calendars.calendars.find((c) => c.id === calendarId)).toMatchObject({ name: 'Flow', color: '00796b', type: 'network' });

    const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    const month = `${next.getUTCFullYear()}-${pad(next.getUTCMonth() + 1)}`;
    const listing = (await get(member, `/appointments?date=${month}&view=sheet&type=month`).expect(200)).body as AppointmentsMonthResponse;
    const occurrences = listing.appointments.filter((a) => a.recurring_appointment_id === id);
    expect(occurrences.length).toBeGreaterThanOrEqual(4);
    const second = occurrences[1];
    if (!second) throw new Error('occurrences expected');

    await send(admin, 'put', `/appointments/${second.id}`, {
      appointment: {
        name: 'Moved flow',
        calendar_ids: [calendarId],
        date: { ...second.date, start: second.date.start, end: new Date(Date.parse(second.date.end) + 3_600_000).toISOString() },
        recurrence_pattern: { recurrence_frequency: 'weekly', recurrence_interval: 1 },
      },
    });
    const after = (await get(member, `/appointments?date=${month}`).expect(200)).body as AppointmentsMonthResponse;
    const renamed = after.appointments.filter((a) => a.recurring_appointment_id === id);
    expect(renamed.map((a) => a.name).filter((name) => name === 'Moved flow')).toHaveLength(1);
    expect(renamed).toHaveLength(occurrences.length);

    const detail = (await get(member, `/appointments/${id}`).expect(200)).body as AppointmentDto;
    expect(detail.my_invite).toMatchObject({ status: 'open' });
    expect(detail.can).toMatchObject({ update: false, download_attendees: false });
    const invites = (await get(member, '/api/v1/invites?filter=appointments&status=open&limit=50').expect(200)).body as InvitesResponse;
    expect(invites.invites.map((i) => i.appointment.id)).toContain(id);

    await get(member, `/appointments/${id}/attendees.csv`).expect(403);
    await get(admin, `/appointments/${id}/attendees.csv`).expect(200);
    const ics = await get(member, `/appointments/${id}.ics`).set('Accept', 'text/html').expect(200);
    expect(ics.text).toContain('RRULE:FREQ=WEEKLY');
    expect(ics.text).toContain('SUMMARY:Moved flow');

    const token = await send(member, 'post', '/users/calendar_token', {});
    const subscribe = (await get(member, '/calendars/subscribe').expect(200)).body as { feeds: Array<{ path: string }> };
    const feed = subscribe.feeds.find((f) => f.path.endsWith('/participating.ics'));
    const webcal = await request(server).get(`${feed?.path}?token=${encodeURIComponent(String(token.token))}`).expect(200);
    expect(webcal.text).toContain('SUMMARY:Weekly flow');
  });
  it('tells the waiting member over the realtime channel when a decline frees their place', async () => {
    const admin = await signIn('admin@example.org');
    const member = await signIn('member@example.org');
    const auditor = await signIn('auditor@example.org');
    const created = await send(admin, 'post', '/calendars', { type: 'network', calendar: { name: 'Limited', color: 'c62828' } });
    const start = new Date(Date.now() + 3 * 24 * 3_600_000);
    const appointment = await send(admin, 'post', '/appointments', {
      appointment: {
        name: 'Workshop for one',
        calendar_ids: [String(created.id)],
        date: { start: start.toISOString(), end: new Date(start.getTime() + 3_600_000).toISOString(), all_day: false, time_zone: 'Europe/Berlin' },
        attendee_configuration: { total: 1, total_attendees_enforced: true },
      },
    });
    const id = String(appointment.id);
    await send(admin, 'post', `/appointments/${id}/participants`, {
      participant: { membership_ids: [member.id, auditor.id], status: 'invited' },
      apply_to: 'all',
    });
    await send(member, 'put', `/appointments/${id}/participants/me`, { participant: { status: 'accepted' } });
    await send(auditor, 'post', `/appointments/${id}/waitlist`, {});

    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const socket = new WebSocket(`ws://127.0.0.1:${port}/api/realtime`, { headers: { Cookie: auditor.cookie } });
    const messages: Array<{ collection: string; id: string; doc: { name?: string } }> = [];
    socket.on('message', (raw: Buffer) => messages.push(JSON.parse(raw.toString('utf8')) as (typeof messages)[number]));
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    const runtime = running.app.get<ProjectionServiceRuntime>(PROJECTION_RUNTIME, { strict: false });
    await eventually(() => runtime.hub.connectionCount() > 0, 5000, 10);

    await send(member, 'put', `/appointments/${id}/participants/me`, { participant: { status: 'declined' } });
    const promotion = await eventually(() => messages.find((m) => m.collection === 'waitlist_promotions') ?? false, 5000).finally(() => socket.close());
    expect(promotion).toMatchObject({ id, doc: { name: 'Workshop for one' } });
    const detail = (await get(auditor, `/appointments/${id}`).expect(200)).body as AppointmentDto;
    expect(detail.participants.find((p) => p.id === 'me')?.status).toBe('accepted');
  });
});
