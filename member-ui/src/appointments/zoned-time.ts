import { instantOfWallClock, wallClockOf } from '@cn/contracts';
import { consoleTimeZone } from '../common/console-time-zone';

/**
 * Wall-clock date and time of an instant in an IANA zone and back, for the form and the sheet
 * (the browser only knows its own zone natively); the zone arithmetic is the contracts' one that the
 * server expands recurrences with.
 */
/** the member's zone (their own, else the network's; the browser's before the session loaded) */
export const viewerTimeZone = (): string => consoleTimeZone();

/** `{ date: yyyy-MM-dd, time: HH:mm }` of an instant on the wall clock of `timeZone`. */
export const wallOf = (instant: string | number, timeZone: string): { date: string; time: string } => {
  const wall = wallClockOf(instant, timeZone);
  return { date: wall.date, time: wall.time.slice(0, 5) };
};

/** The instant (ISO, UTC) at which the wall clock of `timeZone` shows `date` `time`. */
export const instantOf = (date: string, time: string, timeZone: string): string => instantOfWallClock(date, time, timeZone);

/** Every `yyyy-MM-dd` from `from` to `to` inclusive (at most `max`). */
export const daysBetween = (from: string, to: string, max = 62): string[] => {
  const days: string[] = [];
  let day = Date.parse(`${from}T00:00:00Z`);
  const last = Date.parse(`${to}T00:00:00Z`);
  while (day <= last && days.length < max) {
    days.push(new Date(day).toISOString().slice(0, 10));
    day += 86_400_000;
  }
  return days;
};

export const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export const addMonths = (date: string, months: number): string => {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7)) - 1 + months;
  const first = new Date(Date.UTC(y, m, 1));
  return first.toISOString().slice(0, 10);
};
