import { asText, failed, ok, type FieldType } from './field-type';

/** The locale's date pattern the form's input must match strictly. */
export const localeDatePattern = (locale: string): 'MM/DD/YYYY' | 'DD.MM.YYYY' | 'DD/MM/YYYY' =>
  locale.startsWith('de') ? 'DD.MM.YYYY' : locale.startsWith('en') ? 'MM/DD/YYYY' : 'DD/MM/YYYY';

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

const validDay = (year: number, month: number, day: number): boolean => {
  if (month < 1 || month > 12 || day < 1 || year < 1 || year > 9999) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

const iso = (year: number, month: number, day: number): string =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** 'YYYY-MM-DD' of a stored or sent value, or null */
export const isoDateOf = (text: string): string | null => {
  const match = ISO.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return validDay(year, month, day) ? text : null;
};

/** What the member typed, read strictly in the locale's pattern: anything else is no date (null). */
export const parseLocaleDate = (text: string, locale: string): string | null => {
  const pattern = localeDatePattern(locale);
  const separator = pattern === 'DD.MM.YYYY' ? '\\.' : '/';
  const match = new RegExp(`^(\\d{2})${separator}(\\d{2})${separator}(\\d{4})$`).exec(text.trim());
  if (!match) return null;
  const [first, second, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const [month, day] = pattern === 'MM/DD/YYYY' ? [first, second] : [second, first];
  return validDay(year, month, day) ? iso(year, month, day) : null;
};

/** A stored 'YYYY-MM-DD' in the locale's pattern (the input's text). */
export const formatLocaleDate = (value: string, locale: string): string => {
  const match = ISO.exec(value);
  if (!match) return '';
  const [, year, month, day] = match;
  const pattern = localeDatePattern(locale);
  return pattern === 'MM/DD/YYYY' ? `${month}/${day}/${year}` : pattern === 'DD.MM.YYYY' ? `${day}.${month}.${year}` : `${day}/${month}/${year}`;
};

/** A day, stored as YYYY-MM-DD (the API takes only that; the form converts the locale's pattern). */
export const dateField: FieldType<string | null> = {
  empty: () => null,
  isEmpty: (value) => value === null,
  parse: (raw) => {
    if (raw === null || raw === undefined || raw === '') return ok(null);
    if (typeof raw !== 'string') return failed('invalid_type');
    const value = isoDateOf(raw.trim());
    return value === null ? failed('invalid_date') : ok(value);
  },
  fromStored: (raw) => isoDateOf(asText(raw).slice(0, 10)),
  format: (value, _definition, locale) => (value === null ? '' : formatLocaleDate(value, locale)),
};
