import { readWorkbook } from './testing/independent-readers';
import { writeXlsx } from './xlsx';

describe('XLSX export read back by ExcelJS', () => {
  it('reads the one sheet by its name with the header row and each row’s strings, numbers and booleans', async () => {
    const header = ['name', 'first_name', 'email', 'status', 'external', 'count'];
    const rows = [
      ['Zoë <&> "Quote"', 'Zoë', 'zoe@example.org', 'accepted', false, 3],
      ['Bob Baker', '', 'bob@example.org', 'invited', true, 0.5],
    ];
    const sheets = await readWorkbook(writeXlsx('Attendees', [header, ...rows]));
    expect([...sheets.keys()]).toEqual(['Attendees']);
    expect(sheets.get('Attendees')).toEqual([
      header,
      rows[0],
      // an empty string is an empty cell
      ['Bob Baker', null, 'bob@example.org', 'invited', true, 0.5],
    ]);
  });

  it('names columns past Z as AA, AB, … and keeps line breaks and leading spaces in strings', async () => {
    const wide = Array.from({ length: 30 }, (_, index) => `column ${index + 1}`);
    const sheets = await readWorkbook(writeXlsx('Wide', [wide, ['  indented', 'two\nlines']]));
    const read = sheets.get('Wide') ?? [];
    expect(read[0]).toEqual(wide);
    expect(read[0]?.[29]).toBe('column 30');
    expect(read[1]).toEqual(['  indented', 'two\nlines']);
  });

  it('drops characters XML cannot carry instead of writing a file no reader opens', async () => {
    const sheets = await readWorkbook(writeXlsx('Control', [['bell\u0007 and tab\tkept']]));
    expect(sheets.get('Control')).toEqual([['bell and tab\tkept']]);
  });
});
