import type { AppointmentDto } from '@cn/contracts';
import { formatInstant } from '../common/date-format';

/** Date formats of the calendar screens, in the UI language and the viewer's zone. */
export const formatDay = (day: string, language: string, options: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short' }): string =>
  formatInstant(`${day}T00:00:00Z`, language, { ...options, timeZone: 'UTC' });

export const formatMonth = (day: string, language: string): string =>
  formatInstant(`${day.slice(0, 7)}-01T00:00:00Z`, language, { month: 'long', year: 'numeric', timeZone: 'UTC' });

export const formatTime = (instant: string, language: string, timeZone?: string): string =>
  formatInstant(instant, language, { hour: '2-digit', minute: '2-digit', timeZone });

export const formatDateTime = (instant: string, language: string, timeZone?: string): string =>
  formatInstant(instant, language, { dateStyle: 'medium', timeStyle: 'short', timeZone });

/** dd.MM.y (the registration deadline's format, §2) */
export const formatDeadline = (value: string): string => {
  const day = value.slice(0, 10);
  const [y, m, d] = day.split('-');
  return `${d}.${m}.${y}`;
};

/** The appointment's date range as a line of text. */
export const formatRange = (date: Pick<AppointmentDto['date'], 'start' | 'end' | 'all_day'>, language: string, timeZone?: string): string => {
  if (date.all_day) {
    const start = date.start.slice(0, 10);
    const end = date.end.slice(0, 10);
    const long: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric' };
    return start === end ? formatDay(start, language, long) : `${formatDay(start, language, long)} – ${formatDay(end, language, long)}`;
  }
  const start = formatDateTime(date.start, language, timeZone);
  const sameDay = formatInstant(date.start, 'en-CA', { timeZone }) === formatInstant(date.end, 'en-CA', { timeZone });
  return `${start} – ${sameDay ? formatTime(date.end, language, timeZone) : formatDateTime(date.end, language, timeZone)}`;
};

export const truncate = (text: string, length: number): string => (text.length > length ? `${text.slice(0, length)}…` : text);

export const isHttpUrl = (value: string): boolean => /^https?:\/\//i.test(value.trim());

export const todayIn = (timeZone: string, now: Date = new Date()): string => formatInstant(now, 'en-CA', { timeZone });
