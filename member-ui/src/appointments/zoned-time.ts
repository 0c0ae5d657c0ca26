/**
 * Wall-clock date and time of an instant in an IANA zone and back, for the form and the sheet
 * (the browser only knows its own zone natively).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterOf = (timeZone: string): Intl.DateTimeFormat => {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
};

export const viewerTimeZone = (): string => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
};

const safeZone = (timeZone: string): string => {
  try {
    formatterOf(timeZone);
    return timeZone;
  } catch {
    return 'UTC';
  }
};

/** `{ date: yyyy-MM-dd, time: HH:mm }` of an instant on the wall clock of `timeZone`. */
export const wallOf = (instant: string | number, timeZone: string): { date: string; time: string } => {
  const parts = Object.fromEntries(
    formatterOf(safeZone(timeZone))
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
};

const offsetMs = (instant: number, timeZone: string): number => {
  const wall = wallOf(instant, timeZone);
  const asUtc = Date.parse(`${wall.date}T${wall.time}:00Z`);
  const seconds = new Date(instant).getUTCSeconds() * 1000 + new Date(instant).getUTCMilliseconds();
  return asUtc - (instant - seconds);
};

/** The instant (ISO, UTC) at which the wall clock of `timeZone` shows `date` `time`. */
export const instantOf = (date: string, time: string, timeZone: string): string => {
  const zone = safeZone(timeZone);
  const guess = Date.parse(`${date}T${time}:00Z`);
  if (Number.isNaN(guess)) return '';
  let instant = guess - offsetMs(guess, zone);
  instant = guess - offsetMs(instant, zone);
  return new Date(instant).toISOString();
};

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
