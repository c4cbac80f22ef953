import { appForSuite } from './support/test-app';
import { auth, tableDigest } from './support/fixtures';
import { auditRows, createLicense, createLicensingWorld } from './licensing-fixtures';
import { recordActivation } from '../src/licenses/activation/queries';
import { licenseForSigning } from '../src/licenses/queries/license-for-signing';
import { LICENSE_FILE_FORMAT, canonicalBytes, productPublicKey, verifyLicenseFile } from 'signed-formats';

// The machine is shared: starting a database and hashing passwords (scrypt) can be slow under load.
jest.setTimeout(60_000);

describe('POST /licenses/{id}/activations', () => {
  const suite = appForSuite(createLicensingWorld);

  const activate = (licenseId: number, payload: unknown, token: string | null = suite.world.staffAToken) =>
    suite.t.app.inject({
      method: 'POST',
      url: `/api/v1/licenses/${licenseId}/activations`,
      headers: token ? auth(token) : {},
      payload: payload as object,
    });
  const machine = {
    hardware_fingerprint: 'HWFP2-AAAA-BBBB-CCCC',
    hardware_fingerprint_version: 2,
    signature_seed_version: 5,
  };
  const digests = async () =>
    Promise.all(
      ['licenses', 'license_activations', 'fingerprints', 'audit_log'].map((table) => tableDigest(suite.t.db, table)),
    );
  const fingerprintsOf = (userId: number) =>
    suite.t.db
      .selectFrom('fingerprints')
      .select('hardware_fingerprint')
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();

  it("answers the licence file, signed by the product's key over the canonical encoding", async () => {
    const started = Date.now();
    const response = await activate(suite.world.annSynth.id, machine);
    expect(response.statusCode).toBe(201);
    const file = response.json();
    expect(file).toEqual({
      format_version: 1,
      serial: suite.world.annSynth.serial,
      license_type: 'NFR',
      product_identifier: 'com.alpha.synth',
      user_id: suite.world.ann.id,
      user_email: 'ann@listener.example',
      hardware_fingerprint: 'HWFP2-AAAA-BBBB-CCCC',
      hardware_fingerprint_version: 2,
      signature_seed_version: 5,
      issued_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/),
      signature: expect.any(String),
    });
    expect(Date.parse(file.issued_at)).toBeGreaterThanOrEqual(Math.floor(started / 1000) * 1000);
    expect(Date.parse(file.issued_at)).toBeLessThanOrEqual(Date.now());

    const publicKey = productPublicKey(suite.world.synth.public_key);
    expect(
      verifyLicenseFile(response.body, publicKey, {
        hardwareFingerprint: 'HWFP2-AAAA-BBBB-CCCC',
        productIdentifier: 'com.alpha.synth',
      }),
    ).toMatchObject({ valid: true });
    const { verify } = await import('node:crypto');
    expect(
      verify(
        null,
        canonicalBytes(LICENSE_FILE_FORMAT.context, LICENSE_FILE_FORMAT.fields, file),
        publicKey,
        Buffer.from(file.signature, 'base64'),
      ),
    ).toBe(true);
  });

  it('is detected as tampered when any signed value changes, and fails with another product key or machine', async () => {
    const file = (await activate(suite.world.annSynth.id, { ...machine, signature_seed_version: 4 })).json();
    const publicKey = productPublicKey(suite.world.synth.public_key);
    for (const change of [
      { license_type: 'Standard' },
      { hardware_fingerprint: 'HWFP2-OTHER' },
      { user_email: 'mallory@listener.example' },
      { signature_seed_version: 5 },
    ]) {
      expect(verifyLicenseFile(JSON.stringify({ ...file, ...change }), publicKey)).toMatchObject({
        valid: false,
        reason: 'bad-signature',
      });
    }
    expect(verifyLicenseFile(JSON.stringify(file), productPublicKey(suite.world.drums.public_key))).toMatchObject({
      valid: false,
      reason: 'bad-signature',
    });
    expect(verifyLicenseFile(JSON.stringify(file), publicKey, { hardwareFingerprint: 'HWFP2-OTHER' })).toMatchObject({
      valid: false,
      reason: 'wrong-fingerprint',
    });
  });

  it('records the fingerprint on the owner once and an activation row every time, and audits it', async () => {
    const fingerprint = 'HWFP2-IDEMPOTENT';
    const before = await suite.t.db
      .selectFrom('license_activations')
      .select(suite.t.db.fn.countAll<string>().as('n'))
      .where('license_id', '=', suite.world.bobSynth.id)
      .executeTakeFirstOrThrow();
    for (const seed of [5, 4])
      expect(
        (
          await activate(suite.world.bobSynth.id, {
            ...machine,
            hardware_fingerprint: fingerprint,
            signature_seed_version: seed,
          })
        ).statusCode,
      ).toBe(201);
    expect(await fingerprintsOf(suite.world.bob.id)).toEqual([{ hardware_fingerprint: fingerprint }]);
    const activations = await suite.t.db
      .selectFrom('license_activations')
      .selectAll()
      .where('license_id', '=', suite.world.bobSynth.id)
      .orderBy('id')
      .execute();
    expect(activations).toHaveLength(Number(before.n) + 2);
    expect(
      activations
        .slice(-2)
        .map((a) => [
          a.hardware_fingerprint,
          a.hardware_fingerprint_version,
          a.signature_seed_version,
          a.manufacturer_id,
        ]),
    ).toEqual([
      [fingerprint, 2, 5, suite.world.manufacturerA.id],
      [fingerprint, 2, 4, suite.world.manufacturerA.id],
    ]);
    const audit = (await auditRows(suite.t.db, 'license', suite.world.bobSynth.id)).filter(
      (row) => row.action === 'license.activate',
    );
    expect(audit.map((row) => (row.after as { fingerprint_added: boolean }).fingerprint_added)).toEqual([true, false]);
    expect(audit[0].after).toMatchObject({
      hardware_fingerprint: fingerprint,
      signature_seed_version: 5,
      user_id: suite.world.bob.id,
    });
  });

  it('trims the fingerprint as typed', async () => {
    const response = await activate(suite.world.bobSynth.id, { ...machine, hardware_fingerprint: '  HWFP2-PASTED\n' });
    expect(response.json().hardware_fingerprint).toBe('HWFP2-PASTED');
  });

  it('refuses a deactivated licence with a clear message and records nothing', async () => {
    const before = await digests();
    const response = await activate(suite.world.cySynthDisabled.id, machine);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: [
        'This license is deactivated (FraudulentUse): it cannot be activated on a machine until it is activated again.',
      ],
    });
    expect(await fingerprintsOf(suite.world.cy.id)).toEqual([]);
    expect(await digests()).toEqual(before);
  });

  it('refuses a licence of a product without identifier, because the file names the product by it', async () => {
    const before = await digests();
    const response = await activate(suite.world.annDrums.id, machine);
    expect(response.statusCode).toBe(409);
    expect(response.json().message[0]).toContain('The product has no identifier');
    expect(await digests()).toEqual(before);
  });

  it('refuses an owner email the file format cannot carry, instead of signing it', async () => {
    const odd = await suite.t.db
      .insertInto('end_users')
      .values({ manufacturer_id: suite.world.manufacturerA.id, email: 'odd\tname@listener.example' })
      .returningAll()
      .executeTakeFirstOrThrow();
    const license = await createLicense(suite.t.db, {
      manufacturerId: suite.world.manufacturerA.id,
      productId: suite.world.synth.id,
      userId: odd.id,
    });
    const before = await digests();
    const response = await activate(license.id, machine);
    expect(response.statusCode).toBe(409);
    expect(response.json().message[0]).toBe(
      'The license cannot be signed: user_email must not contain line breaks or other control characters.',
    );
    expect(await digests()).toEqual(before);
  });

  it('writes nothing when the licence changed after it was read and signed (deactivated, transferred, renamed product)', async () => {
    // The activation reads, signs, then writes in one statement only if the licence still says what was signed.
    const signed = await licenseForSigning(suite.t.db, {
      id: suite.world.annSynth.id,
      manufacturerId: suite.world.manufacturerA.id,
    }).executeTakeFirstOrThrow();
    const actor = await suite.t.db
      .selectFrom('system_users')
      .select('id')
      .where('manufacturer_id', '=', suite.world.manufacturerA.id)
      .executeTakeFirstOrThrow();
    const principal = {
      sessionId: 0,
      systemUserId: actor.id,
      email: '',
      accessLevel: 'manufacturer' as const,
      manufacturerId: suite.world.manufacturerA.id,
      manufacturerName: null,
    };
    const record = (license: typeof signed) =>
      recordActivation(suite.t.db, principal, {
        manufacturerId: suite.world.manufacturerA.id,
        license: { ...license, product_identifier: license.product_identifier ?? '' },
        hardwareFingerprint: 'HWFP2-RACE',
        hardwareFingerprintVersion: 2,
        signatureSeedVersion: 5,
        issuedAt: new Date(),
        auditAfter: {},
      });
    const before = await digests();
    for (const stale of [
      { user_id: suite.world.bob.id },
      { user_email: 'bob@listener.example' },
      { license_type: 'Standard' },
      { product_identifier: 'com.alpha.old' },
      { private_key_encrypted: 'v1.other' },
    ]) {
      expect(await record({ ...signed, ...stale })).toBeUndefined();
    }
    await suite.t.db
      .updateTable('licenses')
      .set({ disabled: true, disabled_reason: 'CancelledOrder' })
      .where('id', '=', signed.id)
      .execute();
    const afterDisabling = await digests();
    expect(await record(signed)).toBeUndefined();
    expect(await digests()).toEqual(afterDisabling);
    await suite.t.db
      .updateTable('licenses')
      .set({ disabled: false, disabled_reason: null })
      .where('id', '=', signed.id)
      .execute();
    expect(afterDisabling.slice(1)).toEqual(before.slice(1));
    // The same values, unchanged: written, with the audit entry.
    expect(await record(signed)).toEqual({ activation_id: expect.any(Number), fingerprint_added: true });
  });

  it.each([
    [{ ...machine, hardware_fingerprint: '' }, 'Enter the hardware fingerprint of the machine to activate.'],
    [{ ...machine, hardware_fingerprint: '   ' }, 'Enter the hardware fingerprint of the machine to activate.'],
    [
      { ...machine, hardware_fingerprint: 'two\nlines' },
      'The hardware fingerprint must be one line of text, without tabs or other control characters.',
    ],
    [{ ...machine, hardware_fingerprint: 'x'.repeat(513) }, expect.stringContaining('hardware_fingerprint')],
    [{ ...machine, hardware_fingerprint_version: 1 }, expect.stringContaining('hardware_fingerprint_version')],
    [{ ...machine, signature_seed_version: 6 }, expect.stringContaining('signature_seed_version')],
    [{ hardware_fingerprint: 'x', hardware_fingerprint_version: 2 }, 'signature_seed_version is required'],
    [{ signature_seed_version: 5, hardware_fingerprint_version: 2 }, 'hardware_fingerprint is required'],
  ])('rejects %j with 400 and records nothing', async (payload, message) => {
    const before = await digests();
    const response = await activate(suite.world.annSynth.id, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message[0]).toEqual(message);
    expect(await digests()).toEqual(before);
  });

  it("answers 404 for another manufacturer's licence, 403 for the superuser, 401 without a session", async () => {
    const before = await digests();
    for (const id of [suite.world.betaLicense.id, 999999]) {
      const response = await activate(id, machine);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: ['License not found'] });
    }
    expect((await activate(suite.world.annSynth.id, machine, suite.world.superToken)).statusCode).toBe(403);
    expect((await activate(suite.world.annSynth.id, machine, null)).statusCode).toBe(401);
    expect((await activate(suite.world.annSynth.id, machine, suite.world.staffBToken)).statusCode).toBe(404);
    expect(await digests()).toEqual(before);
  });
});
