import request from 'supertest';
import {
  CONSISTENCY_HEADER,
  appointmentFieldsSchema,
  appointmentStream,
  calendarStream,
  type AppointmentTranslationResponse,
  type ErrorResponse,
  type NetworkResponse,
  type TranslationLanguagesResponse,
} from '@cn/contracts';
import { startFakeLibreTranslate, type FakeLibreTranslate } from '@cn/platform/testing';
import { startHarness, type Harness } from '../__tests__/harness';

const fields = (name: string, description: string, calendarId: string): Record<string, unknown> => {
  const start = new Date(Date.now() + 86_400_000);
  return appointmentFieldsSchema.parse({
    name,
    description,
    calendar_ids: [calendarId],
    date: { start: start.toISOString(), end: new Date(start.getTime() + 3_600_000).toISOString(), all_day: false, time_zone: 'Europe/Berlin' },
  });
};

describe('translations API with a LibreTranslate server', () => {
  let fake: FakeLibreTranslate;
  let h: Harness;
  let head = 0;
  const get = (path: string, member?: string) => {
    const req = request(h.server).get(path).set(CONSISTENCY_HEADER, String(head));
    return member ? req.set('Cookie', h.cookie(member)) : req;
  };

  beforeAll(async () => {
    fake = await startFakeLibreTranslate({ apiKey: 'key' });
    h = await startHarness({ TRANSLATION_URL: fake.url, TRANSLATION_API_KEY: 'key', EMAIL_ATTACHMENT_LIMIT_MB: '25' });
    await h.register('alice', 'Alice', 'Author');
    await h.register('bob', 'Bob', 'Baker');
    await h.append(calendarStream('network-cal'), 'CalendarCreated', { calendar_id: 'network-cal', name: 'Network', color: '1976d2', type: 'network', parent_id: null, author_id: 'alice' }, 'alice');
    await h.append(calendarStream('alice-cal'), 'CalendarCreated', { calendar_id: 'alice-cal', name: 'Private', color: 'd32f2f', type: 'personal', parent_id: null, author_id: 'alice' }, 'alice');
    await h.append(appointmentStream('party'), 'AppointmentCreated', { appointment_id: 'party', author_id: 'alice', appointment: fields('Sommerfest', 'Wir grillen im Hof.', 'network-cal') }, 'alice');
    head = await h.append(appointmentStream('private'), 'AppointmentCreated', { appointment_id: 'private', author_id: 'alice', appointment: fields('Gute Nacht', '', 'alice-cal') }, 'alice');
  });
  afterAll(async () => {
    await h.close();
    await fake.close();
  });

  it('tells the consoles that translation is on, and the attachment limit', async () => {
    const body = (await get('/api/v1/network', 'bob').expect(200)).body as NetworkResponse;
    expect(body.network.features).toEqual({ translations: true });
    expect(body.network.email_attachment_size_limit_mb).toBe(25);
  });

  it("lists our languages the service offers (English as EN-GB), for members only", async () => {
    await get('/translations/languages').expect(401);
    const body = (await get('/translations/languages', 'bob').expect(200)).body as TranslationLanguagesResponse;
    expect(body.languages).toEqual([
      { code: 'de', label: 'DE' },
      { code: 'en', label: 'EN-GB' },
      { code: 'es', label: 'ES' },
      { code: 'fr', label: 'FR' },
    ]);
  });

  it('translates name and description once; the cache answers the same request again', async () => {
    const before = fake.translateRequests.length;
    const first = (await get('/translations/en/appointment/party', 'bob').expect(200)).body as AppointmentTranslationResponse;
    expect(first).toEqual({ name: 'Summer party', description: 'We barbecue in the yard.', language: 'en', source_language: 'de' });
    expect(fake.translateRequests.slice(before)).toEqual([
      { q: ['Sommerfest', 'Wir grillen im Hof.'], source: 'auto', target: 'en', format: 'text', api_key: 'key' },
    ]);
    const again = (await get('/translations/en/appointment/party', 'alice').expect(200)).body as AppointmentTranslationResponse;
    expect(again).toEqual(first);
    expect(fake.translateRequests).toHaveLength(before + 1);
    // another language is another entry
    const spanish = (await get('/translations/es/appointment/party', 'bob').expect(200)).body as AppointmentTranslationResponse;
    expect(spanish.name).toBe('Fiesta de verano');
    expect(fake.translateRequests).toHaveLength(before + 2);
  });

  it('translates again once the appointment was edited', async () => {
    const before = fake.translateRequests.length;
    head = await h.append(
      appointmentStream('party'),
      'AppointmentUpdated',
      { appointment_id: 'party', appointment: fields('Guten Morgen', 'Wir grillen im Hof.', 'network-cal'), changed_fields: ['name'] },
      'alice',
      new Date(Date.now() + 60_000),
    );
    const body = (await get('/translations/fr/appointment/party', 'bob').expect(200)).body as AppointmentTranslationResponse;
    expect(body.name).toBe('Bonjour');
    const edited = (await get('/translations/en/appointment/party', 'bob').expect(200)).body as AppointmentTranslationResponse;
    expect(edited.name).toBe('Good morning');
    expect(fake.translateRequests).toHaveLength(before + 2);
  });

  it('answers 401 signed out, 400 for an unknown language, 404 unknown, 403 for an appointment the member may not see', async () => {
    await get('/translations/en/appointment/party').expect(401);
    const unknown = (await get('/translations/it/appointment/party', 'bob').expect(400)).body as ErrorResponse;
    expect(unknown.errors).toEqual([expect.objectContaining({ field: 'lang', key: 'invalid_value' })]);
    await get('/translations/en/appointment/nothing', 'bob').expect(404);
    const before = fake.translateRequests.length;
    expect(((await get('/translations/en/appointment/private', 'bob').expect(403)).body as ErrorResponse).error).toBe('forbidden');
    expect(fake.translateRequests).toHaveLength(before);
    await get('/translations/en/appointment/private', 'alice').expect(200);
  });

  it('answers 503 translation_unavailable when the service fails, and recovers after', async () => {
    fake.failWith(500);
    try {
      const body = (await get('/translations/de/appointment/private', 'alice').expect(503)).body as ErrorResponse;
      expect(body.error).toBe('translation_unavailable');
    } finally {
      fake.failWith(null);
    }
    await get('/translations/de/appointment/private', 'alice').expect(200);
  });
});

describe('translations API without a translation service', () => {
  let h: Harness;
  let head = 0;
  beforeAll(async () => {
    h = await startHarness();
    await h.register('alice', 'Alice', 'Author');
    await h.append(calendarStream('network-cal'), 'CalendarCreated', { calendar_id: 'network-cal', name: 'Network', color: '1976d2', type: 'network', parent_id: null, author_id: 'alice' }, 'alice');
    head = await h.append(appointmentStream('party'), 'AppointmentCreated', { appointment_id: 'party', author_id: 'alice', appointment: fields('Sommerfest', '', 'network-cal') }, 'alice');
  });
  afterAll(() => h.close());

  it('says the feature is off (attachment limit 10 MB by default) and answers 404 translation_unavailable', async () => {
    const cookie = h.cookie('alice');
    const network = (await request(h.server).get('/api/v1/network').set('Cookie', cookie).set(CONSISTENCY_HEADER, String(head)).expect(200)).body as NetworkResponse;
    expect(network.network.features).toEqual({ translations: false });
    expect(network.network.email_attachment_size_limit_mb).toBe(10);
    const off = (await request(h.server).get('/translations/en/appointment/party').set('Cookie', cookie).expect(404)).body as ErrorResponse;
    expect(off.error).toBe('translation_unavailable');
    await request(h.server).get('/translations/languages').set('Cookie', cookie).expect(404);
  });
});
