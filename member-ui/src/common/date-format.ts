/**
 * One `Intl.DateTimeFormat` per language and options, made once and kept: building a format loads the
 * locale's calendar data and costs a millisecond or more (far more on a busy machine), and
 * `Date#toLocaleString(language, options)` builds a new one on every call. The start page's first render
 * formatted every activity's and reply's time that way, about a third of its CPU (docs/PERFORMANCE.md).
 */
const formats = new Map<string, Intl.DateTimeFormat>();

export const dateTimeFormat = (language: string | undefined, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat => {
  const key = `${language ?? ''}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language, options);
    formats.set(key, format);
  }
  return format;
};

/** `instant` (an ISO string or a Date) in `language` with `options`, through the kept format */
export const formatInstant = (instant: string | number | Date, language: string | undefined, options?: Intl.DateTimeFormatOptions): string =>
  dateTimeFormat(language, options).format(new Date(instant));

/** a day and its time, as lists tell when something happened (activities, replies, notifications) */
export const DAY_AND_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
