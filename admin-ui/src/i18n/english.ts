import englishMessages from 'ra-language-english';
import type { TranslationMessages } from 'ra-core';
import { englishAppMessages } from './en';

/** English, loaded when chosen in the locale switcher (its own chunk). */
export const englishMessagesAll: TranslationMessages = { ...englishMessages, ...englishAppMessages };
