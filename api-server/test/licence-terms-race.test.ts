import { sql } from 'kysely';
import { STATE_DOCUMENT_V2_FORMAT } from 'signed-formats';
import * as licenseTerms from '../src/policies/queries/license-terms';
import * as licenseReads from '../src/licenses/queries/license-for-signing';
import { createTestApp, type TestApp } from './support/test-app';
import { auth } from './support/fixtures';
import { createEndUser, createLicense, createLicensingWorld, type LicensingWorld } from './licensing-fixtures';
import { clientPost, resetRateLimits, verifiedDocument, verifiedLicense } from './client-fixtures';

// A change of a licence's terms committed between the read of a version 2 file's (or answer's) terms and the
// write must not yield a signed document whose terms are stale or mixed: each test commits one at that moment.
describe('licence terms signed race-free', () => {
  let t: TestApp;
  let world: LicensingWorld;
  let proEdition: number;

  const staff = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: auth(world.staffAToken), payload });
  const newLicense = async (email: string) => {
    const user = await createEndUser(t.db, world.manufacturerA.id, email);
    return createLicense(t.db, { manufacturerId: world.manufacturerA.id, productId: world.synth.id, userId: user.id });
  };
  const expiryOf = async (licenseId: number) =>
    (
      await sql<{
        expires_at: string;
      }>`SELECT to_char(expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS expires_at
        FROM licenses WHERE id = ${licenseId}`.execute(t.db)
    ).rows[0]!.expires_at;

  /** Runs `change` (committed on its own connection) right after the first call of `method` returns. */
  function changeAfterFirst<M extends object, K extends keyof M>(module: M, method: K, change: () => Promise<unknown>) {
    const original = module[method] as (...args: unknown[]) => Promise<unknown>;
    let changed = false;
    return jest.spyOn(module, method as never).mockImplementation((async (...args: unknown[]) => {
      const result = await original(...args);
      if (!changed) {
        changed = true;
        await change();
      }
      return result;
    }) as never);
  }

  beforeAll(async () => {
    t = await createTestApp();
    world = await createLicensingWorld(t);
    const product = `/products/${world.synth.id}`;
    expect((await staff(`${product}/features`, { key: 'stems', label: 'Stems' })).statusCode).toBe(201);
    const pro = await staff(`${product}/editions`, { name: 'Pro', features: ['stems'] });
    expect(pro.statusCode).toBe(201);
    proEdition = pro.json<{ id: number }>().id;
  });
  afterAll(() => t.close());
  beforeEach(() => resetRateLimits(t));
  afterEach(() => jest.restoreAllMocks());

  it('an activation signs the renewal that landed between its read and its write', async () => {
    const license = await newLicense('race-renew@listener.example');
    await sql`UPDATE licenses SET expires_at = '2031-01-01T00:00:00Z' WHERE id = ${license.id}`.execute(t.db);
    changeAfterFirst(licenseTerms, 'findLicenseFileTerms', async () => {
      const renewed = await staff(`/licenses/${license.id}/renew`, { expires_at: '2033-03-03T00:00:00Z' });
      expect(renewed.statusCode).toBe(200);
    });
    const answer = await clientPost(t, '/activations', {
      product_id: world.synth.id,
      serial: license.serial,
      hardware_fingerprint: 'RACE-MAC',
      hardware_fingerprint_version: 2,
      signature_seed_version: 5,
      license_file_version: 2,
    });
    expect(answer.statusCode).toBe(200);
    const file = verifiedLicense(answer.body, world.synth.public_key, 'RACE-MAC');
    expect(await expiryOf(license.id)).toBe('2033-03-03T00:00:00Z');
    expect(file).toMatchObject({ format_version: 2, expires_at: '2033-03-03T00:00:00Z' });
  });

  it('an activation signs the edition changed between its read and its write', async () => {
    const license = await newLicense('race-edition@listener.example');
    changeAfterFirst(licenseTerms, 'findLicenseFileTerms', async () => {
      const changed = await staff(`/licenses/${license.id}/edition`, { edition_id: proEdition });
      expect(changed.statusCode).toBe(200);
    });
    const answer = await clientPost(t, '/activations', {
      product_id: world.synth.id,
      serial: license.serial,
      hardware_fingerprint: 'RACE-MAC-2',
      hardware_fingerprint_version: 2,
      signature_seed_version: 5,
      license_file_version: 2,
    });
    expect(answer.statusCode).toBe(200);
    const file = verifiedLicense(answer.body, world.synth.public_key, 'RACE-MAC-2');
    expect(file).toMatchObject({ edition: 'Pro', features: [{ key: 'stems' }] });
  });

  it('a validation answer signs one moment of the licence, never its state from before and its terms from after', async () => {
    const license = await newLicense('race-validate@listener.example');
    await sql`UPDATE licenses SET expires_at = '2031-01-01T00:00:00Z' WHERE id = ${license.id}`.execute(t.db);
    changeAfterFirst(licenseReads, 'readLicenseAndMachine', () =>
      sql`UPDATE licenses SET disabled = true, disabled_reason = 'CancelledOrder', expires_at = '2034-04-04T00:00:00Z'
        WHERE id = ${license.id}`.execute(t.db),
    );
    const answer = await clientPost(t, '/validations', {
      product_id: world.synth.id,
      serial: license.serial,
      hardware_fingerprint: 'RACE-VALIDATE',
      nonce: 'race-validate-nonce-01',
      answer_version: 2,
    });
    expect(answer.statusCode).toBe(200);
    const state = verifiedDocument(STATE_DOCUMENT_V2_FORMAT, answer.body, world.synth.public_key);
    expect([state.license_enabled, state.expires_at]).toEqual([true, '2031-01-01T00:00:00Z']);
  });
});
