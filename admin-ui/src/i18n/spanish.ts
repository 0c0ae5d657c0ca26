import type { TranslationMessages } from 'ra-core';
import { spanishCoreMessages } from './es-ra';
import { spanishAppMessages } from './es';
import { messagesFor } from './messagesFor';

/** Spanish, loaded when chosen in the locale switcher (its own chunk). */
export const spanishMessagesAll: TranslationMessages = messagesFor(spanishCoreMessages, spanishAppMessages);
