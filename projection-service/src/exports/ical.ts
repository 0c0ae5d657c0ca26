import { knownTimeZone, utcOffsetMinutes, wallClockOf } from '@cn/contracts';

/**
 * RFC 5545 writer for what the calendar module exports: one VEVENT per appointment (recurring series
 * with RRULE and EXDATE, modified occurrences as overrides with RECURRENCE-ID), times in the
 * appointment's zone with a VTIMEZONE built from the zone's actual transitions.
 */
export interface IcalEvent {
  uid: string;
  summary: string;
  description: string;
  location: string;
  url: string | null;
  /** UTC ISO instants */
  start: string;
  end: string;
  all_day: boolean;
  time_zone: string;
  rrule: string | null;
  /** original starts (UTC ISO) taken out of the series */
  exdates: readonly string[];
  /** original start (UTC ISO) of the occurrence this event overrides */
  recurrence_id: string | null;
  canceled: boolean;
  created: string;
  last_modified: string;
  sequence: number;
  /** organizer's display name */
  organizer: string | null;
}

export interface IcalCalendar {
  name: string;
  events: readonly IcalEvent[];
  /** DTSTAMP of every event */
  now: Date;
}

export const ICAL_CONTENT_TYPE = 'text/calendar; charset=utf-8';

/** TEXT escaping (§3.3.11) */
export const escapeText = (value: string): string =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r\n|\r|\n/g, '\\n');

/** content lines longer than 75 octets are folded (§3.1), never inside a UTF-8 sequence */
export const foldLine = (line: string): string => {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  let limit = 75;
  for (const char of line) {
    const length = Buffer.byteLength(char, 'utf8');
    if (size + length > limit) {
      parts.push(current);
      current = '';
      size = 0;
      limit = 74; // continuation lines start with a space
    }
    current += char;
    size += length;
  }
  parts.push(current);
  return parts.join('\r\n ');
};

const compactUtc = (iso: string | number): string =>
  new Date(iso).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

const compactLocal = (iso: string, zone: string): string => {
  const { date, time } = wallClockOf(iso, zone);
  return `${date.replace(/-/g, '')}T${time.replace(/:/g, '')}`;
};

const compactDate = (date: string): string => date.replace(/-/g, '');

const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** `NAME;params:value` for a date-time in the event's zone (UTC as Z, all-day as DATE) */
const dateProperty = (name: string, iso: string, event: Pick<IcalEvent, 'all_day' | 'time_zone'>, endOfAllDay = false): string => {
  const zone = knownTimeZone(event.time_zone);
  if (event.all_day) {
    const day = wallClockOf(endOfAllDay ? Date.parse(iso) - 1 : iso, zone).date;
    return `${name};VALUE=DATE:${compactDate(endOfAllDay ? addDays(day, 1) : day)}`;
  }
  if (zone === 'UTC') return `${name}:${compactUtc(iso)}`;
  return `${name};TZID=${zone}:${compactLocal(iso, zone)}`;
};

const formatOffset = (minutes: number): string => {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
};

const HOUR_MS = 3_600_000;

/** the zone's offset changes between two instants, found day by day and narrowed to the minute */
const transitionsOf = (zone: string, fromMs: number, toMs: number): Array<{ at: number; from: number; to: number }> => {
  const found: Array<{ at: number; from: number; to: number }> = [];
  let previous = utcOffsetMinutes(fromMs, zone);
  for (let t = fromMs + 24 * HOUR_MS; t <= toMs; t += 24 * HOUR_MS) {
    const offset = utcOffsetMinutes(t, zone);
    if (offset === previous) continue;
    let low = t - 24 * HOUR_MS;
    let high = t;
    while (high - low > 60_000) {
      const middle = low + Math.floor((high - low) / 120_000) * 60_000;
      if (utcOffsetMinutes(middle, zone) === previous) low = middle;
      else high = middle;
    }
    found.push({ at: high, from: previous, to: offset });
    previous = offset;
  }
  return found;
};

const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;

/**
 * The yearly rule a transition follows, read from its local date: the last given weekday of its month
 * when it falls in the month's last seven days, else the n-th one (RFC 5545 BYMONTH/BYDAY).
 */
const yearlyRuleOf = (localMs: number): { month: number; byDay: string; time: number } => {
  const date = new Date(localMs);
  const month = date.getUTCMonth();
  const day = date.getUTCDate();
  const daysInMonth = new Date(Date.UTC(date.getUTCFullYear(), month + 1, 0)).getUTCDate();
  const weekday = WEEKDAYS[date.getUTCDay()];
  const byDay = day > daysInMonth - 7 ? `-1${weekday}` : `${Math.ceil(day / 7)}${weekday}`;
  return { month: month + 1, byDay, time: localMs - Date.UTC(date.getUTCFullYear(), month, day) };
};

/** the local instant a yearly rule gives in `year` */
const ruleDateIn = (rule: { month: number; byDay: string; time: number }, year: number): number => {
  const weekday = WEEKDAYS.indexOf(rule.byDay.slice(-2) as (typeof WEEKDAYS)[number]);
  const nth = Number(rule.byDay.slice(0, -2));
  if (nth < 0) {
    const last = new Date(Date.UTC(year, rule.month, 0));
    return Date.UTC(year, rule.month - 1, last.getUTCDate() - ((last.getUTCDay() - weekday + 7) % 7)) + rule.time;
  }
  const first = new Date(Date.UTC(year, rule.month - 1, 1));
  return Date.UTC(year, rule.month - 1, 1 + ((weekday - first.getUTCDay() + 7) % 7) + (nth - 1) * 7) + rule.time;
};

/**
 * VTIMEZONE of a zone over the years the events span (each observed transition listed, RFC 5545 §3.6.5).
 * For an endless series (`openEnded`), the last year's transitions become yearly rules (RRULE) when the
 * year before follows the same rules, so that clients convert every later occurrence too.
 */
export const vtimezone = (zone: string, fromYear: number, toYear: number, openEnded = false): string[] => {
  const fromMs = Date.UTC(fromYear, 0, 1);
  const toMs = Date.UTC(toYear + 1, 0, 1);
  const initial = utcOffsetMinutes(fromMs, zone);
  const lines = ['BEGIN:VTIMEZONE', `TZID:${zone}`];
  const observance = (kind: 'STANDARD' | 'DAYLIGHT', localStart: string, from: number, to: number, rrule?: string): string[] => [
    `BEGIN:${kind}`,
    `DTSTART:${localStart}`,
    ...(rrule ? [`RRULE:${rrule}`] : []),
    `TZOFFSETFROM:${formatOffset(from)}`,
    `TZOFFSETTO:${formatOffset(to)}`,
    `END:${kind}`,
  ];
  const transitions = transitionsOf(zone, fromMs, toMs);
  const standardOffset = Math.min(initial, ...transitions.map((t) => t.to));
  const kindOf = (offset: number): 'STANDARD' | 'DAYLIGHT' => (offset > standardOffset ? 'DAYLIGHT' : 'STANDARD');
  // DTSTART is the local time before the change, on the clock of the offset it changes from
  const localOf = (transition: { at: number; from: number }): number => transition.at + transition.from * 60_000;

  const yearOfTransition = (transition: { at: number; from: number }): number => new Date(localOf(transition)).getUTCFullYear();
  const lastYear = transitions.length > 0 ? yearOfTransition(transitions[transitions.length - 1]) : null;
  const inLastYear = transitions.filter((transition) => yearOfTransition(transition) === lastYear);
  const inYearBefore = transitions.filter((transition) => lastYear !== null && yearOfTransition(transition) === lastYear - 1);
  const rules = inLastYear.map((transition) => ({ transition, rule: yearlyRuleOf(localOf(transition)) }));
  const repeating =
    openEnded &&
    lastYear !== null &&
    rules.length > 0 &&
    inYearBefore.length === rules.length &&
    rules.every(({ transition, rule }, index) => {
      const before = inYearBefore[index];
      return before.from === transition.from && before.to === transition.to && ruleDateIn(rule, lastYear - 1) === localOf(before);
    });

  lines.push(...observance(kindOf(initial), `${fromYear}0101T000000`, initial, initial));
  for (const transition of repeating ? transitions.filter((t) => yearOfTransition(t) !== lastYear) : transitions) {
    lines.push(...observance(kindOf(transition.to), compactUtc(localOf(transition)).slice(0, 15), transition.from, transition.to));
  }
  if (repeating) {
    for (const { transition, rule } of rules) {
      lines.push(...observance(kindOf(transition.to), compactUtc(localOf(transition)).slice(0, 15), transition.from, transition.to, `FREQ=YEARLY;BYMONTH=${rule.month};BYDAY=${rule.byDay}`));
    }
  }
  lines.push('END:VTIMEZONE');
  return lines;
};

/** UNTIL takes the value type of DTSTART: a DATE for all-day events (§3.3.10) */
const rruleFor = (event: IcalEvent): string =>
  event.all_day
    ? (event.rrule ?? '').replace(/UNTIL=(\d{8}T\d{6}Z)/, (_match, until: string) => {
        const iso = `${until.slice(0, 4)}-${until.slice(4, 6)}-${until.slice(6, 8)}T${until.slice(9, 11)}:${until.slice(11, 13)}:${until.slice(13, 15)}Z`;
        return `UNTIL=${compactDate(wallClockOf(iso, knownTimeZone(event.time_zone)).date)}`;
      })
    : (event.rrule ?? '');

const eventLines = (event: IcalEvent, now: Date): string[] => {
  const lines = [
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${compactUtc(now.getTime())}`,
    dateProperty('DTSTART', event.start, event),
    dateProperty('DTEND', event.end, event, true),
  ];
  if (event.recurrence_id) lines.push(dateProperty('RECURRENCE-ID', event.recurrence_id, event));
  if (event.rrule) lines.push(`RRULE:${rruleFor(event)}`);
  for (const exdate of event.exdates) lines.push(dateProperty('EXDATE', exdate, event));
  lines.push(`SUMMARY:${escapeText(event.summary)}`);
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
  if (event.url) lines.push(`URL:${event.url}`);
  if (event.organizer) lines.push(`ORGANIZER;CN=${event.organizer.replace(/["\r\n]/g, '')}:mailto:noreply@invalid`);
  lines.push(`STATUS:${event.canceled ? 'CANCELLED' : 'CONFIRMED'}`);
  lines.push(`SEQUENCE:${event.sequence}`);
  lines.push(`CREATED:${compactUtc(event.created)}`);
  lines.push(`LAST-MODIFIED:${compactUtc(event.last_modified)}`);
  lines.push('END:VEVENT');
  return lines;
};

const yearOf = (iso: string): number => new Date(iso).getUTCFullYear();

export const writeCalendar = (calendar: IcalCalendar): string => {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//community-network//calendar//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
  ];
  // one VTIMEZONE per zone used by a timed event, spanning its events' years (endless series: five years
  // ahead, then the zone's yearly rules)
  const years = new Map<string, { from: number; to: number; openEnded: boolean }>();
  for (const event of calendar.events) {
    const zone = knownTimeZone(event.time_zone);
    if (event.all_day || zone === 'UTC') continue;
    const endless = event.rrule !== null && !/UNTIL=|COUNT=/.test(event.rrule);
    const until = /UNTIL=(\d{4})/.exec(event.rrule ?? '')?.[1];
    const to = endless ? Math.max(yearOf(event.end), calendar.now.getUTCFullYear()) + 5 : until ? Number(until) : yearOf(event.end);
    const current = years.get(zone);
    years.set(zone, { from: Math.min(current?.from ?? Infinity, yearOf(event.start)), to: Math.max(current?.to ?? -Infinity, to), openEnded: (current?.openEnded ?? false) || endless });
  }
  for (const [zone, span] of years) lines.push(...vtimezone(zone, span.from, span.to, span.openEnded));
  for (const event of calendar.events) lines.push(...eventLines(event, calendar.now));
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
};
