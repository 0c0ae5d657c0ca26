import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, TranslationMessages } from 'ra-core';
import { LOCALES, loadMessages } from './locales';

export { DEFAULT_LOCALE, LOCALES } from './locales';

/**
 * The console's translations, starting in `initialLocale` with its texts (already fetched: main.tsx asks
 * for them beside the console's chunk); another language's chunk is fetched when someone picks it
 * (polyglotI18nProvider accepts a promise for every locale but the initial one). Missing keys show the key.
 */
export const createI18nProvider = (initialLocale: string, initialMessages: TranslationMessages): I18nProvider =>
  polyglotI18nProvider(
    (locale) => (locale === initialLocale ? initialMessages : loadMessages(locale)),
    initialLocale,
    LOCALES,
    { allowMissing: true },
  );
