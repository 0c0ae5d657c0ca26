import { inflateRawSync } from 'node:zlib';
import { csvCell, writeCsv } from './csv';
import { escapeText, foldLine, vtimezone, writeCalendar, type IcalEvent } from './ical';
import { writeXlsx } from './xlsx';

const event = (change: Partial<IcalEvent> = {}): IcalEvent => ({
  uid: 'a1@example.org',
  summary: 'Board; meeting, with \\ and\nnew line',
  description: '',
  location: '',
  url: null,
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

/** a minimal RFC 5545 reader: unfolds lines and checks that components nest */
const unfold = (text: string): string[] => text.replace(/\r\n[ \t]/g, '').split('\r\n').filter(Boolean);

describe('iCalendar writer', () => {
  it('escapes TEXT values and folds long lines at 75 octets without splitting characters', () => {
    expect(escapeText('a;b,c\\d\ne')).toBe('a\\;b\\,c\\\\d\\ne');
    const long = `SUMMARY:${'ä'.repeat(60)}`;
    const folded = foldLine(long);
    for (const line of folded.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(long);
  });

  it('writes a calendar whose components nest, with local times, RRULE, EXDATE and the zone', () => {
    const text = writeCalendar({ name: 'Test', events: [event(), event({ recurrence_id: '2026-03-09T09:00:00.000Z', rrule: null, exdates: [], start: '2026-03-09T12:00:00.000Z', end: '2026-03-09T13:00:00.000Z' })], now: new Date('2026-02-01T00:00:00Z') });
    const lines = unfold(text);
    const stack: string[] = [];
    for (const line of lines) {
      if (line.startsWith('BEGIN:')) stack.push(line.slice(6));
      if (line.startsWith('END:')) expect(stack.pop()).toBe(line.slice(4));
    }
    expect(stack).toEqual([]);
    expect(lines).toEqual(
      expect.arrayContaining([
        'DTSTART;TZID=Europe/Berlin:20260302T100000',
        'DTEND;TZID=Europe/Berlin:20260302T110000',
        'RRULE:FREQ=WEEKLY;UNTIL=20260330T080000Z',
        'EXDATE;TZID=Europe/Berlin:20260316T100000',
        'RECURRENCE-ID;TZID=Europe/Berlin:20260309T100000',
        'SUMMARY:Board\\; meeting\\, with \\\\ and\\nnew line',
        'DTSTAMP:20260201T000000Z',
      ]),
    );
    expect(lines.filter((line) => line === 'BEGIN:VTIMEZONE')).toHaveLength(1);
  });

  it('describes a zone by its transitions: Berlin changes on the last Sundays of March and October', () => {
    const lines = vtimezone('Europe/Berlin', 2026, 2026);
    expect(lines.join('\n')).toContain('BEGIN:DAYLIGHT\nDTSTART:20260329T020000\nTZOFFSETFROM:+0100\nTZOFFSETTO:+0200\nEND:DAYLIGHT');
    expect(lines.join('\n')).toContain('BEGIN:STANDARD\nDTSTART:20261025T030000\nTZOFFSETFROM:+0200\nTZOFFSETTO:+0100\nEND:STANDARD');
    expect(vtimezone('Asia/Kolkata', 2026, 2027).filter((line) => line.startsWith('DTSTART'))).toHaveLength(1);
  });

  it('writes all-day events as dates with an exclusive end and no zone', () => {
    const text = writeCalendar({ name: 'x', events: [event({ all_day: true, rrule: 'FREQ=DAILY;UNTIL=20260309T230000Z', exdates: [], start: '2026-03-01T23:00:00.000Z', end: '2026-03-03T23:00:00.000Z' })], now: new Date() });
    expect(unfold(text)).toEqual(expect.arrayContaining(['DTSTART;VALUE=DATE:20260302', 'DTEND;VALUE=DATE:20260304', 'RRULE:FREQ=DAILY;UNTIL=20260310']));
    expect(text).not.toContain('VTIMEZONE');
  });
});

describe('CSV', () => {
  it('quotes what needs quoting and defuses formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(writeCsv(['a', 'b'], [[1, null]])).toBe('\uFEFFa,b\r\n1,\r\n');
  });
});

/** entries of a ZIP archive by name, read from its central directory */
const unzip = (archive: Buffer): Map<string, string> => {
  const end = archive.length - 22;
  expect(archive.readUInt32LE(end)).toBe(0x06054b50);
  const count = archive.readUInt16LE(end + 10);
  let at = archive.readUInt32LE(end + 16);
  const files = new Map<string, string>();
  for (let i = 0; i < count; i += 1) {
    expect(archive.readUInt32LE(at)).toBe(0x02014b50);
    const size = archive.readUInt32LE(at + 20);
    const nameLength = archive.readUInt16LE(at + 28);
    const offset = archive.readUInt32LE(at + 42);
    const name = archive.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const dataStart = offset + 30 + archive.readUInt16LE(offset + 26) + archive.readUInt16LE(offset + 28);
    files.set(name, inflateRawSync(archive.subarray(dataStart, dataStart + size)).toString('utf8'));
    at += 46 + nameLength;
  }
  return files;
};

describe('XLSX', () => {
  it('zips a workbook with one sheet of inline strings and numbers', () => {
    const files = unzip(writeXlsx('Attendees', [['name', 'count'], ['Zoë <&>', 3]]));
    expect([...files.keys()]).toEqual(['[Content_Types].xml', '_rels/.rels', 'xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/worksheets/sheet1.xml']);
    const sheet = files.get('xl/worksheets/sheet1.xml') ?? '';
    expect(sheet).toContain('<c r="A2" t="inlineStr"><is><t xml:space="preserve">Zoë &lt;&amp;&gt;</t></is></c><c r="B2"><v>3</v></c>');
    expect(files.get('xl/workbook.xml')).toContain('<sheet name="Attendees" sheetId="1" r:id="rId1"/>');
  });
});
