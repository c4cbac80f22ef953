/** @jest-environment node */
import { NOT_UTF8, checkUtf8, parseUserCsv } from './user-csv';

describe('parseUserCsv', () => {
  it('matches the columns by name in any order, with the console’s spelling, and trims the cells', async () => {
    const [row] = await parseUserCsv(
      'License Type, Product_Identifier ,External ID,EMAIL\r\n Free ,com.x.y, X-1 , ada@example.com \r\n',
    );
    expect(row).toEqual({
      line: 2,
      email: 'ada@example.com',
      externalId: 'X-1',
      productIdentifier: 'com.x.y',
      licenseType: 'Free',
      problem: null,
    });
  });

  it.each(['=', '+', '-', '@', '\t', '\r'])(
    'refuses a row whose cell starts with %j, the start of a spreadsheet formula',
    async (start) => {
      const [row] = await parseUserCsv(`email,external_id\nada@example.com,"${start}1+1"\n`);
      expect(row.problem).toMatch(
        /^the external_id cell starts with ".+", which a spreadsheet would run as a formula$/,
      );
    },
  );

  it('refuses a formula behind leading spaces too (the cell is stored trimmed)', async () => {
    const [row] = await parseUserCsv('email,external_id\nada@example.com,  =1+1\n');
    expect(row.problem).toBe('the external_id cell starts with "=", which a spreadsheet would run as a formula');
  });

  it('numbers rows by the file’s lines, skipping empty lines, and names the first line of a repeated email', async () => {
    const rows = await parseUserCsv('email\n\nada@example.com\n\nADA@example.com\n');
    expect(rows.map(({ line, problem }) => ({ line, problem }))).toEqual([
      { line: 3, problem: null },
      { line: 5, problem: 'the email is also on line 3' },
    ]);
  });

  it('refuses over-long external IDs and licence types outside the contract by the create rules', async () => {
    const rows = await parseUserCsv(
      `email,external_id,product_identifier,license_type\na@example.com,${'x'.repeat(201)},,\nb@example.com,,p,standard\n`,
    );
    expect(rows.map((row) => row.problem)).toEqual([
      'external_id must NOT have more than 200 characters',
      'license_type "standard" is not one of NFR, Standard, Free',
    ]);
  });
});

describe('checkUtf8', () => {
  it('takes UTF-8 with or without a BOM and refuses every other encoding and NUL bytes', () => {
    const utf8 = Buffer.from('email\nmüller@example.com\n');
    expect(checkUtf8(utf8)).toBe(utf8);
    expect(() => checkUtf8(Buffer.from('email\nmüller@example.com\n', 'latin1'))).toThrow(NOT_UTF8);
    expect(() => checkUtf8(Buffer.from('\uFEFFemail\n', 'utf16le'))).toThrow(NOT_UTF8);
    expect(() => checkUtf8(Buffer.from('email\na\u0000b@example.com\n'))).toThrow(NOT_UTF8);
  });
});

describe('parseUserCsv in slices', () => {
  it('reads a character cut by a slice boundary whole, wherever the cut falls', async () => {
    for (const pad of [4 * 1024 - 9, 4 * 1024 - 8, 4 * 1024 - 7]) {
      const csv = Buffer.from(
        `email,external_id\nfirst@example.com,${'x'.repeat(pad - 35)}\nmüller@example.com,音楽\n`,
      );
      const rows = await parseUserCsv(csv);
      expect(rows.map((row) => [row.email, row.externalId?.slice(0, 2)])).toEqual([
        ['first@example.com', 'xx'],
        ['müller@example.com', '音楽'],
      ]);
    }
  });
});
