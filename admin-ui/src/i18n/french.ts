import type { TranslationMessages } from 'ra-core';
import { frenchCoreMessages } from './fr-ra';
import { frenchAppMessages } from './fr';
import { messagesFor } from './messagesFor';

/** French, loaded when chosen in the locale switcher (its own chunk). */
export const frenchMessagesAll: TranslationMessages = messagesFor(frenchCoreMessages, frenchAppMessages);
