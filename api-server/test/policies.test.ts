import { PLAIN_POLICY } from 'shared-kit/contract';
import { sql } from 'kysely';
import { UPDATE_ANSWER_FORMAT } from 'signed-formats';
import { createTestApp, type TestApp } from './support/test-app';
import { auth, tableDigest } from './support/fixtures';
import {
  auditRows,
  createEndUser,
  createLicense,
  createLicensingWorld,
  type LicensingWorld,
} from './licensing-fixtures';
import { addReleaseBuild, distributeRelease, insertTestBuild, insertTestChannels } from './catalog-fixtures';
import { clientPost, resetRateLimits, verifiedDocument } from './client-fixtures';
import { featureInEditions, featureKeyTaken } from '../src/policies/routes/features';
import { editionInUse, unknownFeatures } from '../src/policies/routes/editions';
import { FLOATING_NEEDS_SEATS } from '../src/policies/policy-rules';
import { RENEW_NEEDS_DATE, SAME_EDITION } from '../src/policies/routes/license-terms';
import { licenseExpiredMessage } from '../src/licenses/activation/activate-machine';
import { insertEndpoint } from '../src/webhooks/endpoints';
import { generateSecret } from '../src/webhooks/signature';

const POLICY_EVENTS = [
  'license_policy.updated',
  'license_policy.applied',
  'license.edition_changed',
  'license.renewed',
];

describe('licence policies: features, editions, policies and licence terms', () => {
  let t: TestApp;
  let world: LicensingWorld;
  let product: string;
  const staffA = () => auth(world.staffAToken);
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    token = staffA(),
  ) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: token,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  beforeAll(async () => {
    t = await createTestApp();
    world = await createLicensingWorld(t);
    product = `/products/${world.synth.id}`;
    await insertEndpoint(t.db, t.masterKey, {
      manufacturer_id: world.manufacturerA.id,
      url: 'https://93.184.215.14/hook',
      secret: generateSecret(),
      event_types: POLICY_EVENTS,
      enabled: true,
    });
  });
  afterAll(() => t.close());
  beforeEach(() => resetRateLimits(t));

  describe('features and editions', () => {
    it('makes, lists, relabels features; a key is unique per product and must be a key', async () => {
      expect((await call('POST', `${product}/features`, { key: 'surround', label: 'Surround' })).statusCode).toBe(201);
      expect((await call('POST', `${product}/features`, { key: 'stems', label: 'Stems' })).statusCode).toBe(201);
      const again = await call('POST', `${product}/features`, { key: 'surround', label: 'Again' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: [featureKeyTaken('surround')] });
      for (const key of ['Surround', '1st', 'a b', 'x'.repeat(33), ''])
        expect((await call('POST', `${product}/features`, { key, label: 'Bad' })).statusCode).toBe(400);
      const list = (await call('GET', `${product}/features`)).json();
      expect(list.data.map((feature: { key: string }) => feature.key)).toEqual(['stems', 'surround']);
      const surround = list.data[1];
      const relabelled = await call('PATCH', `${product}/features/${surround.id}`, { label: 'Surround 7.1' });
      expect(relabelled.json()).toMatchObject({ key: 'surround', label: 'Surround 7.1' });
      // Another manufacturer's staff see no such product.
      expect((await call('GET', `${product}/features`, undefined, auth(world.staffBToken))).statusCode).toBe(404);
    });

    it('makes editions of the product’s features and refuses unknown ones', async () => {
      const standard = await call('POST', `${product}/editions`, { name: 'Standard', features: ['stems'] });
      expect(standard.statusCode).toBe(201);
      expect(standard.json()).toMatchObject({ name: 'Standard', features: ['stems'] });
      const pro = await call('POST', `${product}/editions`, { name: 'Pro', features: ['surround', 'stems'] });
      expect(pro.json()).toMatchObject({ name: 'Pro', features: ['stems', 'surround'] });
      const unknown = await call('POST', `${product}/editions`, { name: 'Max', features: ['nope'] });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toEqual({ message: [unknownFeatures(['nope'])] });
      expect((await call('POST', `${product}/editions`, { name: 'pro', features: [] })).statusCode).toBe(409);
    });

    it('refuses to delete a feature an edition holds, naming the editions', async () => {
      const features = (await call('GET', `${product}/features`)).json().data;
      const stems = features.find((feature: { key: string }) => feature.key === 'stems');
      const before = await tableDigest(t.db, 'product_features');
      const refused = await call('DELETE', `${product}/features/${stems.id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ message: [featureInEditions(['Pro', 'Standard'])] });
      expect(await tableDigest(t.db, 'product_features')).toBe(before);
      const spare = (await call('POST', `${product}/features`, { key: 'spare', label: 'Spare' })).json();
      expect((await call('DELETE', `${product}/features/${spare.id}`)).statusCode).toBe(204);
    });
  });

  describe('policies and the terms licences get', () => {
    const editionId = async (name: string) =>
      (await call('GET', `${product}/editions`)).json().data.find((edition: { name: string }) => edition.name === name)
        .id as number;

    it('a product without a policy makes licences exactly as before', async () => {
      const user = await createEndUser(t.db, world.manufacturerA.id, 'plain@listener.example');
      const made = await call('POST', `/users/${user.id}/licenses`, {
        product_id: world.drums.id,
        license_type: 'Standard',
      });
      expect(made.statusCode).toBe(201);
      const terms = (await call('GET', `/licenses/${made.json().id}/terms`)).json();
      expect(terms).toEqual({
        license_id: made.json().id,
        edition: null,
        expires_at: null,
        grace_days: 0,
        expired: false,
        maintenance_months: null,
        maintenance_ends_at: null,
      });
    });

    it('checks a policy across its fields, and sets one per licence type', async () => {
      const floating = await call('PUT', `${product}/policies/Standard`, { ...PLAIN_POLICY, model: 'floating' });
      expect(floating.statusCode).toBe(400);
      expect(floating.json()).toEqual({ message: [FLOATING_NEEDS_SEATS] });
      expect((await call('PUT', `${product}/policies/Pro`, PLAIN_POLICY)).statusCode).toBe(400);
      const standard = await call('PUT', `${product}/policies/Standard`, {
        ...PLAIN_POLICY,
        term: 'time-limited',
        duration_days: 365,
        grace_days: 7,
        maintenance_months: 12,
        maintenance_from: 'purchase',
        edition_id: await editionId('Standard'),
      });
      expect(standard.json()).not.toHaveProperty('message');
      expect(standard.statusCode).toBe(200);
      expect(standard.json()).toMatchObject({ license_type: 'Standard', term: 'time-limited', duration_days: 365 });
      const list = (await call('GET', `${product}/policies`)).json();
      expect(list.data.map((policy: { license_type: string }) => policy.license_type)).toEqual(['Standard']);
      expect((await auditRows(t.db, 'product', world.synth.id)).map((row) => row.action)).toContain(
        'license_policy.update',
      );
    });

    it('a new licence takes its terms from the policy; existing ones keep theirs until applied', async () => {
      const user = await createEndUser(t.db, world.manufacturerA.id, 'termed@listener.example');
      const made = (
        await call('POST', `/users/${user.id}/licenses`, { product_id: world.synth.id, license_type: 'Standard' })
      ).json();
      const terms = (await call('GET', `/licenses/${made.id}/terms`)).json();
      expect(terms.edition).toMatchObject({ name: 'Standard', features: ['stems'] });
      expect(terms.grace_days).toBe(7);
      const days = (Date.parse(terms.expires_at) - Date.parse(made.created_at)) / 86_400_000;
      expect(days).toBeCloseTo(365, 3);
      expect(Date.parse(terms.maintenance_ends_at)).toBeGreaterThan(Date.parse(made.created_at) + 360 * 86_400_000);

      // Bob's Standard licence was made before the policy.
      expect((await call('GET', `/licenses/${world.bobSynth.id}/terms`)).json().expires_at).toBeNull();
      const preview = await call('GET', `${product}/policies/Standard/apply-preview`);
      expect(preview.json()).toEqual({ licenses: 1 });
      const applied = await call('POST', `${product}/policies/Standard/apply`);
      expect(applied.json()).toEqual({ licenses: 1 });
      expect((await call('GET', `${product}/policies/Standard/apply-preview`)).json()).toEqual({ licenses: 0 });
      const bob = (await call('GET', `/licenses/${world.bobSynth.id}/terms`)).json();
      expect(bob.edition.name).toBe('Standard');
      expect(bob.expires_at).not.toBeNull();
      const audit = (await auditRows(t.db, 'product', world.synth.id)).at(-1)!;
      expect(audit).toMatchObject({
        action: 'license_policy.apply',
        after: { license_type: 'Standard', licenses_changed: 1 },
      });
    });

    it('upgrades a licence’s edition keeping its serial, and History says so', async () => {
      const pro = await editionId('Pro');
      const upgraded = await call('POST', `/licenses/${world.bobSynth.id}/edition`, { edition_id: pro });
      expect(upgraded.statusCode).toBe(200);
      expect(upgraded.json().edition).toMatchObject({ name: 'Pro', features: ['stems', 'surround'] });
      expect((await call('POST', `/licenses/${world.bobSynth.id}/edition`, { edition_id: pro })).json()).toEqual({
        message: [SAME_EDITION],
      });
      const audit = (await auditRows(t.db, 'license', world.bobSynth.id)).at(-1)!;
      expect(audit).toMatchObject({
        action: 'license.edition_change',
        after: { previous_edition: 'Standard', edition: 'Pro' },
      });
      const serial = await t.db
        .selectFrom('licenses')
        .select('serial')
        .where('id', '=', world.bobSynth.id)
        .executeTakeFirstOrThrow();
      expect(serial.serial).toBe(world.bobSynth.serial);
      // The edition is in use now: it cannot be deleted.
      const refused = await call('DELETE', `${product}/editions/${pro}`);
      expect(refused.json()).toEqual({ message: [editionInUse({ licenses: 1, policies: 0 })] });
    });

    it('answers 409, not 500, when a licence takes the edition while it is being deleted', async () => {
      expect((await call('POST', `${product}/editions`, { name: 'Race', features: [] })).statusCode).toBe(201);
      const race = await editionId('Race');
      let deleted: Promise<{ statusCode: number; json: () => unknown }> | undefined;
      await t.db.transaction().execute(async (trx) => {
        // Uncommitted, so the delete's count sees no licence; the foreign key then waits for this commit.
        await trx.updateTable('licenses').set({ edition_id: race }).where('id', '=', world.annSynth.id).execute();
        deleted = call('DELETE', `${product}/editions/${race}`);
        await new Promise((resolve) => setTimeout(resolve, 300));
      });
      const answer = await deleted!;
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toEqual({ message: [editionInUse({ licenses: 1, policies: 0 })] });
      await t.db.updateTable('licenses').set({ edition_id: null }).where('id', '=', world.annSynth.id).execute();
      expect((await call('DELETE', `${product}/editions/${race}`)).statusCode).toBe(204);
    });

    it('renews a time-limited licence by the policy’s duration, or to a date', async () => {
      const before = (await call('GET', `/licenses/${world.bobSynth.id}/terms`)).json().expires_at;
      const renewed = (await call('POST', `/licenses/${world.bobSynth.id}/renew`, {})).json();
      const days = (Date.parse(renewed.expires_at) - Math.max(Date.parse(before), Date.now())) / 86_400_000;
      expect(days).toBeGreaterThan(364.9);
      expect(days).toBeLessThan(365.1);
      const dated = await call('POST', `/licenses/${world.bobSynth.id}/renew`, {
        expires_at: '2031-02-03T04:05:06.000Z',
      });
      expect(dated.json().expires_at).toBe('2031-02-03T04:05:06.000Z');
      expect(
        (await call('POST', `/licenses/${world.bobSynth.id}/renew`, { expires_at: '2001-01-01T00:00:00.000Z' }))
          .statusCode,
      ).toBe(400);
      // Drums has no policy: no duration to renew by.
      expect((await call('POST', `/licenses/${world.annDrums.id}/renew`, {})).json()).toEqual({
        message: [RENEW_NEEDS_DATE],
      });
      expect(
        (await auditRows(t.db, 'license', world.bobSynth.id)).filter((row) => row.action === 'license.renew'),
      ).toHaveLength(2);
    });

    it('exports the terms as the last columns of the licence CSV', async () => {
      const csv = (await call('GET', `${product}/licenses/export.csv`)).body
        .trim()
        .split('\r\n')
        .map((line) => line.split(','));
      expect(csv[0]!.slice(-3)).toEqual(['Edition', 'Expires At', 'Maintenance Ends At']);
      const bob = csv.find((row) => row[0] === String(world.bobSynth.id))!;
      expect(bob.slice(-3, -1)).toEqual(['Pro', '2031-02-03T04:05:06.000Z']);
      expect(bob.at(-1)).toMatch(/^\d{4}-\d\d-\d\dT/);
    });
  });

  describe('the server honours the terms', () => {
    const activate = (serial: string, fingerprint: string) =>
      clientPost(t, '/activations', {
        product_id: world.synth.id,
        serial,
        hardware_fingerprint: fingerprint,
        hardware_fingerprint_version: 2,
        signature_seed_version: 5,
      });
    const validate = (serial: string, fingerprint: string) =>
      clientPost(t, '/validations', {
        product_id: world.synth.id,
        serial,
        hardware_fingerprint: fingerprint,
        nonce: 'nonce-0123456789abcdef',
      });

    it('activation and validation answer "expired" after expiry plus grace, and not within the grace', async () => {
      const user = await createEndUser(t.db, world.manufacturerA.id, 'lapsing@listener.example');
      const license = await createLicense(t.db, {
        manufacturerId: world.manufacturerA.id,
        productId: world.synth.id,
        userId: user.id,
      });
      expect((await activate(license.serial, 'LAPSE-MAC')).statusCode).toBe(200);
      // Expired three days ago with a grace of seven: still working.
      await sql`UPDATE licenses SET expires_at = now() - interval '3 days', grace_days = 7 WHERE id = ${license.id}`.execute(
        t.db,
      );
      expect((await validate(license.serial, 'LAPSE-MAC')).statusCode).toBe(200);
      await sql`UPDATE licenses SET grace_days = 2 WHERE id = ${license.id}`.execute(t.db);
      const expiresAt = (
        await t.db.selectFrom('licenses').select('expires_at').where('id', '=', license.id).executeTakeFirstOrThrow()
      ).expires_at;
      const refused = await validate(license.serial, 'LAPSE-MAC');
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ message: [licenseExpiredMessage(expiresAt)] });
      const before = await tableDigest(t.db, 'license_machines');
      expect((await activate(license.serial, 'LAPSE-PC')).json()).toEqual({
        message: [licenseExpiredMessage(expiresAt)],
      });
      expect(await tableDigest(t.db, 'license_machines')).toBe(before);
      expect((await call('GET', `/licenses/${license.id}/terms`)).json().expired).toBe(true);
      // Renewed: it works again.
      await call('POST', `/licenses/${license.id}/renew`, {});
      expect((await validate(license.serial, 'LAPSE-MAC')).statusCode).toBe(200);
    });

    it('the update check offers only releases made before the maintenance end', async () => {
      const channels = await insertTestChannels(t.db, world.manufacturerA.id);
      const releaseChannel = channels.find((channel) => channel.type === 'Release')!.id;
      const release = async (version: [number, number, number], madeAt: string) => {
        const row = await t.db
          .insertInto('releases')
          .values({
            manufacturer_id: world.manufacturerA.id,
            product_id: world.synth.id,
            description: version.join('.'),
            manual: null,
            app_version_min: null,
            app_version_max: null,
            created_at: madeAt,
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
          { manufacturerId: world.manufacturerA.id, releaseId: row.id, buildId: build.id },
          `synth-${version.join('.')}.pkg`,
          Buffer.from(version.join('.')),
        );
        await distributeRelease(t.db, world.manufacturerA.id, row.id, [releaseChannel]);
        return row.id;
      };
      const old = await release([1, 5, 0], '2024-01-01T00:00:00Z');
      const newer = await release([2, 0, 0], '2025-06-01T00:00:00Z');
      const user = await createEndUser(t.db, world.manufacturerA.id, 'maintained@listener.example');
      const license = await createLicense(t.db, {
        manufacturerId: world.manufacturerA.id,
        productId: world.synth.id,
        userId: user.id,
        type: 'NFR',
      });
      expect((await activate(license.serial, 'MAINT-MAC')).statusCode).toBe(200);
      const offered = async () => {
        const response = await clientPost(t, '/update-checks', {
          product_id: world.synth.id,
          serial: license.serial,
          hardware_fingerprint: 'MAINT-MAC',
          current_version: '1.0',
          os: 'macOS',
        });
        expect(response.statusCode).toBe(200);
        return verifiedDocument(UPDATE_ANSWER_FORMAT, response.body, world.synth.public_key).release_id;
      };
      expect(await offered()).toBe(newer);
      await sql`UPDATE licenses SET maintenance_ends_at = '2025-01-01T00:00:00Z' WHERE id = ${license.id}`.execute(
        t.db,
      );
      expect(await offered()).toBe(old);
      // Counted from the first activation: 12 months after it (now) covers both.
      await sql`UPDATE licenses SET maintenance_ends_at = NULL, maintenance_months = 12 WHERE id = ${license.id}`.execute(
        t.db,
      );
      expect(await offered()).toBe(newer);
      await sql`UPDATE license_activations SET created_at = '2023-06-01T00:00:00Z' WHERE license_id = ${license.id}`.execute(
        t.db,
      );
      expect(await offered()).toBe(old);
      // Activation keeps working past the maintenance end.
      expect((await activate(license.serial, 'MAINT-MAC')).statusCode).toBe(200);
    });
  });

  it('emits webhook events for policy changes, applying, edition upgrades and renewals', async () => {
    const events = await t.db
      .selectFrom('webhook_events')
      .select('type')
      .where('manufacturer_id', '=', world.manufacturerA.id)
      .execute();
    expect(new Set(events.map((event) => event.type))).toEqual(new Set(POLICY_EVENTS));
  });
});
