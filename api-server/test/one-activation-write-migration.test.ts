import { sql, type Kysely } from 'kysely';
import * as oneActivationWrite from '../src/db/migrations/0291-one-activation-write';
import { createTestApp, type TestApp } from './support/test-app';
import { createLicensingWorld, type LicensingWorld } from './licensing-fixtures';
import { clientPost } from './client-fixtures';

jest.setTimeout(120_000);

describe('migration 0291: the client activation write as one function', () => {
  let t: TestApp;
  let world: LicensingWorld;
  beforeAll(async () => {
    t = await createTestApp();
    world = await createLicensingWorld(t);
  });
  afterAll(() => t.close());

  const returnsSet = async () =>
    (
      await sql<{ proretset: boolean }>`
        SELECT proretset FROM pg_proc WHERE proname = 'record_named_client_activation'`.execute(t.db)
    ).rows.map((row) => row.proretset);
  const activate = (fingerprint: string) =>
    clientPost(t, '/activations', {
      product_id: world.synth.id,
      serial: world.annSynth.serial,
      hardware_fingerprint: fingerprint,
      hardware_fingerprint_version: 2,
      signature_seed_version: 5,
      machine_name: `Studio ${fingerprint}`,
    });

  it('down brings back the wrapper, up the one function; the activation works with either', async () => {
    const db = t.db as unknown as Kysely<unknown>;
    expect(await returnsSet()).toEqual([false]);
    expect((await activate('MIGRATION-UP')).statusCode).toBe(200);
    await oneActivationWrite.down(db);
    expect(await returnsSet()).toEqual([true]);
    expect((await activate('MIGRATION-DOWN')).statusCode).toBe(200);
    await oneActivationWrite.up(db);
    expect(await returnsSet()).toEqual([false]);
    expect((await activate('MIGRATION-UP-AGAIN')).statusCode).toBe(200);
    const names = await sql<{ name: string }>`
      SELECT name FROM license_machines WHERE license_id = ${world.annSynth.id} AND hardware_fingerprint LIKE 'MIGRATION-%'
      ORDER BY name`.execute(t.db);
    expect(names.rows.map((row) => row.name)).toEqual([
      'Studio MIGRATION-DOWN',
      'Studio MIGRATION-UP',
      'Studio MIGRATION-UP-AGAIN',
    ]);
  });
});
