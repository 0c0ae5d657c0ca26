import { CONSISTENCY_HEADER, DEFAULT_NETWORK_ID, networkStream, type NetworkSettingsEvent } from '@cn/contracts';
import { startTestService, type TestService } from '../../__tests__/command-service-app';
import { networkSettingsDecider } from './change-network-settings.decider';
import { DEMO_TEXTS } from '../../seed/demo-texts';

describe('PUT /administration/settings', () => {
  let service: TestService;
  let admin: { memberId: string; headers: Record<string, string> };
  beforeAll(async () => {
    service = await startTestService();
    admin = await service.signIn('admin@example.org');
  });
  afterAll(() => service.close());

  const networkEvents = () => service.infra.eventStore.readStream(networkStream(DEFAULT_NETWORK_ID));
  const currentSettings = async () =>
    (await networkEvents()).reduce(
      (state, event) => networkSettingsDecider.evolve(state, { type: event.type, data: event.data } as NetworkSettingsEvent),
      networkSettingsDecider.initialState(),
    );

  it('was seeded with the demo network name, in German by default', async () => {
    expect((await currentSettings()).basic).toMatchObject({ name: DEMO_TEXTS.de.network, language: 'de' });
  });

  it('answers 401 when signed out and 403 for a member who is not an administrator', async () => {
    const signedOut = await service.http.put('/administration/settings').send({ basic: { name: 'X' } }).expect(401);
    expect(signedOut.body).toEqual({ statusCode: 401, error: 'unauthenticated', errors: [] });
    const member = await service.signIn('member@example.org');
    const forbidden = await service.http.put('/administration/settings').set(member.headers).send({ basic: { name: 'X' } }).expect(403);
    expect(forbidden.body.error).toBe('forbidden');
    const auditor = await service.signIn('auditor@example.org');
    await service.http.put('/administration/settings').set(auditor.headers).send({ basic: { name: 'X' } }).expect(403);
  });

  it('answers 403 invalid_csrf_token without a valid CSRF token', async () => {
    const missing = await service.http.put('/administration/settings').set('Cookie', admin.headers['Cookie']).send({ basic: { name: 'X' } }).expect(403);
    expect(missing.body.error).toBe('invalid_csrf_token');
    await service.http
      .put('/administration/settings')
      .set({ ...admin.headers, 'X-CSRF-Token': 'forged' })
      .send({ basic: { name: 'X' } })
      .expect(403);
  });

  it.each([
    [{ mail: { digests: { max_upcoming_appointments: 31 } } }, 'mail.digests.max_upcoming_appointments', 'too_big'],
    [{ member: { two_factor: 'enabled', two_factor_totp_available: false, two_factor_email_available: false } }, 'member.two_factor_totp_available', 'selection_required'],
    [{ member: { show_map: true } }, 'member.network_location.street', 'required'],
    [{ basic: { name: 42 } }, 'basic.name', 'invalid_type'],
    [{ basic: { name: 'x'.repeat(101) } }, 'basic.name', 'too_long'],
    [{ basic: { colour: 'red' } }, 'basic.colour', 'unknown_field'],
    [{ basic: { time_zone: 'Mars/Olympus_Mons' } }, 'basic.time_zone', 'invalid'],
    [{ basic: { time_zone: 7 } }, 'basic.time_zone', 'invalid_type'],
    [{ branding: {} }, 'branding', 'unknown_field'],
    [{ basic: 'Demo' }, 'basic', 'invalid_type'],
    [[], 'body', 'invalid_type'],
  ])('answers 400 with field and key and appends nothing for %j', async (body, field, key) => {
    const head = await service.infra.eventStore.headPosition();
    const res = await service.http.put('/administration/settings').set(admin.headers).send(body as object).expect(400);
    expect(res.body.statusCode).toBe(400);
    expect(res.body.error).toBe('validation_failed');
    expect(res.body.errors).toContainEqual({ field, key });
    expect(await service.infra.eventStore.headPosition()).toBe(head);
  });

  it('answers 400 for malformed JSON', async () => {
    const res = await service.http.put('/administration/settings').set(admin.headers).set('Content-Type', 'application/json').send('{"basic":').expect(400);
    expect(res.body.errors).toEqual([{ field: 'body', key: 'invalid_json' }]);
  });

  it('appends one event per changed tab, with the metadata of the request', async () => {
    const before = (await networkEvents()).length;
    const res = await service.http
      .put('/administration/settings')
      .set(admin.headers)
      .set('X-Correlation-Id', 'corr-settings-1')
      .send({ basic: { language: 'en' }, member: { show_online_status: 'enabled' }, join: { join_moderated: true } })
      .expect(200);
    const events = (await networkEvents()).slice(before);
    expect(events.map((event) => event.type)).toEqual(['NetworkBasicSettingsChanged', 'NetworkMemberSettingsChanged']);
    expect(res.body).toEqual({ position: events[1].position });
    expect(res.headers[CONSISTENCY_HEADER.toLowerCase()]).toBe(String(events[1].position));
    for (const event of events) {
      expect(event.metadata).toMatchObject({
        memberId: admin.memberId,
        correlationId: 'corr-settings-1',
        causationId: res.headers['x-request-id'],
        schemaVersion: 1,
      });
    }
    expect(events[0].data).toMatchObject({ changed_fields: ['language'], basic: { name: DEMO_TEXTS.de.network, language: 'en' } });
  });

  it('answers the current position and appends nothing when nothing changes', async () => {
    const head = await service.infra.eventStore.headPosition();
    const res = await service.http.put('/administration/settings').set(admin.headers).send({ basic: { language: 'en' } }).expect(200);
    expect(res.body).toEqual({ position: head });
    expect(await service.infra.eventStore.headPosition()).toBe(head);
  });

  it("sets the network's time zone (the digests' hours), Europe/Berlin until then", async () => {
    const before = (await networkEvents()).length;
    expect((await currentSettings()).basic.time_zone).toBe('Europe/Berlin');
    await service.http.put('/administration/settings').set(admin.headers).send({ basic: { time_zone: 'America/New_York' } }).expect(200);
    const events = (await networkEvents()).slice(before);
    expect(events.map((event) => [event.type, (event.data as { changed_fields: string[] }).changed_fields])).toEqual([['NetworkBasicSettingsChanged', ['time_zone']]]);
    expect(events[0].data).toMatchObject({ basic: { time_zone: 'America/New_York' } });
  });

  it('keeps both of two concurrent changes', async () => {
    const [first, second] = await Promise.all([
      service.http.put('/administration/settings').set(admin.headers).send({ basic: { name: 'Concurrent A' } }),
      service.http.put('/administration/settings').set(admin.headers).send({ basic: { abuse_reports_enabled: true }, mail: { digests: { max_upcoming_appointments: 12 } } }),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const settings = await currentSettings();
    expect(settings.basic).toEqual({ name: 'Concurrent A', language: 'en', abuse_reports_enabled: true, time_zone: 'America/New_York' });
    expect(settings.mail.digests.max_upcoming_appointments).toBe(12);
    const revisions = (await networkEvents()).map((event) => event.revision);
    expect(revisions).toEqual(revisions.map((_revision, index) => index));
  });
});
