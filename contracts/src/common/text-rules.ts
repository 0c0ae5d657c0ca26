// Rules on typed text that need no schema library: the consoles' first screen uses them without loading zod.

/**
 * Text a person types that others see (names, titles, status texts). Bidirectional controls (U+202A–U+202E
 * embeddings and overrides, U+2066–U+2069 isolates, U+200E/U+200F and U+061C marks) are invisible and can
 * make a name display as something else ("Trojan Source"): they are removed. C0 and C1 control characters
 * have no place in a single line and are refused (`invalid_characters`).
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F]/;

export const stripBidiControls = (text: string): string => text.replace(BIDI_CONTROLS, '');
export const hasControlCharacters = (text: string): boolean => CONTROL_CHARACTERS.test(text);

/**
 * Line breaks in a status text become spaces (chat-channels-files-fields-legal.md §4), tabs too; bidi
 * controls go and other control characters are refused, as in every name (common/safe-text.ts).
 */
export const normalizeStatusText = (text: string): string => stripBidiControls(text.replace(/\r\n|\r|\n|\t/g, ' '));
