import { z } from 'zod';

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
 * The schema of such a text: bidi controls removed first, then `rules` (trim, length, ...), then control
 * characters refused. `message` is the key for a value that is not a string at all.
 */
export const safeText = (rules: z.ZodString = z.string(), message?: string) =>
  z
    .string(message === undefined ? undefined : { message })
    .transform(stripBidiControls)
    .pipe(rules.refine((text) => !hasControlCharacters(text), { message: 'invalid_characters' }));
