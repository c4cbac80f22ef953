import { writeOfflineRequest } from 'signed-formats';
import { createCustomerSession } from '../src/portal/customer-sessions';
import { createTestApp, type TestApp } from './support/test-app';
import { customerAuth } from './portal-fixtures';
import { demoLicenseOfIdentifiedProduct, seedDemo, type DemoLicense } from './support/demo-fixtures';
import { activeFingerprints } from './support/license-rows';

jest.setTimeout(120_000);

// The portal's offline activation has its own limits, counted in PostgreSQL: per customer session and per network
// address, every upload counted (a refused file too).
describe('offline activation limits in the portal', () => {
  let t: TestApp;
  let license: DemoLicense;

  const requestFor = (fingerprint: string) =>
    writeOfflineRequest({
      product_id: license.productId,
      product_identifier: license.identifier,
      serial: license.serial,
      hardware_fingerprint: fingerprint,
      hardware_fingerprint_version: 2,
      signature_seed_version: 5,
      plugin_version: '2.1.0',
      created_at: '2026-03-01T10:00:00Z',
    });
  const upload = (token: string, request: string, remoteAddress = '203.0.113.7') =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/portal/licenses/${license.id}/offline-activations`,
      headers: customerAuth(token),
      payload: { request },
      remoteAddress,
    });
  const machines = () => activeFingerprints(t.db, license.id);
  const session = async () => (await createCustomerSession(t.db, license.manufacturerId, license.userId)).token;

  beforeAll(async () => {
    t = await createTestApp({
      portal: {
        codesPerEmailPerHour: 1000,
        codesPerAddressPerHour: 1000,
        signInsPerAddressPerMinute: 1000,
        offlineActivationsPerSessionPerHour: 2,
        offlineActivationsPerAddressPerHour: 3,
      },
    });
    await seedDemo(t);
    license = await demoLicenseOfIdentifiedProduct(t, 'first');
    await t.db.updateTable('products').set({ machine_limit: 100 }).where('id', '=', license.productId).execute();
    await t.db.deleteFrom('license_activations').where('license_id', '=', license.id).execute();
  });
  afterAll(() => t.close());

  it('answers 429 with retry_after past the session limit, a refused file counting too, and activates nothing', async () => {
    const token = await session();
    expect((await upload(token, 'not a request')).statusCode).toBe(400);
    expect((await upload(token, requestFor('HWFP2-LIMIT-1'))).statusCode).toBe(200);
    const over = await upload(token, requestFor('HWFP2-LIMIT-2'));
    expect(over.statusCode).toBe(429);
    const body = over.json() as { message: string[]; retry_after: number };
    expect(body.retry_after).toBeGreaterThan(3000);
    expect(body.retry_after).toBeLessThanOrEqual(3600);
    expect(Number(over.headers['retry-after'])).toBe(body.retry_after);
    expect(body.message).toEqual([
      `Too many activation requests uploaded. Please wait ${Math.ceil(body.retry_after / 60)} minutes and try again.`,
    ]);
    expect(await machines()).toEqual(['HWFP2-LIMIT-1']);
  });

  it('counts per network address across sessions; another address and a new session go on', async () => {
    // The address 203.0.113.7 used 3 of its 3 in the test above (the refused upload counted too).
    const fresh = await session();
    const refused = await upload(fresh, requestFor('HWFP2-LIMIT-3'));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().retry_after).toBeGreaterThan(0);
    expect((await upload(fresh, requestFor('HWFP2-LIMIT-4'), '198.51.100.9')).statusCode).toBe(200);
    expect(await machines()).toEqual(['HWFP2-LIMIT-1', 'HWFP2-LIMIT-4']);
  });

  it("holds each session's count in PostgreSQL, whichever address it uploads from", async () => {
    const token = await session();
    expect((await upload(token, requestFor('HWFP2-LIMIT-5'), '192.0.2.1')).statusCode).toBe(200);
    expect((await upload(token, requestFor('HWFP2-LIMIT-6'), '192.0.2.2')).statusCode).toBe(200);
    const rows = await t.db
      .selectFrom('rate_limits')
      .select(['bucket', 'hits'])
      .where('bucket', 'like', 'portal:offline:session:%')
      .execute();
    expect(rows.length).toBe(3);
    expect((await upload(token, requestFor('HWFP2-LIMIT-7'), '192.0.2.3')).statusCode).toBe(429);
  });
});
