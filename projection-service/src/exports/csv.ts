/** RFC 4180 CSV with a BOM (so that spreadsheet programs read UTF-8), CRLF line ends. */
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

/** quotes when needed; a cell starting like a formula is defused with a leading apostrophe */
export const csvCell = (value: string | number | boolean | null): string => {
  const text = value === null ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export const writeCsv = (header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number | boolean | null>>): string =>
  `\uFEFF${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
