import { sql } from 'kysely';
import { UPDATE_ANSWER_FORMAT } from 'signed-formats';
import { createTestApp, type TestApp } from './support/test-app';
import { createEndUser, createLicense, createLicensingWorld, type LicensingWorld } from './licensing-fixtures';
import { addReleaseBuild, distributeRelease, insertTestBuild, insertTestChannels } from './catalog-fixtures';
import { clientPost, resetRateLimits, verifiedDocument } from './client-fixtures';
import { downloadBeyondMaintenance } from '../src/clients/routes/client-routes';

// A download link handed to a licence is checked again when it is used: a build only releases made after the
// licence's maintenance end hold is refused (403, in words), whatever link the plugin kept.
describe('downloads past the maintenance window', () => {
  let t: TestApp;
  let world: LicensingWorld;
  let licenseId: number;
  let serial: string;

  beforeAll(async () => {
    t = await createTestApp();
    world = await createLicensingWorld(t);
    const channels = await insertTestChannels(t.db, world.manufacturerA.id);
    const releaseChannel = channels.find((channel) => channel.type === 'Release')!.id;
    const release = await t.db
      .insertInto('releases')
      .values({
        manufacturer_id: world.manufacturerA.id,
        product_id: world.synth.id,
        description: '2.0.0',
        manual: null,
        app_version_min: null,
        app_version_max: null,
        created_at: '2025-06-01T00:00:00Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const build = await insertTestBuild(t.db, world.manufacturerA.id, world.synth.id, {
      os: 'any',
      version: [2, 0, 0],
      build_number: 1,
      upload_confirmed: true,
    });
    await addReleaseBuild(
      t,
      { manufacturerId: world.manufacturerA.id, releaseId: release.id, buildId: build.id },
      'synth-2.0.0.pkg',
      Buffer.from('2.0.0'),
    );
    await distributeRelease(t.db, world.manufacturerA.id, release.id, [releaseChannel]);
    const user = await createEndUser(t.db, world.manufacturerA.id, 'window@listener.example');
    const license = await createLicense(t.db, {
      manufacturerId: world.manufacturerA.id,
      productId: world.synth.id,
      userId: user.id,
      type: 'NFR',
    });
    licenseId = license.id;
    serial = license.serial;
    const activated = await clientPost(t, '/activations', {
      product_id: world.synth.id,
      serial,
      hardware_fingerprint: 'WINDOW-MAC',
      hardware_fingerprint_version: 2,
      signature_seed_version: 5,
    });
    expect(activated.statusCode).toBe(200);
  });
  afterAll(() => t.close());
  beforeEach(() => resetRateLimits(t));

  const linkOffered = async () => {
    const answer = await clientPost(t, '/update-checks', {
      product_id: world.synth.id,
      serial,
      hardware_fingerprint: 'WINDOW-MAC',
      current_version: '1.0',
      os: 'macOS',
    });
    expect(answer.statusCode).toBe(200);
    const files = verifiedDocument(UPDATE_ANSWER_FORMAT, answer.body, world.synth.public_key).files as {
      url: string;
    }[];
    expect(files).toHaveLength(1);
    expect(files[0]!.url).toMatch(/[?&]license=\d+/);
    return files[0]!.url;
  };
  const setMaintenanceEnd = (end: string | null) =>
    sql`UPDATE licenses SET maintenance_ends_at = ${end}::timestamptz, maintenance_months = NULL WHERE id = ${licenseId}`.execute(
      t.db,
    );

  it('serves the build within the window, and refuses the same link once the window ended before its release', async () => {
    await setMaintenanceEnd('2026-01-01T00:00:00Z');
    const url = await linkOffered();
    expect((await t.app.inject({ url })).statusCode).toBe(200);

    await setMaintenanceEnd('2025-01-01T00:00:00Z');
    const refused = await t.app.inject({ url });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: [downloadBeyondMaintenance(new Date('2025-01-01T00:00:00Z'))] });
    expect(refused.json<{ message: string[] }>().message[0]).toMatch(/renew updates/);
  });

  it('counts a window from activation from the first activation, and a licence without a window downloads every build', async () => {
    await setMaintenanceEnd(null);
    const url = await linkOffered();
    await sql`UPDATE licenses SET maintenance_months = 12 WHERE id = ${licenseId}`.execute(t.db);
    await sql`UPDATE license_activations SET created_at = '2023-06-01T00:00:00Z' WHERE license_id = ${licenseId}`.execute(
      t.db,
    );
    expect((await t.app.inject({ url })).statusCode).toBe(403);
    await sql`UPDATE license_activations SET created_at = '2025-03-01T00:00:00Z' WHERE license_id = ${licenseId}`.execute(
      t.db,
    );
    expect((await t.app.inject({ url })).statusCode).toBe(200);
    await setMaintenanceEnd(null);
    expect((await t.app.inject({ url })).statusCode).toBe(200);
  });
});
