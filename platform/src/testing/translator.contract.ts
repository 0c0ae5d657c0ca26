import { expect, it } from '@jest/globals';
import { describeContract, type ContractTarget, type Subject } from './contract-target';
import { TranslationFailed, type Translator } from '@cn/platform/translation';

/**
 * What every Translator adapter does, checked against the fake LibreTranslate (int) and a real
 * server (e2e). Only German and English are relied on, the languages any LibreTranslate loads first.
 */
export const describeTranslatorContract = (title: string, target: ContractTarget<Subject<Translator>>): void =>
  describeContract(`${title} translator`, target, (create) => {
    const withTranslator = async (body: (translator: Translator) => Promise<void>): Promise<void> => {
      const { subject, cleanup } = await create();
      try {
        await body(subject);
      } finally {
        await cleanup();
      }
    };

    it('lists its languages with codes and names', () =>
      withTranslator(async (translator) => {
        const languages = await translator.languages();
        expect(languages.map((language) => language.code)).toEqual(expect.arrayContaining(['de', 'en']));
        for (const language of languages) expect(language.name).not.toBe('');
      }));

    it('translates several texts at once, in order, and recognizes their language', () =>
      withTranslator(async (translator) => {
        const result = await translator.translate(['Guten Morgen', 'Gute Nacht'], 'en');
        expect(result.texts).toHaveLength(2);
        expect(result.texts[0]).toMatch(/morning/i);
        expect(result.texts[1]).toMatch(/night/i);
        expect(result.detectedSource).toBe('de');
      }));

    it('takes a given source language and then reports none detected', () =>
      withTranslator(async (translator) => {
        const result = await translator.translate(['Gute Nacht'], 'en', 'de');
        expect(result.texts[0]).toMatch(/night/i);
        expect(result.detectedSource).toBeNull();
      }));

    it('keeps empty texts empty and asks nothing for no text', () =>
      withTranslator(async (translator) => {
        const result = await translator.translate(['', 'Guten Morgen', ''], 'en');
        expect(result.texts[0]).toBe('');
        expect(result.texts[1]).toMatch(/morning/i);
        expect(result.texts[2]).toBe('');
        await expect(translator.translate([], 'en')).resolves.toEqual({ texts: [], detectedSource: null });
      }));

    it('keeps the markup of html', () =>
      withTranslator(async (translator) => {
        const result = await translator.translate(['<p>Guten Morgen</p>'], 'en', undefined, { format: 'html' });
        expect(result.texts[0]).toMatch(/^<p>.*morning.*<\/p>$/i);
      }));

    it('rejects an unknown target language with TranslationFailed', () =>
      withTranslator(async (translator) => {
        await expect(translator.translate(['Guten Morgen'], 'xx-unknown')).rejects.toBeInstanceOf(TranslationFailed);
      }));
  });
