import { parse } from 'csv-parse/sync';
import { csvCell, csvRecords, neutraliseFormula } from './csv-format';

describe('CSV format', () => {
  it.each(['=1+1', '+49 30 123', '-2', '@SUM(A1)', '\tcmd', '\rcmd', '=HYPERLINK("http://x")'])(
    'neutralises the formula start of %j',
    (text) => {
      expect(neutraliseFormula(text)).toBe(`'${text}`);
      expect(csvCell(text)).toBe(`'${text}`);
    },
  );

  it('leaves other text, numbers, dates and booleans as the console shows them', () => {
    expect(csvCell('plain =not at start')).toBe('plain =not at start');
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(null)).toBe('');
    expect(csvCell(true)).toBe('Yes');
    expect(csvCell(new Date('2026-01-02T03:04:05.678Z'))).toBe('2026-01-02T03:04:05.678Z');
  });

  it('writes RFC 4180: CRLF records, quoted commas, quotes and line breaks, unicode untouched', () => {
    const text = csvRecords([
      ['a,b', 'say "hi"', 'two\nlines'],
      ['Zoë 🎛️', '', 'x'],
    ]);
    expect(text).toBe('"a,b","say ""hi""","two\nlines"\r\nZoë 🎛️,,x\r\n');
    expect(parse(text)).toEqual([
      ['a,b', 'say "hi"', 'two\nlines'],
      ['Zoë 🎛️', '', 'x'],
    ]);
  });
});
