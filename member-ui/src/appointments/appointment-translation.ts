import { TRANSLATION_LANGUAGES, TRANSLATION_LANGUAGE_LABELS, isTranslationLanguage, type AppointmentTranslationResponse, type TranslationLanguage } from '@cn/contracts';
import type { ApiClient } from '../api/client';
import type { ContentTranslationState } from '../translation/TranslationMenu';

export const LAST_TRANSLATION_LANGUAGE_KEY = 'cn.translation.last_language';

/** The quick languages: the last used one first, then DE, EN-GB, ES, FR (each once). */
export const quickLanguagesOf = (lastUsed: TranslationLanguage | null): TranslationLanguage[] =>
  lastUsed ? [lastUsed, ...TRANSLATION_LANGUAGES.filter((language) => language !== lastUsed)] : [...TRANSLATION_LANGUAGES];

export const readLastLanguage = (storage: Pick<Storage, 'getItem'> | null = safeStorage()): TranslationLanguage | null => {
  try {
    const stored = storage?.getItem(LAST_TRANSLATION_LANGUAGE_KEY) ?? null;
    return isTranslationLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
};

export const storeLastLanguage = (language: TranslationLanguage, storage: Pick<Storage, 'setItem'> | null = safeStorage()): void => {
  try {
    storage?.setItem(LAST_TRANSLATION_LANGUAGE_KEY, language);
  } catch {
    // private mode: the choice then lasts for this page only
  }
};

function safeStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** How a language reads in the marker: ours by label (EN-GB), any other by its code. */
export const languageLabelOf = (code: string): string => (isTranslationLanguage(code) ? TRANSLATION_LANGUAGE_LABELS[code] : code.toUpperCase());

export type TranslationState = ContentTranslationState<AppointmentTranslationResponse>;

/** What the header shows: the translated texts while a translation is shown, the original otherwise. */
export const shownTexts = (original: { name: string; description: string }, state: TranslationState): { name: string; description: string } =>
  state.phase === 'translated' ? { name: state.translation.name, description: state.translation.description } : original;

export const appointmentTranslation = (api: ApiClient, id: string, language: TranslationLanguage): Promise<AppointmentTranslationResponse> =>
  api.request<AppointmentTranslationResponse>('GET', `/translations/${language}/appointment/${encodeURIComponent(id)}`);
