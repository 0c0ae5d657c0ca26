import type { TranslationMessages } from 'ra-core';

// Read by main.tsx before the console's chunk arrives: no react-admin, no texts here (type imports only).

export const DEFAULT_LOCALE = 'de';
/** the locale switcher in the app bar and on the sign-in page offers these, in this order */
export const LOCALES = [
  { locale: 'de', name: 'Deutsch' },
  { locale: 'en', name: 'English' },
  { locale: 'es', name: 'Español' },
  { locale: 'fr', name: 'Français' },
];

/** Each language is a chunk of its own, fetched when it is the chosen one (at start or in the locale switcher). */
const LOADERS: Record<string, () => Promise<TranslationMessages>> = {
  de: () => import('./german').then((module) => module.germanMessagesAll),
  en: () => import('./english').then((module) => module.englishMessagesAll),
  es: () => import('./spanish').then((module) => module.spanishMessagesAll),
  fr: () => import('./french').then((module) => module.frenchMessagesAll),
};

export const isLocale = (locale: unknown): locale is string => typeof locale === 'string' && Object.hasOwn(LOADERS, locale);

/** a locale's texts; an unknown locale reads German */
export const loadMessages = (locale: string): Promise<TranslationMessages> => (LOADERS[locale] ?? LOADERS[DEFAULT_LOCALE])();

/**
 * The language chosen earlier in the locale switcher: react-admin keeps it in its local-storage store
 * (`RaStore.locale`, JSON). Read at start, so the console starts in it and fetches only its texts.
 */
export const storedLocale = (storage: Pick<Storage, 'getItem'> | undefined): string => {
  try {
    const stored: unknown = JSON.parse(storage?.getItem('RaStore.locale') ?? 'null');
    return isLocale(stored) ? stored : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
};
