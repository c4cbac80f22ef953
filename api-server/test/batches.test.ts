import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import { BATCH_SERIALS_MAX } from 'shared-kit/contract';
import { createTestApp, type TestApp } from './support/test-app';
import { auth, tableDigest } from './support/fixtures';
import { createLicense, createLicensingWorld, type LicensingWorld } from './licensing-fixtures';
import { createBatch } from '../src/batches/batch-rules';
import { drawBatchSerials } from '../src/batches/batch-serials';
import { redeemSerial } from '../src/batches/redeem';
import { createCustomerSession } from '../src/portal/customer-sessions';

jest.setTimeout(120_000);

const SERIAL = /^[0-9A-HJKMNP-TV-Z]{5}(-[0-9A-HJKMNP-TV-Z]{5}){3}$/;

describe('reseller serial batches (staff)', () => {
  let t: TestApp;
  let world: LicensingWorld;

  const post = (url: string, payload: unknown, token = world.staffAToken) =>
    t.app.inject({ method: 'POST', url, headers: auth(token), payload: payload as object });
  const get = (url: string, token = world.staffAToken) => t.app.inject({ method: 'GET', url, headers: auth(token) });
  const batchesOf = (productId: number) => `/api/v1/products/${productId}/batches`;
  const serialsOf = async (batchId: number) =>
    t.db
      .selectFrom('batch_serials')
      .select(['serial', 'status'])
      .where('batch_id', '=', batchId)
      .orderBy('id')
      .execute();
  const batchTables = () =>
    Promise.all(['serial_batches', 'batch_serials', 'licenses', 'audit_log'].map((table) => tableDigest(t.db, table)));
  const rowsOf = (body: string) => parse(body, { bom: true, columns: true }) as Record<string, string>[];
  const customerOf = async (endUserId: number) => {
    const { sessionId } = await createCustomerSession(t.db, world.manufacturerA.id, endUserId);
    const user = await t.db
      .selectFrom('end_users')
      .select('email')
      .where('id', '=', endUserId)
      .executeTakeFirstOrThrow();
    return {
      sessionId,
      endUserId,
      email: user.email,
      manufacturerId: world.manufacturerA.id,
      manufacturerName: 'Alpha Audio',
      slug: 'alpha-audio',
    };
  };

  beforeAll(async () => {
    t = await createTestApp();
    world = await createLicensingWorld(t);
  });
  afterAll(() => t.close());

  it('makes a batch of N unique serials, unsold, audited with a batch.created webhook event', async () => {
    await sql`INSERT INTO webhook_endpoints (manufacturer_id, url, secret_encrypted, event_types, enabled)
      VALUES (${world.manufacturerA.id}::int, 'https://hooks.example/batches', 'v1.x.y.z',
        ARRAY['batch.created', 'batch.voided', 'batch_serial.redeemed'], true)`.execute(t.db);
    const response = await post(batchesOf(world.synth.id), {
      license_type: 'Standard',
      count: 25,
      reseller: '  Boxed Goods Ltd  ',
      note: 'Autumn fair',
    });
    expect(response.statusCode).toBe(201);
    const batch = response.json();
    expect(batch).toEqual({
      id: expect.any(Number),
      product_id: world.synth.id,
      license_type: 'Standard',
      reseller: 'Boxed Goods Ltd',
      note: 'Autumn fair',
      count: 25,
      redeemed_count: 0,
      voided_count: 0,
      created_at: expect.any(String),
    });
    const serials = await serialsOf(batch.id);
    expect(serials).toHaveLength(25);
    expect(new Set(serials.map((row) => row.serial)).size).toBe(25);
    for (const row of serials) {
      expect(row.serial).toMatch(SERIAL);
      expect(row.status).toBe('unsold');
    }
    // A batch serial is no licence until redeemed.
    const licences = await t.db
      .selectFrom('licenses')
      .select('id')
      .where(
        'serial',
        'in',
        serials.map((row) => row.serial),
      )
      .execute();
    expect(licences).toEqual([]);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'actor_system_user_id'])
      .where('entity_type', '=', 'batch')
      .where('entity_id', '=', String(batch.id))
      .execute();
    expect(audit).toEqual([{ action: 'batch.create', actor_system_user_id: expect.any(Number) }]);
    const events = await t.db.selectFrom('webhook_events').select('type').where('type', 'like', 'batch%').execute();
    expect(events.map((event) => event.type)).toEqual(['batch.created']);
  });

  it('lists a product’s batches newest first with their counts, and answers a batch’s page', async () => {
    const older = (await post(batchesOf(world.drums.id), { license_type: 'NFR', count: 2, reseller: 'One' })).json();
    const newer = (await post(batchesOf(world.drums.id), { license_type: 'Free', count: 3, reseller: 'Two' })).json();
    const list = await get(batchesOf(world.drums.id));
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((batch: { id: number }) => batch.id)).toEqual([newer.id, older.id]);
    expect(list.json().data[1]).toMatchObject({ reseller: 'One', note: null, count: 2, license_type: 'NFR' });
    const page = await get(`${batchesOf(world.drums.id)}/${newer.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toEqual(newer);
    // A batch is found under its own product only.
    expect((await get(`${batchesOf(world.synth.id)}/${newer.id}`)).statusCode).toBe(404);
  });

  it('makes 100,000 serials in one go, all unique (its time is logged, not checked)', async () => {
    const started = Date.now();
    const response = await post(batchesOf(world.synth.id), {
      license_type: 'Standard',
      count: BATCH_SERIALS_MAX,
      reseller: 'Big Box',
    });
    const seconds = (Date.now() - started) / 1000;
    console.log(`A batch of ${BATCH_SERIALS_MAX} serials took ${seconds.toFixed(2)} s`);
    expect(response.statusCode).toBe(201);
    const { rows } = await sql<{ total: string; distinct_serials: string }>`
      SELECT count(*) AS total, count(DISTINCT serial) AS distinct_serials FROM batch_serials
      WHERE batch_id = ${response.json().id}`.execute(t.db);
    expect(rows[0]).toEqual({ total: String(BATCH_SERIALS_MAX), distinct_serials: String(BATCH_SERIALS_MAX) });
  });

  it('draws again for a serial a licence or another batch holds: the batch still gets N unique serials', async () => {
    const licenceSerial = world.annSynth.serial;
    const batchSerial = (await t.db.selectFrom('batch_serials').select('serial').executeTakeFirstOrThrow()).serial;
    const draws: number[] = [];
    // The first draw names the licence's serial, another batch's serial, and one serial twice.
    const draw = (count: number) => {
      draws.push(count);
      if (draws.length > 1) return drawBatchSerials(count);
      const fresh = drawBatchSerials(count - 3);
      return [licenceSerial, batchSerial, fresh[0], ...fresh];
    };
    const owner = { manufacturerId: world.manufacturerA.id, productId: world.synth.id };
    const batch = await createBatch(t.db, null, owner, { license_type: 'NFR', count: 10, reseller: 'Collide' }, draw);
    expect(draws).toEqual([10, 3]);
    const serials = (await serialsOf(batch.id)).map((row) => row.serial);
    expect(serials).toHaveLength(10);
    expect(new Set(serials).size).toBe(10);
    expect(serials).not.toContain(licenceSerial);
    expect(serials).not.toContain(batchSerial);
  });

  it('fails whole, writing nothing, when no unique serials can be drawn', async () => {
    const before = await batchTables();
    const owner = { manufacturerId: world.manufacturerA.id, productId: world.synth.id };
    const taken = world.annSynth.serial;
    await expect(
      createBatch(t.db, null, owner, { license_type: 'NFR', count: 2, reseller: 'Stuck' }, (count) =>
        Array.from({ length: count }, () => taken),
      ),
    ).rejects.toThrow('Only 0 of 2 unique serials could be drawn');
    expect(await batchTables()).toEqual(before);
  });

  it('exports a batch’s serials as CSV with status, redemption time and who redeemed, formula-safe', async () => {
    const batch = (
      await post(batchesOf(world.synth.id), { license_type: 'Standard', count: 4, reseller: 'CSV' })
    ).json();
    const serials = (await serialsOf(batch.id)).map((row) => row.serial);
    const trickster = await t.db
      .insertInto('end_users')
      .values({ manufacturer_id: world.manufacturerA.id, email: '=cmd@listener.example' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await redeemSerial(t.db, await customerOf(trickster.id), serials[1], 'http://127.0.0.1:1');
    await post(`${batchesOf(world.synth.id)}/${batch.id}/void`, { serials: [serials[3]] });
    const response = await get(`${batchesOf(world.synth.id)}/${batch.id}/export.csv`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="product-${world.synth.id}-batch-${batch.id}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
    );
    const rows = rowsOf(response.body);
    expect(rows.map((row) => [row.Serial, row.Status, row['Redeemed By']])).toEqual([
      [serials[0], 'unsold', ''],
      [serials[1], 'redeemed', "'=cmd@listener.example"],
      [serials[2], 'unsold', ''],
      [serials[3], 'voided', ''],
    ]);
    expect(rows[1]['Redeemed At']).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(rows[0]['Redeemed At']).toBe('');
  });

  it('voids listed unsold serials, then the whole batch; redeemed serials stay; audited with batch.voided', async () => {
    const batch = (
      await post(batchesOf(world.synth.id), { license_type: 'Standard', count: 5, reseller: 'Void' })
    ).json();
    const voidEvents = () =>
      sql<{ n: string }>`SELECT count(*) AS n FROM webhook_events
        WHERE type = 'batch.voided' AND payload->'data'->>'id' = ${String(batch.id)}`.execute(t.db);
    const serials = (await serialsOf(batch.id)).map((row) => row.serial);
    await redeemSerial(t.db, await customerOf(world.bob.id), serials[0], 'http://127.0.0.1:1');
    const url = `${batchesOf(world.synth.id)}/${batch.id}/void`;
    // Typed as a person would: lower case, spaces; a redeemed serial listed stays redeemed.
    const listed = await post(url, { serials: [` ${serials[1].toLowerCase()} `, serials[0]] });
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual({
      voided: 1,
      batch: { ...batch, redeemed_count: 1, voided_count: 1 },
    });
    const all = await post(url, {});
    expect(all.json()).toMatchObject({ voided: 3, batch: { redeemed_count: 1, voided_count: 4 } });
    expect((await serialsOf(batch.id)).map((row) => row.status)).toEqual([
      'redeemed',
      'voided',
      'voided',
      'voided',
      'voided',
    ]);
    const again = await post(url, {});
    expect(again.json()).toMatchObject({ voided: 0, batch: { voided_count: 4 } });
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_type', '=', 'batch')
      .where('entity_id', '=', String(batch.id))
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['batch.create', 'batch.void', 'batch.void']);
    expect((await voidEvents()).rows[0].n).toBe('2');
  });

  it('refuses a void naming a serial outside the batch, no serial at all or over 1,000 (400), changing nothing', async () => {
    const batch = (
      await post(batchesOf(world.synth.id), { license_type: 'Standard', count: 2, reseller: 'V2' })
    ).json();
    const other = await createLicense(t.db, {
      manufacturerId: world.manufacturerA.id,
      productId: world.synth.id,
      userId: world.ann.id,
    });
    const url = `${batchesOf(world.synth.id)}/${batch.id}/void`;
    const before = await batchTables();
    const outside = await post(url, { serials: [other.serial] });
    expect(outside.statusCode).toBe(400);
    expect(outside.json()).toEqual({ message: [`This serial is not in this batch: ${other.serial}.`] });
    const junk = await post(url, { serials: ['not-a-serial'] });
    expect(junk.statusCode).toBe(400);
    expect(junk.json().message[0]).toMatch(/'not-a-serial' is not a serial/);
    expect((await post(url, { serials: [] })).statusCode).toBe(400);
    // At most 1,000 serials a request, even serials of the batch.
    const [own] = await serialsOf(batch.id);
    expect((await post(url, { serials: Array(1001).fill(own!.serial) })).statusCode).toBe(400);
    expect(await batchTables()).toEqual(before);
  });

  it.each([
    ['no count', { license_type: 'Standard', reseller: 'R' }],
    ['a count of 0', { license_type: 'Standard', count: 0, reseller: 'R' }],
    ['a count over 100,000', { license_type: 'Standard', count: BATCH_SERIALS_MAX + 1, reseller: 'R' }],
    ['a fractional count', { license_type: 'Standard', count: 2.5, reseller: 'R' }],
    ['an unknown licence type', { license_type: 'Gold', count: 1, reseller: 'R' }],
    ['no reseller', { license_type: 'Standard', count: 1 }],
    ['an empty reseller', { license_type: 'Standard', count: 1, reseller: '' }],
    ['a reseller of spaces only', { license_type: 'Standard', count: 1, reseller: '   ' }],
    ['a reseller of 201 characters', { license_type: 'Standard', count: 1, reseller: 'r'.repeat(201) }],
  ])('refuses a batch with %s (400), writing nothing', async (_case, body) => {
    const before = await batchTables();
    const response = await post(batchesOf(world.synth.id), body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toEqual(expect.arrayContaining([expect.any(String)]));
    expect(await batchTables()).toEqual(before);
  });

  it('answers 404 for a missing product or batch, and for another manufacturer’s, changing nothing', async () => {
    const batch = (await post(batchesOf(world.synth.id), { license_type: 'Standard', count: 1, reseller: 'T' })).json();
    const before = await batchTables();
    const body = { license_type: 'Standard', count: 1, reseller: 'B' };
    expect((await post(batchesOf(999_999), body)).statusCode).toBe(404);
    expect((await get(`${batchesOf(world.synth.id)}/999999`)).statusCode).toBe(404);
    expect((await post(`${batchesOf(world.synth.id)}/999999/void`, {})).statusCode).toBe(404);
    expect((await get(`${batchesOf(world.synth.id)}/999999/export.csv`)).statusCode).toBe(404);
    const b = world.staffBToken;
    expect((await get(batchesOf(world.synth.id), b)).statusCode).toBe(404);
    expect((await post(batchesOf(world.synth.id), body, b)).statusCode).toBe(404);
    expect((await get(`${batchesOf(world.synth.id)}/${batch.id}`, b)).statusCode).toBe(404);
    expect((await get(`${batchesOf(world.synth.id)}/${batch.id}/export.csv`, b)).statusCode).toBe(404);
    expect((await post(`${batchesOf(world.synth.id)}/${batch.id}/void`, {}, b)).statusCode).toBe(404);
    // Staff B's own product does not reach A's batch either.
    expect((await get(`${batchesOf(world.betaProduct.id)}/${batch.id}`, b)).statusCode).toBe(404);
    // The Super User is no manufacturer's staff (as for products).
    expect((await get(batchesOf(world.synth.id), world.superToken)).statusCode).toBe(403);
    expect(await batchTables()).toEqual(before);
  });
});
