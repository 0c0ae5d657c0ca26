import { UI_LANGUAGES } from '@cn/contracts';
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import de from './de.json';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';
import { calendarTranslations } from '../calendars/i18n';

export type UiLanguage = (typeof UI_LANGUAGES)[number];
export const LANGUAGE_STORAGE_KEY = 'cn.language';
export const DEFAULT_LANGUAGE: UiLanguage = 'de';

const isUiLanguage = (value: string | null): value is UiLanguage =>
  value !== null && (UI_LANGUAGES as readonly string[]).includes(value);

const storedLanguage = (): UiLanguage => {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isUiLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
};

export const createI18n = (language: UiLanguage = storedLanguage()): i18n => {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: {
      de: { translation: { ...de, ...calendarTranslations.de } },
      en: { translation: { ...en, ...calendarTranslations.en } },
      es: { translation: { ...es, ...calendarTranslations.es } },
      fr: { translation: { ...fr, ...calendarTranslations.fr } },
    },
    lng: language,
    supportedLngs: [...UI_LANGUAGES],
    // every language is complete (translations-complete.unit.spec.ts); German, the default, covers a slip
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
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // private mode: the choice then lasts for this page only
  }
  await instance.changeLanguage(language);
};

export { UI_LANGUAGES };
