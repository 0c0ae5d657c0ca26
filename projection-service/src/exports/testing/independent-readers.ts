import ExcelJS from 'exceljs';
import type ICAL from 'ical.js' with { 'resolution-mode': 'import' };

/** ical.js ships as an ES module (with a CommonJS build the dynamic import reaches under jest) */
type Ical = typeof ICAL;
type IcalComponent = InstanceType<Ical['Component']>;
type IcalEvent = InstanceType<Ical['Event']>;
const loadIcal = async (): Promise<Ical> => (await import('ical.js')).default;

/**
 * The exports read back by libraries other than the code that wrote them: ical.js (the calendar engine of
 * Thunderbird and others) for .ics, ExcelJS for .xlsx. A test passes only when they understand the file.
 */

export interface ReadCalendar {
  calendar: IcalComponent;
  timezones: IcalComponent[];
  events: IcalEvent[];
  /** ical.js itself, for its value types */
  ICAL: Ical;
}

export const readCalendar = async (text: string): Promise<ReadCalendar> => {
  const ICAL = await loadIcal();
  const calendar = new ICAL.Component(ICAL.parse(text));
  return {
    calendar,
    timezones: calendar.getAllSubcomponents('vtimezone'),
    events: calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent)),
    ICAL,
  };
};

/** an event's date-time property as ical.js reads it: its TZID parameter, the local value and the UTC instant */
export const dateOf = ({ ICAL }: ReadCalendar, event: IcalEvent, name: 'dtstart' | 'dtend' | 'recurrence-id') => {
  const property = event.component.getFirstProperty(name);
  const value = property?.getFirstValue();
  if (!property || !(value instanceof ICAL.Time)) throw new Error(`${name} is missing or not a date`);
  return { tzid: property.getParameter('tzid') ?? null, local: value.toString(), isDate: value.isDate, utc: value.isDate ? null : value.toJSDate().toISOString() };
};

export const exdatesOf = ({ ICAL }: ReadCalendar, event: IcalEvent) =>
  event.component.getAllProperties('exdate').map((property) => {
    const value = property.getFirstValue();
    if (!(value instanceof ICAL.Time)) throw new Error('EXDATE is not a date');
    return { tzid: property.getParameter('tzid') ?? null, local: value.toString(), utc: value.toJSDate().toISOString() };
  });

/**
 * The series as a calendar expands it, at most `limit` occurrences: each occurrence's own start from the
 * RRULE (its RECURRENCE-ID, UTC ISO) and where it takes place (UTC ISO), an override's start where one
 * replaces it. ical.js relates the overrides of the same calendar to their series by itself.
 */
export const occurrencesOf = (series: IcalEvent, limit = 100): Array<{ occurrence: string; start: string }> => {
  const iterator = series.iterator();
  const found: Array<{ occurrence: string; start: string }> = [];
  for (let next = iterator.next(); next && found.length < limit; next = iterator.next()) {
    found.push({ occurrence: next.toJSDate().toISOString(), start: series.getOccurrenceDetails(next).startDate.toJSDate().toISOString() });
  }
  return found;
};

export type CellValue = string | number | boolean | null;

/** every sheet by name, its rows as arrays of plain cell values (trailing empty cells dropped) */
export const readWorkbook = async (file: Buffer): Promise<Map<string, CellValue[][]>> => {
  const workbook = new ExcelJS.Workbook();
  // ExcelJS declares its own Buffer (an ArrayBuffer); hand it a copy of the bytes as one
  await workbook.xlsx.load(new Uint8Array(file).buffer);
  const sheets = new Map<string, CellValue[][]>();
  for (const sheet of workbook.worksheets) {
    const rows: CellValue[][] = [];
    for (let r = 1; r <= sheet.rowCount; r += 1) {
      const row = sheet.getRow(r);
      const cells: CellValue[] = [];
      for (let c = 1; c <= row.cellCount; c += 1) cells.push(plain(row.getCell(c).value));
      rows.push(cells);
    }
    sheets.set(sheet.name, rows);
  }
  return sheets;
};

const plain = (value: ExcelJS.CellValue): CellValue => {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'object' && 'richText' in value) return value.richText.map((run) => run.text).join('');
  throw new Error(`unexpected cell value ${JSON.stringify(value)}`);
};
