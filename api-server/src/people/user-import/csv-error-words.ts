/** What csv-parse's error codes mean for a person fixing the file in a spreadsheet or a text editor. */
const WHAT_IS_WRONG: Record<string, string> = {
  INVALID_OPENING_QUOTE:
    'a quote (") stands inside the cell. A cell with a quote must be wholly in quotes, with each quote inside doubled ("").',
  CSV_QUOTE_NOT_CLOSED: 'a cell opened with a quote (") is never closed: its closing quote is missing.',
  CSV_INVALID_CLOSING_QUOTE:
    'text follows the closing quote of a quoted cell. A quote inside a quoted cell must be doubled ("").',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE:
    'text follows the closing quote of a quoted cell. A quote inside a quoted cell must be doubled ("").',
  CSV_MAX_RECORD_SIZE: 'a row is too long.',
};

interface CsvParseError {
  code?: unknown;
  lines?: unknown;
  column?: unknown;
}

/**
 * A CSV syntax error where a person looks for it: the file's line, and the column counted from 1 with its header
 * name (csv-parse counts fields from 0 and names them by position: its "field 1" is the second column).
 */
export function csvErrorInWords(error: CsvParseError, header: readonly string[] | undefined): string {
  const what = (typeof error.code === 'string' && WHAT_IS_WRONG[error.code]) || 'its text breaks the rules of CSV.';
  const where: string[] = [];
  if (typeof error.lines === 'number') where.push(`line ${error.lines}`);
  if (typeof error.column === 'number') {
    const name = header?.[error.column]?.trim();
    where.push(`column ${error.column + 1}${name ? ` (${name.slice(0, 60)})` : ''}`);
  }
  return `The file is not valid CSV${where.length > 0 ? ` at ${where.join(', ')}` : ''}: ${what}`;
}
