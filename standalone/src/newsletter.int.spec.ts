import type { AddressInfo } from 'node:net';
import request from 'supertest';
import WebSocket from 'ws';
import { DEFAULT_NEWSLETTER_SETTINGS, DEFAULT_NEWSLETTER_TEMPLATE, type NetworkResponse, type NewsletterSettingsDto, type NewsletterTemplateDto, type UpcomingActivitiesDto } from '@cn/contracts';
import { useDemoServer } from './testing/demo-server';
import { requestCaller, type HttpMethod } from './testing/signed-in-client';

const HOUR = 3_600_000;
const at = (days: number, hours = 0) => new Date((Math.floor(Date.now() / HOUR) + days * 24 + hours) * HOUR).toISOString();

/**
 * The newsletter's settings, upcoming-activities order and template through the one-process server: a
 * write read back from its read model, validation (400 with field and key, nothing appended), revisions
 * (409), and authorization per role matching the `can` flags of GET /api/v1/network.
 */
describe('the newsletter administration', () => {
  const demo = useDemoServer('newsletter');
  const { clients } = demo;
  const call = requestCaller(() => demo.server);
  const head = async (): Promise<number> => demo.running.infra.eventStore.headPosition();

  it('reads the defaults, saves settings and reads them back; a stale revision is 409', async () => {
    const form = (await call(clients.admin, 'get', '/administration/newsletter/settings').expect(200)).body as NewsletterSettingsDto;
    expect(form).toEqual({ ...DEFAULT_NEWSLETTER_SETTINGS, revision: 0, updated_at: null });
    await call(clients.admin, 'put', '/administration/newsletter/settings', { enabled: true, interval: 'semimonthly', day: 1, second_day: 15, time: 'am', second_time: 'lpm', revision: 0 }).expect(200);
    const saved = (await call(clients.admin, 'get', '/administration/newsletter/settings').expect(200)).body as NewsletterSettingsDto;
    expect(saved).toMatchObject({ enabled: true, interval: 'semimonthly', day: 1, second_day: 15, time: 'am', second_time: 'lpm', revision: 1 });
    expect((await call(clients.admin, 'put', '/administration/newsletter/settings', { ...DEFAULT_NEWSLETTER_SETTINGS, revision: 0 }).expect(409)).body.error).toBe('concurrency_conflict');
  });

  it('lists upcoming appointments in the saved order, then the others by start', async () => {
    const calendarId = (await call(clients.admin, 'post', '/calendars', { type: 'network', calendar: { name: 'Newsletter events' } }).expect(201)).body.id as string;
    const later = (await call(clients.admin, 'post', '/appointments', { appointment: { name: 'Later fair', calendar_ids: [calendarId], date: { start: at(20), end: at(20, 2) } } }).expect(201)).body.id as string;
    const sooner = (await call(clients.admin, 'post', '/appointments', { appointment: { name: 'Sooner choir', calendar_ids: [calendarId], date: { start: at(10), end: at(10, 2) } } }).expect(201)).body.id as string;
    const before = (await call(clients.admin, 'get', '/administration/newsletter/settings/upcoming_activities').expect(200)).body as UpcomingActivitiesDto;
    const ids = before.activities.map((activity) => activity.id);
    expect(ids.indexOf(sooner)).toBeLessThan(ids.indexOf(later));
    await call(clients.admin, 'post', '/administration/newsletter/settings/update_upcoming_activities', { order: [later, sooner] }).expect(200);
    const after = (await call(clients.admin, 'get', '/administration/newsletter/settings/upcoming_activities').expect(200)).body as UpcomingActivitiesDto;
    expect(after.order).toEqual([later, sooner]);
    expect(after.activities.slice(0, 2)).toEqual([
      expect.objectContaining({ id: later, name: 'Later fair', ordered: true }),
      expect.objectContaining({ id: sooner, name: 'Sooner choir', ordered: true }),
    ]);
    expect(after.activities.slice(2).every((activity) => !activity.ordered)).toBe(true);
    const unknown = await call(clients.admin, 'post', '/administration/newsletter/settings/update_upcoming_activities', { order: ['nope'] }).expect(400);
    expect(unknown.body.errors).toEqual([expect.objectContaining({ field: 'order', key: 'unknown_activity' })]);
  });

  it('saves the template and answers both placeholder errors together, appending nothing', async () => {
    const body = '<h2>News</h2>{{content}}<p>{{disclaimer}}</p>';
    await call(clients.admin, 'put', '/administration/newsletter/template', { ...DEFAULT_NEWSLETTER_TEMPLATE, body, css: 'h2 { color: teal }', revision: 0 }).expect(200);
    const saved = (await call(clients.admin, 'get', '/administration/newsletter/template').expect(200)).body as NewsletterTemplateDto;
    expect(saved).toMatchObject({ body, css: 'h2 { color: teal }', revision: 1 });
    const before = await head();
    const both = await call(clients.admin, 'put', '/administration/newsletter/template', { ...DEFAULT_NEWSLETTER_TEMPLATE, body: '<p>{{content}}{{content}}</p>', revision: 1 }).expect(400);
    expect(both.body.errors).toEqual([
      { field: 'body', key: 'content_placeholder_missing' },
      { field: 'body', key: 'disclaimer_placeholder_missing' },
    ]);
    expect(await head()).toBe(before);
  });

  it('lets exactly the roles whose can.administrate is set read and write it', async () => {
    const writes: Array<[HttpMethod, string, object]> = [
      ['put', '/administration/newsletter/settings', { ...DEFAULT_NEWSLETTER_SETTINGS, day: 'fri', revision: 1 }],
      ['post', '/administration/newsletter/settings/update_upcoming_activities', { order: [] }],
      ['put', '/administration/newsletter/template', { ...DEFAULT_NEWSLETTER_TEMPLATE, fonts: 'Georgia', revision: 1 }],
    ];
    const reads = ['/administration/newsletter/settings', '/administration/newsletter/settings/upcoming_activities', '/administration/newsletter/template'];
    for (const role of ['admin', 'member', 'guest', 'auditor'] as const) {
      const can = ((await call(clients[role], 'get', '/api/v1/network').expect(200)).body as NetworkResponse).can;
      const before = await head();
      for (const [method, path, body] of writes) {
        const res = await call(clients[role], method, path, body);
        expect({ role, path, status: res.status }).toEqual({ role, path, status: can.administrate ? 200 : 403 });
      }
      if (!can.administrate) expect(await head()).toBe(before);
      for (const path of reads) {
        const res = await call(clients[role], 'get', path);
        expect({ role, path, status: res.status }).toEqual({ role, path, status: can.administrate ? 200 : 403 });
      }
    }
    for (const path of reads) await call(null, 'get', path).expect(401);
  });

  it("tells every member's open console within a second when the schedule changes, and answers it to members", async () => {
    const port = (demo.server.address() as AddressInfo).port;
    const socket = new WebSocket(`ws://127.0.0.1:${port}/api/realtime`, { headers: { Cookie: clients.member.cookie } });
    const messages: Array<{ collection: string; doc?: { position?: number } }> = [];
    socket.on('message', (raw: Buffer) => {
      const message = JSON.parse(raw.toString('utf8')) as { type: string; collection: string; doc?: { position?: number } };
      if (message.type === 'changed') messages.push(message);
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const current = (await call(clients.admin, 'get', '/administration/newsletter/settings').expect(200)).body as NewsletterSettingsDto;
    const sent = Date.now();
    const saved = await call(clients.admin, 'put', '/administration/newsletter/settings', { enabled: true, interval: 'monthly', day: 28, second_day: null, time: 'pm', second_time: null, revision: current.revision }).expect(200);
    while (Date.now() - sent < 1000 && !messages.some((message) => message.collection === 'newsletter')) await new Promise((resolve) => setTimeout(resolve, 20));
    socket.close();
    expect(messages.find((message) => message.collection === 'newsletter')?.doc?.position).toBe(saved.body.position);
    const schedule = await call(clients.member, 'get', '/api/v1/newsletter').expect(200);
    expect(schedule.body).toEqual({ enabled: true, interval: 'monthly', day: 28, second_day: null, time: 'pm', second_time: null });
    await call(null, 'get', '/api/v1/newsletter').expect(401);
  });

  it('describes every newsletter route and its answers in the OpenAPI document', async () => {
    const docs = (await request(demo.server).get('/api/docs').expect(200)).body as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    expect(Object.keys(docs.paths['/administration/newsletter/settings'].put.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '409']));
    expect(Object.keys(docs.paths['/administration/newsletter/settings/update_upcoming_activities'].post.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '409']));
    expect(Object.keys(docs.paths['/administration/newsletter/template'].put.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '409']));
    for (const path of ['/administration/newsletter/settings', '/administration/newsletter/settings/upcoming_activities', '/administration/newsletter/template', '/api/v1/newsletter']) {
      expect(docs.paths[path].get.responses).toHaveProperty('200');
    }
  });
});
