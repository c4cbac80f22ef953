import { get as httpGet, type IncomingMessage } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql } from 'kysely';
import { parse } from 'csv-parse/sync';
import { createTestApp, type TestApp } from './support/test-app';
import { auth, createTenants } from './support/fixtures';
import { createChannels, createEndUser, createProduct } from './support/users-fixtures';
import { insertTestBuild } from './catalog-fixtures';
import { createLicense, createTrial } from './licensing-fixtures';
import { EXPORTS_PER_TENANT, MAX_CONCURRENT_EXPORTS, TOO_MANY_EXPORTS_OF_TENANT } from '../src/lib/csv/send-csv';

const BOM = '\uFEFF';
setFlagsFromString('--expose-gc');

describe('CSV export of every list', () => {
  let t: TestApp;
  let tenants: Awaited<ReturnType<typeof createTenants>>;
  let product: Awaited<ReturnType<typeof createProduct>>;
  let user: Awaited<ReturnType<typeof createEndUser>>;
  let staffA: Record<string, string>;

  const get = (url: string, headers = staffA) => t.app.inject({ method: 'GET', url, headers });
  /** The rows of an answer, read by an independent RFC 4180 parser (after checking the BOM and CRLFs). */
  const rowsOf = (body: string) => {
    expect(body.startsWith(BOM)).toBe(true);
    expect(
      body
        .replace(/"[^"]*"/g, '')
        .split('\n')
        .every((line, i, all) => i === all.length - 1 || line.endsWith('\r')),
    ).toBe(true);
    return parse(body.slice(1), { relax_column_count: false }) as string[][];
  };

  beforeAll(async () => {
    t = await createTestApp();
    tenants = await createTenants(t.app, t.db);
    staffA = auth(tenants.staffAToken);
    const a = tenants.manufacturerA.id;
    product = await createProduct(t.db, a, 'Echo Verb');
    await createProduct(t.db, a, 'Delay Lama');
    await t.db
      .insertInto('products')
      .values({
        manufacturer_id: a,
        name: '=HYPERLINK("http://evil.example","click")',
        type: 'Full',
        plugin_name: 'Evil',
        public_key: 'x',
        private_key_encrypted: 'y',
        identifier: 'com.test.evil',
        series: 'Zoë, "Quoted"\nSeries',
      })
      .execute();
    await createProduct(t.db, tenants.manufacturerB.id, 'Echo Beta');
    user = await createEndUser(t.db, a, 'ann@alpha.example', '+49 ext');
    const bob = await createEndUser(t.db, a, 'bob@alpha.example');
    await createEndUser(t.db, tenants.manufacturerB.id, 'ann@beta.example');
    await createLicense(t.db, {
      manufacturerId: a,
      productId: product.id,
      userId: user.id,
      type: 'NFR',
      disabledReason: 'CancelledOrder',
    });
    await createLicense(t.db, { manufacturerId: a, productId: product.id, userId: bob.id });
    await createTrial(t.db, a, product.id, 'FP-AAA-1');
    await createTrial(t.db, a, product.id, 'FP-BBB-2');
    await insertTestBuild(t.db, a, product.id, { os: 'macOS', version: [1, 2, 3], build_number: 7 });
    const channels = await createChannels(t.db, a);
    const release = await t.db
      .insertInto('releases')
      .values({ manufacturer_id: a, product_id: product.id, description: '@risky note', unlocks_wo_license: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('release_distributions')
      .values(
        [channels.release, channels.beta].map((channel) => ({
          manufacturer_id: a,
          channel_id: channel.id,
          release_id: release.id,
        })),
      )
      .execute();
  });
  afterAll(() => t.close());

  it('exports products with the console’s headers, as an attachment, formulas neutralised, unicode and quoting intact', async () => {
    const response = await get('/api/v1/products/export.csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = rowsOf(response.body);
    expect(rows[0]).toEqual(['ID', 'Identifier', 'Name', 'Series', 'Type']);
    expect(rows.slice(1).map((row) => row[2])).toEqual([
      'Echo Verb',
      'Delay Lama',
      `'=HYPERLINK("http://evil.example","click")`,
    ]);
    expect(rows[3][3]).toBe('Zoë, "Quoted"\nSeries');
    expect(response.body).not.toContain('Echo Beta');
  });

  it('honours the list’s search and filters, and ignores paging', async () => {
    const rows = rowsOf((await get('/api/v1/products/export.csv?identifier=ECHO&type=Full&page=5&per_page=1')).body);
    expect(rows.slice(1).map((row) => row[2])).toEqual(['Echo Verb']);
    expect(rowsOf((await get('/api/v1/products/export.csv?type=PluginOnly')).body)).toHaveLength(1);
    expect(rowsOf((await get('/api/v1/users/export.csv?email=ANN')).body)).toEqual([
      ['ID', 'Email', 'External ID', 'Created At'],
      [String(user.id), 'ann@alpha.example', "'+49 ext", expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/)],
    ]);
    expect(rowsOf((await get('/api/v1/users/export.csv?email=%25')).body)).toHaveLength(1);
  });

  it('exports a product’s licences (with the email search), builds, releases and trials', async () => {
    const licenses = rowsOf((await get(`/api/v1/products/${product.id}/licenses/export.csv?email=ann`)).body);
    expect(licenses[0]).toEqual([
      'ID',
      'Email',
      'Type',
      'Serial',
      'Deactivated',
      'Deactivation Reason',
      'Created At',
      'Updated At',
      'Edition',
      'Expires At',
      'Maintenance Ends At',
    ]);
    expect(licenses.slice(1).map((row) => [row[1], row[2], row[4], row[5], row[8], row[9], row[10]])).toEqual([
      ['ann@alpha.example', 'NFR', 'Yes', 'CancelledOrder', '', '', ''],
    ]);
    expect(rowsOf((await get(`/api/v1/products/${product.id}/licenses/export.csv`)).body)).toHaveLength(3);

    const builds = rowsOf((await get(`/api/v1/products/${product.id}/builds/export.csv`)).body);
    expect(builds.map((row) => row.slice(1, 5))).toEqual([
      ['OS', 'Version', 'Build number', 'Upload Confirmed'],
      ['macOS', '1.2.3', '7', 'Yes'],
    ]);

    const releases = rowsOf((await get(`/api/v1/products/${product.id}/releases/export.csv`)).body);
    expect(releases[0]).toEqual([
      'ID',
      'Description',
      'Unlocks Without License',
      'App Version Min',
      'App Version Max',
      'Distribution Channels',
      'Created At',
      'Updated At',
    ]);
    expect(releases[1].slice(1, 6)).toEqual(["'@risky note", 'Yes', '', '', 'Beta testers, Release']);

    const trials = rowsOf(
      (await get(`/api/v1/products/${product.id}/trials/export.csv?hardware_fingerprint=bbb`)).body,
    );
    expect(trials.map((row) => row[1])).toEqual(['Hardware Fingerprint', 'FP-BBB-2']);
  });

  it('exports a user’s licences with the product columns', async () => {
    const response = await get(`/api/v1/users/${user.id}/licenses/export.csv`);
    expect(response.headers['content-disposition']).toContain(`filename="user-${user.id}-licenses-`);
    const rows = rowsOf(response.body);
    expect(rows[0].slice(0, 5)).toEqual(['ID', 'Product Series', 'Product Identifier', 'Product Name', 'Email']);
    expect(rows.slice(1).map((row) => [row[3], row[4]])).toEqual([['Echo Verb', 'ann@alpha.example']]);
  });

  it('exports manufacturers for the superuser only, with the name-or-email search', async () => {
    const rows = rowsOf((await get('/api/v1/manufacturers/export.csv?search=beta', auth(tenants.superToken))).body);
    expect(rows).toEqual([
      ['ID', 'Name', 'Email', 'Country Code'],
      [String(tenants.manufacturerB.id), 'Beta Sound', 'beta@example.com', 'US'],
    ]);
    expect((await get('/api/v1/manufacturers/export.csv')).statusCode).toBe(403);
  });

  it.each([
    ['another tenant’s product', () => `/api/v1/products/${product.id}/licenses/export.csv`, 'staffB', 404],
    ['another tenant’s user', () => `/api/v1/users/${user.id}/licenses/export.csv`, 'staffB', 404],
    ['a missing product', () => '/api/v1/products/999999/builds/export.csv', 'staffA', 404],
    ['the superuser on a tenant list', () => '/api/v1/users/export.csv', 'super', 403],
    ['a bad filter', () => `/api/v1/products/export.csv?identifier=${'x'.repeat(201)}`, 'staffA', 400],
    ['a bad id', () => '/api/v1/products/abc/trials/export.csv', 'staffA', 400],
    ['no session', () => '/api/v1/products/export.csv', 'none', 401],
  ])('refuses %s with a JSON error, not a file', async (_, url, who, status) => {
    const token =
      who === 'staffA'
        ? tenants.staffAToken
        : who === 'staffB'
          ? tenants.staffBToken
          : who === 'super'
            ? tenants.superToken
            : undefined;
    const response = await get(url(), token ? auth(token) : {});
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-disposition']).toBeUndefined();
    expect(response.json()).toEqual({ message: [expect.any(String)] });
  });
});

describe('a large CSV export', () => {
  let t: TestApp;
  let tenants: Awaited<ReturnType<typeof createTenants>>;
  const ROWS = 50_000;

  beforeAll(async () => {
    t = await createTestApp();
    tenants = await createTenants(t.app, t.db);
    await sql`INSERT INTO end_users (manufacturer_id, email, external_id)
      SELECT ${tenants.manufacturerA.id}, 'listener' || n || '@' || repeat('x', 150) || '.example', repeat('e', 1200) || n
      FROM generate_series(1, ${ROWS}) AS n`.execute(t.db);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
  }, 60_000);
  afterAll(() => t.close(), 60_000);

  /** A real HTTP download on a connection of its own (no keep-alive), as a browser's fetch of the file. */
  const download = (path: string, token = tenants.staffAToken, headers: Record<string, string> = auth(token)) =>
    new Promise<IncomingMessage>((resolve, reject) => {
      const port = (t.app.server.address() as { port: number }).port;
      httpGet({ host: '127.0.0.1', port, path, agent: false, headers }, resolve).on('error', reject);
    });

  it('streams 50,000 rows with the server’s retained heap bounded well below the export’s size', async () => {
    const gc = runInNewContext('gc') as () => void;
    const retained = () => {
      gc();
      return process.memoryUsage().heapUsed;
    };
    const baseline = retained();
    let peak = 0;
    const response = await download('/api/v1/users/export.csv');
    let bytes = 0;
    let lines = 0;
    let tail = '';
    let nextSample = 5_000_000;
    const decoder = new TextDecoder();
    for await (const chunk of response as AsyncIterable<Buffer>) {
      bytes += chunk.byteLength;
      const text = decoder.decode(chunk, { stream: true });
      lines += text.split('\n').length - 1;
      tail = (tail + text).slice(-2000);
      if (bytes >= nextSample) {
        // Mid-export, with the server's stream as far along as the client lets it be: what it holds now.
        peak = Math.max(peak, retained() - baseline);
        nextSample += 15_000_000;
      }
    }
    expect(response.statusCode).toBe(200);
    expect(lines).toBe(ROWS + 1);
    expect(tail).toContain(`listener${ROWS}@`);
    // The export is ~70 MB: buffering it, or its rows as objects, would retain more than that.
    expect(bytes).toBeGreaterThan(65_000_000);
    console.log(`export of ${bytes} bytes: retained heap grew by at most ${peak} bytes`);
    expect(peak).toBeLessThan(10_000_000);
  }, 120_000);

  it('stops the query and frees its connection when the client goes away mid-export', async () => {
    const response = await download('/api/v1/users/export.csv');
    await new Promise((resolve) => response.once('data', resolve));
    response.pause();
    const running = () =>
      sql<{
        n: string;
      }>`SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND query LIKE '%from "end_users"%' AND pid <> pg_backend_pid() AND state <> 'idle'`
        .execute(t.db)
        .then((result) => Number(result.rows[0].n));
    expect(await running()).toBe(1);
    response.destroy();
    let left = 1;
    for (let attempt = 0; attempt < 50 && left > 0; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      left = await running();
    }
    expect(left).toBe(0);
    // And the next export gets a connection and a whole file.
    const again = await download('/api/v1/users/export.csv?email=listener7@');
    let text = '';
    for await (const chunk of again as AsyncIterable<Buffer>) text += chunk.toString('utf8');
    expect(text.split('\r\n').length - 2).toBe(1);
  }, 60_000);

  it(`runs at most ${EXPORTS_PER_TENANT} exports of a tenant at once: its slow readers never block another tenant's export`, async () => {
    expect(EXPORTS_PER_TENANT).toBeLessThan(MAX_CONCURRENT_EXPORTS);
    const open = [];
    for (let i = 0; i < EXPORTS_PER_TENANT; i++) {
      const response = await download('/api/v1/users/export.csv');
      await new Promise((resolve) => response.once('data', resolve));
      response.pause();
      open.push(response);
    }
    const refused = await download('/api/v1/users/export.csv');
    let body = '';
    for await (const chunk of refused as AsyncIterable<Buffer>) body += chunk.toString('utf8');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(body)).toEqual({ message: [TOO_MANY_EXPORTS_OF_TENANT] });
    // A's read key is A too: it waits for A's slots, it does not take the platform's.
    const key = await t.app.inject({
      method: 'POST',
      url: `/api/v1/manufacturers/${tenants.manufacturerA.id}/api-keys`,
      headers: auth(tenants.staffAToken),
      payload: { name: 'Exporter', scopes: ['read'] },
    });
    expect(key.statusCode).toBe(201);
    const byKey = await download('/api/v1/users/export.csv', '', { authorization: `Bearer ${key.json().secret}` });
    let keyBody = '';
    for await (const chunk of byKey as AsyncIterable<Buffer>) keyBody += chunk.toString('utf8');
    expect(byKey.statusCode).toBe(429);
    expect(JSON.parse(keyBody)).toEqual({ message: [TOO_MANY_EXPORTS_OF_TENANT] });
    // Another tenant's export runs while A's readers stall.
    const other = await download('/api/v1/users/export.csv', tenants.staffBToken);
    let otherText = '';
    for await (const chunk of other as AsyncIterable<Buffer>) otherText += chunk.toString('utf8');
    expect(other.statusCode).toBe(200);
    expect(otherText).toMatch(/^\uFEFFID,Email,/);
    open.forEach((response) => response.destroy());
    await new Promise((resolve) => setTimeout(resolve, 500));
    const after = await download('/api/v1/users/export.csv?email=listener9@');
    for await (const chunk of after as AsyncIterable<Buffer>) void chunk;
    expect(after.statusCode).toBe(200);
  }, 60_000);
});
