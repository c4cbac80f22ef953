import { stringify } from 'csv-stringify/sync';

/**
 * A byte order mark first: Excel, where most vendors open an export, reads a CSV without one in the local ANSI
 * code page and garbles every non-ASCII name; with it, UTF-8. Other readers (LibreOffice, Python's utf-8-sig,
 * csv-parse with `bom`) skip it.
 */
export const UTF8_BOM = '\uFEFF';

/** Spreadsheets run a cell that starts with one of these as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Text that a spreadsheet would evaluate gets a leading apostrophe, which shows it as the text it is. */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** One cell as the console shows it: yes/no, ISO timestamps (UTC), nothing for null; text neutralised. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (value instanceof Date) return value.toISOString();
  return neutraliseFormula(String(value));
}

/** RFC 4180 records: CRLF after every record, fields with a quote, comma or line break quoted, quotes doubled. */
export function csvRecords(records: string[][]): string {
  // A lone LF or CR must be quoted too (csv-stringify quotes only the record delimiter itself).
  return stringify(records, { record_delimiter: 'windows', quoted_match: /[\r\n]/ });
}
