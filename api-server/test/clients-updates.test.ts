import { createHash } from 'node:crypto';
import { REVOCATION_LIST_FORMAT, UPDATE_ANSWER_FORMAT } from 'signed-formats';
import { downloadUrlKey, signDownloadUrl } from '../src/clients/download-url';
import { CLIENT_CALLS_PER_SUBJECT, machineSubject } from '../src/clients/routes/client-guard';
import { createTestApp, type TestApp } from './support/test-app';
import { auth } from './support/fixtures';
import { createLicensingWorld, createTrial, type LicensingWorld } from './licensing-fixtures';
import { addReleaseBuild, distributeRelease, insertTestBuild, insertTestChannels, sha256Hex } from './catalog-fixtures';
import { CLIENT, auditRowCount, clientAudit, clientPost, resetRateLimits, verifiedDocument } from './client-fixtures';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('client API: update checks, downloads, revocations', () => {
  let t: TestApp;
  let world: LicensingWorld;
  let betaChannel: number;
  const releases: Record<string, number> = {};

  /** A release of Alpha Synth with confirmed builds (one uploaded file each), distributed to the given channels. */
  async function release(
    name: string,
    builds: {
      os: 'macOS' | 'Windows' | 'any';
      version: [number, number, number];
      build_number: number;
      confirmed?: boolean;
    }[],
    channels: number[],
    fields: { unlocks_wo_license?: boolean; app_version_min?: string } = {},
  ) {
    const row = await t.db
      .insertInto('releases')
      .values({
        manufacturer_id: world.manufacturerA.id,
        product_id: world.synth.id,
        description: name,
        unlocks_wo_license: fields.unlocks_wo_license ?? false,
        manual: null,
        app_version_min: fields.app_version_min ?? null,
        app_version_max: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const spec of builds) {
      const build = await insertTestBuild(t.db, world.manufacturerA.id, world.synth.id, {
        os: spec.os,
        version: spec.version,
        build_number: spec.build_number,
        upload_confirmed: spec.confirmed ?? true,
      });
      const bytes = Buffer.from(`${name} for ${spec.os}\n`);
      const fileName = `${name}-${spec.os}.pkg`;
      await addReleaseBuild(
        t,
        { manufacturerId: world.manufacturerA.id, releaseId: row.id, buildId: build.id },
        fileName,
        bytes,
      );
    }
    await distributeRelease(t.db, world.manufacturerA.id, row.id, channels);
    releases[name] = row.id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    world = await createLicensingWorld(t);
    const channels = await insertTestChannels(t.db, world.manufacturerA.id);
    const releaseChannel = channels.find((channel) => channel.type === 'Release')!.id;
    betaChannel = channels.find((channel) => channel.type === 'Beta')!.id;
    await release('free', [{ os: 'any', version: [1, 0, 0], build_number: 1 }], [releaseChannel], {
      unlocks_wo_license: true,
    });
    await release(
      'stable',
      [
        { os: 'macOS', version: [1, 1, 0], build_number: 5 },
        { os: 'Windows', version: [1, 1, 0], build_number: 5 },
      ],
      [releaseChannel],
    );
    await release('beta', [{ os: 'any', version: [2, 0, 0], build_number: 1 }], [betaChannel]);
    await release('for-v5', [{ os: 'any', version: [3, 0, 0], build_number: 0 }], [releaseChannel], {
      app_version_min: '5.0',
    });
    await release(
      'unconfirmed',
      [{ os: 'any', version: [9, 0, 0], build_number: 0, confirmed: false }],
      [releaseChannel],
    );
    await release('undistributed', [{ os: 'any', version: [8, 0, 0], build_number: 0 }], []);
    await clientPost(t, '/activations', {
      product_id: world.synth.id,
      serial: world.annSynth.serial,
      hardware_fingerprint: 'ANN-MAC',
      hardware_fingerprint_version: 2,
      signature_seed_version: 5,
    });
    await createTrial(t.db, world.manufacturerA.id, world.synth.id, 'TRIAL-MAC');
  });
  afterAll(() => t.close());
  beforeEach(() => resetRateLimits(t));

  const check = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    clientPost(
      t,
      '/update-checks',
      {
        product_id: world.synth.id,
        hardware_fingerprint: 'ANN-MAC',
        serial: world.annSynth.serial,
        current_version: '1.0',
        os: 'macOS',
        ...body,
      },
      headers,
    );
  const offered = async (body: Record<string, unknown>) => {
    const response = await check(body);
    expect(response.statusCode).toBe(200);
    return verifiedDocument(UPDATE_ANSWER_FORMAT, response.body, world.synth.public_key);
  };

  describe('POST /clients/app/update-checks', () => {
    it('offers a licence holder the newest Release-channel release for the OS, signed, with signed download links', async () => {
      const update = await offered({});
      expect(update).toMatchObject({
        format: 'producthub-update',
        product_id: world.synth.id,
        hardware_fingerprint: 'ANN-MAC',
        current_version: '1.0',
        os: 'macOS',
        update_available: true,
        release_id: releases.stable,
        version: '1.1.0.5',
        unlocks_without_license: false,
      });
      const files = update.files as {
        name: string;
        size: number;
        sha256: string;
        url: string;
        url_expires_at: string;
      }[];
      expect(files.map((file) => file.name)).toEqual(['stable-macOS.pkg']);
      expect(files[0].url).toMatch(
        new RegExp(`^${CLIENT}/downloads/\\d+\\?expires=\\d+&license=${world.annSynth.id}&signature=[A-Za-z0-9_-]+$`),
      );
      expect(Date.parse(files[0].url_expires_at) - Date.now()).toBeGreaterThan(3500_000);

      const download = await t.app.inject({ url: files[0].url });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.length).toBe(files[0].size);
      expect(sha256Hex(download.rawPayload)).toBe(files[0].sha256);
      expect(download.headers['content-disposition']).toContain('stable-macOS.pkg');
      expect(await clientAudit(t, 'client.download')).toHaveLength(1);
    });

    it('adds the channels the licence owner belongs to, and honours the app version range', async () => {
      const join = await t.app.inject({
        method: 'POST',
        url: `/api/v1/manufacturers/${world.manufacturerA.id}/channels/${betaChannel}/users`,
        headers: auth(world.staffAToken),
        payload: { user_id: world.ann.id },
      });
      expect(join.statusCode).toBe(201);
      expect(await offered({})).toMatchObject({
        release_id: releases.beta,
        version: '2.0.0.1',
        update_available: true,
      });
      expect(await offered({ current_version: '5.0' })).toMatchObject({
        release_id: releases['for-v5'],
        version: '3.0.0.0',
        update_available: false,
      });
      expect(await offered({ current_version: '2.0.0.1' })).toMatchObject({
        release_id: releases.beta,
        update_available: false,
      });
    });

    it('gives a trial user the Release channel only, and a machine with neither only what unlocks without a licence', async () => {
      const audited = await auditRowCount(t);
      expect(await offered({ serial: undefined, hardware_fingerprint: 'TRIAL-MAC' })).toMatchObject({
        release_id: releases.stable,
        version: '1.1.0.5',
      });
      expect(await offered({ serial: undefined, hardware_fingerprint: 'NOBODY', os: 'Windows' })).toMatchObject({
        release_id: releases.free,
        version: '1.0.0.1',
        unlocks_without_license: true,
        update_available: true,
      });
      expect(
        await offered({ serial: undefined, hardware_fingerprint: 'NOBODY', current_version: '1.0.0.1' }),
      ).toMatchObject({ update_available: false });
      const none = await check({
        product_id: world.drums.id,
        serial: undefined,
        hardware_fingerprint: 'NOBODY',
        current_version: '7',
      });
      expect(verifiedDocument(UPDATE_ANSWER_FORMAT, none.body, world.drums.public_key)).toMatchObject({
        release_id: 0,
        version: '',
        update_available: false,
        files: [],
      });
      // An update check changes nothing and is not audited (docs/client-api.md).
      expect(await auditRowCount(t)).toBe(audited);
    });

    it('answers 304 to a repeated check with its ETag, and a fresh answer once something changed', async () => {
      const first = await check({ current_version: '1.0.0' });
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
      const repeat = await check({ current_version: '1.0.0' }, { 'if-none-match': etag });
      expect(repeat.statusCode).toBe(304);
      expect(repeat.body).toBe('');
      expect((await check({ current_version: '1.0.1' }, { 'if-none-match': etag })).statusCode).toBe(200);
    });

    it("refuses a serial not activated here, a disabled one, and unknown or other products' serials alike", async () => {
      expect((await check({ hardware_fingerprint: 'ELSEWHERE' })).json()).toEqual({
        message: ['This license is not activated on this machine.'],
      });
      expect((await check({ serial: world.cySynthDisabled.serial })).statusCode).toBe(409);
      const unknown = await check({ serial: 'ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ' });
      expect(unknown.json()).toEqual({ message: ['License not found'] });
      expect((await check({ serial: world.annDrums.serial })).body).toBe(unknown.body);
      expect((await check({ product_id: 999_999 })).json()).toEqual({ message: ['Product not found'] });
      for (const bad of [
        { os: 'Linux' },
        { current_version: '1.x' },
        { current_version: '' },
        { hardware_fingerprint: 'a\nb' },
      ])
        expect((await check(bad)).statusCode).toBe(400);
    });

    it('refuses a machine asking too often with 429 and Retry-After, counted in the statement of its read', async () => {
      const bucket = `client:${machineSubject(world.synth.id, 'ANN-MAC')}`;
      for (let i = 0; i < CLIENT_CALLS_PER_SUBJECT; i++) expect((await check({})).statusCode).toBe(200);
      const limited = await check({});
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.json().message[0]).toMatch(/^Too many requests\. Please wait \d+ seconds? and try again\.$/);
      expect(limited.headers.etag).toBeUndefined();
      const hits = async () =>
        (await t.db.selectFrom('rate_limits').select('hits').where('bucket', '=', bucket).executeTakeFirstOrThrow())
          .hits;
      expect(await hits()).toBe(CLIENT_CALLS_PER_SUBJECT + 1);
      // A serial that cannot be one answers like an unknown serial, and still counts.
      expect((await check({ serial: 'BAD\u0001SERIAL' })).statusCode).toBe(429);
      expect(await hits()).toBe(CLIENT_CALLS_PER_SUBJECT + 2);
    });
  });

  describe('GET /clients/app/downloads/:fileId', () => {
    it('refuses a link that expired, was changed, or names another file', async () => {
      const file = await t.db
        .selectFrom('build_files')
        .select(['id', 'sha256'])
        .where('name', '=', 'stable-Windows.pkg')
        .executeTakeFirstOrThrow();
      const other = await t.db
        .selectFrom('build_files')
        .select(['id', 'sha256'])
        .where('name', '=', 'free-any.pkg')
        .executeTakeFirstOrThrow();
      const key = downloadUrlKey(t.masterKey);
      const now = Math.floor(Date.now() / 1000);
      const valid = signDownloadUrl(key, '/api/v1', file, now).url;
      expect((await t.app.inject({ url: valid })).statusCode).toBe(200);
      const expired = signDownloadUrl(key, '/api/v1', file, now - 3601).url;
      const otherKey = signDownloadUrl(downloadUrlKey(Buffer.alloc(32, 7)), '/api/v1', file, now).url;
      const otherFile = valid.replace(`/downloads/${file.id}?`, `/downloads/${other.id}?`);
      const later = valid.replace(/expires=(\d+)/, (_m, expires) => `expires=${Number(expires) + 60}`);
      for (const url of [
        expired,
        otherKey,
        otherFile,
        later,
        valid.replace(/signature=.*/, 'signature=AAAA'),
        `${CLIENT}/downloads/999999?expires=${now + 60}&signature=AAAA`,
      ]) {
        const response = await t.app.inject({ url });
        expect(response.statusCode).toBe(403);
        expect(response.json().message[0]).toMatch(/^This download link is not valid/);
      }
      expect((await t.app.inject({ url: `${CLIENT}/downloads/${file.id}` })).statusCode).toBe(400);
    });
  });

  describe('a download link checks its licence at download time', () => {
    const linkOf = async () => {
      const files = (await offered({})).files as { url: string }[];
      return files[0].url;
    };
    const setLicense = (changes: { disabled?: boolean; disabled_reason?: string | null; expires_at?: Date | null }) =>
      t.db.updateTable('licenses').set(changes).where('id', '=', world.annSynth.id).execute();
    afterEach(() => setLicense({ disabled: false, disabled_reason: null, expires_at: null }));

    it('refuses once the licence is deactivated or expired, with a plain message, and writes nothing', async () => {
      const url = await linkOf();
      expect(url).toContain(`&license=${world.annSynth.id}&`);
      const downloads = (await clientAudit(t, 'client.download')).length;
      await setLicense({ disabled: true, disabled_reason: 'FraudulentUse' });
      const disabled = await t.app.inject({ url });
      expect(disabled.statusCode).toBe(403);
      expect(disabled.json()).toEqual({
        message: ["This download link's license is deactivated (FraudulentUse): downloads need an active license."],
      });
      await setLicense({ disabled: false, disabled_reason: null, expires_at: new Date('2024-03-01T00:00:00Z') });
      const expired = await t.app.inject({ url });
      expect(expired.statusCode).toBe(403);
      expect(expired.json()).toEqual({
        message: ["This download link's license expired on 2024-03-01: renew it to download."],
      });
      expect(await clientAudit(t, 'client.download')).toHaveLength(downloads);
      await setLicense({ expires_at: null });
      expect((await t.app.inject({ url })).statusCode).toBe(200);
      expect(await clientAudit(t, 'client.download')).toHaveLength(downloads + 1);
    });

    it('a link cannot be moved to another licence', async () => {
      const url = await linkOf();
      const moved = url.replace(`license=${world.annSynth.id}`, `license=${world.bobSynth.id}`);
      const dropped = url.replace(`&license=${world.annSynth.id}`, '');
      for (const changed of [moved, dropped]) {
        const response = await t.app.inject({ url: changed });
        expect(response.statusCode).toBe(403);
        expect(response.json().message[0]).toMatch(/^This download link is not valid/);
      }
    });

    it('answers a HEAD with the headers and writes no audit row', async () => {
      const url = await linkOf();
      const audited = await auditRowCount(t);
      const head = await t.app.inject({ method: 'HEAD', url });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-disposition']).toMatch(/^attachment; filename=/);
      expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
      expect(head.rawPayload.length).toBe(0);
      expect(await auditRowCount(t)).toBe(audited);
    });
  });

  describe('GET /clients/app/products/:id/revocations', () => {
    const revocations = (query = '', headers: Record<string, string> = {}) =>
      t.app.inject({
        url: `${CLIENT}/products/${world.synth.id}/revocations?hardware_fingerprint=ANN-MAC${query}`,
        headers,
      });

    it('lists disabled licences and deactivated machines as hashes, signed and bound to the machine', async () => {
      const before = verifiedDocument(REVOCATION_LIST_FORMAT, (await revocations()).body, world.synth.public_key);
      expect(before).toMatchObject({
        format: 'producthub-revocations',
        product_id: world.synth.id,
        hardware_fingerprint: 'ANN-MAC',
        since: '',
        complete: true,
        machines: [],
      });
      expect(before.licenses).toEqual([
        {
          serial_sha256: sha256(world.cySynthDisabled.serial),
          disabled_reason: 'FraudulentUse',
          changed_at: expect.any(String),
        },
      ]);

      // `since` is inclusive to the second: start in a fresh second so the set-up's own changes lie before it.
      await new Promise((resolve) => setTimeout(resolve, 1005 - (Date.now() % 1000)));
      const start = new Date(Math.floor(Date.now() / 1000) * 1000).toISOString().replace('.000Z', 'Z');
      const disable = await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/licenses/${world.bobSynth.id}`,
        headers: auth(world.staffAToken),
        payload: { disabled: true, disabled_reason: 'CancelledOrder' },
      });
      expect(disable.statusCode).toBe(200);
      await clientPost(t, '/activations', {
        product_id: world.synth.id,
        serial: world.annSynth.serial,
        hardware_fingerprint: 'ANN-OLD',
        hardware_fingerprint_version: 2,
        signature_seed_version: 5,
      });
      expect(
        (
          await clientPost(t, '/deactivations', {
            product_id: world.synth.id,
            serial: world.annSynth.serial,
            hardware_fingerprint: 'ANN-OLD',
          })
        ).statusCode,
      ).toBe(200);

      const audited = await auditRowCount(t);
      const response = await revocations(`&since=${start}`);
      expect(response.headers['cache-control']).toBe('private, max-age=300');
      const after = verifiedDocument(REVOCATION_LIST_FORMAT, response.body, world.synth.public_key);
      expect(after).toMatchObject({ since: start, complete: true });
      expect(after.licenses).toEqual([
        {
          serial_sha256: sha256(world.bobSynth.serial),
          disabled_reason: 'CancelledOrder',
          changed_at: expect.any(String),
        },
      ]);
      expect(after.machines).toEqual([
        { machine_sha256: sha256(`${world.annSynth.serial}\nANN-OLD`), deactivated_at: expect.any(String) },
      ]);
      expect(JSON.stringify(after)).not.toContain(world.annSynth.serial);

      const repeat = await revocations(`&since=${start}`, { 'if-none-match': response.headers.etag as string });
      expect(repeat.statusCode).toBe(304);
      // Reading revocations changes nothing and is not audited (docs/client-api.md).
      expect(await auditRowCount(t)).toBe(audited);
    });

    it('lists nothing from the future, and refuses bad values', async () => {
      expect(
        verifiedDocument(
          REVOCATION_LIST_FORMAT,
          (await revocations('&since=2099-01-01T00:00:00Z')).body,
          world.synth.public_key,
        ),
      ).toMatchObject({
        licenses: [],
        machines: [],
      });
      expect((await revocations('&since=2026-02-30T00:00:00Z')).json()).toEqual({
        message: ['since must be a UTC time to the second, YYYY-MM-DDTHH:MM:SSZ, that exists.'],
      });
      expect((await revocations('&since=yesterday')).statusCode).toBe(400);
      expect((await t.app.inject({ url: `${CLIENT}/products/${world.synth.id}/revocations` })).statusCode).toBe(400);
      expect(
        (await t.app.inject({ url: `${CLIENT}/products/999999/revocations?hardware_fingerprint=X` })).json(),
      ).toEqual({ message: ['Product not found'] });
    });
  });
});
