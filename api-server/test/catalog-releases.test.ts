import { createTestApp, type TestApp } from './support/test-app';
import { auth, createTenants, tableDigest } from './support/fixtures';
import { auditActions, insertTestBuild, insertTestChannels, insertTestProduct } from './catalog-fixtures';

const NOT_DISTRIBUTABLE =
  'Cannot Distribute release with current Build choices. A Release needs at least one Build for Windows and MacOS, or alternatively a build for any OS, to be released to a Distribution Channel.';

describe('catalog API: releases and their distribution to channels', () => {
  let t: TestApp;
  let tenants: Awaited<ReturnType<typeof createTenants>>;
  let productId: number;
  let otherProductId: number;
  let otherTenantProductId: number;
  const builds = { mac: 0, win: 0, any: 0, otherProduct: 0, otherTenant: 0 };
  const channels = { release: 0, beta: 0, otherTenant: 0 };
  let otherTenantReleaseId: number;

  beforeAll(async () => {
    t = await createTestApp();
    tenants = await createTenants(t.app, t.db);
    const a = tenants.manufacturerA.id;
    const b = tenants.manufacturerB.id;
    productId = (await insertTestProduct(t.db, t.masterKey, a, { name: 'Reverb' })).id;
    otherProductId = (await insertTestProduct(t.db, t.masterKey, a, { name: 'Delay' })).id;
    otherTenantProductId = (await insertTestProduct(t.db, t.masterKey, b, { name: 'Theirs' })).id;
    builds.mac = (await insertTestBuild(t.db, a, productId, { os: 'macOS' })).id;
    builds.win = (await insertTestBuild(t.db, a, productId, { os: 'Windows' })).id;
    builds.any = (await insertTestBuild(t.db, a, productId, { os: 'any' })).id;
    builds.otherProduct = (await insertTestBuild(t.db, a, otherProductId, { os: 'any' })).id;
    builds.otherTenant = (await insertTestBuild(t.db, b, otherTenantProductId, { os: 'any' })).id;
    const channelsOfA = await insertTestChannels(t.db, a, ['Release', 'Beta']);
    channels.release = channelsOfA[0].id;
    channels.beta = channelsOfA[1].id;
    channels.otherTenant = (await insertTestChannels(t.db, b, ['Release']))[0].id;
    otherTenantReleaseId = (
      await t.db
        .insertInto('releases')
        .values({ manufacturer_id: b, product_id: otherTenantProductId, description: 'Theirs' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => t.close());

  const get = (url: string, token = tenants.staffAToken) => t.app.inject({ method: 'GET', url, headers: auth(token) });
  const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, token = tenants.staffAToken) =>
    t.app.inject({
      method,
      url,
      headers: auth(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const createRelease = (payload: object, product = productId) =>
    send('POST', `/api/v1/products/${product}/releases`, payload);
  const distribute = (
    releaseId: number,
    channelId: number,
    manufacturerId = tenants.manufacturerA.id,
    token = tenants.staffAToken,
  ) =>
    send(
      'POST',
      `/api/v1/manufacturers/${manufacturerId}/channels/${channelId}/releases`,
      { product_release_id: releaseId },
      token,
    );
  const undistribute = (releaseId: number, channelId: number, manufacturerId = tenants.manufacturerA.id) =>
    send('DELETE', `/api/v1/manufacturers/${manufacturerId}/channels/${channelId}/releases/${releaseId}`);
  const digest = async () =>
    [
      await tableDigest(t.db, 'releases'),
      await tableDigest(t.db, 'release_builds'),
      await tableDigest(t.db, 'release_distributions'),
    ].join();

  describe('creating', () => {
    it('creates a release with its builds, empty text as none, and audits it', async () => {
      const response = await createRelease({
        description: ' Spring release ',
        unlocks_wo_license: true,
        manual: 'https://alpha.example/manual.pdf',
        app_version_min: '1.0',
        app_version_max: '',
        builds: [builds.win, builds.mac, builds.mac],
      });
      expect(response.statusCode).toBe(201);
      const release = response.json();
      expect(release).toMatchObject({
        product_id: productId,
        description: 'Spring release',
        unlocks_wo_license: true,
        manual: 'https://alpha.example/manual.pdf',
        app_version_min: '1.0',
        app_version_max: null,
        distributions: [],
      });
      expect(release.builds.map((build: { id: number; os: string }) => [build.id, build.os])).toEqual([
        [builds.mac, 'macOS'],
        [builds.win, 'Windows'],
      ]);
      expect(await auditActions(t.db, 'release')).toEqual(['release.create']);
    });

    it('accepts a release without builds', async () => {
      const response = await createRelease({});
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ builds: [], description: null, unlocks_wo_license: false });
    });

    it('rejects builds of another product or manufacturer and bad fields with 400, changing nothing', async () => {
      const before = await digest();
      const cases: [object, string | RegExp][] = [
        [{ builds: [builds.mac, builds.otherProduct] }, `Build ${builds.otherProduct} is not a build of this product.`],
        [
          { builds: [builds.otherTenant, 999999] },
          `Builds ${builds.otherTenant}, 999999 are not builds of this product.`,
        ],
        [{ manual: 'ftp://alpha.example/manual' }, 'Manual URL must be an http:// or https:// address.'],
        [{ manual: 'manual.pdf' }, 'Manual URL must be an http:// or https:// address.'],
        [
          { app_version_min: '2.0', app_version_max: '1.10' },
          'App Version Min must not be greater than App Version Max.',
        ],
        [{ app_version_min: 'one' }, /^app_version_min /],
        [{ builds: ['x'] }, /^builds\.0 /],
        [{ description: 'x'.repeat(2001) }, /^description /],
      ];
      for (const [payload, message] of cases) {
        const response = await createRelease(payload);
        expect(response.statusCode).toBe(400);
        expect(response.json().message[0]).toMatch(message);
      }
      expect(await digest()).toBe(before);
    });

    it('answers 404 for another manufacturer’s product and 403 for the superuser', async () => {
      const before = await digest();
      const response = await createRelease({ builds: [builds.otherTenant] }, otherTenantProductId);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: ['Product not found'] });
      expect((await send('POST', `/api/v1/products/${productId}/releases`, {}, tenants.superToken)).statusCode).toBe(
        403,
      );
      expect(
        (await t.app.inject({ method: 'POST', url: `/api/v1/products/${productId}/releases`, payload: {} })).statusCode,
      ).toBe(401);
      expect(await digest()).toBe(before);
    });
  });

  describe('distributing', () => {
    it('distributes a release with a macOS and a Windows build to a channel, shows it and audits it', async () => {
      const release = (await createRelease({ builds: [builds.mac, builds.win] })).json();
      const response = await distribute(release.id, channels.beta);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        id: expect.any(Number),
        release_id: release.id,
        channel: { id: channels.beta, type: 'Beta', name: 'Beta channel' },
        created_at: expect.any(String),
      });
      const shown = (await get(`/api/v1/products/${productId}/releases/${release.id}`)).json();
      expect(shown.distributions.map((d: { channel: { name: string } }) => d.channel.name)).toEqual(['Beta channel']);
      const audit = await t.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'release.distribute')
        .executeTakeFirstOrThrow();
      expect(audit).toMatchObject({
        entity_id: String(release.id),
        manufacturer_id: tenants.manufacturerA.id,
        after: { channel_id: channels.beta, channel_name: 'Beta channel' },
      });

      const again = await distribute(release.id, channels.beta);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({
        message: [`Release ${release.id} is already distributed to channel 'Beta channel'.`],
      });
    });

    it('distributes a release with one build for any OS', async () => {
      const release = (await createRelease({ builds: [builds.any] })).json();
      expect((await distribute(release.id, channels.release)).statusCode).toBe(201);
    });

    it('refuses a release with only a macOS build, or none, with the console’s text, and changes nothing', async () => {
      const macOnly = (await createRelease({ builds: [builds.mac] })).json();
      const none = (await createRelease({})).json();
      const before = await digest();
      for (const release of [macOnly, none]) {
        const response = await distribute(release.id, channels.release);
        expect(response.statusCode).toBe(409);
        expect(response.json()).toEqual({ message: [NOT_DISTRIBUTABLE] });
      }
      expect(await digest()).toBe(before);
    });

    it('answers 404 across manufacturers: their channel, their release, their manufacturer id', async () => {
      const release = (await createRelease({ builds: [builds.any] })).json();
      const before = await digest();
      const theirChannel = await distribute(release.id, channels.otherTenant);
      expect(theirChannel.statusCode).toBe(404);
      expect(theirChannel.json()).toEqual({ message: ['Channel not found'] });
      const theirRelease = await distribute(otherTenantReleaseId, channels.release);
      expect(theirRelease.json()).toEqual({ message: ['Release not found'] });
      const theirManufacturer = await distribute(release.id, channels.otherTenant, tenants.manufacturerB.id);
      expect(theirManufacturer.statusCode).toBe(404);
      expect(theirManufacturer.json()).toEqual({ message: ['Manufacturer not found'] });
      expect(
        (await distribute(release.id, channels.release, tenants.manufacturerA.id, tenants.superToken)).statusCode,
      ).toBe(403);
      const badBody = await send(
        'POST',
        `/api/v1/manufacturers/${tenants.manufacturerA.id}/channels/${channels.release}/releases`,
        {},
      );
      expect(badBody.statusCode).toBe(400);
      expect(badBody.json()).toEqual({ message: ['product_release_id is required'] });
      expect(await digest()).toBe(before);
    });

    it('removes a release from a channel, audits it, and answers 404 when it is not there', async () => {
      const release = (await createRelease({ builds: [builds.any] })).json();
      await distribute(release.id, channels.beta);
      const response = await undistribute(release.id, channels.beta);
      expect(response.statusCode).toBe(204);
      expect((await get(`/api/v1/products/${productId}/releases/${release.id}`)).json().distributions).toEqual([]);
      expect(await auditActions(t.db, 'release')).toContain('release.undistribute');
      const again = await undistribute(release.id, channels.beta);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({
        message: [`Release ${release.id} is not distributed to channel 'Beta channel'.`],
      });
      expect((await undistribute(release.id, channels.beta, tenants.manufacturerB.id)).statusCode).toBe(404);
    });
  });

  describe('reading', () => {
    it("lists a product's releases newest first, with builds and channel names", async () => {
      const response = await get(`/api/v1/products/${productId}/releases?page=1&per_page=100`);
      expect(response.statusCode).toBe(200);
      const { data, pagination } = response.json();
      expect(pagination.records.total).toBe(data.length);
      expect(data[0].id).toBeGreaterThan(data[data.length - 1].id);
      expect(data.some((release: { distributions: unknown[] }) => release.distributions.length > 0)).toBe(true);
      expect((await get(`/api/v1/products/${otherProductId}/releases`)).json().data).toEqual([]);
    });

    it('answers 404 for a release of another product or manufacturer', async () => {
      const release = (await createRelease({})).json();
      const wrongProduct = await get(`/api/v1/products/${otherProductId}/releases/${release.id}`);
      expect(wrongProduct.statusCode).toBe(404);
      expect(wrongProduct.json()).toEqual({ message: ['Release not found'] });
      expect((await get(`/api/v1/products/${otherTenantProductId}/releases/${otherTenantReleaseId}`)).json()).toEqual({
        message: ['Product not found'],
      });
      expect((await get(`/api/v1/products/${otherTenantProductId}/releases`)).statusCode).toBe(404);
      expect((await get(`/api/v1/products/${productId}/releases`, tenants.superToken)).statusCode).toBe(403);
    });
  });

  describe('editing', () => {
    it('saves every field the console sends, ignores read-only ones and audits before and after', async () => {
      const release = (await createRelease({ description: 'Old', builds: [builds.mac] })).json();
      const response = await send('PATCH', `/api/v1/products/${productId}/releases/${release.id}`, {
        ...release,
        builds: [builds.any],
        distributions: undefined,
        description: 'New',
        app_version_max: '2.0.0',
        product_id: otherProductId,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        id: release.id,
        product_id: productId,
        description: 'New',
        app_version_max: '2.0.0',
      });
      expect(response.json().builds.map((build: { id: number }) => build.id)).toEqual([builds.any]);
      const audit = await t.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'release.update')
        .where('entity_id', '=', String(release.id))
        .executeTakeFirstOrThrow();
      expect(audit.before).toMatchObject({ description: 'Old', builds: [builds.mac] });
      expect(audit.after).toMatchObject({ description: 'New', builds: [builds.any] });
    });

    it('keeps a distributed release distributable: builds that break the rule are refused with 409 and nothing changes', async () => {
      const release = (await createRelease({ builds: [builds.mac, builds.win] })).json();
      await distribute(release.id, channels.release);
      const before = await digest();
      const response = await send('PATCH', `/api/v1/products/${productId}/releases/${release.id}`, {
        description: 'Only mac',
        builds: [builds.mac],
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: [NOT_DISTRIBUTABLE] });
      expect(await digest()).toBe(before);
      // Once it leaves every channel, the same edit is fine.
      await undistribute(release.id, channels.release);
      expect(
        (await send('PATCH', `/api/v1/products/${productId}/releases/${release.id}`, { builds: [builds.mac] }))
          .statusCode,
      ).toBe(200);
    });

    it("answers 404 for another product's or manufacturer's release and changes nothing", async () => {
      const release = (await createRelease({})).json();
      const before = await digest();
      expect(
        (await send('PATCH', `/api/v1/products/${otherProductId}/releases/${release.id}`, { description: 'X' }))
          .statusCode,
      ).toBe(404);
      expect(
        (
          await send('PATCH', `/api/v1/products/${otherTenantProductId}/releases/${otherTenantReleaseId}`, {
            description: 'X',
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (await send('PATCH', `/api/v1/products/${productId}/releases/${otherTenantReleaseId}`, { description: 'X' }))
          .statusCode,
      ).toBe(404);
      expect(
        (await send('PATCH', `/api/v1/products/${productId}/releases/${release.id}`, { builds: [builds.otherTenant] }))
          .statusCode,
      ).toBe(400);
      expect(await digest()).toBe(before);
    });
  });
});
