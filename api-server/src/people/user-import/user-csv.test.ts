/** @jest-environment node */
import { EMAIL_INVALID, EMAIL_NOT_ASCII, EMAIL_REQUIRED, EXTERNAL_ID_TOO_LONG } from 'shared-kit/contract';
import { NOT_UTF8, checkUtf8, parseUserCsv as parseWithColumns } from './user-csv';

const parseUserCsv = async (file: string | Buffer) => (await parseWithColumns(file)).rows;

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

  it.each(['=', '+', '-', '@'])(
    'takes a cell starting with %j as text, as the user form does (exports neutralise it on the way out)',
    async (start) => {
      const [row] = await parseUserCsv(`email,external_id\nada@example.com,"${start}HYPERLINK(""x"")"\n`);
      expect(row).toMatchObject({ externalId: `${start}HYPERLINK("x")`, problem: null });
    },
  );

  it("reads the export's neutralising quote back off a formula-looking cell, and keeps any other quote", async () => {
    const rows = await parseUserCsv("email,external_id\nada@example.com,'=1+1\nbob@example.com,'quoted\n");
    expect(rows.map((row) => row.externalId)).toEqual(['=1+1', "'quoted"]);
  });

  it("reads past the export's read-only columns and names them", async () => {
    const parsed = await parseWithColumns(
      '\uFEFFID,Email,External ID,Created At\r\n7,ada@example.com,X-1,2026-11-20T10:00:00.000Z\r\n',
    );
    expect(parsed.ignoredColumns).toEqual(['ID', 'Created At']);
    expect(parsed.rows).toEqual([
      {
        line: 2,
        email: 'ada@example.com',
        externalId: 'X-1',
        productIdentifier: null,
        licenseType: null,
        problem: null,
      },
    ]);
  });

  it('words a row error as the user form does', async () => {
    const rows = await parseUserCsv(
      `email,external_id\nnot-an-email,\n,X\nmüller@example.com,\nc@example.com,${'x'.repeat(201)}\n`,
    );
    expect(rows.map((row) => row.problem)).toEqual([
      EMAIL_INVALID,
      EMAIL_REQUIRED,
      EMAIL_NOT_ASCII,
      EXTERNAL_ID_TOO_LONG,
    ]);
  });

  it.each([
    [
      'email,external_id\nada@example.com,x"y"\n',
      'The file is not valid CSV at line 2, column 2 (external_id): a quote (") stands inside the cell.',
    ],
    ['email,external_id\n"ada@example.com,x\n', 'The file is not valid CSV at line 2, column 1 (email): a cell opened'],
    ['email,external_id\n"ada"@example.com,x\n', 'The file is not valid CSV at line 2, column 1 (email): text follows'],
  ])('names the line and the column as a person counts them for a CSV error in %j', async (csv, start) => {
    await expect(parseUserCsv(csv)).rejects.toThrow(start);
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
      EXTERNAL_ID_TOO_LONG,
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
