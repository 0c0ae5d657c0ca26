import { describe, expect, it } from '@jest/globals';
import { startFakeLibreTranslate, describeTranslatorContract } from '@cn/platform/testing';
import { createLibreTranslateTranslator } from './libretranslate-translator';
import { TranslationFailed } from './translation';

// the adapter against a local server speaking LibreTranslate's API (a real one: the e2e spec)
describeTranslatorContract('LibreTranslate (local fake server)', {
  available: true,
  create: async () => {
    const fake = await startFakeLibreTranslate();
    return { subject: createLibreTranslateTranslator({ url: fake.url }), cleanup: () => fake.close() };
  },
});

describe('LibreTranslate adapter', () => {
  it("sends q as a list, source 'auto', the format and the API key", async () => {
    const fake = await startFakeLibreTranslate({ apiKey: 'secret' });
    try {
      await createLibreTranslateTranslator({ url: `${fake.url}/`, apiKey: 'secret' }).translate(['Sommerfest', '', 'Gute Nacht'], 'fr');
      expect(fake.translateRequests).toEqual([{ q: ['Sommerfest', 'Gute Nacht'], source: 'auto', target: 'fr', format: 'text', api_key: 'secret' }]);
      const refused = createLibreTranslateTranslator({ url: fake.url, apiKey: 'wrong' }).translate(['Sommerfest'], 'fr');
      await expect(refused).rejects.toMatchObject({ name: 'TranslationFailed', status: 403 });
    } finally {
      await fake.close();
    }
  });

  it('turns refusals and an unreachable service into TranslationFailed', async () => {
    const fake = await startFakeLibreTranslate();
    const translator = createLibreTranslateTranslator({ url: fake.url });
    try {
      fake.failWith(429);
      await expect(translator.translate(['Sommerfest'], 'en')).rejects.toMatchObject({ status: 429, message: expect.stringContaining('too many requests') });
      await expect(translator.languages()).rejects.toBeInstanceOf(TranslationFailed);
    } finally {
      await fake.close();
    }
    await expect(translator.translate(['Sommerfest'], 'en')).rejects.toMatchObject({ name: 'TranslationFailed', status: null });
  });
});
