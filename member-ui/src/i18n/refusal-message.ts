import type { i18n } from 'i18next';

/**
 * The message key of a refused command: the screen's own wording of its error key (`screenPrefixes`, e.g.
 * `appointments.rsvp.notice`, said in the screen's terms), else its general wording, else the generic one,
 * so that no raw key reaches the screen.
 */
export const refusalMessageKey = (translations: Pick<i18n, 'exists'>, errorKey: string, screenPrefixes: readonly string[] = []): string =>
  [...screenPrefixes.map((prefix) => `${prefix}.${errorKey}`), `errors.${errorKey}`].find((key) => translations.exists(key)) ?? 'errors.generic_error';
