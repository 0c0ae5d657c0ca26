import type { TranslationMessages } from 'ra-core';
import { germanCoreMessages } from './de-ra';
import { germanAppMessages } from './de';
import { messagesFor } from './messagesFor';

/** German, the default: its own chunk like the others, fetched by main.tsx beside the console when it is the chosen language. */
export const germanMessagesAll: TranslationMessages = messagesFor(germanCoreMessages, germanAppMessages);
