/**
 * Recurrence of appointments, as pure functions shared by the read side (month sheet, detail, exports)
 * and the consoles (end-date picker, month grid).
 *
 * Occurrences are computed on the wall clock of the series' time zone, so a weekly meeting at 10:00
 * Europe/Berlin stays at 10:00 across daylight-saving changes. All-day series given as plain dates
 * (`YYYY-MM-DD`) are floating: their occurrences are plain dates too, the same day for every viewer.
 *
 * Frequencies follow RFC 5545 (what the .ics export writes as RRULE): a monthly series started on the
 * 31st skips months without a 31st, a yearly one started on 29 February skips years without it.
 * `custom` repeats every `recurrence_interval` units of `recurrence_unit` (daily unless given).
 * `recurrence_end_time` is inclusive: a plain date allows occurrences starting on that day, an instant
 * allows occurrences starting at or before it.
 */

export type RecurrenceUnit = 'daily' | 'weekly' | 'monthly' | 'yearly';

/** Structurally compatible with the appointment's recurrence_pattern. */
export interface RecurrenceRule {
  recurrence_frequency: 'never' | RecurrenceUnit | 'custom';
  recurrence_interval?: number | null;
  recurrence_end_time?: string | null;
  /** unit of a `custom` frequency; daily when absent */
  recurrence_unit?: RecurrenceUnit | null;
}

/** What recurrence needs of an appointment: its first occurrence and its rule. */
export interface RecurringSchedule {
  /** ISO instant, or a plain date `YYYY-MM-DD` for a floating all-day appointment */
  start: string;
  end: string;
  all_day?: boolean;
  /** IANA zone of the wall clock the series repeats on; UTC when absent */
  time_zone?: string | null;
  recurrence_pattern?: RecurrenceRule | null;
}

export interface Occurrence {
  /** the occurrence's original start as a UTC ISO instant (plain dates at 00:00Z): the key of occurrence ids */
  original_start: string;
  /** same format as the schedule's start/end (ISO instant, or plain date for floating all-day) */
  start: string;
  end: string;
  /** day of the start on the series' wall clock, `YYYY-MM-DD` */
  date: string;
  /** 0 for the first occurrence of the series */
  index: number;
  canceled: boolean;
}

/** How single occurrences differ from the series, by `original_start`. */
export type OccurrenceOverride = 'modified' | 'canceled';

export interface OccurrenceWindow {
  /** inclusive lower bound: ISO instant or plain date */
  from: string;
  /** exclusive upper bound: ISO instant or plain date */
  to: string;
  /** zone in which plain-date bounds and floating occurrences are placed; UTC when absent */
  time_zone?: string | null;
}

const DAY_MS = 86_400_000;
const MAX_STEPS = 100_000;
const PLAIN_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const PLAIN_MONTH = /^(\d{4})-(\d{2})$/;

// ---------------------------------------------------------------- wall clock ↔ instant

/** A wall-clock time is kept as milliseconds "as if UTC": Date.UTC(y, m, d, h, mi, s). */
type Wall = number;

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

/** true for a time zone Intl knows */
export const isValidTimeZone = (timeZone: string): boolean => {
  try {
    formatterOf(timeZone);
    return true;
  } catch {
    return false;
  }
};

const zoneOf = (timeZone: string | null | undefined): string =>
  timeZone && timeZone !== 'UTC' && isValidTimeZone(timeZone) ? timeZone : 'UTC';

const wallOf = (instant: number, timeZone: string): Wall => {
  if (timeZone === 'UTC') return instant;
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const wall = Date.UTC(parts.year ?? 1970, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0);
  return wall + (instant % 1000 + 1000) % 1000;
};

/**
 * The instant a wall-clock time denotes. In a fall-back overlap (the time exists twice) the earlier one, as
 * RFC 5545 says, unless `later` is asked (a series created at the later one keeps its side of the change);
 * in a spring-forward gap (it does not exist), the instant after the gap.
 */
const instantOf = (wall: Wall, timeZone: string, later = false): number => {
  if (timeZone === 'UTC') return wall;
  const offsetAt = (instant: number): number => wallOf(instant, timeZone) - instant;
  // the offsets in force around that time: a transition near it shows as two different ones
  const candidates = [...new Set([offsetAt(wall - DAY_MS), offsetAt(wall), offsetAt(wall + DAY_MS)])].map((offset) => wall - offset);
  const exact = candidates.filter((candidate) => wallOf(candidate, timeZone) === wall);
  if (exact.length === 0) return Math.max(...candidates);
  return later ? Math.max(...exact) : Math.min(...exact);
};

const pad = (value: number, length = 2): string => String(value).padStart(length, '0');

const dateOfWall = (wall: Wall): string => {
  const d = new Date(wall);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
};

const parsePlainDate = (value: string): Wall | null => {
  const match = PLAIN_DATE.exec(value);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const wall = Date.UTC(y, m - 1, d);
  return dateOfWall(wall) === value ? wall : null;
};

export const isPlainDate = (value: string): boolean => parsePlainDate(value) !== null;

const parseInstant = (value: string): number | null => {
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
};

/** A bound or date as an instant; plain dates are midnight in `timeZone`. */
const toInstant = (value: string, timeZone: string): number => {
  const date = parsePlainDate(value);
  if (date !== null) return instantOf(date, timeZone);
  const instant = parseInstant(value);
  if (instant === null) throw new RangeError(`not a date or instant: ${value}`);
  return instant;
};

// ---------------------------------------------------------------- the series

interface Series {
  zone: string;
  floating: boolean;
  startWall: Wall;
  durationWall: number;
  /** null for a single appointment */
  step: { unit: 'day' | 'month'; size: number } | null;
  /** last wall-clock start allowed (inclusive), null for no end */
  lastStartWall: Wall | null;
  /** the series was created at the later instant of a wall time that exists twice: its occurrences keep that side */
  laterInOverlap: boolean;
}

const unitOf = (rule: RecurrenceRule): RecurrenceUnit | null => {
  switch (rule.recurrence_frequency) {
    case 'never':
      return null;
    case 'custom':
      return rule.recurrence_unit ?? 'daily';
    default:
      return rule.recurrence_frequency;
  }
};

/** interval 1 unless the frequency is custom (where the interval is the member's choice, minimum 1) */
export const effectiveInterval = (rule: RecurrenceRule): number => {
  const interval = rule.recurrence_interval ?? 1;
  return Number.isInteger(interval) && interval >= 1 ? interval : 1;
};

/**
 * The shortest time between two starts of a series (a month counts 28 days, a year 365), or null for a
 * single appointment. An occurrence lasting longer would overlap the next ones, and a month would
 * then hold every occurrence since the series began.
 */
export const shortestRepeatMs = (rule: RecurrenceRule): number | null => {
  const unit = unitOf(rule);
  if (unit === null) return null;
  const days = { daily: 1, weekly: 7, monthly: 28, yearly: 365 }[unit];
  return days * effectiveInterval(rule) * DAY_MS;
};

export const isRecurring = (schedule: Pick<RecurringSchedule, 'recurrence_pattern'>): boolean =>
  !!schedule.recurrence_pattern && unitOf(schedule.recurrence_pattern) !== null;

const seriesOf = (schedule: RecurringSchedule): Series => {
  const startDate = parsePlainDate(schedule.start);
  const floating = startDate !== null;
  const zone = floating ? 'UTC' : zoneOf(schedule.time_zone);
  const startInstant = floating ? null : toInstant(schedule.start, 'UTC');
  const startWall = startDate ?? wallOf(startInstant ?? 0, zone);
  // the first occurrence is the series' own start, even at the second of two equal wall times
  const laterInOverlap = startInstant !== null && instantOf(startWall, zone) !== startInstant && instantOf(startWall, zone, true) === startInstant;
  const endDate = parsePlainDate(schedule.end);
  const endWall = endDate ?? wallOf(toInstant(schedule.end, 'UTC'), zone);
  const durationWall = Math.max(0, endWall - startWall);
  const rule = schedule.recurrence_pattern;
  const unit = rule ? unitOf(rule) : null;
  if (!rule || unit === null) return { zone, floating, startWall, durationWall, step: null, lastStartWall: null, laterInOverlap };
  const interval = effectiveInterval(rule);
  const step =
    unit === 'daily'
      ? { unit: 'day' as const, size: interval }
      : unit === 'weekly'
        ? { unit: 'day' as const, size: 7 * interval }
        : unit === 'monthly'
          ? { unit: 'month' as const, size: interval }
          : { unit: 'month' as const, size: 12 * interval };
  let lastStartWall: Wall | null = null;
  const endTime = rule.recurrence_end_time;
  if (endTime) {
    const endOfDay = parsePlainDate(endTime);
    if (endOfDay !== null) lastStartWall = endOfDay + DAY_MS - 1;
    else {
      const instant = parseInstant(endTime);
      if (instant !== null) lastStartWall = wallOf(instant, zone);
    }
  }
  return { zone, floating, startWall, durationWall, step, lastStartWall, laterInOverlap };
};

/** the instant of a wall time of the series, on the side of a fall-back change the series started on */
const seriesInstant = (series: Series, wall: Wall): number => instantOf(wall, series.zone, series.laterInOverlap);

/** wall-clock start of candidate i, or null when that month lacks the start's day */
const candidateWall = (series: Series, i: number): Wall | null => {
  if (!series.step) return i === 0 ? series.startWall : null;
  if (series.step.unit === 'day') return series.startWall + i * series.step.size * DAY_MS;
  const start = new Date(series.startWall);
  const months = start.getUTCMonth() + i * series.step.size;
  const year = start.getUTCFullYear() + Math.floor(months / 12);
  const month = ((months % 12) + 12) % 12;
  const day = start.getUTCDate();
  const daysInMonth = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  if (day > daysInMonth) return null;
  return Date.UTC(year, month, day, start.getUTCHours(), start.getUTCMinutes(), start.getUTCSeconds(), start.getUTCMilliseconds());
};

/** the candidate index whose start is at or just before `wall` (never negative) */
const indexNear = (series: Series, wall: Wall): number => {
  if (!series.step || wall <= series.startWall) return 0;
  if (series.step.unit === 'day') return Math.floor((wall - series.startWall) / (series.step.size * DAY_MS));
  const a = new Date(series.startWall);
  const b = new Date(wall);
  const months = (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + b.getUTCMonth() - a.getUTCMonth();
  return Math.max(0, Math.floor(months / series.step.size) - 1);
};

const withinEnd = (series: Series, wall: Wall): boolean => series.lastStartWall === null || wall <= series.lastStartWall;

const isoOf = (series: Series, wall: Wall): string =>
  series.floating ? dateOfWall(wall) : new Date(seriesInstant(series, wall)).toISOString();

const occurrenceOf = (series: Series, i: number, wall: Wall, canceled: boolean): Occurrence => {
  const original = series.floating ? wall : seriesInstant(series, wall);
  return {
    original_start: new Date(original).toISOString(),
    start: isoOf(series, wall),
    end: isoOf(series, wall + series.durationWall),
    date: dateOfWall(wall),
    index: i,
    canceled,
  };
};

/** Candidates i = from.. in order, each with its wall-clock start, until `stop` says so or the series ends. */
function* candidates(series: Series, from: number): Generator<[number, Wall]> {
  const last = series.step ? Number.MAX_SAFE_INTEGER : 0;
  let skipped = 0;
  for (let i = Math.max(0, from); i <= last; i += 1) {
    const wall = candidateWall(series, i);
    if (wall === null) {
      // 29 February every 4 years at worst; a guard against a rule that never matches
      skipped += 1;
      if (skipped > MAX_STEPS) return;
      continue;
    }
    skipped = 0;
    if (!withinEnd(series, wall)) return;
    yield [i, wall];
  }
}

/** instant of a wall-clock time for window comparisons: floating times are placed in the window's zone */
const comparable = (series: Series, wall: Wall, windowZone: string): number =>
  series.floating ? instantOf(wall, windowZone) : seriesInstant(series, wall);

/**
 * Every occurrence overlapping [from, to) (an occurrence of length 0 counts when it starts inside),
 * in order. Modified occurrences are left out (their replacement is an appointment of its own),
 * canceled ones are kept and marked.
 */
export const expandOccurrences = (
  schedule: RecurringSchedule,
  window: OccurrenceWindow,
  overrides: ReadonlyMap<string, OccurrenceOverride> = new Map(),
): Occurrence[] => {
  const series = seriesOf(schedule);
  const windowZone = zoneOf(window.time_zone);
  const from = toInstant(window.from, windowZone);
  const to = toInstant(window.to, windowZone);
  if (!(from < to)) return [];
  // two days of slack cover every zone offset between wall clock and instants
  const firstWall = (series.floating ? wallOf(from, windowZone) : wallOf(from, series.zone)) - series.durationWall - 2 * DAY_MS;
  const found: Occurrence[] = [];
  for (const [i, wall] of candidates(series, indexNear(series, firstWall))) {
    const start = comparable(series, wall, windowZone);
    if (start >= to) break;
    const end = comparable(series, wall + series.durationWall, windowZone);
    const overlaps = end > from || (end === start && start >= from);
    if (!overlaps) continue;
    const occurrence = occurrenceOf(series, i, wall, false);
    const override = overrides.get(occurrence.original_start);
    if (override === 'modified') continue;
    found.push(override === 'canceled' ? { ...occurrence, canceled: true } : occurrence);
    if (found.length > MAX_STEPS) break;
  }
  return found;
};

/** The occurrence that originally starts at `originalStart` (UTC ISO), or null when the series has none there. */
export const occurrenceAt = (schedule: RecurringSchedule, originalStart: string): Occurrence | null => {
  const series = seriesOf(schedule);
  const instant = parseInstant(originalStart);
  if (instant === null) return null;
  const wall = series.floating ? instant : wallOf(instant, series.zone);
  // compared as instants: an occurrence whose wall time falls into a spring-forward gap starts at the
  // instant after the gap, whose wall time is not the series' time of day
  const instantOfCandidate = (candidate: Wall): number => (series.floating ? candidate : seriesInstant(series, candidate));
  for (const [i, candidate] of candidates(series, indexNear(series, wall - 2 * DAY_MS))) {
    const candidateInstant = instantOfCandidate(candidate);
    if (candidateInstant === instant) return occurrenceOf(series, i, candidate, false);
    if (candidateInstant > instant) return null;
  }
  return null;
};

/** The occurrence at index `index`, or null when the series has none there (a month without that day, past its end). */
export const occurrenceByIndex = (schedule: RecurringSchedule, index: number): Occurrence | null => {
  const series = seriesOf(schedule);
  for (const [i, wall] of candidates(series, index)) return i === index ? occurrenceOf(series, i, wall, false) : null;
  return null;
};

const sameRule = (a: RecurringSchedule, b: RecurringSchedule): boolean =>
  JSON.stringify(a.recurrence_pattern ? { ...a.recurrence_pattern, recurrence_end_time: null } : null) ===
  JSON.stringify(b.recurrence_pattern ? { ...b.recurrence_pattern, recurrence_end_time: null } : null);

/**
 * Where each occurrence a series edit concerns (by its original start) is after the edit: when the series
 * moves but repeats the same way, the occurrence with the same index (the third stays the third);
 * when it repeats another way, the same start if the new series still has an occurrence there. `null`: the
 * new series has no such occurrence. Only starts that change are answered.
 */
export const reanchoredOccurrences = (before: RecurringSchedule, after: RecurringSchedule, originalStarts: readonly string[]): Record<string, string | null> => {
  const moves: Record<string, string | null> = {};
  const keepsRule = sameRule(before, after);
  for (const start of originalStarts) {
    const old = occurrenceAt(before, start);
    const target = old === null ? null : keepsRule ? occurrenceByIndex(after, old.index) : occurrenceAt(after, start);
    const to = target?.original_start ?? null;
    if (to !== start) moves[start] = to;
  }
  return moves;
};

/** The occurrence before the one at index `index`, or null for the first. */
export const previousOccurrence = (schedule: RecurringSchedule, index: number): Occurrence | null => {
  const series = seriesOf(schedule);
  for (let i = index - 1; i >= 0 && index - i <= MAX_STEPS; i -= 1) {
    const wall = candidateWall(series, i);
    if (wall !== null) return occurrenceOf(series, i, wall, false);
  }
  return null;
};

/** The occurrence after the one at index `index`, or null when the series ends. */
export const nextOccurrence = (schedule: RecurringSchedule, index: number): Occurrence | null => {
  const series = seriesOf(schedule);
  for (const [i, wall] of candidates(series, index + 1)) return occurrenceOf(series, i, wall, false);
  return null;
};

/** The first occurrence starting at or after `instant` (ISO), or null when the series is over. */
export const firstOccurrenceFrom = (schedule: RecurringSchedule, instant: string): Occurrence | null => {
  const series = seriesOf(schedule);
  const at = toInstant(instant, 'UTC');
  const wall = series.floating ? at : wallOf(at, series.zone);
  for (const [i, candidate] of candidates(series, indexNear(series, wall - 2 * DAY_MS))) {
    if (comparable(series, candidate, 'UTC') >= at) return occurrenceOf(series, i, candidate, false);
  }
  return null;
};

/** The last occurrence of a series with an end, null for an endless one (a single appointment is its own last). */
export const lastOccurrence = (schedule: RecurringSchedule): Occurrence | null => {
  const series = seriesOf(schedule);
  if (!series.step) return occurrenceOf(series, 0, series.startWall, false);
  if (series.lastStartWall === null) return null;
  let last: Occurrence | null = null;
  for (const [i, wall] of candidates(series, indexNear(series, series.lastStartWall - 2 * DAY_MS * 366))) {
    last = occurrenceOf(series, i, wall, false);
  }
  return last ?? (withinEnd(series, series.startWall) ? occurrenceOf(series, 0, series.startWall, false) : null);
};

// ---------------------------------------------------------------- end-date picker

const endlessSeriesOf = (schedule: RecurringSchedule): Series => ({
  ...seriesOf(schedule),
  lastStartWall: null,
});

/**
 * For the end-date picker: may the series end on `date` (`YYYY-MM-DD`)? Only days on which the series
 * has an occurrence (ignoring its current end) are allowed, and never a day before its start.
 */
export const isAllowedEndDate = (schedule: RecurringSchedule, date: string): boolean => {
  const day = parsePlainDate(date);
  if (day === null) return false;
  const series = endlessSeriesOf(schedule);
  if (!series.step) return false;
  for (const [, wall] of candidates(series, indexNear(series, day - 2 * DAY_MS))) {
    const candidateDay = parsePlainDate(dateOfWall(wall)) ?? wall;
    if (candidateDay === day) return true;
    if (candidateDay > day) return false;
  }
  return false;
};

/** The days in [from, to) (`YYYY-MM-DD`, to exclusive) the end-date picker allows. */
export const allowedEndDates = (schedule: RecurringSchedule, from: string, to: string): string[] => {
  const first = parsePlainDate(from);
  const last = parsePlainDate(to);
  if (first === null || last === null) return [];
  const series = endlessSeriesOf(schedule);
  if (!series.step) return [];
  const days: string[] = [];
  for (const [, wall] of candidates(series, indexNear(series, first - 2 * DAY_MS))) {
    const date = dateOfWall(wall);
    const day = parsePlainDate(date) ?? wall;
    if (day >= last) break;
    if (day >= first) days.push(date);
  }
  return days;
};

// ---------------------------------------------------------------- RRULE

const compactUtc = (instant: number): string => new Date(instant).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/**
 * The RFC 5545 RRULE value of a recurring schedule (without the `RRULE:` name), null for a single one.
 * UNTIL is the start of the last occurrence: a DATE for floating all-day series, UTC otherwise.
 */
export const rruleOf = (schedule: RecurringSchedule): string | null => {
  const rule = schedule.recurrence_pattern;
  const unit = rule ? unitOf(rule) : null;
  if (!rule || unit === null) return null;
  const parts = [`FREQ=${unit.toUpperCase()}`];
  const interval = effectiveInterval(rule);
  if (interval > 1) parts.push(`INTERVAL=${interval}`);
  if (rule.recurrence_end_time) {
    const last = lastOccurrence(schedule);
    const series = seriesOf(schedule);
    if (last) {
      parts.push(series.floating ? `UNTIL=${last.date.replace(/-/g, '')}` : `UNTIL=${compactUtc(Date.parse(last.start))}`);
    } else parts.push('COUNT=1');
  }
  return parts.join(';');
};

// ---------------------------------------------------------------- month sheet

export interface IsoWeek {
  /** ISO 8601 week number */
  week: number;
  /** ISO week-numbering year */
  year: number;
  /** Monday to Sunday, `YYYY-MM-DD` */
  days: string[];
}

export interface MonthGrid {
  /** `YYYY-MM` */
  month: string;
  /** Monday of the first week (inclusive), `YYYY-MM-DD` */
  from: string;
  /** Monday after the last week (exclusive), `YYYY-MM-DD` */
  to: string;
  weeks: IsoWeek[];
}

/** `YYYY-MM` of a `YYYY-MM` or `YYYY-MM-DD` value, null when it is neither */
export const monthOf = (value: string): string | null => {
  const month = PLAIN_MONTH.exec(value);
  if (month) {
    const m = Number(month[2]);
    return m >= 1 && m <= 12 ? value : null;
  }
  return parsePlainDate(value) === null ? null : value.slice(0, 7);
};

export const isoWeekOf = (date: string): { week: number; year: number } => {
  const day = parsePlainDate(date);
  if (day === null) throw new RangeError(`not a date: ${date}`);
  const weekday = (new Date(day).getUTCDay() + 6) % 7; // Monday 0
  const thursday = new Date(day + (3 - weekday) * DAY_MS);
  const year = thursday.getUTCFullYear();
  const firstThursday = Date.UTC(year, 0, 1);
  const week = 1 + Math.floor((thursday.getTime() - firstThursday) / (7 * DAY_MS));
  return { week, year };
};

/** The whole ISO weeks (Monday first) that cover a month, with their week numbers. */
export const monthGrid = (value: string): MonthGrid => {
  const month = monthOf(value);
  if (month === null) throw new RangeError(`not a month: ${value}`);
  const first = Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1);
  const next = Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 1);
  const start = first - ((new Date(first).getUTCDay() + 6) % 7) * DAY_MS;
  const weeks: IsoWeek[] = [];
  let monday = start;
  while (monday < next) {
    const days = Array.from({ length: 7 }, (_, i) => dateOfWall(monday + i * DAY_MS));
    weeks.push({ ...isoWeekOf(days[0] ?? dateOfWall(monday)), days });
    monday += 7 * DAY_MS;
  }
  return { month, from: dateOfWall(start), to: dateOfWall(monday), weeks };
};

/** `[first day of the month, first day of the next)` as plain dates */
export const monthRange = (value: string): { from: string; to: string } => {
  const month = monthOf(value);
  if (month === null) throw new RangeError(`not a month: ${value}`);
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return { from: `${month}-01`, to: dateOfWall(Date.UTC(y, m, 1)) };
};

// ---------------------------------------------------------------- helpers for exports and queries

/** a window's bounds as instants (plain dates at midnight in the window's zone) */
export const windowBounds = (window: OccurrenceWindow): { fromMs: number; toMs: number } => {
  const zone = zoneOf(window.time_zone);
  return { fromMs: toInstant(window.from, zone), toMs: toInstant(window.to, zone) };
};

/** wall-clock date and time of an instant in a zone (UTC for an unknown zone) */
export const wallClockOf = (instant: string | number, timeZone: string | null | undefined): { date: string; time: string } => {
  const ms = typeof instant === 'number' ? instant : toInstant(instant, 'UTC');
  const wall = wallOf(ms, zoneOf(timeZone));
  const d = new Date(wall);
  return { date: dateOfWall(wall), time: `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}` };
};

/**
 * The instant (ISO, UTC) at which the wall clock of a zone shows `date` (yyyy-MM-dd) `time` (HH:mm);
 * '' when either is malformed. In a spring-forward gap, the instant after the gap.
 */
export const instantOfWallClock = (date: string, time: string, timeZone: string | null | undefined): string => {
  const plain = parsePlainDate(date);
  const clock = /^(\d{2}):(\d{2})$/.exec(time);
  if (plain === null || !clock) return '';
  const wall = plain + (Number(clock[1]) * 60 + Number(clock[2])) * 60_000;
  return new Date(instantOf(wall, zoneOf(timeZone))).toISOString();
};

/** offset of a zone from UTC at an instant, in minutes (east positive) */
export const utcOffsetMinutes = (instant: number, timeZone: string | null | undefined): number =>
  Math.round((wallOf(instant - (instant % 1000), zoneOf(timeZone)) - (instant - (instant % 1000))) / 60_000);

/** the zone itself when Intl knows it, else 'UTC' */
export const knownTimeZone = (timeZone: string | null | undefined): string => zoneOf(timeZone);
