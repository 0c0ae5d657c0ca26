import fc from 'fast-check';
import {
  allowedEndDates,
  expandOccurrences,
  firstOccurrenceFrom,
  isAllowedEndDate,
  isoWeekOf,
  lastOccurrence,
  monthGrid,
  monthRange,
  nextOccurrence,
  occurrenceAt,
  previousOccurrence,
  rruleOf,
  type RecurrenceRule,
  type RecurringSchedule,
} from './recurrence';

const weekly = (end: string | null = null, interval = 1): RecurrenceRule => ({
  recurrence_frequency: 'weekly',
  recurrence_interval: interval,
  recurrence_end_time: end,
});

// Monday 2 March 2026, 10:00–11:00 in Berlin (CET, UTC+1)
const standup: RecurringSchedule = {
  start: '2026-03-02T09:00:00.000Z',
  end: '2026-03-02T10:00:00.000Z',
  all_day: false,
  time_zone: 'Europe/Berlin',
  recurrence_pattern: weekly(),
};

describe('expandOccurrences', () => {
  it('expands a weekly series over a month, keeping the wall-clock time across the DST change', () => {
    const april = expandOccurrences(standup, { from: '2026-04-01', to: '2026-05-01', time_zone: 'Europe/Berlin' });
    expect(april.map((o) => o.date)).toEqual(['2026-04-06', '2026-04-13', '2026-04-20', '2026-04-27']);
    // CEST (UTC+2): 10:00 local is 08:00Z
    expect(april[0]).toMatchObject({ start: '2026-04-06T08:00:00.000Z', end: '2026-04-06T09:00:00.000Z', index: 5, canceled: false });
    expect(april[0]?.original_start).toBe('2026-04-06T08:00:00.000Z');
  });

  it('answers a single appointment once when it overlaps the window, never otherwise', () => {
    const single: RecurringSchedule = { ...standup, recurrence_pattern: { recurrence_frequency: 'never' } };
    expect(expandOccurrences(single, { from: '2026-03-01', to: '2026-04-01' })).toHaveLength(1);
    expect(expandOccurrences(single, { from: '2026-04-01', to: '2026-05-01' })).toHaveLength(0);
    expect(expandOccurrences({ ...standup, recurrence_pattern: null }, { from: '2026-03-02T09:30:00Z', to: '2026-03-03' })).toHaveLength(1);
  });

  it('respects the inclusive end date and the interval', () => {
    const biweekly = { ...standup, recurrence_pattern: weekly('2026-04-13', 2) };
    const all = expandOccurrences(biweekly, { from: '2026-01-01', to: '2027-01-01' });
    expect(all.map((o) => o.date)).toEqual(['2026-03-02', '2026-03-16', '2026-03-30', '2026-04-13']);
  });

  it('leaves out modified occurrences and marks canceled ones', () => {
    const overrides = new Map([
      ['2026-03-09T09:00:00.000Z', 'modified' as const],
      ['2026-03-16T09:00:00.000Z', 'canceled' as const],
    ]);
    const march = expandOccurrences(standup, { from: '2026-03-01', to: '2026-04-01' }, overrides);
    expect(march.map((o) => [o.date, o.canceled])).toEqual([
      ['2026-03-02', false],
      ['2026-03-16', true],
      ['2026-03-23', false],
      ['2026-03-30', false],
    ]);
  });

  it('skips months without the start day, like RRULE', () => {
    const monthly: RecurringSchedule = {
      start: '2026-01-31T12:00:00.000Z',
      end: '2026-01-31T13:00:00.000Z',
      recurrence_pattern: { recurrence_frequency: 'monthly', recurrence_interval: 1, recurrence_end_time: null },
    };
    const dates = expandOccurrences(monthly, { from: '2026-01-01', to: '2026-08-01' }).map((o) => o.date);
    expect(dates).toEqual(['2026-01-31', '2026-03-31', '2026-05-31', '2026-07-31']);
  });

  it('keeps floating all-day series as plain dates and includes multi-day ones overlapping the window', () => {
    const trip: RecurringSchedule = {
      start: '2026-01-30',
      end: '2026-02-02',
      all_day: true,
      recurrence_pattern: { recurrence_frequency: 'yearly', recurrence_interval: 1, recurrence_end_time: null },
    };
    const feb = expandOccurrences(trip, { from: '2027-02-01', to: '2027-03-01', time_zone: 'America/New_York' });
    expect(feb).toEqual([
      { original_start: '2027-01-30T00:00:00.000Z', start: '2027-01-30', end: '2027-02-02', date: '2027-01-30', index: 1, canceled: false },
    ]);
  });

  it('repeats a custom series every n units of its unit, daily by default', () => {
    const custom = { ...standup, recurrence_pattern: { recurrence_frequency: 'custom' as const, recurrence_interval: 3, recurrence_end_time: null } };
    expect(expandOccurrences(custom, { from: '2026-03-01', to: '2026-03-10' }).map((o) => o.date)).toEqual(['2026-03-02', '2026-03-05', '2026-03-08']);
    const everyOtherMonth = { ...custom, recurrence_pattern: { ...custom.recurrence_pattern, recurrence_interval: 2, recurrence_unit: 'monthly' as const } };
    expect(expandOccurrences(everyOtherMonth, { from: '2026-03-01', to: '2026-08-01' }).map((o) => o.date)).toEqual(['2026-03-02', '2026-05-02', '2026-07-02']);
  });

  it('finds the window of a series started years ago without walking from its start', () => {
    const daily = { ...standup, recurrence_pattern: { recurrence_frequency: 'daily' as const, recurrence_interval: 1, recurrence_end_time: null } };
    const far = expandOccurrences(daily, { from: '2126-03-01', to: '2126-03-03', time_zone: 'Europe/Berlin' });
    expect(far.map((o) => o.date)).toEqual(['2126-03-01', '2126-03-02']);
    expect(far[0]?.index).toBeGreaterThan(36_000);
  });
});

describe('occurrences around one', () => {
  it('finds an occurrence by its original start and its neighbours', () => {
    const third = occurrenceAt(standup, '2026-03-16T09:00:00.000Z');
    expect(third).toMatchObject({ index: 2, date: '2026-03-16' });
    expect(occurrenceAt(standup, '2026-03-17T09:00:00.000Z')).toBeNull();
    expect(previousOccurrence(standup, 2)?.date).toBe('2026-03-09');
    expect(nextOccurrence(standup, 2)?.date).toBe('2026-03-23');
    expect(previousOccurrence(standup, 0)).toBeNull();
    const ending = { ...standup, recurrence_pattern: weekly('2026-03-16') };
    expect(nextOccurrence(ending, 2)).toBeNull();
  });

  it('answers the first occurrence from an instant and the last of a bounded series', () => {
    expect(firstOccurrenceFrom(standup, '2026-03-10T00:00:00Z')?.date).toBe('2026-03-16');
    expect(firstOccurrenceFrom(standup, '2026-03-16T09:00:00Z')?.date).toBe('2026-03-16');
    expect(lastOccurrence({ ...standup, recurrence_pattern: weekly('2026-03-20') })?.date).toBe('2026-03-16');
    expect(lastOccurrence(standup)).toBeNull();
  });
});

describe('end-date picker', () => {
  it('allows only days on which the series occurs', () => {
    const biweekly = { ...standup, recurrence_pattern: weekly(null, 2) };
    expect(allowedEndDates(biweekly, '2026-03-01', '2026-04-01')).toEqual(['2026-03-02', '2026-03-16', '2026-03-30']);
    expect(isAllowedEndDate(biweekly, '2026-03-16')).toBe(true);
    expect(isAllowedEndDate(biweekly, '2026-03-09')).toBe(false);
    expect(isAllowedEndDate(biweekly, '2026-02-16')).toBe(false);
    expect(isAllowedEndDate({ ...standup, recurrence_pattern: null }, '2026-03-02')).toBe(false);
  });
});

describe('rruleOf', () => {
  it('writes FREQ, INTERVAL and UNTIL at the last occurrence', () => {
    expect(rruleOf(standup)).toBe('FREQ=WEEKLY');
    expect(rruleOf({ ...standup, recurrence_pattern: weekly('2026-03-20', 2) })).toBe('FREQ=WEEKLY;INTERVAL=2;UNTIL=20260316T090000Z');
    expect(rruleOf({ start: '2026-01-01', end: '2026-01-02', recurrence_pattern: { recurrence_frequency: 'monthly', recurrence_end_time: '2026-03-01' } })).toBe(
      'FREQ=MONTHLY;UNTIL=20260301',
    );
    expect(rruleOf({ ...standup, recurrence_pattern: { recurrence_frequency: 'never' } })).toBeNull();
  });
});

describe('month grid', () => {
  it('covers whole ISO weeks with their numbers', () => {
    const grid = monthGrid('2026-03');
    expect(grid).toMatchObject({ month: '2026-03', from: '2026-02-23', to: '2026-04-06' });
    expect(grid.weeks.map((w) => w.week)).toEqual([9, 10, 11, 12, 13, 14]);
    expect(grid.weeks[5]?.days).toEqual(['2026-03-30', '2026-03-31', '2026-04-01', '2026-04-02', '2026-04-03', '2026-04-04', '2026-04-05']);
    expect(monthGrid('2021-02-14').weeks).toHaveLength(4); // February 2021 starts on a Monday
    expect(monthRange('2026-12-05')).toEqual({ from: '2026-12-01', to: '2027-01-01' });
  });

  it('numbers weeks at year boundaries the ISO way', () => {
    expect(isoWeekOf('2027-01-01')).toEqual({ week: 53, year: 2026 });
    expect(isoWeekOf('2024-12-30')).toEqual({ week: 1, year: 2025 });
    expect(monthGrid('2027-01').weeks[0]).toMatchObject({ week: 53, year: 2026 });
  });
});

const DAY = 86_400_000;
const day = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

describe('occurrences in a spring-forward gap', () => {
  // Lord Howe Island moves its clocks by 30 minutes: on 2024-10-06, 02:00 to 02:29 do not exist
  const daily: RecurringSchedule = {
    start: '2024-09-19T15:30:00.000Z', // 02:00 local
    end: '2024-09-19T15:30:00.000Z',
    time_zone: 'Australia/Lord_Howe',
    recurrence_pattern: { recurrence_frequency: 'daily', recurrence_interval: 1, recurrence_end_time: null },
  };

  it('starts the occurrence at the instant after the gap and finds it again by that instant', () => {
    const [inGap] = expandOccurrences(daily, { from: '2024-10-05T00:00:00.000Z', to: '2024-10-05T23:00:00.000Z' });
    expect(inGap).toMatchObject({ date: '2024-10-06', original_start: '2024-10-05T15:30:00.000Z', index: 16 });
    expect(occurrenceAt(daily, '2024-10-05T15:30:00.000Z')?.index).toBe(16);
    expect(occurrenceAt(daily, '2024-10-06T15:00:00.000Z')?.index).toBe(17);
  });
});

describe('occurrences at a time that exists twice (clocks fall back)', () => {
  // Berlin on 2026-10-25: 02:00 to 02:59 local happen first in summer time (UTC+2), then in winter time (UTC+1)
  const daily: RecurringSchedule = {
    start: '2026-10-25T00:00:00.000Z', // 02:00 summer time
    end: '2026-10-25T00:00:00.000Z',
    time_zone: 'Europe/Berlin',
    recurrence_pattern: { recurrence_frequency: 'daily', recurrence_interval: 1, recurrence_end_time: null },
  };

  it('takes the earlier of the two instants, so the series starts where it was created (found by fast-check, seed 1106160636)', () => {
    const [first] = expandOccurrences(daily, { from: daily.start, to: '2026-10-26T00:00:00.000Z' });
    expect(first).toMatchObject({ original_start: '2026-10-25T00:00:00.000Z', index: 0 });
    expect(occurrenceAt(daily, daily.start)?.index).toBe(0);
    // the next day's 02:00 is winter time
    expect(occurrenceAt(daily, '2026-10-26T01:00:00.000Z')?.index).toBe(1);
  });

  it('keeps a series created at the later of the two instants on that side, so it still starts there (found by fast-check, seed 748999080)', () => {
    // Lord Howe falls back half an hour at 02:00: 01:30 exists at 14:30Z and again at 15:00Z
    const later = { start: '2024-04-06T15:00:00.000Z', end: '2024-04-06T15:00:00.000Z', time_zone: 'Australia/Lord_Howe', recurrence_pattern: { recurrence_frequency: 'daily' as const, recurrence_interval: 1, recurrence_end_time: null } };
    expect(occurrenceAt(later, later.start)?.index).toBe(0);
    const [first, second] = expandOccurrences(later, { from: later.start, to: '2024-04-08T16:00:00.000Z' });
    expect(first).toMatchObject({ original_start: '2024-04-06T15:00:00.000Z', index: 0 });
    // the next day's 01:30 exists once, in standard time
    expect(second).toMatchObject({ original_start: '2024-04-07T15:00:00.000Z', index: 1 });
  });
});

describe('expandOccurrences properties', () => {
  const zones = ['UTC', 'Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kolkata'];
  const schedule = fc.record({
    startMs: fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2028, 0, 1) }).map((ms) => ms - (ms % 60_000)),
    durationMin: fc.integer({ min: 0, max: 3 * 24 * 60 }),
    zone: fc.constantFrom(...zones),
    frequency: fc.constantFrom<RecurrenceRule['recurrence_frequency']>('daily', 'weekly', 'monthly', 'yearly', 'custom'),
    interval: fc.integer({ min: 1, max: 5 }),
    endAfterDays: fc.option(fc.integer({ min: 0, max: 900 }), { nil: null }),
  });
  const window = fc.record({ fromDays: fc.integer({ min: -60, max: 1200 }), lengthDays: fc.integer({ min: 1, max: 45 }) });

  it('answers occurrences that overlap the window, match the interval, respect the end, in order', () => {
    fc.assert(
      fc.property(schedule, window, (s, w) => {
        const start = new Date(s.startMs).toISOString();
        const end = new Date(s.startMs + s.durationMin * 60_000).toISOString();
        const rule: RecurrenceRule = { recurrence_frequency: s.frequency, recurrence_interval: s.interval, recurrence_end_time: null };
        const first = occurrenceAt({ start, end, time_zone: s.zone, recurrence_pattern: rule }, start);
        if (first === null) return false;
        // the end is a day on the series' wall clock, counted from its first day
        const endTime = s.endAfterDays === null ? null : day(Date.parse(first.date) + s.endAfterDays * DAY);
        const input: RecurringSchedule = { start, end, time_zone: s.zone, recurrence_pattern: { ...rule, recurrence_end_time: endTime } };
        const fromMs = s.startMs + w.fromDays * DAY;
        const toMs = fromMs + w.lengthDays * DAY;
        const found = expandOccurrences(input, { from: new Date(fromMs).toISOString(), to: new Date(toMs).toISOString() });
        let previous = -Infinity;
        for (const o of found) {
          const oStart = Date.parse(o.start);
          const oEnd = Date.parse(o.end);
          // in the window
          if (!(oStart < toMs && (oEnd > fromMs || (oEnd === oStart && oStart >= fromMs)))) return false;
          // respects the end (inclusive day on the series' wall clock)
          if (endTime !== null && o.date > endTime) return false;
          // matches the interval: same time of day, date a multiple of the step from the start
          if (occurrenceAt(input, o.original_start)?.index !== o.index) return false;
          const days = Math.round((Date.parse(o.date) - Date.parse(first.date)) / DAY);
          const stepDays = s.frequency === 'weekly' ? 7 * s.interval : s.frequency === 'daily' || s.frequency === 'custom' ? s.interval : null;
          if (stepDays !== null && days !== o.index * stepDays) return false;
          if (stepDays === null) {
            if (o.date.slice(8) !== first.date.slice(8)) return false;
            const months = (Number(o.date.slice(0, 4)) - Number(first.date.slice(0, 4))) * 12 + Number(o.date.slice(5, 7)) - Number(first.date.slice(5, 7));
            if (months % (s.frequency === 'yearly' ? 12 * s.interval : s.interval) !== 0) return false;
          }
          if (oStart <= previous) return false;
          previous = oStart;
        }
        return true;
      }),
      { numRuns: 300 },
    );
  });

  it('misses and doubles nothing: the window cut in three finds the same occurrences', () => {
    fc.assert(
      fc.property(schedule, window, (s, w) => {
        const input: RecurringSchedule = {
          start: new Date(s.startMs).toISOString(),
          end: new Date(s.startMs + s.durationMin * 60_000).toISOString(),
          time_zone: s.zone,
          recurrence_pattern: { recurrence_frequency: s.frequency, recurrence_interval: s.interval, recurrence_end_time: null },
        };
        const fromMs = s.startMs + w.fromDays * DAY;
        const toMs = fromMs + w.lengthDays * DAY;
        const whole = expandOccurrences(input, { from: new Date(fromMs).toISOString(), to: new Date(toMs).toISOString() });
        const pieces = [0, 1, 2].flatMap((i) => {
          const a = fromMs + Math.floor(((toMs - fromMs) * i) / 3);
          const b = fromMs + Math.floor(((toMs - fromMs) * (i + 1)) / 3);
          return expandOccurrences(input, { from: new Date(a).toISOString(), to: new Date(b).toISOString() });
        });
        const unique = [...new Map(pieces.map((o) => [o.original_start, o])).values()];
        return JSON.stringify(unique) === JSON.stringify(whole);
      }),
      { numRuns: 200 },
    );
  });
});
