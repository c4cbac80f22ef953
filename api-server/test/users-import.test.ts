import fc from 'fast-check';
import { sql } from 'kysely';
import { EMAIL_INVALID, USER_IMPORT_MAX_BYTES, USER_IMPORT_MAX_ROWS, USER_IMPORT_TEMPLATE } from 'shared-kit/contract';
import { createTestApp, type TestApp } from './support/test-app';
import { auth, createTenants, tableDigest } from './support/fixtures';
import { createChannels, createEndUser, createProduct } from './support/users-fixtures';
import { insertEndpoint } from '../src/webhooks/endpoints';
import { buildApp } from '../src/app';
import { readConfig } from '../src/config';
import { createDatabase } from '../src/db/database';
import { generateSecret } from '../src/webhooks/signature';
import { NOT_UTF8, NO_ROWS } from '../src/people/user-import/user-csv';
import {
  ALREADY_APPLIED,
  CHANGED_SINCE_PREVIEW,
  CSV_REQUIRED,
  FILE_TOO_LARGE,
  NOTHING_TO_IMPORT,
  PREVIEW_EXPIRED,
  hasInvalidRows,
} from '../src/people/routes/users/imports';

jest.setTimeout(60_000);

const HEADER = 'email,external_id,product_identifier,license_type';

describe('CSV import of end users', () => {
  let t: TestApp;
  let tenants: Awaited<ReturnType<typeof createTenants>>;
  let releaseA: number;
  let productA: Awaited<ReturnType<typeof createProduct>>;
  let productB: Awaited<ReturnType<typeof createProduct>>;

  beforeAll(async () => {
    t = await createTestApp();
    tenants = await createTenants(t.app, t.db);
    releaseA = (await createChannels(t.db, tenants.manufacturerA.id)).release.id;
    await createChannels(t.db, tenants.manufacturerB.id);
    productA = await createProduct(t.db, tenants.manufacturerA.id, 'Alpha Synth');
    productB = await createProduct(t.db, tenants.manufacturerB.id, 'Beta Drums');
    await createEndUser(t.db, tenants.manufacturerA.id, 'Known@Alpha.example');
  });
  afterAll(() => t.close());

  const upload = (csv: string | Buffer, token = tenants.staffAToken, contentType = 'text/csv') =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/users/imports',
      headers: { ...auth(token), 'content-type': contentType },
      payload: csv,
    });
  const apply = (id: number, token = tenants.staffAToken) =>
    t.app.inject({ method: 'POST', url: `/api/v1/users/imports/${id}/apply`, headers: auth(token) });
  const digest = async () =>
    (
      await Promise.all(
        ['end_users', 'licenses', 'channel_memberships', 'audit_log', 'list_totals'].map((table) =>
          tableDigest(t.db, table),
        ),
      )
    ).join();
  const lines = (...rows: string[]) => [HEADER, ...rows].join('\n');
  const expectRefusal = async (
    response: Awaited<ReturnType<typeof upload>>,
    status: number,
    message: string | RegExp,
  ) => {
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({
      message: [typeof message === 'string' ? message : expect.stringMatching(message)],
    });
  };

  describe('the preview', () => {
    it('counts the rows to create, lists existing and every invalid row with its line and reason, and writes no user', async () => {
      const before = await digest();
      const csv = lines(
        `new.one@alpha.example,CRM-1,${productA.identifier},Standard`,
        'new.two@alpha.example,,,',
        'KNOWN@alpha.example,,,',
        'not-an-email,,,',
        `"=HYPERLINK(""http://evil"")",,,`,
        `formula@alpha.example,@SUM(A1),,`,
        `new.one@ALPHA.example,,,`,
        `typo@alpha.example,,${productA.identifier},Premium`,
        `nolicence@alpha.example,,${productA.identifier},`,
        `other@alpha.example,,${productB.identifier},NFR`,
        'short@alpha.example,x',
        `"quoted, comma@alpha.example",,,`,
      );
      const response = await upload(csv);
      expect(response.statusCode).toBe(201);
      const preview = response.json();
      expect(preview).toMatchObject({
        manufacturer_id: tenants.manufacturerA.id,
        rows: 12,
        to_create: 3,
        licenses_to_create: 1,
        existing: 1,
        invalid: 8,
        ignored_columns: [],
      });
      expect(preview.existing_rows).toEqual([{ line: 4, email: 'KNOWN@alpha.example', user_id: expect.any(Number) }]);
      expect(preview.invalid_rows).toEqual([
        { line: 5, email: 'not-an-email', reason: EMAIL_INVALID },
        { line: 6, email: '=HYPERLINK("http://evil")', reason: EMAIL_INVALID },
        { line: 8, email: 'new.one@ALPHA.example', reason: 'the email is also on line 2' },
        { line: 9, email: 'typo@alpha.example', reason: 'license_type "Premium" is not one of NFR, Standard, Free' },
        { line: 10, email: 'nolicence@alpha.example', reason: 'product_identifier is given without a license_type' },
        {
          line: 11,
          email: 'other@alpha.example',
          reason: `no product of yours has the identifier "${productB.identifier}"`,
        },
        { line: 12, email: 'short@alpha.example', reason: 'it has 2 cells, but the header has 4' },
        { line: 13, email: 'quoted, comma@alpha.example', reason: EMAIL_INVALID },
      ]);
      expect(new Date(preview.expires_at).getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);
      expect(await digest()).toBe(before);
    });

    it('reads the template, a BOM, CRLF, column names as the console writes them and an external ID only file', async () => {
      const template = USER_IMPORT_TEMPLATE.replaceAll('com.aurora.reverb', productA.identifier!);
      expect((await upload(template)).json()).toMatchObject({
        rows: 3,
        to_create: 3,
        licenses_to_create: 2,
        invalid: 0,
      });
      const console = `\uFEFFEmail,External ID\r\nbom@alpha.example,E-1\r\n\r\n`;
      expect((await upload(console)).json()).toMatchObject({ rows: 1, to_create: 1, invalid: 0 });
    });

    it('refuses a whole file that is not UTF-8 CSV with the expected columns, and writes nothing', async () => {
      const before = await digest();
      await expectRefusal(
        await upload(Buffer.from(`${HEADER}\nm\xfcller@alpha.example,,,\n`, 'latin1')),
        400,
        NOT_UTF8,
      );
      await expectRefusal(await upload(Buffer.from(`\uFEFF${HEADER}\n`, 'utf16le')), 400, NOT_UTF8);
      await expectRefusal(await upload(Buffer.from('email\na\u0000b@alpha.example\n')), 400, NOT_UTF8);
      await expectRefusal(
        await upload('mail,name\na@alpha.example,A\n'),
        400,
        /unknown column "mail".*email, external_id, product_identifier, license_type/,
      );
      await expectRefusal(await upload('external_id\nX-1\n'), 400, /no email column/);
      await expectRefusal(
        await upload('email,email\na@alpha.example,b@alpha.example\n'),
        400,
        'The header names the column "email" twice.',
      );
      await expectRefusal(
        await upload('email,product_identifier\na@alpha.example,x\n'),
        400,
        /both product_identifier and license_type/,
      );
      await expectRefusal(await upload(''), 400, NO_ROWS);
      await expectRefusal(await upload(`${HEADER}\n`), 400, NO_ROWS);
      await expectRefusal(
        await upload(`${HEADER}\n"unclosed@alpha.example,,,\n`),
        400,
        /^The file is not valid CSV at line 2, column 1 \(email\): /,
      );
      await expectRefusal(
        await upload(lines(...Array.from({ length: USER_IMPORT_MAX_ROWS + 1 }, (_, i) => `u${i}@alpha.example,,,`))),
        400,
        /at most 100,000/,
      );
      expect(await digest()).toBe(before);
    });

    it('refuses a 50 MB file of garbage with 413 and a sentence, and any other content type with 415', async () => {
      const garbage = Buffer.alloc(50 * 1024 * 1024, 0xc3);
      expect(garbage.length).toBeGreaterThan(USER_IMPORT_MAX_BYTES);
      await expectRefusal(await upload(garbage), 413, FILE_TOO_LARGE);
      await expectRefusal(
        await upload(JSON.stringify({ email: 'a@alpha.example' }), tenants.staffAToken, 'application/json'),
        415,
        CSV_REQUIRED,
      );
      await expectRefusal(
        await upload('email\na@alpha.example\n', tenants.staffAToken, 'text/plain'),
        415,
        CSV_REQUIRED,
      );
    });
  });

  it('answers any bytes as a file with a preview or a sentence, never a 5xx, and a preview writes no user', async () => {
    const before = await digest();
    const cell = fc.oneof(
      fc.string(),
      fc.constantFrom('=1+1', '"', '""', ',', '\r\n', '\uFEFF', 'x'.repeat(400), 'a@b.co', 'NFR'),
    );
    const csvText = fc
      .array(fc.array(cell, { maxLength: 5 }), { maxLength: 6 })
      .map((rows) => [HEADER, ...rows.map((row) => row.join(','))].join('\n'));
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          csvText.map((text) => Buffer.from(text)),
          fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
        ),
        async (body) => {
          const response = await upload(body);
          expect([201, 400]).toContain(response.statusCode);
          if (response.statusCode === 400) expect(response.json()).toEqual({ message: [expect.any(String)] });
        },
      ),
      { numRuns: 150 },
    );
    expect(await digest()).toBe(before);
  });

  describe('the apply', () => {
    it('creates every user and licence in one go, in the Release channel, audited once with the counts, with an import.applied event', async () => {
      const endpoint = await insertEndpoint(t.db, t.masterKey, {
        manufacturer_id: tenants.manufacturerA.id,
        url: 'https://93.184.215.14/imports',
        secret: generateSecret(),
        event_types: ['import.applied'],
        enabled: true,
      });
      const totalBefore = (
        await t.app.inject({ method: 'GET', url: '/api/v1/users', headers: auth(tenants.staffAToken) })
      ).json().pagination.records.total;
      const preview = (
        await upload(
          lines(
            `ada@alpha.example,CRM-7,${productA.identifier!.toUpperCase()},NFR`,
            'grace@alpha.example,,,',
            'known@alpha.example,,,',
          ),
        )
      ).json();
      expect(preview).toMatchObject({ to_create: 2, licenses_to_create: 1, existing: 1, invalid: 0 });

      const response = await apply(preview.id);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        id: preview.id,
        users_created: 2,
        licenses_created: 1,
        applied_at: expect.stringMatching(/Z$/),
      });

      const users = await t.db
        .selectFrom('end_users')
        .select(['id', 'email', 'external_id'])
        .where('manufacturer_id', '=', tenants.manufacturerA.id)
        .where('email', 'in', ['ada@alpha.example', 'grace@alpha.example'])
        .orderBy('email')
        .execute();
      expect(users.map(({ email, external_id }) => ({ email, external_id }))).toEqual([
        { email: 'ada@alpha.example', external_id: 'CRM-7' },
        { email: 'grace@alpha.example', external_id: null },
      ]);
      const memberships = await t.db
        .selectFrom('channel_memberships')
        .select('channel_id')
        .where(
          'user_id',
          'in',
          users.map((user) => user.id),
        )
        .execute();
      expect(memberships).toEqual([{ channel_id: releaseA }, { channel_id: releaseA }]);
      const licenses = await t.db
        .selectFrom('licenses')
        .selectAll()
        .where(
          'user_id',
          'in',
          users.map((user) => user.id),
        )
        .execute();
      expect(licenses).toEqual([
        expect.objectContaining({
          user_id: users[0].id,
          product_id: productA.id,
          license_type: 'NFR',
          disabled: false,
          serial: expect.stringMatching(/^[0-9A-Z]{5}(-[0-9A-Z]{5}){3}$/),
        }),
      ]);
      const list = (
        await t.app.inject({ method: 'GET', url: '/api/v1/users', headers: auth(tenants.staffAToken) })
      ).json();
      expect(list.pagination.records.total).toBe(totalBefore + 2);

      const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'import.apply').execute();
      expect(audit).toEqual([
        expect.objectContaining({
          manufacturer_id: tenants.manufacturerA.id,
          entity_type: 'user_import',
          entity_id: String(preview.id),
          after: { rows: 3, users_created: 2, licenses_created: 1, existing: 1 },
        }),
      ]);
      const { rows: events } = await sql<{ type: string; payload: { data: { after: unknown } }; endpoint_id: number }>`
        SELECT e.type, e.payload, d.endpoint_id FROM webhook_events e JOIN webhook_deliveries d ON d.event_id = e.id WHERE e.manufacturer_id = ${tenants.manufacturerA.id}`.execute(
        t.db,
      );
      expect(events).toEqual([
        {
          type: 'import.applied',
          payload: expect.objectContaining({
            type: 'import.applied',
            data: expect.objectContaining({ object: 'user_import', id: String(preview.id), after: audit[0].after }),
          }),
          endpoint_id: endpoint.id,
        },
      ]);

      const before = await digest();
      await expectRefusal(await apply(preview.id), 409, ALREADY_APPLIED);
      expect(await digest()).toBe(before);
    });

    it('writes nothing when one row is invalid (all or nothing)', async () => {
      const preview = (
        await upload(lines('fine.one@alpha.example,,,', 'fine.two@alpha.example,,,', 'broken@,,,'))
      ).json();
      expect(preview).toMatchObject({ to_create: 2, invalid: 1 });
      const before = await digest();
      await expectRefusal(await apply(preview.id), 409, hasInvalidRows(1));
      expect(await digest()).toBe(before);
      expect(await t.db.selectFrom('end_users').select('id').where('email', 'like', 'fine.%').execute()).toEqual([]);
    });

    it('writes nothing when a user of the file was created since the preview', async () => {
      const preview = (await upload(lines('race.one@alpha.example,,,', 'race.two@alpha.example,,,'))).json();
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/v1/users',
        headers: auth(tenants.staffAToken),
        payload: { email: 'Race.Two@alpha.example', external_id: null },
      });
      expect(created.statusCode).toBe(201);
      const before = await digest();
      await expectRefusal(await apply(preview.id), 409, CHANGED_SINCE_PREVIEW);
      expect(await digest()).toBe(before);
      expect(
        await t.db.selectFrom('end_users').select('id').where('email', '=', 'race.one@alpha.example').execute(),
      ).toEqual([]);
    });

    it('refuses an expired preview and a file with nothing new', async () => {
      const expired = (await upload(lines('late@alpha.example,,,'))).json();
      await sql`UPDATE user_imports SET expires_at = now() - interval '1 second' WHERE id = ${expired.id}`.execute(
        t.db,
      );
      await expectRefusal(await apply(expired.id), 410, PREVIEW_EXPIRED);
      const nothing = (await upload(lines('known@alpha.example,,,'))).json();
      await expectRefusal(await apply(nothing.id), 409, NOTHING_TO_IMPORT);
      await expectRefusal(await apply(2_000_000), 404, 'Import not found');
    });
  });

  it('applies on another instance what one previewed, and two instances applying at once create the users once', async () => {
    const otherDb = createDatabase(t.databaseUrl, 4);
    const other = await buildApp({
      config: readConfig({ PRODUCTHUB_APPS_DIR: '' }),
      db: otherDb,
      masterKey: t.masterKey,
      storage: t.storage,
    });
    try {
      const applyOn = (app: typeof other, id: number) =>
        app.inject({ method: 'POST', url: `/api/v1/users/imports/${id}/apply`, headers: auth(tenants.staffAToken) });
      const first = (await upload(lines('instance.one@alpha.example,,,'))).json();
      expect((await applyOn(other, first.id)).json()).toMatchObject({ users_created: 1 });

      const second = (await upload(lines('instance.two@alpha.example,,,', 'instance.three@alpha.example,,,'))).json();
      const answers = await Promise.all([applyOn(t.app, second.id), applyOn(other, second.id)]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((answer) => answer.statusCode === 409)!.json()).toEqual({ message: [ALREADY_APPLIED] });
      const created = await t.db
        .selectFrom('end_users')
        .select('email')
        .where('email', 'like', 'instance.%')
        .orderBy('email')
        .execute();
      expect(created.map((user) => user.email)).toEqual([
        'instance.one@alpha.example',
        'instance.three@alpha.example',
        'instance.two@alpha.example',
      ]);
    } finally {
      await other.close();
      await otherDb.destroy();
    }
  });

  describe('tenancy', () => {
    it('imports into the staff member’s own manufacturer only; another tenant’s import is not found; a superuser is refused', async () => {
      const previewA = (await upload(lines('tenant@alpha.example,,,'))).json();
      const before = await digest();
      await expectRefusal(await apply(previewA.id, tenants.staffBToken), 404, 'Import not found');
      await expectRefusal(
        await upload(lines('tenant@alpha.example,,,'), tenants.superToken),
        403,
        /manufacturer users/,
      );
      await expectRefusal(await apply(previewA.id, tenants.superToken), 403, /manufacturer users/);
      expect(await digest()).toBe(before);

      // B's file: A's user is new to B, A's product is unknown to B, B's own product is known.
      const previewB = (
        await upload(
          lines(`known@alpha.example,,${productB.identifier},Free`, `b2@beta.example,,${productA.identifier},Free`),
          tenants.staffBToken,
        )
      ).json();
      expect(previewB).toMatchObject({
        manufacturer_id: tenants.manufacturerB.id,
        to_create: 1,
        licenses_to_create: 1,
        existing: 0,
        invalid: 1,
      });
      expect(previewB.invalid_rows[0].reason).toBe(`no product of yours has the identifier "${productA.identifier}"`);
    });
  });
  // Last: it applies an import into the other tenant, which the apply's audit counts above must not see.
  describe('the export imported back', () => {
    it('imports the users export back: its ID and Created At are read past and named, a formula-looking external ID comes back as typed', async () => {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/v1/users',
        headers: auth(tenants.staffAToken),
        payload: { email: 'roundtrip@alpha.example', external_id: '=HYPERLINK("http://x")' },
      });
      expect(created.statusCode).toBe(201);
      const exported = await t.app.inject({
        method: 'GET',
        url: '/api/v1/users/export.csv?email=roundtrip',
        headers: auth(tenants.staffAToken),
      });
      expect(exported.body).toContain(`"'=HYPERLINK(""http://x"")"`);

      const preview = (await upload(exported.body, tenants.staffBToken)).json();
      expect(preview).toMatchObject({ rows: 1, to_create: 1, invalid: 0, ignored_columns: ['ID', 'Created At'] });
      expect((await apply(preview.id, tenants.staffBToken)).statusCode).toBe(200);
      const imported = await t.db
        .selectFrom('end_users')
        .where('manufacturer_id', '=', tenants.manufacturerB.id)
        .where('email', '=', 'roundtrip@alpha.example')
        .select('external_id')
        .executeTakeFirstOrThrow();
      expect(imported.external_id).toBe('=HYPERLINK("http://x")');
    });
  });
});
