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
    expect(translated).toEqual({
      subject: 'Summer party',
      content: 'We barbecue in the yard.',
      language: 'en',
      source_language: 'de',
      conversation: [{ id: 'm1', subject: 'Summer party', content: 'We barbecue in the yard.' }],
    });
    expect(fake.translateRequests.slice(before)).toEqual([{ q: ['Sommerfest', 'Wir grillen im Hof.'], source: 'auto', target: 'en', format: 'text', api_key: 'key' }]);
    expect((await get(h, '/translations/en/message/m1', 'ada').expect(200)).body).toEqual(translated);
    expect(fake.translateRequests).toHaveLength(before + 1);
    expect(((await get(h, '/translations/fr/message/m1', 'ada').expect(200)).body as MessageTranslationResponse).subject).toBe("Fête d'été");
  });

  it('translates the whole conversation as the member holds it, in one request, and never a message of it they do not hold', async () => {
    await send(h, 'c1', 'ada', ['bob', 'cat'], 'Gute Nacht', 'Guten Morgen');
    await sendMessage(h, { id: 'c2', author: 'bob', recipients: ['ada'], subject: 'Sommerfest', content: 'Wir grillen im Hof.', conversation_id: 'c1' });
    head = await sendMessage(h, { id: 'c3', author: 'ada', recipients: ['bob'], subject: 'Guten Morgen', content: 'Nur für Bob', conversation_id: 'c1' });
    const before = fake.translateRequests.length;
    const forAda = (await get(h, '/translations/en/message/c2', 'ada').expect(200)).body as MessageTranslationResponse;
    expect(forAda).toMatchObject({ subject: 'Summer party', content: 'We barbecue in the yard.', source_language: 'de' });
    expect(forAda.conversation).toEqual([
      { id: 'c3', subject: 'Good morning', content: '[en] Nur für Bob' },
      { id: 'c2', subject: 'Summer party', content: 'We barbecue in the yard.' },
      { id: 'c1', subject: 'Good night', content: 'Good morning' },
    ]);
    expect(fake.translateRequests.slice(before).map((sent) => sent['q'])).toEqual([['Guten Morgen', 'Nur für Bob', 'Sommerfest', 'Wir grillen im Hof.', 'Gute Nacht', 'Guten Morgen']]);
    // Cat holds only the first message: nothing else of the conversation reaches the service for her
    const forCat = (await get(h, '/translations/es/message/c1', 'cat').expect(200)).body as MessageTranslationResponse;
    expect(forCat.conversation).toEqual([{ id: 'c1', subject: 'Buenas noches', content: 'Buenos días' }]);
    expect(fake.translateRequests.at(-1)?.['q']).toEqual(['Gute Nacht', 'Guten Morgen']);
    // a message Bob deleted for himself is not his to translate any more
    head = await h.append(messageStream('c3'), 'MessageDeleted', { message_id: 'c3', member_id: 'bob' }, 'bob');
    const forBob = (await get(h, '/translations/fr/message/c2', 'bob').expect(200)).body as MessageTranslationResponse;
    expect(forBob.conversation.map((entry) => entry.id)).toEqual(['c2', 'c1']);
    expect(fake.translateRequests.at(-1)?.['q']).toEqual(['Sommerfest', 'Wir grillen im Hof.', 'Gute Nacht', 'Guten Morgen']);
    expect(fake.translateRequests).toHaveLength(before + 3);
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
