import request from 'supertest';
import { CONSISTENCY_HEADER, messageStream, type ErrorResponse, type MessageTranslationResponse } from '@cn/contracts';
import { startFakeLibreTranslate, type FakeLibreTranslate } from '@cn/platform/testing';
import { sendMessage } from '../__tests__/messages';
import { startHarness, type Harness } from '../__tests__/harness';

describe('translating a direct message (GET /translations/{lang}/message/{id})', () => {
  let fake: FakeLibreTranslate;
  let h: Harness;
  let head = 0;
  const get = (harness: Harness, path: string, member?: string) => {
    const req = request(harness.server).get(path).set(CONSISTENCY_HEADER, String(head));
    return member ? req.set('Cookie', harness.cookie(member)) : req;
  };
  const send = (harness: Harness, id: string, author: string, recipients: string[], subject: string, content: string): Promise<number> =>
    sendMessage(harness, { id, author, recipients, subject, content });

  beforeAll(async () => {
    fake = await startFakeLibreTranslate({ apiKey: 'key' });
    h = await startHarness({ TRANSLATION_URL: fake.url, TRANSLATION_API_KEY: 'key' });
    for (const [id, first] of [
      ['ada', 'Ada'],
      ['bob', 'Bob'],
      ['cat', 'Cat'],
    ] as const)
      await h.register(id, first, 'Member');
    await send(h, 'm1', 'ada', ['bob'], 'Sommerfest', 'Wir grillen im Hof.');
    head = await send(h, 'm2', 'ada', ['cat'], 'Gute Nacht', 'Guten Morgen');
  });
  afterAll(async () => {
    await h.close();
    await fake.close();
  });

  it('translates subject and text for the recipient and the author, asking the service once per language', async () => {
    const before = fake.translateRequests.length;
    const translated = (await get(h, '/translations/en/message/m1', 'bob').expect(200)).body as MessageTranslationResponse;
    expect(translated).toEqual({ subject: 'Summer party', content: 'We barbecue in the yard.', language: 'en', source_language: 'de' });
    expect(fake.translateRequests.slice(before)).toEqual([{ q: ['Sommerfest', 'Wir grillen im Hof.'], source: 'auto', target: 'en', format: 'text', api_key: 'key' }]);
    expect((await get(h, '/translations/en/message/m1', 'ada').expect(200)).body).toEqual(translated);
    expect(fake.translateRequests).toHaveLength(before + 1);
    expect(((await get(h, '/translations/fr/message/m1', 'ada').expect(200)).body as MessageTranslationResponse).subject).toBe("Fête d'été");
  });

  it('never sends a message the member does not hold to the service: 404 for a stranger, a deleted copy, an unknown id; 401 signed out', async () => {
    const before = fake.translateRequests.length;
    expect(((await get(h, '/translations/de/message/m2', 'bob').expect(404)).body as ErrorResponse).error).toBe('not_found');
    expect(((await get(h, '/translations/de/message/nope', 'bob').expect(404)).body as ErrorResponse).error).toBe('not_found');
    await get(h, '/translations/de/message/m1').expect(401);
    head = await h.append(messageStream('m1'), 'MessageDeleted', { message_id: 'm1', member_id: 'bob' }, 'bob');
    await get(h, '/translations/es/message/m1', 'bob').expect(404);
    expect(fake.translateRequests).toHaveLength(before);
  });

  it('refuses a language that is not offered, and answers 503 translation_unavailable while the service fails', async () => {
    const refused = (await get(h, '/translations/xx/message/m2', 'cat').expect(400)).body as ErrorResponse;
    expect(refused.errors).toEqual([{ field: 'lang', key: 'invalid_value' }]);
    fake.failWith(500);
    try {
      expect(((await get(h, '/translations/es/message/m2', 'cat').expect(503)).body as ErrorResponse).error).toBe('translation_unavailable');
    } finally {
      fake.failWith(null);
    }
    expect(((await get(h, '/translations/es/message/m2', 'cat').expect(200)).body as MessageTranslationResponse).content).toBe('Buenos días');
  });

  it('answers 404 translation_unavailable where no translation service is configured', async () => {
    const off = await startHarness();
    try {
      await off.register('ada', 'Ada', 'Member');
      await off.register('bob', 'Bob', 'Member');
      head = await send(off, 'm1', 'ada', ['bob'], 'Sommerfest', 'Wir grillen im Hof.');
      expect(((await get(off, '/translations/en/message/m1', 'bob').expect(404)).body as ErrorResponse).error).toBe('translation_unavailable');
    } finally {
      await off.close();
    }
  });
});
