import { sql } from 'kysely';
import { LICENSE_FILE_FORMAT, LICENSE_FILE_V2_FORMAT } from 'signed-formats';
import { createTestApp, type TestApp } from './support/test-app';
import { auth } from './support/fixtures';
import { createEndUser, createLicense, createLicensingWorld, type LicensingWorld } from './licensing-fixtures';
import { clientPost, resetRateLimits, verifiedLicense } from './client-fixtures';

// A plugin asks for the licence file's version 2 with `license_file_version: 2` (docs/licence-file.md); every
// other call is answered version 1, with exactly its members.
describe('licence file version 2 (the licence terms, signed)', () => {
  let t: TestApp;
  let world: LicensingWorld;

  const activate = (serial: string, fingerprint: string, version?: unknown) =>
    clientPost(t, '/activations', {
      product_id: world.synth.id,
      serial,
      hardware_fingerprint: fingerprint,
      hardware_fingerprint_version: 2,
      signature_seed_version: 5,
      ...(version === undefined ? {} : { license_file_version: version }),
    });
  const staff = (method: 'POST', url: string, payload: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: auth(world.staffAToken), payload });
  const newLicense = async (email: string) => {
    const user = await createEndUser(t.db, world.manufacturerA.id, email);
    return createLicense(t.db, { manufacturerId: world.manufacturerA.id, productId: world.synth.id, userId: user.id });
  };

  let proEdition: number;

  beforeAll(async () => {
    t = await createTestApp();
    world = await createLicensingWorld(t);
    const product = `/products/${world.synth.id}`;
    for (const key of ['surround', 'stems'])
      expect((await staff('POST', `${product}/features`, { key, label: key })).statusCode).toBe(201);
    const pro = await staff('POST', `${product}/editions`, { name: 'Pro', features: ['surround', 'stems'] });
    expect(pro.statusCode).toBe(201);
    proEdition = pro.json<{ id: number }>().id;
  });
  afterAll(() => t.close());
  beforeEach(() => resetRateLimits(t));

  it('answers version 1 without the member, with exactly its members, signed as before', async () => {
    const license = await newLicense('v1@listener.example');
    await sql`UPDATE licenses SET expires_at = '2031-01-01T00:00:00Z', grace_days = 3, edition_id = ${proEdition} WHERE id = ${license.id}`.execute(
      t.db,
    );
    for (const version of [undefined, 1]) {
      const answer = await activate(license.serial, 'V1-MAC', version);
      expect(answer.statusCode).toBe(200);
      const file = answer.json<Record<string, unknown>>();
      expect(Object.keys(file).sort()).toEqual(
        [...LICENSE_FILE_FORMAT.fields.map(([name]) => name), 'signature'].sort(),
      );
      expect(verifiedLicense(answer.body, world.synth.public_key, 'V1-MAC')).toMatchObject({ format_version: 1 });
    }
  });

  it('signs expiry, grace, the maintenance end from this first activation, the edition and its features', async () => {
    const license = await newLicense('v2@listener.example');
    await sql`UPDATE licenses SET expires_at = '2031-02-03T04:05:06.789Z', grace_days = 14, maintenance_months = 12,
      maintenance_ends_at = NULL, edition_id = ${proEdition} WHERE id = ${license.id}`.execute(t.db);
    const answer = await activate(license.serial, 'V2-MAC', 2);
    expect(answer.statusCode).toBe(200);
    const file = verifiedLicense(answer.body, world.synth.public_key, 'V2-MAC');
    expect(Object.keys(answer.json<object>()).sort()).toEqual(
      [...LICENSE_FILE_V2_FORMAT.fields.map(([name]) => name), 'signature'].sort(),
    );
    const issued = new Date(file.issued_at);
    const yearOn = new Date(issued);
    yearOn.setUTCMonth(yearOn.getUTCMonth() + 12);
    expect(file).toMatchObject({
      format_version: 2,
      expires_at: '2031-02-03T04:05:06Z',
      grace_days: 14,
      maintenance_ends_at: yearOn.toISOString().replace('.000Z', 'Z'),
      edition: 'Pro',
      features: [{ key: 'stems' }, { key: 'surround' }],
    });

    // Later files count the window from the first activation, not from their own signing.
    await sql`UPDATE license_activations SET created_at = '2030-05-06T07:08:09Z' WHERE license_id = ${license.id}`.execute(
      t.db,
    );
    const again = verifiedLicense((await activate(license.serial, 'V2-MAC', 2)).body, world.synth.public_key, 'V2-MAC');
    expect(again).toMatchObject({ maintenance_ends_at: '2031-05-06T07:08:09Z' });
  });

  it('signs null terms and no features for a perpetual licence without an edition', async () => {
    const license = await newLicense('perpetual@listener.example');
    const file = verifiedLicense((await activate(license.serial, 'P-MAC', 2)).body, world.synth.public_key, 'P-MAC');
    expect(file).toMatchObject({
      format_version: 2,
      expires_at: null,
      grace_days: 0,
      maintenance_ends_at: null,
      edition: null,
      features: [],
    });
  });

  // The server's validation coerces a number written as a string on every route (docs/client-integration.md, flow 2):
  // plugins that send "2" have always been answered version 2, and keep being.
  it('reads license_file_version "2" as 2, and refuses "3" like 3', async () => {
    const license = await newLicense('string-version@listener.example');
    const answer = await activate(license.serial, 'STRING-MAC', '2');
    expect(answer.statusCode).toBe(200);
    expect(verifiedLicense(answer.body, world.synth.public_key, 'STRING-MAC')).toMatchObject({ format_version: 2 });
    expect((await activate(license.serial, 'STRING-MAC', '3')).statusCode).toBe(400);
  });

  it.each([[3], [0], [null]])('refuses license_file_version %p with a 400, activating nothing', async (version) => {
    const license = await newLicense(`bad-version-${String(version)}@listener.example`);
    const answer = await activate(license.serial, 'BAD-MAC', version);
    expect(answer.statusCode).toBe(400);
    expect(answer.json<{ message: string[] }>().message.join(' ')).toMatch(/license_file_version/);
    const activations = await t.db
      .selectFrom('license_activations')
      .select('id')
      .where('license_id', '=', license.id)
      .execute();
    expect(activations).toHaveLength(0);
  });
});
