import type { i18n } from 'i18next';

/**
 * The message key of a refused command: the general wording of its error key, else the screen's own
 * (`screenPrefixes`, e.g. `appointments.rsvp.notice`), else the generic one, so that no raw key reaches the screen.
 */
export const refusalMessageKey = (translations: Pick<i18n, 'exists'>, errorKey: string, screenPrefixes: readonly string[] = []): string =>
  [`errors.${errorKey}`, ...screenPrefixes.map((prefix) => `${prefix}.${errorKey}`)].find((key) => translations.exists(key)) ?? 'errors.generic_error';
