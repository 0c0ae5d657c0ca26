import { TRANSLATION_LANGUAGES, TRANSLATION_LANGUAGE_LABELS, type TranslationLanguage, type TranslationLanguagesResponse } from '@cn/contracts';
import type { TranslatorLanguage } from '@cn/platform';

/** The service's code of each of our languages (LibreTranslate has one English, which we offer as EN-GB). */
const SERVICE_CODES: Readonly<Record<TranslationLanguage, readonly string[]>> = {
  de: ['de'],
  en: ['en', 'en-gb', 'en-us'],
  es: ['es'],
  fr: ['fr'],
};

export const serviceCodeOf = (language: TranslationLanguage, offered: readonly TranslatorLanguage[] = []): string =>
  offered.map((entry) => entry.code).find((code) => SERVICE_CODES[language].includes(code.toLowerCase())) ?? SERVICE_CODES[language][0] ?? language;

/** Ours that the service offers, in our order. */
export const ourLanguagesOf = (offered: readonly TranslatorLanguage[]): TranslationLanguagesResponse['languages'] => {
  const codes = new Set(offered.map((entry) => entry.code.toLowerCase()));
  return TRANSLATION_LANGUAGES.filter((language) => SERVICE_CODES[language].some((code) => codes.has(code))).map((code) => ({
    code,
    label: TRANSLATION_LANGUAGE_LABELS[code],
  }));
};

/** A recognized source language as ours where it is one of ours, else as the service named it. */
export const sourceLanguageOf = (detected: string | null): string | null => {
  if (detected === null || detected === '') return null;
  const lower = detected.toLowerCase();
  return TRANSLATION_LANGUAGES.find((language) => SERVICE_CODES[language].includes(lower)) ?? lower;
};
