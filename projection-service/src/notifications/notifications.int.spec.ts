import request from 'supertest';
import WebSocket from 'ws';
import { appointmentFieldsSchema, appointmentStream, calendarStream, CONSISTENCY_HEADER, notificationsStream, type NotificationsResponse } from '@cn/contracts';
import { eventually } from '@cn/platform/testing';
import { startHarness, type Harness } from '../__tests__/harness';
import type { RealtimeMessage } from '../realtime/realtime-hub';

describe('GET /api/v1/notifications', () => {
  let h: Harness;
  let head = 0;
  const get = (member: string, query = '') =>
    request(h.server).get(`/api/v1/notifications${query}`).set('Cookie', h.cookie(member)).set(CONSISTENCY_HEADER, String(head));

  beforeAll(async () => {
    h = await startHarness();
    await h.register('ada', 'Ada', 'Admin', { network_admin: true });
    await h.register('bob', 'Bob', 'Baker');
    await h.append(calendarStream('net'), 'CalendarCreated', { calendar_id: 'net', name: 'Network', color: '1976d2', type: 'network', parent_id: null, author_id: 'ada' }, 'ada');
    const start = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 3, 4, 9));
    await h.append(
      appointmentStream('a1'),
      'AppointmentCreated',
      {
        appointment_id: 'a1',
        author_id: 'ada',
        appointment: appointmentFieldsSchema.parse({
          name: 'Garden party',
          calendar_ids: ['net'],
          date: { start: start.toISOString(), end: new Date(start.getTime() + 3_600_000).toISOString(), all_day: false, time_zone: 'Europe/Berlin' },
        }),
      },
      'ada',
    );
    head = await h.append(
      appointmentStream('a1'),
      'ParticipantsInvited',
      { appointment_id: 'a1', occurrence_start: null, participants: [{ member_id: 'bob', status: 'invited' }], group_ids: [], membership_role_ids: [], send_email_notification: false, invited_by: 'ada' },
      'ada',
    );
  });
  afterAll(() => h.close());

  it('lists the invite with its actor and appointment, unread, and nothing for the inviter', async () => {
    const bob = (await get('bob').expect(200)).body as NotificationsResponse;
    expect(bob.unread_count).toBe(1);
    expect(bob.newest_position).toBe(head);
    expect(bob.notifications).toEqual([
      {
        id: `a1:${head}`,
        kind: 'appointment_invited',
        at: expect.any(String),
        position: head,
        read: false,
        actor: { id: 'ada', name: 'Ada Admin', path: '/members/ada' },
        subject: { type: 'appointment', id: 'a1', name: 'Garden party', html_url: '/appointments/a1' },
      },
    ]);
    expect(((await get('ada').expect(200)).body as NotificationsResponse).notifications).toEqual([]);
    expect((await get('bob', '?limit=500').expect(400)).body.errors).toEqual([{ field: 'limit', key: 'too_big' }]);
    await request(h.server).get('/api/v1/notifications').expect(401);
  });

  it('pushes the new unread count to the member on a cancellation, and marks read up to a position', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${h.port}/api/realtime`, { headers: { Cookie: h.cookie('bob') } });
    const received: RealtimeMessage[] = [];
    ws.on('message', (raw: Buffer) => received.push(JSON.parse(raw.toString('utf8')) as RealtimeMessage));
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    await eventually(() => h.service.runtime.hub.isConnected('bob'));

    head = await h.append(appointmentStream('a1'), 'AppointmentCanceled', { appointment_id: 'a1', occurrence_start: null }, 'ada');
    await eventually(() => expect(received).toContainEqual({ type: 'changed', collection: 'notifications', id: 'bob', doc: { unread_count: 2, position: head } }));
    const before = (await get('bob').expect(200)).body as NotificationsResponse;
    expect(before.notifications.map((n) => [n.kind, n.read])).toEqual([
      ['appointment_canceled', false],
      ['appointment_invited', false],
    ]);

    head = await h.append(notificationsStream('bob'), 'NotificationsRead', { member_id: 'bob', up_to: before.newest_position }, 'bob');
    await eventually(() => expect(received).toContainEqual({ type: 'changed', collection: 'notifications', id: 'bob', doc: { unread_count: 0, position: head } }));
    const after = (await get('bob').expect(200)).body as NotificationsResponse;
    expect(after.unread_count).toBe(0);
    expect(after.notifications.every((n) => n.read)).toBe(true);
    ws.close();
  });
});
