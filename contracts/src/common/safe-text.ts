import { z } from 'zod';
import { hasControlCharacters, stripBidiControls } from './text-rules';

/**
 * The schema of such a text: bidi controls removed first, then `rules` (trim, length, ...), then control
 * characters refused. `message` is the key for a value that is not a string at all.
 */
export const safeText = (rules: z.ZodString = z.string(), message?: string) =>
  z
    .string(message === undefined ? undefined : { message })
    .transform(stripBidiControls)
    .pipe(rules.refine((text) => !hasControlCharacters(text), { message: 'invalid_characters' }));
