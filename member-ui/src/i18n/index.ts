import { UI_LANGUAGES } from '@cn/contracts';
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type de from './de.json';
import type calendarDe from '../calendars/i18n/de.json';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, type UiLanguage } from './language-constants';

export { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, type UiLanguage };

const isUiLanguage = (value: string | null): value is UiLanguage =>
  value !== null && (UI_LANGUAGES as readonly string[]).includes(value);

/** One language's strings: the console's and the calendar module's. */
export type Translation = typeof de & typeof calendarDe;

/** the console's strings and the calendar module's, fetched side by side (not one after the other) */
const both = async (
  strings: Promise<{ default: typeof de }>,
  calendars: Promise<{ default: typeof calendarDe }>,
): Promise<Translation> => {
  const [own, calendar] = await Promise.all([strings, calendars]);
  return { ...own.default, ...calendar.default };
};

/**
 * Each language is its own chunk, German too: the first script stays small, and the chosen language's
 * strings are fetched beside the session before the first render (main.tsx).
 */
const LOADERS: Record<UiLanguage, () => Promise<Translation>> = {
  de: () => both(import('./de.json'), import('../calendars/i18n/de.json')),
  en: () => both(import('./en.json'), import('../calendars/i18n/en.json')),
  es: () => both(import('./es.json'), import('../calendars/i18n/es.json')),
  fr: () => both(import('./fr.json'), import('../calendars/i18n/fr.json')),
};

export const loadTranslation = (language: UiLanguage): Promise<Translation> => LOADERS[language]();

export const storedLanguage = (): UiLanguage => {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isUiLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
};

/** The console's i18next on `language`, with the given languages' strings (loadTranslation). */
export const createI18n = (language: UiLanguage = storedLanguage(), loaded: Partial<Record<UiLanguage, Translation>> = {}): i18n => {
  const instance = i18next.createInstance();
  const resources = Object.fromEntries(Object.entries(loaded).map(([lang, translation]) => [lang, { translation }]));
  void instance.use(initReactI18next).init({
    resources,
    lng: language,
    supportedLngs: [...UI_LANGUAGES],
    // every language is complete (translations-complete.unit.spec.ts); German, the default, covers a slip
    // once it is loaded too
    fallbackLng: 'de',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
    showSupportNotice: false,
  });
  instance.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
  });
  document.documentElement.lang = language;
  return instance;
};

export const changeLanguage = async (instance: i18n, language: UiLanguage): Promise<void> => {
  if (!instance.hasResourceBundle(language, 'translation')) instance.addResourceBundle(language, 'translation', await loadTranslation(language));
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // private mode: the choice then lasts for this page only
  }
  await instance.changeLanguage(language);
};

export { UI_LANGUAGES };
