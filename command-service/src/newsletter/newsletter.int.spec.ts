import { randomUUID } from 'node:crypto';
import { DEFAULT_NEWSLETTER_TEMPLATE, newsletterStream } from '@cn/contracts';
import { startTestService, type TestService } from '../__tests__/command-service-app';

type Session = { memberId: string; headers: Record<string, string> };

const HOUR = 3_600_000;
const at = (days: number, hours = 0) => new Date((Math.floor(Date.now() / HOUR) + days * 24 + hours) * HOUR).toISOString();

describe('the newsletter over HTTP', () => {
  let service: TestService;
  let admin: Session;
  let member: Session;
  let appointmentIds: string[];
  beforeAll(async () => {
    service = await startTestService();
    [admin, member] = await Promise.all(['admin@example.org', 'member@example.org'].map((email) => service.signIn(email)));
    const calendarId = (await service.http.post('/calendars').set(admin.headers).send({ type: 'network', calendar: { name: 'Events' } }).expect(201)).body.id as string;
    appointmentIds = [];
    for (const name of ['Summer fair', 'Choir']) {
      const created = await service.http.post('/appointments').set(admin.headers).send({ appointment: { name, calendar_ids: [calendarId], date: { start: at(3), end: at(3, 2) } } }).expect(201);
      appointmentIds.push(created.body.id as string);
    }
  });
  afterAll(() => service.close());

  const events = async () => service.infra.eventStore.readStream(newsletterStream());
  const settings = { enabled: true, interval: 'semimonthly', day: 1, second_day: 15, time: 'am', second_time: 'pm', revision: 0 };
  const template = { ...DEFAULT_NEWSLETTER_TEMPLATE, body: '<h1>News</h1>{{content}}{{disclaimer}}', revision: 0 };

  describe('PUT /administration/newsletter/settings', () => {
    it('appends NewsletterSettingsChanged; a weekly interval drops the second day and time', async () => {
      await service.http.put('/administration/newsletter/settings').set(admin.headers).send(settings).expect(200);
      await service.http.put('/administration/newsletter/settings').set(admin.headers).send({ ...settings, interval: 'weekly', day: 'fri', revision: 1 }).expect(200);
      const recorded = (await events()).filter((event) => event.type === 'NewsletterSettingsChanged');
      expect(recorded.map((event) => event.data)).toEqual([
        { settings: { enabled: true, interval: 'semimonthly', day: 1, second_day: 15, time: 'am', second_time: 'pm' } },
        { settings: { enabled: true, interval: 'weekly', day: 'fri', second_day: null, time: 'am', second_time: null } },
      ]);
    });

    it('refuses, appending nothing: 401 signed out, 403 a member, 400 days that do not fit the interval, 409 a stale revision', async () => {
      const before = await service.infra.eventStore.headPosition();
      expect((await service.http.put('/administration/newsletter/settings').send(settings).expect(401)).body.error).toBe('unauthenticated');
      expect((await service.http.put('/administration/newsletter/settings').set(member.headers).send(settings).expect(403)).body.error).toBe('forbidden');
      const weekly = await service.http.put('/administration/newsletter/settings').set(admin.headers).send({ ...settings, interval: 'weekly', day: 3, revision: 2 }).expect(400);
      expect(weekly.body.errors).toEqual([{ field: 'day', key: 'invalid_value' }]);
      const monthly = await service.http.put('/administration/newsletter/settings').set(admin.headers).send({ ...settings, interval: 'monthly', day: 32, revision: 2 }).expect(400);
      expect(monthly.body.errors).toEqual([{ field: 'day', key: 'invalid_value' }]);
      const second = await service.http.put('/administration/newsletter/settings').set(admin.headers).send({ ...settings, second_day: null, second_time: null, revision: 2 }).expect(400);
      expect(second.body.errors).toEqual([{ field: 'second_day', key: 'required' }, { field: 'second_time', key: 'required' }]);
      expect((await service.http.put('/administration/newsletter/settings').set(admin.headers).send({ ...settings, interval: 'yearly' }).expect(400)).body.errors).toEqual([{ field: 'interval', key: 'invalid_value' }]);
      const stale = await service.http.put('/administration/newsletter/settings').set(admin.headers).send({ ...settings, revision: 0 }).expect(409);
      expect(stale.body.error).toBe('concurrency_conflict');
      expect(await service.infra.eventStore.headPosition()).toBe(before);
    });
  });

  describe('POST /administration/newsletter/settings/update_upcoming_activities', () => {
    it('appends the order of existing appointments', async () => {
      const order = [appointmentIds[1], appointmentIds[0]];
      await service.http.post('/administration/newsletter/settings/update_upcoming_activities').set(admin.headers).send({ order }).expect(200);
      expect((await events()).at(-1)).toMatchObject({ type: 'NewsletterUpcomingActivitiesOrdered', data: { order } });
    });

    it('refuses, appending nothing: 403 a member, 400 an unknown id, duplicates or no order, 409 a stale revision', async () => {
      const before = await service.infra.eventStore.headPosition();
      const url = '/administration/newsletter/settings/update_upcoming_activities';
      expect((await service.http.post(url).set(member.headers).send({ order: appointmentIds }).expect(403)).body.error).toBe('forbidden');
      expect((await service.http.post(url).set(admin.headers).send({ order: [appointmentIds[0], 'no-such-appointment'] }).expect(400)).body.errors).toEqual([expect.objectContaining({ field: 'order', key: 'unknown_activity' })]);
      expect((await service.http.post(url).set(admin.headers).send({ order: [appointmentIds[0], appointmentIds[0]] }).expect(400)).body.errors).toEqual([{ field: 'order', key: 'duplicate_value' }]);
      expect((await service.http.post(url).set(admin.headers).send({}).expect(400)).body.errors).toEqual([{ field: 'order', key: 'required' }]);
      expect((await service.http.post(url).set(admin.headers).send({ order: appointmentIds, revision: 0 }).expect(409)).body.error).toBe('concurrency_conflict');
      expect(await service.infra.eventStore.headPosition()).toBe(before);
    });
  });

  describe('PUT /administration/newsletter/template', () => {
    it('appends NewsletterTemplateChanged', async () => {
      await service.http.put('/administration/newsletter/template').set(admin.headers).send(template).expect(200);
      expect((await events()).at(-1)).toMatchObject({ type: 'NewsletterTemplateChanged', data: { template: { ...DEFAULT_NEWSLETTER_TEMPLATE, body: template.body } } });
    });

    it('answers both placeholder errors together, 403 to a member and 409 to a stale revision, appending nothing', async () => {
      const before = await service.infra.eventStore.headPosition();
      const both = await service.http.put('/administration/newsletter/template').set(admin.headers).send({ ...template, body: '<p>no placeholders</p>', revision: 1 }).expect(400);
      expect(both.body.errors).toEqual([
        { field: 'body', key: 'content_placeholder_missing' },
        { field: 'body', key: 'disclaimer_placeholder_missing' },
      ]);
      expect((await service.http.put('/administration/newsletter/template').set(member.headers).send(template).expect(403)).body.error).toBe('forbidden');
      expect((await service.http.put('/administration/newsletter/template').set(admin.headers).send({ ...template, css: 'p {}', revision: 0 }).expect(409)).body.error).toBe('concurrency_conflict');
      expect(await service.infra.eventStore.headPosition()).toBe(before);
    });
  });

  it('keeps deciding after the sending side recorded a slot in the same stream (its event is no save of a form)', async () => {
    const recorded = await events();
    await service.infra.eventStore.append(
      newsletterStream(),
      [{ id: randomUUID(), type: 'NewsletterSent', data: { slot: 'newsletter@2026-12-07T06:00:00.000Z', recipients: 3 }, metadata: { memberId: null, occurredAt: new Date().toISOString(), correlationId: randomUUID(), causationId: randomUUID(), schemaVersion: 1 } }],
      { expectedRevision: recorded[recorded.length - 1].revision },
    );
    await service.http.put('/administration/newsletter/settings').set(admin.headers).send({ ...settings, day: 3, revision: 2 }).expect(200);
    expect((await events()).at(-1)).toMatchObject({ type: 'NewsletterSettingsChanged', data: { settings: { day: 3 } } });
  });
});
