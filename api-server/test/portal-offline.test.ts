import { verifyLicenseFile, writeOfflineRequest, type OfflineRequest } from 'signed-formats';
import { createCustomerSession } from '../src/portal/customer-sessions';
import { deactivatedLicenseMessage } from '../src/licenses/activation/activate-machine';
import { createTestApp, type TestApp } from './support/test-app';
import { demoLicenseOfIdentifiedProduct, seedDemo, type DemoLicense } from './support/demo-fixtures';
import { activeFingerprints } from './support/license-rows';
import { customerAuth } from './portal-fixtures';
import { auth, createSystemUser, login } from './support/fixtures';
import { FLOATING_LICENSE_NOT_ACTIVATED } from '../src/licenses/activation/activate-machine';

jest.setTimeout(120_000);

describe('offline activation in the portal', () => {
  let t: TestApp;
  let owned: DemoLicense;
  let token: string;
  let otherToken: string;
  let otherProduct: { id: number; identifier: string };

  const requestFor = (changes: Partial<OfflineRequest> = {}): OfflineRequest => ({
    product_id: owned.productId,
    product_identifier: owned.identifier,
    serial: owned.serial,
    hardware_fingerprint: 'HWFP2-STUDIO-OFFLINE-1',
    hardware_fingerprint_version: 2,
    signature_seed_version: 5,
    plugin_version: '2.1.0',
    created_at: '2026-03-01T10:00:00Z',
    ...changes,
  });
  const upload = (text: unknown, licenseId = owned.id, as = token) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/portal/licenses/${licenseId}/offline-activations`,
      headers: customerAuth(as),
      payload: { request: text },
    });
  const machinesOf = (licenseId: number) => activeFingerprints(t.db, licenseId);

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo(t);
    owned = await demoLicenseOfIdentifiedProduct(t, 'first');
    await t.db.updateTable('products').set({ machine_limit: 2 }).where('id', '=', owned.productId).execute();
    await t.db.deleteFrom('license_activations').where('license_id', '=', owned.id).execute();
    token = (await createCustomerSession(t.db, owned.manufacturerId, owned.userId)).token;
    const other = await t.db
      .selectFrom('end_users')
      .select('id')
      .where('manufacturer_id', '=', owned.manufacturerId)
      .where('id', '<>', owned.userId)
      .executeTakeFirstOrThrow();
    otherToken = (await createCustomerSession(t.db, owned.manufacturerId, other.id)).token;
    otherProduct = await t.db
      .selectFrom('products')
      .select(['id', 'identifier'])
      .where('id', '<>', owned.productId)
      .where('identifier', 'is not', null)
      .executeTakeFirstOrThrow()
      .then((p) => ({ id: p.id, identifier: p.identifier! }));
  });
  afterAll(() => t.close());

  it('answers the signed licence file for the machine of the request, audited with the customer as actor', async () => {
    const response = await upload(writeOfflineRequest(requestFor()));
    expect(response.statusCode).toBe(200);
    const verification = verifyLicenseFile(response.body, owned.publicKey, {
      hardwareFingerprint: 'HWFP2-STUDIO-OFFLINE-1',
      productIdentifier: owned.identifier,
    });
    expect(verification).toMatchObject({ valid: true, document: { serial: owned.serial, signature_seed_version: 5 } });
    expect(await machinesOf(owned.id)).toEqual(['HWFP2-STUDIO-OFFLINE-1']);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'actor_end_user_id', 'after'])
      .where('entity_type', '=', 'license')
      .where('entity_id', '=', String(owned.id))
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual(['portal.license.offline-activate', 'client.license.activate']);
    // Both entries name the customer, the activation's own too (a plugin's activation has no actor: "client").
    expect(audit.map((entry) => entry.actor_end_user_id)).toEqual([owned.userId, owned.userId]);
    expect(audit[1]!.after).toMatchObject({ actor: 'customer', hardware_fingerprint: 'HWFP2-STUDIO-OFFLINE-1' });
    expect(audit[0]!.after).toMatchObject({ actor: 'customer', plugin_version: '2.1.0' });

    // The licence's History in the console (what staff read): the customer, by email, on both rows.
    await createSystemUser(t.db, 'offline-history@aurora.example', owned.manufacturerId);
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/v1/audit-events?object_type=license&object_id=${owned.id}`,
      headers: auth(await login(t.app, 'offline-history@aurora.example')),
    });
    expect(history.statusCode).toBe(200);
    const email = (
      await t.db.selectFrom('end_users').select('email').where('id', '=', owned.userId).executeTakeFirstOrThrow()
    ).email;
    expect(
      (history.json().data as { action: string; actor: unknown }[])
        .slice(0, 2)
        .map(({ action, actor }) => ({ action, actor })),
    ).toEqual([
      { action: 'portal.license.offline-activate', actor: { type: 'customer', id: owned.userId, email } },
      { action: 'client.license.activate', actor: { type: 'customer', id: owned.userId, email } },
    ]);
  });

  it("a plugin's own activation of the licence is still audited without an actor", async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/clients/app/activations',
      payload: {
        product_id: owned.productId,
        serial: owned.serial,
        hardware_fingerprint: 'HWFP2-STUDIO-OFFLINE-1',
        hardware_fingerprint_version: 2,
        signature_seed_version: 5,
      },
    });
    expect(response.statusCode).toBe(200);
    const entry = await t.db
      .selectFrom('audit_log')
      .select(['action', 'actor_end_user_id', 'actor_system_user_id', 'after'])
      .where('entity_type', '=', 'license')
      .where('entity_id', '=', String(owned.id))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      action: 'client.license.activate',
      actor_end_user_id: null,
      actor_system_user_id: null,
      after: { actor: 'client' },
    });
  });

  it('takes no new slot for the same machine again, and counts toward the machine limit', async () => {
    expect((await upload(writeOfflineRequest(requestFor()))).statusCode).toBe(200);
    expect(
      (await upload(writeOfflineRequest(requestFor({ hardware_fingerprint: 'HWFP2-STUDIO-OFFLINE-2' })))).statusCode,
    ).toBe(200);
    const third = await upload(writeOfflineRequest(requestFor({ hardware_fingerprint: 'HWFP2-STUDIO-OFFLINE-3' })));
    expect(third.statusCode).toBe(409);
    expect(third.json().message[0]).toMatch(/already activated on 2 machines/);
    expect(await machinesOf(owned.id)).toEqual(['HWFP2-STUDIO-OFFLINE-1', 'HWFP2-STUDIO-OFFLINE-2']);
  });

  it('refuses every file that is not a usable request with a clear 400, and takes no slot', async () => {
    await t.db.updateTable('products').set({ machine_limit: 10 }).where('id', '=', owned.productId).execute();
    const valid = writeOfflineRequest(requestFor({ hardware_fingerprint: 'HWFP2-STUDIO-BAD' }));
    const cases: [unknown, RegExp][] = [
      ['\u0001\u0002\u00ff binary \u00fe', /not JSON/],
      ['a'.repeat(5000), /larger than 4096 bytes/],
      ['x'.repeat(20000), /request must NOT have more than 16384 characters/i],
      ['PK\u0003\u0004\u0000\u0000', /NUL character/],
      [valid.replace('HWFP2-STUDIO-BAD', 'HWFP2-STUDIO-BAD2'), /checksum does not match/],
      [valid.slice(0, 100), /not JSON/],
      [JSON.stringify({ ...JSON.parse(valid), format: 'producthub-trial' }), /format is "producthub-trial"/],
      [JSON.stringify({ ...JSON.parse(valid), format_version: 2 }), /request version 2/],
      [
        writeOfflineRequest(
          requestFor({
            product_id: otherProduct.id,
            product_identifier: otherProduct.identifier,
            hardware_fingerprint: 'HWFP2-STUDIO-BAD',
          }),
        ),
        /for the product/,
      ],
      [
        writeOfflineRequest(
          requestFor({ product_identifier: 'com.someone.else', hardware_fingerprint: 'HWFP2-STUDIO-BAD' }),
        ),
        /for the product "com.someone.else"/,
      ],
      [
        writeOfflineRequest(requestFor({ serial: 'ZZZZ-ZZZZ', hardware_fingerprint: 'HWFP2-STUDIO-BAD' })),
        /another serial/,
      ],
      [
        writeOfflineRequest(requestFor({ hardware_fingerprint_version: 1, hardware_fingerprint: 'HWFP2-STUDIO-BAD' })),
        /hardware_fingerprint_version/,
      ],
      [
        writeOfflineRequest(requestFor({ signature_seed_version: 3, hardware_fingerprint: 'HWFP2-STUDIO-BAD' })),
        /signature_seed_version/,
      ],
      [writeOfflineRequest(requestFor({ hardware_fingerprint: '   ' })), /fingerprint/i],
      [writeOfflineRequest(requestFor({ hardware_fingerprint: 'HWFP2-\ud800' })), /well-formed Unicode/],
      [
        writeOfflineRequest(requestFor({ plugin_version: '2.\ud800', hardware_fingerprint: 'HWFP2-STUDIO-BAD' })),
        /plugin_version must be well-formed Unicode/,
      ],
      [42, /not a JSON object/],
    ];
    for (const [text, message] of cases) {
      const response = await upload(text);
      expect({ status: response.statusCode, text: String(text).slice(0, 40) }).toEqual({
        status: 400,
        text: String(text).slice(0, 40),
      });
      expect(response.json().message[0]).toMatch(message);
    }
    expect(await machinesOf(owned.id)).toEqual(['HWFP2-STUDIO-OFFLINE-1', 'HWFP2-STUDIO-OFFLINE-2']);
  });

  it('answers 409 for a disabled licence, and takes no slot', async () => {
    await t.db
      .updateTable('licenses')
      .set({ disabled: true, disabled_reason: 'FraudulentUse' })
      .where('id', '=', owned.id)
      .execute();
    try {
      const response = await upload(writeOfflineRequest(requestFor({ hardware_fingerprint: 'HWFP2-STUDIO-DISABLED' })));
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: [deactivatedLicenseMessage('FraudulentUse')] });
      expect(await machinesOf(owned.id)).toEqual(['HWFP2-STUDIO-OFFLINE-1', 'HWFP2-STUDIO-OFFLINE-2']);
    } finally {
      await t.db
        .updateTable('licenses')
        .set({ disabled: false, disabled_reason: null })
        .where('id', '=', owned.id)
        .execute();
    }
  });

  it("answers another customer's licence, or one that does not exist, 404 and takes no slot", async () => {
    const text = writeOfflineRequest(requestFor({ hardware_fingerprint: 'HWFP2-STUDIO-OTHER' }));
    expect((await upload(text, owned.id, otherToken)).statusCode).toBe(404);
    expect((await upload(text, 2_000_000_000)).statusCode).toBe(404);
    expect(await machinesOf(owned.id)).toEqual(['HWFP2-STUDIO-OFFLINE-1', 'HWFP2-STUDIO-OFFLINE-2']);
  });

  // docs/licensing.md "Floating seats": the portal's offline activation is the one core, and refuses a floating licence.
  it('refuses a floating licence with the floating answer, before any other check, and takes no slot', async () => {
    const license = await t.db
      .selectFrom('licenses')
      .select('license_type')
      .where('id', '=', owned.id)
      .executeTakeFirstOrThrow();
    const policyKey = { product_id: owned.productId, license_type: license.license_type };
    const before = await t.db
      .selectFrom('license_policies')
      .selectAll()
      .where('product_id', '=', owned.productId)
      .execute();
    await t.db.deleteFrom('license_policies').where('product_id', '=', owned.productId).execute();
    await t.db
      .insertInto('license_policies')
      .values({
        manufacturer_id: owned.manufacturerId,
        ...policyKey,
        model: 'floating',
        seats: 5,
        lease_minutes: 15,
        term: 'perpetual',
      })
      .execute();
    try {
      // A machine the licence has no slot for, on a licence already at its limit: the floating answer comes first.
      const refused = await upload(writeOfflineRequest(requestFor({ hardware_fingerprint: 'HWFP2-STUDIO-FLOATING' })));
      expect([refused.statusCode, refused.json()]).toEqual([409, { message: [FLOATING_LICENSE_NOT_ACTIVATED] }]);
      expect(await machinesOf(owned.id)).toEqual(['HWFP2-STUDIO-OFFLINE-1', 'HWFP2-STUDIO-OFFLINE-2']);
    } finally {
      await t.db.deleteFrom('license_policies').where('product_id', '=', owned.productId).execute();
      if (before.length > 0) await t.db.insertInto('license_policies').values(before).execute();
    }
  });

  // docs/licensing.md "What the server enforces now": expiry refuses activation in the portal too (the one core).
  it('refuses a licence past its expiry and grace with the documented 409, activating nothing', async () => {
    const kept = await t.db
      .selectFrom('licenses')
      .select(['expires_at', 'grace_days'])
      .where('id', '=', owned.id)
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('licenses')
      .set({ expires_at: new Date('2024-05-06T07:08:09Z'), grace_days: 10 })
      .where('id', '=', owned.id)
      .execute();
    try {
      const refused = await upload(writeOfflineRequest(requestFor({ hardware_fingerprint: 'HWFP2-STUDIO-OFFLINE-1' })));
      expect([refused.statusCode, refused.json()]).toEqual([
        409,
        { message: ['This license expired on 2024-05-06: renew it to use it again.'] },
      ]);
      expect(await machinesOf(owned.id)).toEqual(['HWFP2-STUDIO-OFFLINE-1', 'HWFP2-STUDIO-OFFLINE-2']);
    } finally {
      await t.db.updateTable('licenses').set(kept).where('id', '=', owned.id).execute();
    }
  });
});
