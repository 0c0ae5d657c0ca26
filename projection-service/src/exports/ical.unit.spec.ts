import { writeCalendar, type IcalEvent } from './ical';
import { dateOf, exdatesOf, occurrencesOf, readCalendar } from './testing/independent-readers';

const event = (change: Partial<IcalEvent> = {}): IcalEvent => ({
  uid: 'a1@example.org',
  summary: 'Board; meeting, with \\ and\nnew line',
  description: 'Agenda: budget, garden',
  location: 'Hall, Main St. 1, 12345 Berlin',
  url: 'https://network.example.org/appointments/a1',
  start: '2026-03-02T09:00:00.000Z',
  end: '2026-03-02T10:00:00.000Z',
  all_day: false,
  time_zone: 'Europe/Berlin',
  rrule: 'FREQ=WEEKLY;UNTIL=20260330T080000Z',
  exdates: ['2026-03-16T09:00:00.000Z'],
  recurrence_id: null,
  canceled: false,
  created: '2026-01-01T00:00:00.000Z',
  last_modified: '2026-01-02T00:00:00.000Z',
  sequence: 0,
  organizer: null,
  ...change,
});

/** the 9 March occurrence moved to 13:00 Berlin time */
const moved = event({ summary: 'Moved ☕ meeting', recurrence_id: '2026-03-09T09:00:00.000Z', rrule: null, exdates: [], start: '2026-03-09T12:00:00.000Z', end: '2026-03-09T13:00:00.000Z', sequence: 1 });

describe('iCalendar export read back by ical.js', () => {
  it('reads the series: summary and texts unescaped, DTSTART/DTEND with TZID in local time, RRULE and EXDATE', async () => {
    const read = await readCalendar(writeCalendar({ name: 'Board calendar', events: [event(), moved], now: new Date('2026-02-01T00:00:00Z') }));
    expect(read.calendar.getFirstPropertyValue('version')).toBe('2.0');
    // an X- property is not TEXT to ical.js (it keeps escapes), so the name here has none
    expect(read.calendar.getFirstPropertyValue('x-wr-calname')).toBe('Board calendar');
    expect(read.events).toHaveLength(2);
    const [series, override] = read.events;
    if (!series || !override) throw new Error('two events expected');

    expect(series.uid).toBe('a1@example.org');
    expect(series.summary).toBe('Board; meeting, with \\ and\nnew line');
    expect(series.description).toBe('Agenda: budget, garden');
    expect(series.location).toBe('Hall, Main St. 1, 12345 Berlin');
    expect(series.component.getFirstPropertyValue('url')).toBe('https://network.example.org/appointments/a1');
    expect(series.component.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(dateOf(read, series, 'dtstart')).toEqual({ tzid: 'Europe/Berlin', local: '2026-03-02T10:00:00', isDate: false, utc: '2026-03-02T09:00:00.000Z' });
    expect(dateOf(read, series, 'dtend')).toEqual({ tzid: 'Europe/Berlin', local: '2026-03-02T11:00:00', isDate: false, utc: '2026-03-02T10:00:00.000Z' });

    expect(series.isRecurring()).toBe(true);
    const rrule = series.component.getFirstPropertyValue('rrule');
    expect(rrule).toBeInstanceOf(read.ICAL.Recur);
    expect(rrule instanceof read.ICAL.Recur ? [rrule.freq, rrule.until?.toJSDate().toISOString()] : null).toEqual(['WEEKLY', '2026-03-30T08:00:00.000Z']);
    expect(exdatesOf(read, series)).toEqual([{ tzid: 'Europe/Berlin', local: '2026-03-16T10:00:00', utc: '2026-03-16T09:00:00.000Z' }]);
  });

  it('reads the modified occurrence as an override of the series (same UID, RECURRENCE-ID in the series zone)', async () => {
    const read = await readCalendar(writeCalendar({ name: 'x', events: [event(), moved], now: new Date('2026-02-01T00:00:00Z') }));
    const [series, override] = read.events;
    if (!series || !override) throw new Error('two events expected');
    expect(override.uid).toBe(series.uid);
    expect(override.isRecurrenceException()).toBe(true);
    expect(override.summary).toBe('Moved ☕ meeting');
    expect(override.sequence).toBe(1);
    expect(dateOf(read, override, 'recurrence-id')).toEqual({ tzid: 'Europe/Berlin', local: '2026-03-09T10:00:00', isDate: false, utc: '2026-03-09T09:00:00.000Z' });
    expect(dateOf(read, override, 'dtstart')).toEqual({ tzid: 'Europe/Berlin', local: '2026-03-09T13:00:00', isDate: false, utc: '2026-03-09T12:00:00.000Z' });
  });

  it('expands the series as a calendar would: EXDATE left out, the override moved, 10:00 Berlin kept across the change to summer time', async () => {
    const read = await readCalendar(writeCalendar({ name: 'x', events: [event(), moved], now: new Date('2026-02-01T00:00:00Z') }));
    const [series, override] = read.events;
    if (!series || !override) throw new Error('two events expected');
    expect(occurrencesOf(series)).toEqual([
      { occurrence: '2026-03-02T09:00:00.000Z', start: '2026-03-02T09:00:00.000Z' },
      { occurrence: '2026-03-09T09:00:00.000Z', start: '2026-03-09T12:00:00.000Z' },
      { occurrence: '2026-03-23T09:00:00.000Z', start: '2026-03-23T09:00:00.000Z' },
      // Berlin is on summer time (+02:00) from 29 March: 10:00 local is 08:00 UTC, the UNTIL instant itself
      { occurrence: '2026-03-30T08:00:00.000Z', start: '2026-03-30T08:00:00.000Z' },
    ]);
  });

  it('carries one VTIMEZONE per zone whose observances ical.js uses to convert both standard and summer times', async () => {
    const summer = event({ uid: 'b2@example.org', rrule: null, exdates: [], start: '2026-07-01T08:00:00.000Z', end: '2026-07-01T09:30:00.000Z' });
    const kolkata = event({ uid: 'c3@example.org', rrule: null, exdates: [], time_zone: 'Asia/Kolkata', start: '2026-07-01T08:00:00.000Z', end: '2026-07-01T09:00:00.000Z' });
    const read = await readCalendar(writeCalendar({ name: 'x', events: [event(), summer, kolkata], now: new Date('2026-02-01T00:00:00Z') }));
    expect(read.timezones.map((zone) => zone.getFirstPropertyValue('tzid'))).toEqual(['Europe/Berlin', 'Asia/Kolkata']);
    const berlin = read.timezones[0];
    expect(berlin?.getAllSubcomponents('daylight').map((observance) => [observance.getFirstPropertyValue('tzoffsetfrom')?.toString(), observance.getFirstPropertyValue('tzoffsetto')?.toString()])).toContainEqual(['+01:00', '+02:00']);
    const [, july, india] = read.events;
    if (!july || !india) throw new Error('three events expected');
    expect(dateOf(read, july, 'dtstart')).toEqual({ tzid: 'Europe/Berlin', local: '2026-07-01T10:00:00', isDate: false, utc: '2026-07-01T08:00:00.000Z' });
    expect(dateOf(read, july, 'dtend')).toEqual({ tzid: 'Europe/Berlin', local: '2026-07-01T11:30:00', isDate: false, utc: '2026-07-01T09:30:00.000Z' });
    expect(dateOf(read, india, 'dtstart')).toEqual({ tzid: 'Asia/Kolkata', local: '2026-07-01T13:30:00', isDate: false, utc: '2026-07-01T08:00:00.000Z' });
  });

  it('gives an endless series its zone\'s yearly rules, so that ical.js converts an occurrence decades later in summer and in winter', async () => {
    const endless = event({ uid: 'e@example.org', rrule: 'FREQ=WEEKLY', exdates: [] });
    const ics = writeCalendar({ name: 'x', events: [endless], now: new Date('2026-02-01T00:00:00Z') });
    expect(ics).toContain('RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU');
    expect(ics).toContain('RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU');
    const read = await readCalendar(ics);
    const berlin = read.timezones[0];
    if (!berlin) throw new Error('a VTIMEZONE expected');
    const zone = new read.ICAL.Timezone(berlin);
    const local = (text: string) => {
      const time = read.ICAL.Time.fromDateTimeString(text);
      time.zone = zone;
      return time.toJSDate().toISOString();
    };
    // far beyond the listed transitions: 10:00 Berlin time is 08:00 UTC in July and 09:00 UTC in January
    expect(local('2049-07-05T10:00:00')).toBe('2049-07-05T08:00:00.000Z');
    expect(local('2050-01-10T10:00:00')).toBe('2050-01-10T09:00:00.000Z');
    // a zone without summer time has no rule to repeat
    const kolkata = writeCalendar({ name: 'x', events: [event({ uid: 'k@example.org', rrule: 'FREQ=WEEKLY', exdates: [], time_zone: 'Asia/Kolkata' })], now: new Date('2026-02-01T00:00:00Z') });
    expect(kolkata).not.toContain('FREQ=YEARLY');
  });

  it('reads UTC events without a zone and all-day events as dates with an exclusive end and a date UNTIL', async () => {
    const utc = event({ uid: 'u@example.org', time_zone: 'UTC', rrule: null, exdates: [] });
    const allDay = event({ uid: 'd@example.org', all_day: true, rrule: 'FREQ=DAILY;UNTIL=20260309T230000Z', exdates: [], start: '2026-03-01T23:00:00.000Z', end: '2026-03-03T23:00:00.000Z' });
    const read = await readCalendar(writeCalendar({ name: 'x', events: [utc, allDay], now: new Date('2026-02-01T00:00:00Z') }));
    expect(read.timezones).toEqual([]);
    const [inUtc, days] = read.events;
    if (!inUtc || !days) throw new Error('two events expected');
    expect(dateOf(read, inUtc, 'dtstart')).toEqual({ tzid: null, local: '2026-03-02T09:00:00Z', isDate: false, utc: '2026-03-02T09:00:00.000Z' });
    expect(dateOf(read, days, 'dtstart')).toMatchObject({ tzid: null, local: '2026-03-02', isDate: true });
    expect(dateOf(read, days, 'dtend')).toMatchObject({ tzid: null, local: '2026-03-04', isDate: true });
    const rrule = days.component.getFirstPropertyValue('rrule');
    expect(rrule instanceof read.ICAL.Recur ? [rrule.freq, rrule.until?.isDate, rrule.until?.toString()] : null).toEqual(['DAILY', true, '2026-03-10']);
  });

  it('marks a canceled event CANCELLED', async () => {
    const read = await readCalendar(writeCalendar({ name: 'x', events: [event({ canceled: true })], now: new Date('2026-02-01T00:00:00Z') }));
    expect(read.events[0]?.component.getFirstPropertyValue('status')).toBe('CANCELLED');
  });
});
