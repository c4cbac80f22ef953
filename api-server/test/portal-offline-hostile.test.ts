import fc from 'fast-check';
import { OFFLINE_REQUEST_FORMAT, writeOfflineRequest, type OfflineRequest } from 'signed-formats';
import { createCustomerSession } from '../src/portal/customer-sessions';
import { createTestApp, type TestApp } from './support/test-app';
import { demoLicenseOfIdentifiedProduct, seedDemo } from './support/demo-fixtures';
import { activeFingerprints } from './support/license-rows';
import { customerAuth } from './portal-fixtures';

jest.setTimeout(300_000);

// Request files a customer could upload by mistake or on purpose: damaged bytes, members of any JSON value (with a
// checksum made to match, as anyone can make one), whole arbitrary JSON. Never a 5xx; only the matching request of
// this licence's product and serial may take a slot.
describe('hostile offline request files', () => {
  let t: TestApp;
  let token: string;
  let base: OfflineRequest;
  let licenseId: number;

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo(t);
    const license = await demoLicenseOfIdentifiedProduct(t, 'last');
    await t.db.updateTable('products').set({ machine_limit: 1000 }).where('id', '=', license.productId).execute();
    licenseId = license.id;
    token = (await createCustomerSession(t.db, license.manufacturerId, license.userId)).token;
    base = {
      product_id: license.productId,
      product_identifier: license.identifier,
      serial: license.serial,
      hardware_fingerprint: 'HWFP2-HOSTILE',
      hardware_fingerprint_version: 2,
      signature_seed_version: 5,
      plugin_version: '1.0.0',
      created_at: '2026-03-01T10:00:00Z',
    };
  });
  afterAll(() => t.close());

  const upload = (payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/portal/licenses/${licenseId}/offline-activations`,
      headers: customerAuth(token),
      payload: payload as object,
    });
  const activeMachines = () => activeFingerprints(t.db, licenseId);

  const memberNames = OFFLINE_REQUEST_FORMAT.fields.map(([name]) => name);
  const hostileMember = fc.oneof(
    fc.jsonValue(),
    fc.string(),
    fc.constantFrom('', ' ', '\u0000', '\ud800', 'A\nB', -1, 2 ** 53, 1.5, '💥'.repeat(300)),
  );
  /** Any member of a real request replaced, the checksum made to match where the encoding can carry it. */
  const editedRequest = fc.tuple(fc.constantFrom(...memberNames), hostileMember).map(([name, value]) => {
    const changed = { ...base, [name]: value } as unknown as OfflineRequest;
    try {
      return writeOfflineRequest(changed);
    } catch {
      return JSON.stringify({
        format: OFFLINE_REQUEST_FORMAT.format,
        format_version: 1,
        ...changed,
        checksum: '0'.repeat(64),
      });
    }
  });
  const damaged = fc.tuple(fc.nat(), fc.string({ minLength: 1, maxLength: 3 })).map(([at, junk]) => {
    const text = writeOfflineRequest(base);
    const index = at % text.length;
    return text.slice(0, index) + junk + text.slice(index + 1);
  });

  it('never answers a 5xx, and takes a slot only for a usable request of this licence', async () => {
    const before = await activeMachines();
    const answered = new Set(before);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          editedRequest,
          damaged,
          fc.jsonValue().map((value) => JSON.stringify(value)),
          fc.jsonValue(),
        ),
        async (text) => {
          const response = await upload({ request: text });
          expect([200, 400, 404, 409]).toContain(response.statusCode);
          if (response.statusCode === 200)
            answered.add((response.json() as { hardware_fingerprint: string }).hardware_fingerprint);
          else expect((response.json() as { message?: string[] }).message?.[0]).toEqual(expect.any(String));
        },
      ),
      { numRuns: 300 },
    );
    // Every machine of the licence now is one whose request was answered with its licence file: a refusal took none.
    for (const machine of await activeMachines()) expect(answered).toContain(machine);
  });
});
