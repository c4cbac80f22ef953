import type { TSchema } from '@sinclair/typebox';
import {
  EndUserList,
  Manufacturer,
  ManufacturerList,
  Product,
  ProductList,
  Release,
  ReleaseList,
} from 'shared-kit/contract';
import { findEndUser } from '../src/people/queries/end-users';
import { findManufacturer } from '../src/manufacturers/queries/manufacturers';
import { findProduct } from '../src/catalog/queries/products';
import { RELEASE_COLUMNS } from '../src/catalog/queries/releases';
import { BUILD_COLUMNS } from '../src/catalog/build-shape';
import { createTestApp, type TestApp } from './support/test-app';
import { auth } from './support/fixtures';
import { CONTRACT_TIMESTAMP, keysOutOfSchemaOrder, strictValidator } from './support/strict-schema';
import { createLicensingWorld, type LicensingWorld } from './licensing-fixtures';
import { insertTestBuild } from './catalog-fixtures';
import { createChannels } from './support/users-fixtures';

jest.setTimeout(60_000);

interface Answer {
  data?: Record<string, unknown>[];
  [field: string]: unknown;
}

// Products, end users, manufacturers and releases go out as PostgreSQL writes them, past the response serializer:
// these tests hold the raw bytes to the route's response schema, closed, in the schema's field order, and to the
// API's own shape of the table rows.
describe('catalog, users and manufacturers answered as PostgreSQL writes them', () => {
  let t: TestApp;
  let w: LicensingWorld;
  let release: { withBuilds: number; bare: number };

  beforeAll(async () => {
    t = await createTestApp();
    w = await createLicensingWorld(t);
    const alpha = w.manufacturerA.id;
    const channels = await createChannels(t.db, alpha);
    const mac = await insertTestBuild(t.db, alpha, w.synth.id, { os: 'macOS', version: [2, 1, 0], build_number: 7 });
    const windows = await insertTestBuild(t.db, alpha, w.synth.id, {
      os: 'Windows',
      version: [2, 1, 0],
      build_number: 7,
      upload_confirmed: false,
    });
    const [withBuilds, bare] = await t.db
      .insertInto('releases')
      .values([
        {
          manufacturer_id: alpha,
          product_id: w.synth.id,
          description: 'Spring release',
          unlocks_wo_license: true,
          manual: null,
          app_version_min: '1.0',
          app_version_max: null,
        },
        {
          manufacturer_id: alpha,
          product_id: w.synth.id,
          description: null,
          unlocks_wo_license: false,
          manual: 'https://manual.example',
          app_version_min: null,
          app_version_max: '9.9',
        },
      ])
      .returning('id')
      .execute();
    await t.db
      .insertInto('release_builds')
      .values(
        [mac, windows].map((build) => ({ manufacturer_id: alpha, release_id: withBuilds.id, build_id: build.id })),
      )
      .execute();
    await t.db
      .insertInto('release_distributions')
      .values({ manufacturer_id: alpha, release_id: withBuilds.id, channel_id: channels.beta.id })
      .execute();
    release = { withBuilds: withBuilds.id, bare: bare.id };
    await t.db.updateTable('manufacturers').set({ country_code: 'D' }).where('id', '=', w.manufacturerB.id).execute();
  });
  afterAll(() => t.close());

  const raw = async (url: string, token = w.staffAToken): Promise<Answer> => {
    const response = await t.app.inject({ method: 'GET', url, headers: auth(token) });
    expect({ url, status: response.statusCode }).toEqual({ url, status: 200 });
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect([response.headers['x-content-type-options'], response.headers['cache-control']]).toEqual([
      'nosniff',
      'no-store',
    ]);
    return JSON.parse(response.rawPayload.toString('utf8')) as Answer;
  };

  /** Validates every answer strictly and checks its field order; answers the parsed bodies. */
  const exactly = async (schema: TSchema, urls: string[], token?: string) => {
    const validate = strictValidator(schema);
    const bodies: Answer[] = [];
    for (const url of urls) {
      const body = await raw(url, token);
      expect({
        url,
        valid: validate(body),
        errors: validate.errors ?? null,
        outOfOrder: keysOutOfSchemaOrder(schema, body),
      }).toEqual({
        url,
        valid: true,
        errors: null,
        outOfOrder: [],
      });
      bodies.push(body);
    }
    return bodies;
  };

  /** The API's shape of a row: its timestamps in the contract's format. */
  const withTimestamps = <Row extends { created_at: Date; updated_at: Date }>(row: Row) => ({
    ...row,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  });
  const productAnswer = withTimestamps;
  const endUserAnswer = withTimestamps;

  /** The API's shape of a manufacturer row: timestamps in the contract's format, country_code (char(2)) trimmed. */
  const manufacturerAnswer = (row: NonNullable<Awaited<ReturnType<typeof findManufacturer>>>) => ({
    ...withTimestamps(row),
    country_code: row.country_code?.trim() ?? null,
  });

  const expectedRelease = async (id: number) => {
    const row = await t.db
      .selectFrom('releases')
      .select(RELEASE_COLUMNS)
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const builds = await t.db
      .selectFrom('builds')
      .select(BUILD_COLUMNS)
      .where('id', 'in', t.db.selectFrom('release_builds').select('build_id').where('release_id', '=', id))
      .orderBy('id')
      .execute();
    const distributions = await t.db
      .selectFrom('release_distributions as d')
      .innerJoin('distribution_channels as c', 'c.id', 'd.channel_id')
      .select(['d.id', 'd.release_id', 'd.created_at', 'c.id as channel_id', 'c.type', 'c.name'])
      .where('d.release_id', '=', id)
      .orderBy('d.id')
      .execute();
    return {
      ...withTimestamps(row),
      builds: builds.map(withTimestamps),
      distributions: distributions.map((distribution) => ({
        id: distribution.id,
        release_id: distribution.release_id,
        channel: { id: distribution.channel_id, type: distribution.type, name: distribution.name },
        created_at: distribution.created_at.toISOString(),
      })),
    };
  };

  it('product pages and a product are exactly a ProductList and a Product, equal to the API shape of their rows', async () => {
    const pages = await exactly(ProductList, [
      '/api/v1/products',
      '/api/v1/products?identifier=ALPHA.SYN',
      '/api/v1/products?identifier=nothing-like-it',
      '/api/v1/products?type=Full&page=2&per_page=1',
      '/api/v1/products?page=7',
    ]);
    expect(pages[0].data!.map((product) => product.id)).toEqual([w.synth.id, w.drums.id]);
    expect(pages[1].data!.map((product) => product.id)).toEqual([w.synth.id]);
    expect(pages[2]).toEqual({
      data: [],
      pagination: { records: { total: 0, per_page: 25 }, pages: { current: 1, previous: null, next: null, last: 1 } },
    });
    expect(pages[3].pagination).toEqual({
      records: { total: 2, per_page: 1 },
      pages: { current: 2, previous: 1, next: null, last: 2 },
    });
    expect(pages[4].data).toEqual([]);
    for (const product of pages[0].data!)
      expect(product).toEqual(productAnswer((await findProduct(t.db, w.manufacturerA.id, product.id as number))!));

    const [drums] = await exactly(Product, [`/api/v1/products/${w.drums.id}`]);
    expect(drums).toEqual(productAnswer((await findProduct(t.db, w.manufacturerA.id, w.drums.id))!));
    expect(drums).toMatchObject({
      identifier: null,
      series: null,
      created_at: expect.stringMatching(CONTRACT_TIMESTAMP),
    });
    expect(drums).not.toHaveProperty('private_key_encrypted');
  });

  it('end user pages are exactly an EndUserList, equal to the API shape of their rows', async () => {
    const pages = await exactly(EndUserList, [
      '/api/v1/users',
      '/api/v1/users?email=BOB',
      '/api/v1/users?email=nobody',
      '/api/v1/users?page=2&per_page=2',
    ]);
    expect(pages[0].data!.map((user) => user.id)).toEqual([w.ann.id, w.bob.id, w.cy.id]);
    expect(pages[1].data!.map((user) => user.id)).toEqual([w.bob.id]);
    expect(pages[2].data).toEqual([]);
    expect(pages[3].data!.map((user) => user.id)).toEqual([w.cy.id]);
    for (const user of pages[0].data!)
      expect(user).toEqual(endUserAnswer((await findEndUser(t.db, w.manufacturerA.id, user.id as number))!));
  });

  it('manufacturer pages and a manufacturer are exactly a ManufacturerList and a Manufacturer, country codes trimmed', async () => {
    const pages = await exactly(
      ManufacturerList,
      ['/api/v1/manufacturers', '/api/v1/manufacturers?search=BETA', '/api/v1/manufacturers?search=none'],
      w.superToken,
    );
    expect(pages[0].data!.map((manufacturer) => manufacturer.id)).toEqual([w.manufacturerA.id, w.manufacturerB.id]);
    expect(pages[1].data!.map((manufacturer) => manufacturer.id)).toEqual([w.manufacturerB.id]);
    expect(pages[2].data).toEqual([]);
    for (const manufacturer of pages[0].data!)
      expect(manufacturer).toEqual(manufacturerAnswer((await findManufacturer(t.db, manufacturer.id as number))!));
    expect(pages[1].data![0].country_code).toBe('D');

    const [own] = await exactly(Manufacturer, [`/api/v1/manufacturers/${w.manufacturerA.id}`], w.staffAToken);
    const [asSuperuser] = await exactly(Manufacturer, [`/api/v1/manufacturers/${w.manufacturerB.id}`], w.superToken);
    expect(own).toEqual(manufacturerAnswer((await findManufacturer(t.db, w.manufacturerA.id))!));
    expect(asSuperuser).toEqual(manufacturerAnswer((await findManufacturer(t.db, w.manufacturerB.id))!));
  });

  it('release pages and a release are exactly a ReleaseList and a Release, with their builds and distributions', async () => {
    const base = `/api/v1/products/${w.synth.id}/releases`;
    const pages = await exactly(ReleaseList, [
      base,
      `${base}?page=2&per_page=1`,
      `/api/v1/products/${w.drums.id}/releases`,
    ]);
    expect(pages[0].data!.map((item) => item.id)).toEqual([release.bare, release.withBuilds]);
    expect(pages[0].pagination).toEqual({
      records: { total: 2, per_page: 25 },
      pages: { current: 1, previous: null, next: null, last: 1 },
    });
    expect(pages[1].data!.map((item) => item.id)).toEqual([release.withBuilds]);
    expect(pages[2].data).toEqual([]);
    for (const item of pages[0].data!) expect(item).toEqual(await expectedRelease(item.id as number));

    const [full, bare] = await exactly(Release, [`${base}/${release.withBuilds}`, `${base}/${release.bare}`]);
    expect(full).toEqual(await expectedRelease(release.withBuilds));
    expect([(full.builds as unknown[]).length, (full.distributions as unknown[]).length]).toEqual([2, 1]);
    expect(bare).toMatchObject({ builds: [], distributions: [] });
  });

  it('the closed schemas refuse an answer with a field more (top level or nested), a field less or a wrong type', async () => {
    const product = await raw(`/api/v1/products/${w.synth.id}`);
    const { name: _name, ...withoutName } = product;
    const validateProduct = strictValidator(Product);
    for (const wrong of [
      { ...product, private_key_encrypted: 'x' },
      withoutName,
      { ...product, trial_days: '30' },
      { ...product, created_at: 'yesterday' },
    ])
      expect(validateProduct(wrong)).toBe(false);

    const users = await raw('/api/v1/users');
    expect(strictValidator(EndUserList)({ ...users, data: [{ ...users.data![0], manufacturer: { id: 1 } }] })).toBe(
      false,
    );

    const manufacturer = await raw(`/api/v1/manufacturers/${w.manufacturerA.id}`);
    expect(strictValidator(Manufacturer)({ ...manufacturer, manufacturer_pool: null })).toBe(false);

    const validateRelease = strictValidator(Release);
    const full = await raw(`/api/v1/products/${w.synth.id}/releases/${release.withBuilds}`);
    const [build] = full.builds as Record<string, unknown>[];
    const [distribution] = full.distributions as Record<string, unknown>[];
    expect(validateRelease({ ...full, builds: [{ ...build, manufacturer_id: 1 }] })).toBe(false);
    expect(
      validateRelease({
        ...full,
        distributions: [{ ...distribution, channel: { ...(distribution.channel as object), manufacturer_id: 1 } }],
      }),
    ).toBe(false);
    expect(keysOutOfSchemaOrder(Release, { ...full, id: undefined, builds: [] })).toEqual([]);
    const { id, ...rest } = full;
    expect(keysOutOfSchemaOrder(Release, { ...rest, id })).toEqual(['$']);
  });

  it('another tenant’s or a missing product, release or manufacturer is still a 404 with its message', async () => {
    const cases: [string, string, string][] = [
      [`/api/v1/products/${w.betaProduct.id}`, w.staffAToken, 'Product'],
      [`/api/v1/products/${w.betaProduct.id}/releases`, w.staffAToken, 'Product'],
      [`/api/v1/products/${w.betaProduct.id}/releases/${release.withBuilds}`, w.staffAToken, 'Product'],
      [`/api/v1/products/${w.drums.id}/releases/${release.withBuilds}`, w.staffAToken, 'Release'],
      [`/api/v1/products/${w.synth.id}/releases/${release.withBuilds}`, w.staffBToken, 'Product'],
      [`/api/v1/manufacturers/${w.manufacturerB.id}`, w.staffAToken, 'Manufacturer'],
      ['/api/v1/manufacturers/999999', w.superToken, 'Manufacturer'],
    ];
    for (const [url, token, what] of cases) {
      const response = await t.app.inject({ method: 'GET', url, headers: auth(token) });
      expect({ url, status: response.statusCode, body: response.json() }).toEqual({
        url,
        status: 404,
        body: { message: [expect.stringContaining(what)] },
      });
    }
  });
});
