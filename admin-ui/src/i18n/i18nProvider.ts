import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import type { TranslationMessages } from 'ra-core';
import { germanCoreMessages } from './de-ra';
import { germanAppMessages } from './de';
import { englishAppMessages } from './en';
import { spanishCoreMessages } from './es-ra';
import { spanishAppMessages } from './es';
import { frenchCoreMessages } from './fr-ra';
import { frenchAppMessages } from './fr';

export const DEFAULT_LOCALE = 'de';
/** the locale switcher in the app bar and on the sign-in page offers these, in this order */
export const LOCALES = [
  { locale: 'de', name: 'Deutsch' },
  { locale: 'en', name: 'English' },
  { locale: 'es', name: 'Español' },
  { locale: 'fr', name: 'Français' },
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

/** react-admin's English core messages with a language's own core keys laid over them, and that language's app texts */
const messagesFor = (core: Tree, app: object): TranslationMessages => ({
  ...englishMessages,
  ra: mergeTrees(englishMessages.ra as unknown as Tree, core) as unknown as TranslationMessages['ra'],
  ...app,
});

export const englishMessagesAll: TranslationMessages = { ...englishMessages, ...englishAppMessages };
export const germanMessagesAll: TranslationMessages = messagesFor(germanCoreMessages, germanAppMessages);
export const spanishMessagesAll: TranslationMessages = messagesFor(spanishCoreMessages, spanishAppMessages);
export const frenchMessagesAll: TranslationMessages = messagesFor(frenchCoreMessages, frenchAppMessages);

const MESSAGES: Record<string, TranslationMessages> = {
  de: germanMessagesAll,
  en: englishMessagesAll,
  es: spanishMessagesAll,
  fr: frenchMessagesAll,
};

/** German by default; English, Spanish and French through the locale switcher; missing keys show the key. */
export const i18nProvider = polyglotI18nProvider((locale) => MESSAGES[locale] ?? germanMessagesAll, DEFAULT_LOCALE, LOCALES, { allowMissing: true });
