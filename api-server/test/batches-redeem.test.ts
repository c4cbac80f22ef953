import { PLAIN_POLICY } from 'shared-kit/contract';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from './support/test-app';
import { auth, tableDigest } from './support/fixtures';
import { createLicensingWorld, type LicensingWorld } from './licensing-fixtures';
import { customerAuth } from './portal-fixtures';
import { createCustomerSession } from '../src/portal/customer-sessions';
import {
  SERIAL_ALREADY_REDEEMED,
  SERIAL_NOT_VALID,
  SERIAL_REDEEMED_BY_YOU,
  TOO_MANY_REDEEM_TRIES,
} from '../src/batches/batch-words';

jest.setTimeout(120_000);

describe('redeeming a batch serial in the portal', () => {
  let t: TestApp;
  let world: LicensingWorld;
  let annToken: string;
  let bobToken: string;
  let deeToken: string;
  let batchId: number;
  let serials: string[];

  const redeem = (token: string, serial: unknown, remoteAddress = '127.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/portal/redeem',
      headers: customerAuth(token),
      payload: { serial } as object,
      remoteAddress,
    });
  const writeTables = () =>
    Promise.all(
      ['serial_batches', 'batch_serials', 'licenses', 'audit_log', 'webhook_events'].map((table) =>
        tableDigest(t.db, table),
      ),
    );
  const newBatch = async (count: number, licenseType = 'Standard') => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/products/${world.synth.id}/batches`,
      headers: auth(world.staffAToken),
      payload: { license_type: licenseType, count, reseller: 'Shop' },
    });
    expect(response.statusCode).toBe(201);
    const id = response.json().id as number;
    const rows = await t.db
      .selectFrom('batch_serials')
      .select('serial')
      .where('batch_id', '=', id)
      .orderBy('id')
      .execute();
    return { id, serials: rows.map((row) => row.serial) };
  };
  const batchCounts = (id: number) =>
    t.db
      .selectFrom('serial_batches')
      .select(['redeemed_count', 'voided_count'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await createTestApp();
    world = await createLicensingWorld(t);
    annToken = (await createCustomerSession(t.db, world.manufacturerA.id, world.ann.id)).token;
    bobToken = (await createCustomerSession(t.db, world.manufacturerA.id, world.bob.id)).token;
    deeToken = (await createCustomerSession(t.db, world.manufacturerB.id, world.betaUser.id)).token;
    // The product's Standard policy: a redeemed licence takes its terms like any new licence.
    const policy = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/products/${world.synth.id}/policies/Standard`,
      headers: auth(world.staffAToken),
      payload: {
        ...PLAIN_POLICY,
        term: 'time-limited',
        duration_days: 365,
        grace_days: 7,
        maintenance_months: 12,
        maintenance_from: 'purchase',
      },
    });
    expect(policy.statusCode).toBe(200);
    await sql`INSERT INTO webhook_endpoints (manufacturer_id, url, secret_encrypted, event_types, enabled)
      VALUES (${world.manufacturerA.id}::int, 'https://hooks.example/redeem', 'v1.x.y.z',
        ARRAY['batch_serial.redeemed', 'license.created'], true)`.execute(t.db);
    ({ id: batchId, serials } = await newBatch(6));
  });
  afterAll(() => t.close());

  it('turns an unsold serial, typed loosely, into a licence of the customer with the policy’s terms, at once under My licenses', async () => {
    const typed = ` ${serials[0].toLowerCase().replace(/-/g, ' ')} `;
    const response = await redeem(annToken, typed);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      license_id: expect.any(Number),
      serial: serials[0],
      license_type: 'Standard',
      product: { id: world.synth.id, name: 'Alpha Synth' },
    });
    const licence = await t.db
      .selectFrom('licenses')
      .selectAll()
      .where('id', '=', response.json().license_id)
      .executeTakeFirstOrThrow();
    expect(licence).toMatchObject({
      user_id: world.ann.id,
      product_id: world.synth.id,
      manufacturer_id: world.manufacturerA.id,
      serial: serials[0],
      license_type: 'Standard',
      disabled: false,
      grace_days: 7,
    });
    expect(licence.expires_at).not.toBeNull();
    expect(licence.maintenance_ends_at).not.toBeNull();
    const serial = await t.db
      .selectFrom('batch_serials')
      .selectAll()
      .where('serial', '=', serials[0])
      .executeTakeFirstOrThrow();
    expect(serial).toMatchObject({ status: 'redeemed', redeemed_by_end_user_id: world.ann.id, license_id: licence.id });
    expect(await batchCounts(batchId)).toEqual({ redeemed_count: 1, voided_count: 0 });

    const mine = await t.app.inject({ method: 'GET', url: '/api/v1/portal/licenses', headers: customerAuth(annToken) });
    expect(mine.json().data.map((row: { serial: string }) => row.serial)).toContain(serials[0]);

    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'actor_end_user_id'])
      .where('actor_end_user_id', '=', world.ann.id)
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['license.create', 'batch_serial.redeem']);
    const audited = await t.db
      .selectFrom('audit_log')
      .select(['entity_type', 'entity_id', 'before', 'after'])
      .where('actor_end_user_id', '=', world.ann.id)
      .orderBy('id')
      .execute();
    expect(audited).toEqual([
      {
        entity_type: 'license',
        entity_id: String(licence.id),
        before: null,
        after: JSON.parse(JSON.stringify(licence)),
      },
      {
        entity_type: 'batch_serial',
        entity_id: String(serial.id),
        before: null,
        after: { serial: serials[0], batch_id: batchId, license_id: licence.id, end_user_id: world.ann.id },
      },
    ]);
    const events = await t.db.selectFrom('webhook_events').select('type').orderBy('id').execute();
    expect(events.map((event) => event.type)).toEqual(['license.created', 'batch_serial.redeemed']);
  });

  it('says in plain words that a serial was already redeemed (409), by this customer or another, changing nothing', async () => {
    const before = await writeTables();
    const again = await redeem(annToken, serials[0]);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: [SERIAL_REDEEMED_BY_YOU] });
    const other = await redeem(bobToken, serials[0]);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ message: [SERIAL_ALREADY_REDEEMED] });
    expect(await writeTables()).toEqual(before);
  });

  it('answers an unknown, a voided, a malformed and another manufacturer’s serial alike: not valid (404), changing nothing', async () => {
    const voided = await t.app.inject({
      method: 'POST',
      url: `/api/v1/products/${world.synth.id}/batches/${batchId}/void`,
      headers: auth(world.staffAToken),
      payload: { serials: [serials[5]] },
    });
    expect(voided.json().voided).toBe(1);
    const before = await writeTables();
    for (const [token, serial] of [
      [annToken, serials[5]],
      [annToken, 'ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ'],
      [annToken, 'hello'],
      [deeToken, serials[1]],
    ]) {
      const response = await redeem(token, serial);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: [SERIAL_NOT_VALID] });
    }
    expect(await writeTables()).toEqual(before);
    expect(await batchCounts(batchId)).toEqual({ redeemed_count: 1, voided_count: 1 });
  });

  it('lets exactly one of two concurrent redeems of one serial win', async () => {
    const [first, second] = await Promise.all([redeem(annToken, serials[1]), redeem(bobToken, serials[1])]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 409]);
    const licences = await t.db.selectFrom('licenses').select('user_id').where('serial', '=', serials[1]).execute();
    expect(licences).toHaveLength(1);
    expect(await batchCounts(batchId)).toEqual({ redeemed_count: 2, voided_count: 1 });
  });

  it('keeps redeem and void of the same serial apart: one wins, the counts add up', async () => {
    const [redeemed, voided] = await Promise.all([
      redeem(bobToken, serials[2]),
      t.app.inject({
        method: 'POST',
        url: `/api/v1/products/${world.synth.id}/batches/${batchId}/void`,
        headers: auth(world.staffAToken),
        payload: { serials: [serials[2]] },
      }),
    ]);
    const status = (
      await t.db.selectFrom('batch_serials').select('status').where('serial', '=', serials[2]).executeTakeFirstOrThrow()
    ).status;
    if (status === 'redeemed') {
      expect(redeemed.statusCode).toBe(201);
      expect(voided.json().voided).toBe(0);
      expect(await batchCounts(batchId)).toEqual({ redeemed_count: 3, voided_count: 1 });
    } else {
      expect(redeemed.statusCode).toBe(404);
      expect(voided.json().voided).toBe(1);
      expect(await batchCounts(batchId)).toEqual({ redeemed_count: 2, voided_count: 2 });
    }
  });

  it.each([
    ['no serial', {}],
    ['an empty serial', { serial: '' }],
    ['an object', { serial: { text: 'A' } }],
    ['a serial of 65 characters', { serial: 'A'.repeat(65) }],
  ])('refuses %s (400), changing nothing', async (_case, body) => {
    const before = await writeTables();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/portal/redeem',
      headers: customerAuth(annToken),
      payload: body,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toEqual(expect.arrayContaining([expect.any(String)]));
    expect(await writeTables()).toEqual(before);
  });

  it('needs a customer session: none, or a staff one, is a 401', async () => {
    const none = await t.app.inject({ method: 'POST', url: '/api/v1/portal/redeem', payload: { serial: serials[3] } });
    expect(none.statusCode).toBe(401);
    const staff = await t.app.inject({
      method: 'POST',
      url: '/api/v1/portal/redeem',
      headers: auth(world.staffAToken),
      payload: { serial: serials[3] },
    });
    expect(staff.statusCode).toBe(401);
  });
});

describe('redeem throttling', () => {
  let t: TestApp;
  let world: LicensingWorld;

  beforeAll(async () => {
    t = await createTestApp({ serialRedeemTries: { perCustomer: 3, perAddress: 5 } });
    world = await createLicensingWorld(t);
  });
  afterAll(() => t.close());

  const redeem = (token: string, remoteAddress: string, serial = 'ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ') =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/portal/redeem',
      headers: customerAuth(token),
      payload: { serial },
      remoteAddress,
    });

  it('holds back a customer after their tries, from any address, and an address after its tries, for any customer', async () => {
    const ann = (await createCustomerSession(t.db, world.manufacturerA.id, world.ann.id)).token;
    const bob = (await createCustomerSession(t.db, world.manufacturerA.id, world.bob.id)).token;
    const cy = (await createCustomerSession(t.db, world.manufacturerA.id, world.cy.id)).token;
    for (let n = 0; n < 3; n++) expect((await redeem(ann, `10.0.0.${n + 1}`)).statusCode).toBe(404);
    const held = await redeem(ann, '10.0.0.9');
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
    expect(held.json()).toEqual({
      message: [TOO_MANY_REDEEM_TRIES(held.json().retry_after)],
      retry_after: Number(held.headers['retry-after']),
    });
    // The address: bob and cy share one, five tries between them.
    for (let n = 0; n < 3; n++) expect((await redeem(bob, '10.0.1.1')).statusCode).toBe(404);
    for (let n = 0; n < 2; n++) expect((await redeem(cy, '10.0.1.1')).statusCode).toBe(404);
    expect((await redeem(cy, '10.0.1.1')).statusCode).toBe(429);
  });
});
