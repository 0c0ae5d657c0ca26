/**
 * Machine translation of content (messages-files-admin-members-groups.md: GET /translations/languages,
 * GET /translations/{type}/{language}/{targetId}; calendars-appointments-search.md §2, §7:
 * GET /translations/{lang}/appointment/{id}). The feature is on only where the server has a translation
 * service (`NetworkResponse.network.features.translations`).
 */

/** Languages one may translate into: the quick languages DE, EN-GB, ES, FR */
export const TRANSLATION_LANGUAGES = ['de', 'en', 'es', 'fr'] as const;
export type TranslationLanguage = (typeof TRANSLATION_LANGUAGES)[number];

/** How the consoles label them: English is British English */
export const TRANSLATION_LANGUAGE_LABELS: Readonly<Record<TranslationLanguage, string>> = { de: 'DE', en: 'EN-GB', es: 'ES', fr: 'FR' };

export const isTranslationLanguage = (value: unknown): value is TranslationLanguage =>
  typeof value === 'string' && (TRANSLATION_LANGUAGES as readonly string[]).includes(value);

/** 503: the server has no translation service, or the service failed */
export const TRANSLATION_ERROR_KEYS = ['translation_unavailable'] as const;

/** GET /translations/languages: those of ours the translation service offers */
export interface TranslationLanguagesResponse {
  languages: Array<{ code: TranslationLanguage; label: string }>;
}

/** GET /translations/{lang}/appointment/{id} */
export interface AppointmentTranslationResponse {
  name: string;
  description: string;
  /** the language translated into */
  language: TranslationLanguage;
  /** the language the service recognized: one of ours, another service code (e.g. 'it'), or null */
  source_language: string | null;
}

/** one message of a translated conversation */
export interface MessageTranslationEntry {
  id: string;
  subject: string;
  content: string;
}

/** GET /translations/{lang}/message/{id}: a direct message the member holds, its subject and text translated */
export interface MessageTranslationResponse {
  subject: string;
  content: string;
  /** the language translated into */
  language: TranslationLanguage;
  /** the language the service recognized: one of ours, another service code, or null */
  source_language: string | null;
  /** the conversation as the member's detail page shows it (each message they hold, newest first, this one among them), translated */
  conversation: MessageTranslationEntry[];
}
