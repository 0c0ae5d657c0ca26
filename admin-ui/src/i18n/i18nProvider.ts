import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'ra-core';
import { germanCoreMessages } from './de-ra';
import { germanAppMessages } from './de';
import { messagesFor } from './messagesFor';

export const DEFAULT_LOCALE = 'de';
/** the locale switcher in the app bar and on the sign-in page offers these, in this order */
export const LOCALES = [
  { locale: 'de', name: 'Deutsch' },
  { locale: 'en', name: 'English' },
  { locale: 'es', name: 'Español' },
  { locale: 'fr', name: 'Français' },
];

export const germanMessagesAll: TranslationMessages = messagesFor(germanCoreMessages, germanAppMessages);

/**
 * German ships with the console; the other languages are separate chunks fetched when someone picks
 * one (polyglotI18nProvider accepts a promise for every locale but the initial one).
 */
const LOADERS: Record<string, () => Promise<TranslationMessages>> = {
  en: () => import('./english').then((module) => module.englishMessagesAll),
  es: () => import('./spanish').then((module) => module.spanishMessagesAll),
  fr: () => import('./french').then((module) => module.frenchMessagesAll),
};

const messagesOf = (locale: string): TranslationMessages | Promise<TranslationMessages> => {
  const load = LOADERS[locale];
  return load === undefined ? germanMessagesAll : load();
};

/** German by default; English, Spanish and French through the locale switcher; missing keys show the key. */
export const i18nProvider = polyglotI18nProvider(messagesOf, DEFAULT_LOCALE, LOCALES, { allowMissing: true });
