import { sql } from 'kysely';
import {
  STATE_DOCUMENT_FORMAT,
  STATE_DOCUMENT_V2_FORMAT,
  UPDATE_ANSWER_FORMAT,
  UPDATE_ANSWER_V2_FORMAT,
  type ClientApiFormat,
} from 'signed-formats';
import { createTestApp, type TestApp } from './support/test-app';
import { auth } from './support/fixtures';
import { createEndUser, createLicense, createLicensingWorld, type LicensingWorld } from './licensing-fixtures';
import { addReleaseBuild, distributeRelease, insertTestBuild, insertTestChannels } from './catalog-fixtures';
import { clientPost, resetRateLimits, verifiedDocument } from './client-fixtures';

// A plugin asks for the version 2 validation and update answers with `answer_version: 2` (docs/client-api.md);
// every other call is answered version 1, with exactly its members, signed as before.
describe('version 2 of the validation and update answers', () => {
  let t: TestApp;
  let world: LicensingWorld;
  let licenseId: number;
  let serial: string;
  const FINGERPRINT = 'ANSWERS-V2-MAC';

  const membersOf = (format: ClientApiFormat) =>
    [...format.fields.map(([name]) => name), 'format', 'format_version', 'signature'].sort();
  const validate = (extra: object = {}) =>
    clientPost(t, '/validations', {
      product_id: world.synth.id,
      serial,
      hardware_fingerprint: FINGERPRINT,
      nonce: 'answers-v2-nonce-0001',
      ...extra,
    });
  const checkUpdates = (extra: object = {}) =>
    clientPost(t, '/update-checks', {
      product_id: world.synth.id,
      serial,
      hardware_fingerprint: FINGERPRINT,
      current_version: '0.9',
      os: 'macOS',
      ...extra,
    });
  const staff = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: auth(world.staffAToken), payload });
  const setTerms = (terms: string) => sql.raw(`UPDATE licenses SET ${terms} WHERE id = ${licenseId}`).execute(t.db);

  async function publish(version: [number, number, number], createdAt: string, releaseChannel: number) {
    const release = await t.db
      .insertInto('releases')
      .values({
        manufacturer_id: world.manufacturerA.id,
        product_id: world.synth.id,
        description: version.join('.'),
        manual: null,
        app_version_min: null,
        app_version_max: null,
        created_at: createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const build = await insertTestBuild(t.db, world.manufacturerA.id, world.synth.id, {
      os: 'any',
      version,
      build_number: 1,
      upload_confirmed: true,
    });
    await addReleaseBuild(
      t,
      { manufacturerId: world.manufacturerA.id, releaseId: release.id, buildId: build.id },
      `synth-${version.join('.')}.pkg`,
      Buffer.from(version.join('.')),
    );
    await distributeRelease(t.db, world.manufacturerA.id, release.id, [releaseChannel]);
  }

  beforeAll(async () => {
    t = await createTestApp();
    world = await createLicensingWorld(t);
    const channels = await insertTestChannels(t.db, world.manufacturerA.id);
    const releaseChannel = channels.find((channel) => channel.type === 'Release')!.id;
    await publish([1, 0, 0], '2025-01-10T08:00:00Z', releaseChannel);
    await publish([1, 5, 0], '2025-02-10T08:00:00Z', releaseChannel);
    await publish([2, 0, 0], '2025-06-01T09:30:00Z', releaseChannel);
    const product = `/products/${world.synth.id}`;
    for (const key of ['surround', 'stems'])
      expect((await staff(`${product}/features`, { key, label: key })).statusCode).toBe(201);
    const pro = await staff(`${product}/editions`, { name: 'Pro', features: ['surround', 'stems'] });
    expect(pro.statusCode).toBe(201);
    const user = await createEndUser(t.db, world.manufacturerA.id, 'answers@listener.example');
    const license = await createLicense(t.db, {
      manufacturerId: world.manufacturerA.id,
      productId: world.synth.id,
      userId: user.id,
    });
    licenseId = license.id;
    serial = license.serial;
    await setTerms(`edition_id = ${pro.json<{ id: number }>().id}`);
    const activated = await clientPost(t, '/activations', {
      product_id: world.synth.id,
      serial,
      hardware_fingerprint: FINGERPRINT,
      hardware_fingerprint_version: 2,
      signature_seed_version: 5,
    });
    expect(activated.statusCode).toBe(200);
  }, 240_000);
  afterAll(() => t.close());
  beforeEach(() => resetRateLimits(t));

  describe('validation', () => {
    it('answers version 1 without the ask (or with 1), with exactly its members under its own context', async () => {
      await setTerms(`expires_at = '2031-01-01T00:00:00Z', grace_days = 3`);
      for (const extra of [{}, { answer_version: 1 }]) {
        const answer = await validate(extra);
        expect(answer.statusCode).toBe(200);
        expect(Object.keys(answer.json<object>()).sort()).toEqual(membersOf(STATE_DOCUMENT_FORMAT));
        expect(verifiedDocument(STATE_DOCUMENT_FORMAT, answer.body, world.synth.public_key)).toMatchObject({
          format_version: 1,
          license_enabled: true,
          machine_activated: true,
        });
      }
    });

    it('signs expiry, grace, maintenance end, edition and features in version 2', async () => {
      await setTerms(
        `expires_at = '2031-02-03T04:05:06.789Z', grace_days = 14, maintenance_ends_at = '2025-03-01T00:00:00Z', maintenance_months = NULL`,
      );
      const answer = await validate({ answer_version: 2 });
      expect(answer.statusCode).toBe(200);
      expect(Object.keys(answer.json<object>()).sort()).toEqual(membersOf(STATE_DOCUMENT_V2_FORMAT));
      expect(verifiedDocument(STATE_DOCUMENT_V2_FORMAT, answer.body, world.synth.public_key)).toMatchObject({
        format_version: 2,
        nonce: 'answers-v2-nonce-0001',
        license_enabled: true,
        machine_activated: true,
        expires_at: '2031-02-03T04:05:06Z',
        grace_days: 14,
        maintenance_ends_at: '2025-03-01T00:00:00Z',
        edition: 'Pro',
        features: [{ key: 'stems' }, { key: 'surround' }],
      });
    });

    it('signs null for a perpetual licence without window or edition, and counts maintenance from activation', async () => {
      await setTerms(`expires_at = NULL, grace_days = NULL, maintenance_ends_at = NULL, maintenance_months = NULL`);
      const saved = await t.db
        .selectFrom('licenses')
        .select('edition_id')
        .where('id', '=', licenseId)
        .executeTakeFirst();
      await setTerms('edition_id = NULL');
      const perpetual = verifiedDocument(
        STATE_DOCUMENT_V2_FORMAT,
        (await validate({ answer_version: 2 })).body,
        world.synth.public_key,
      );
      expect(perpetual).toMatchObject({
        expires_at: null,
        grace_days: 0,
        maintenance_ends_at: null,
        edition: null,
        features: [],
      });
      await setTerms(`maintenance_months = 6, edition_id = ${saved!.edition_id}`);
      await sql`UPDATE license_activations SET created_at = '2025-01-15T10:00:00Z' WHERE license_id = ${licenseId}`.execute(
        t.db,
      );
      const windowed = verifiedDocument(
        STATE_DOCUMENT_V2_FORMAT,
        (await validate({ answer_version: 2 })).body,
        world.synth.public_key,
      );
      expect(windowed).toMatchObject({ maintenance_ends_at: '2025-07-15T10:00:00Z', edition: 'Pro' });
    });

    it('refuses an answer version it does not know, in words', async () => {
      for (const version of [3, 0, 'two', null]) {
        const answer = await validate({ answer_version: version });
        expect(answer.statusCode).toBe(400);
        expect(answer.json<{ message: string[] }>().message.join(' ')).toMatch(/answer_version/);
      }
    });
  });

  describe('update check', () => {
    it('answers version 1 without the ask, offering only releases before the maintenance end', async () => {
      await setTerms(`maintenance_ends_at = '2025-03-01T00:00:00Z', maintenance_months = NULL`);
      const answer = await checkUpdates();
      expect(answer.statusCode).toBe(200);
      expect(Object.keys(answer.json<object>()).sort()).toEqual(membersOf(UPDATE_ANSWER_FORMAT));
      expect(verifiedDocument(UPDATE_ANSWER_FORMAT, answer.body, world.synth.public_key)).toMatchObject({
        format_version: 1,
        update_available: true,
        version: '1.5.0.1',
      });
    });

    it('names the newest release beyond the maintenance end in version 2, and still offers the one within it', async () => {
      await setTerms(`maintenance_ends_at = '2025-03-01T00:00:00Z', maintenance_months = NULL`);
      const answer = await checkUpdates({ answer_version: 2 });
      expect(answer.statusCode).toBe(200);
      expect(Object.keys(answer.json<object>()).sort()).toEqual(membersOf(UPDATE_ANSWER_V2_FORMAT));
      const document = verifiedDocument(UPDATE_ANSWER_V2_FORMAT, answer.body, world.synth.public_key);
      expect(document).toMatchObject({
        format_version: 2,
        update_available: true,
        version: '1.5.0.1',
        maintenance_ends_at: '2025-03-01T00:00:00Z',
        newer_beyond_maintenance_version: '2.0.0.1',
        newer_beyond_maintenance_published_at: '2025-06-01T09:30:00Z',
      });
      expect((document.files as { name: string }[]).map((file) => file.name)).toEqual(['synth-1.5.0.pkg']);
    });

    it('says nothing lies beyond when the window covers every release, or there is none', async () => {
      for (const terms of [
        `maintenance_ends_at = '2026-01-01T00:00:00Z', maintenance_months = NULL`,
        `maintenance_ends_at = NULL, maintenance_months = NULL`,
      ]) {
        await setTerms(terms);
        const document = verifiedDocument(
          UPDATE_ANSWER_V2_FORMAT,
          (await checkUpdates({ answer_version: 2 })).body,
          world.synth.public_key,
        );
        expect(document).toMatchObject({
          version: '2.0.0.1',
          newer_beyond_maintenance_version: null,
          newer_beyond_maintenance_published_at: null,
        });
      }
    });

    it('names nothing beyond when the plugin already runs a newer version than every release beyond', async () => {
      await setTerms(`maintenance_ends_at = '2025-03-01T00:00:00Z', maintenance_months = NULL`);
      const document = verifiedDocument(
        UPDATE_ANSWER_V2_FORMAT,
        (await checkUpdates({ answer_version: 2, current_version: '2.0.0.1' })).body,
        world.synth.public_key,
      );
      expect(document).toMatchObject({ update_available: false, newer_beyond_maintenance_version: null });
    });

    it('answers a caller without a licence version 2 with null maintenance facts', async () => {
      const document = verifiedDocument(
        UPDATE_ANSWER_V2_FORMAT,
        (await checkUpdates({ answer_version: 2, serial: undefined, hardware_fingerprint: 'NO-LICENSE-MAC' })).body,
        world.synth.public_key,
      );
      expect(document).toMatchObject({
        maintenance_ends_at: null,
        newer_beyond_maintenance_version: null,
        newer_beyond_maintenance_published_at: null,
      });
    });

    it('refuses an answer version it does not know', async () => {
      const answer = await checkUpdates({ answer_version: 7 });
      expect(answer.statusCode).toBe(400);
      expect(answer.json<{ message: string[] }>().message.join(' ')).toMatch(/answer_version/);
    });
  });
});
