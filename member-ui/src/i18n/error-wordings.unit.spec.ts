import { APPOINTMENT_CATEGORY_ERROR_KEYS, CALENDAR_ERROR_KEYS, ERROR_KEYS, MEETING_ERROR_KEYS, PASSWORD_ERROR_KEYS, TRANSLATION_ERROR_KEYS } from '@cn/contracts';
import de from './de.json';

/**
 * Every error key the server may answer has its own general wording (errors.<key>), so that a refusal on
 * any screen says what happened instead of the generic "something went wrong" (and never shows the key);
 * the other languages follow German (translations-complete).
 */
describe('error wordings', () => {
  const catalogs = [...ERROR_KEYS, ...CALENDAR_ERROR_KEYS, ...PASSWORD_ERROR_KEYS, ...APPOINTMENT_CATEGORY_ERROR_KEYS, ...MEETING_ERROR_KEYS, ...TRANSLATION_ERROR_KEYS];
  it('has a German wording for every error key of the contracts', () => {
    const errors: Record<string, string> = de.errors;
    expect(catalogs.filter((key) => typeof errors[key] !== 'string' || errors[key].trim() === '')).toEqual([]);
  });
});
