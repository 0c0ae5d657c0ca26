import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import type { TranslationMessages } from 'ra-core';
import { germanCoreMessages } from './de-ra';
import { germanAppMessages } from './de';
import { englishAppMessages } from './en';

export const DEFAULT_LOCALE = 'de';
export const LOCALES = [
  { locale: 'de', name: 'Deutsch' },
  { locale: 'en', name: 'English' },
];

type Tree = { [key: string]: string | Tree };

const mergeTrees = (base: Tree, override: Tree): Tree => {
  const merged: Tree = { ...base };
  for (const [key, value] of Object.entries(override)) {
    const current = merged[key];
    merged[key] = typeof value === 'object' && typeof current === 'object' ? mergeTrees(current, value) : value;
  }
  return merged;
};

export const englishMessagesAll: TranslationMessages = { ...englishMessages, ...englishAppMessages };
export const germanMessagesAll: TranslationMessages = {
  ...englishMessages,
  ra: mergeTrees(englishMessages.ra as unknown as Tree, germanCoreMessages) as unknown as TranslationMessages['ra'],
  ...germanAppMessages,
};

/** German by default, English on request (the locale switcher in the app bar); missing keys show the key. */
export const i18nProvider = polyglotI18nProvider(
  (locale) => (locale === 'en' ? englishMessagesAll : germanMessagesAll),
  DEFAULT_LOCALE,
  LOCALES,
  { allowMissing: true },
);
