import { calendarTranslations } from '../calendars/i18n';
import de from './de.json';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';
import type { Translation, UiLanguage } from '.';

/** Every language's strings at once, for the unit tests (the console loads one language at a time). */
export const allTranslations: Record<UiLanguage, Translation> = {
  de: { ...de, ...calendarTranslations.de },
  en: { ...en, ...calendarTranslations.en },
  es: { ...es, ...calendarTranslations.es },
  fr: { ...fr, ...calendarTranslations.fr },
};
