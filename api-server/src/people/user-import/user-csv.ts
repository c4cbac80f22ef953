import { isUtf8 } from 'node:buffer';
import { Parser } from 'csv-parse';
import {
  LICENSE_TYPES,
  USER_IMPORT_COLUMNS,
  USER_IMPORT_MAX_ROWS,
  USER_IMPORT_READ_ONLY_COLUMNS,
  type LicenseType,
  type UserImportColumn,
} from 'shared-kit/contract';
import { badRequest } from '../../lib/http-error';
import { csvErrorInWords } from './csv-error-words';
import { endUserProblem } from './row-rules';

export const NOT_UTF8 =
  'The file is not UTF-8 text. Save it as "CSV UTF-8" (in Excel: Save As → CSV UTF-8) and upload it again.';
export const NO_ROWS = 'The file has no rows under its header.';
export const TOO_MANY_ROWS = `The file has more than ${USER_IMPORT_MAX_ROWS.toLocaleString('en-US')} rows; an import may have at most ${USER_IMPORT_MAX_ROWS.toLocaleString('en-US')}. Split it into several files.`;
const COLUMN_LIST = USER_IMPORT_COLUMNS.join(', ');

/** A row as the file has it, trimmed, with the problem that keeps it out (null: nothing wrong yet). */
export interface CsvUserRow {
  line: number;
  email: string;
  externalId: string | null;
  productIdentifier: string | null;
  licenseType: LicenseType | null;
  problem: string | null;
}

/**
 * Our exports put a `'` before a cell a spreadsheet would run as a formula (docs/console.md, Formula-looking
 * values): read back, that `'` is the export's, not the person's.
 */
const EXPORT_NEUTRALISED = /^'(?=[=+\-@\t\r])/;
const READ_ONLY_COLUMNS: readonly string[] = USER_IMPORT_READ_ONLY_COLUMNS;

/** "Email", "External ID", "external_id", "product identifier" all name the same column. */
const columnKey = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '_');

interface Header {
  positions: Map<UserImportColumn, number>;
  /** The read-only columns' names as the file writes them. */
  ignored: string[];
}

function readHeader(header: string[]): Header {
  const positions = new Map<UserImportColumn, number>();
  const ignored: string[] = [];
  header.forEach((name, index) => {
    const key = columnKey(name) as UserImportColumn;
    if (READ_ONLY_COLUMNS.includes(key)) {
      ignored.push(name.trim().slice(0, 60));
      return;
    }
    if (!USER_IMPORT_COLUMNS.includes(key)) {
      throw badRequest(
        `The header names an unknown column "${name.trim().slice(0, 60)}". The columns are: ${COLUMN_LIST} (email is required); the export's ID and Created At are read past.`,
      );
    }
    if (positions.has(key)) throw badRequest(`The header names the column "${key}" twice.`);
    positions.set(key, index);
  });
  if (!positions.has('email'))
    throw badRequest(
      `The header has no email column. The first line must name the columns: ${COLUMN_LIST} (email is required).`,
    );
  if (positions.has('product_identifier') !== positions.has('license_type')) {
    throw badRequest('The header must have both product_identifier and license_type to give licences, or neither.');
  }
  return { positions, ignored };
}

/**
 * The upload's bytes, checked to be UTF-8 (a BOM is fine) without decoding them: they are decoded a slice at a
 * time while parsing, so a large file is never turned into one string at once.
 */
export function checkUtf8(bytes: Buffer): Buffer {
  // UTF-16 files (Excel's "Unicode Text") start with a byte order mark and are full of NULs.
  if (bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)))
    throw badRequest(NOT_UTF8);
  if (!isUtf8(bytes) || bytes.includes(0)) throw badRequest(NOT_UTF8);
  return bytes;
}

function rowProblem(cells: string[], width: number, values: Omit<CsvUserRow, 'line' | 'problem'>): string | null {
  if (cells.length !== width) return `it has ${cells.length} cells, but the header has ${width}`;
  const userProblem = endUserProblem(values.email, values.externalId);
  if (userProblem) return userProblem;
  const type = values.licenseType ?? '';
  if (!values.productIdentifier && type) return 'license_type is given without a product_identifier';
  if (values.productIdentifier && !type) return 'product_identifier is given without a license_type';
  if (type && !(LICENSE_TYPES as readonly string[]).includes(type))
    return `license_type "${type.slice(0, 40)}" is not one of ${LICENSE_TYPES.join(', ')}`;
  return null;
}

/** Bytes of the file parsed between two turns of the event loop: a few milliseconds of work. */
const SLICE_BYTES = 4 * 1024;
const otherRequestsFirst = () => new Promise((resolve) => setImmediate(resolve));

/** The file's text in slices (a slice may end inside a character: the decoder keeps its bytes for the next). */
function* slicesOf(file: Buffer): Generator<string> {
  const decoder = new TextDecoder('utf-8');
  for (let at = 0; at < file.length; at += SLICE_BYTES)
    yield decoder.decode(file.subarray(at, at + SLICE_BYTES), { stream: true });
  const rest = decoder.decode();
  if (rest) yield rest;
}

interface CsvRecord {
  cells: string[];
  /** The line of the file the record ends on. */
  line: number;
}

/**
 * csv-parse fed a slice at a time, keeping each slice's records with their line. Its `info` option builds a
 * context object per record (seven times the cost of the parse itself); the parser's running line count, read
 * as the record is pushed, is the same number. Records are collected here, not through the stream's buffer.
 */
class CollectingCsvParser extends Parser {
  records: CsvRecord[] = [];

  override push(record: unknown): boolean {
    if (record !== null) this.records.push({ cells: record as string[], line: this.info.lines });
    return true;
  }

  /** Parses one more slice (or the end of the file: no slice) and hands over the records it completed. */
  async parseSlice(slice?: string): Promise<CsvRecord[]> {
    await new Promise<void>((resolve, reject) => {
      const done = (error?: Error | null) => (error ? reject(error) : resolve());
      if (slice === undefined) this.end(done);
      else this.write(slice, done);
    });
    return this.records.splice(0);
  }
}

/**
 * The rows of an uploaded CSV, each checked on its own by the rules of creating a user and a licence (the
 * database checks come later): a file that is not UTF-8 CSV with a known header is refused as a whole. The file
 * is parsed a slice at a time, letting every other request (and /healthz) run between two slices, and refused at
 * its first row past the limit, so a file of millions of rows costs no more than one at the limit.
 */
export async function parseUserCsv(file: Buffer | string): Promise<{ rows: CsvUserRow[]; ignoredColumns: string[] }> {
  const parser = new CollectingCsvParser({
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_empty_values: true,
  });
  // Errors reach take()'s callback; the stream's own error event must not go unhandled.
  parser.on('error', () => undefined);
  let header: string[] | undefined;
  let positions = new Map<UserImportColumn, number>();
  let ignoredColumns: string[] = [];
  const rows: CsvUserRow[] = [];
  const firstLineOf = new Map<string, number>();
  const cell = (cells: string[], column: UserImportColumn) => {
    const position = positions.get(column);
    return position === undefined ? '' : (cells[position] ?? '').trim().replace(EXPORT_NEUTRALISED, '');
  };
  const check = ({ cells, line }: CsvRecord) => {
    if (!header) {
      header = cells;
      ({ positions, ignored: ignoredColumns } = readHeader(header));
      return;
    }
    if (rows.length === USER_IMPORT_MAX_ROWS) throw badRequest(TOO_MANY_ROWS);
    const values = {
      email: cell(cells, 'email'),
      externalId: cell(cells, 'external_id') || null,
      productIdentifier: cell(cells, 'product_identifier') || null,
      licenseType: (cell(cells, 'license_type') || null) as LicenseType | null,
    };
    let problem = rowProblem(cells, header.length, values);
    if (!problem) {
      const key = values.email.toLowerCase();
      const first = firstLineOf.get(key);
      if (first !== undefined) problem = `the email is also on line ${first}`;
      else firstLineOf.set(key, line);
    }
    rows.push({ line, ...values, problem });
  };
  const records = async (slice?: string) => {
    try {
      return await parser.parseSlice(slice);
    } catch (error) {
      // Parsing decoded text fails only on the text's CSV (an unclosed or misplaced quote…): say where.
      // The header may be among the records the failing slice completed, not yet read.
      throw badRequest(csvErrorInWords(error as object, header ?? parser.records[0]?.cells));
    }
  };
  try {
    for (const slice of slicesOf(typeof file === 'string' ? Buffer.from(file) : file)) {
      (await records(slice)).forEach(check);
      await otherRequestsFirst();
    }
    (await records()).forEach(check);
  } finally {
    parser.destroy();
  }
  if (rows.length === 0) throw badRequest(NO_ROWS);
  return { rows, ignoredColumns };
}
