import { jest } from '@jest/globals';
import { createLibreTranslateTranslator } from './libretranslate-translator';
import { describeTranslatorContract } from '@cn/platform/testing';

/**
 * The translator contract against a real LibreTranslate: the server named by TRANSLATION_URL (key
 * TRANSLATION_API_KEY), with at least German and English loaded; skipped with the reason otherwise.
 */
// a freshly started LibreTranslate loads its models on the first request
jest.setTimeout(120_000);

const url = process.env['TRANSLATION_URL']?.trim();
const apiKey = process.env['TRANSLATION_API_KEY']?.trim() || undefined;

describeTranslatorContract(
  'LibreTranslate',
  url
    ? { available: true, create: () => Promise.resolve({ subject: createLibreTranslateTranslator({ url, apiKey, timeoutMs: 60_000 }), cleanup: () => Promise.resolve() }) }
    : { available: false, reason: 'TRANSLATION_URL is not set (no LibreTranslate server here)' },
);
