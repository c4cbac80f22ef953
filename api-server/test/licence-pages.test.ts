import type { License } from 'shared-kit/contract';
import { createTestApp, type TestApp } from './support/test-app';
import { auth } from './support/fixtures';
import { createEndUser, createLicense, createLicensingWorld, type LicensingWorld } from './licensing-fixtures';
import { licenseIdsOf } from './support/license-rows';

jest.setTimeout(60_000);

// Unfiltered licence pages walk the index from the nearer end (pages past the middle count back from the last
// licence): every page must hold exactly the licences an id-ordered slice holds, on both sides of the middle.
describe('licence pages from either end of the list', () => {
  let t: TestApp;
  let w: LicensingWorld;
  let expectedIds: number[];
  let ownerId: number;

  beforeAll(async () => {
    t = await createTestApp();
    w = await createLicensingWorld(t);
    const owner = await createEndUser(t.db, w.manufacturerA.id, 'many@listener.example');
    ownerId = owner.id;
    for (let n = 0; n < 20; n++)
      await createLicense(t.db, { manufacturerId: w.manufacturerA.id, productId: w.synth.id, userId: owner.id });
    expectedIds = await licenseIdsOf(t.db, 'product_id', w.synth.id, 'asc');
  });
  afterAll(() => t.close());

  const pageOf = async (path: string, page: number, perPage: number) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${path}?page=${page}&per_page=${perPage}`,
      headers: auth(w.staffAToken),
    });
    expect(response.statusCode).toBe(200);
    return response.json() as { data: License[]; pagination: { records: { total: number } } };
  };

  it.each([10, 25])('every page of a product of 23 licences at %i per page, and one past the last', async (perPage) => {
    expect(expectedIds).toHaveLength(23);
    const lastPage = Math.ceil(expectedIds.length / perPage);
    for (let page = 1; page <= lastPage + 1; page++) {
      const body = await pageOf(`/api/v1/products/${w.synth.id}/licenses`, page, perPage);
      expect({ page, ids: body.data.map((license) => license.id) }).toEqual({
        page,
        ids: expectedIds.slice((page - 1) * perPage, page * perPage),
      });
      expect(body.pagination.records.total).toBe(23);
    }
  });

  it('every page of a user with 20 licences at 3 per page (the middle, a short last page), with full rows', async () => {
    const userIds = expectedIds.slice(-20);
    for (let page = 1; page <= 8; page++) {
      const body = await pageOf(`/api/v1/users/${ownerId}/licenses`, page, 3);
      expect({ page, ids: body.data.map((license) => license.id) }).toEqual({
        page,
        ids: userIds.slice((page - 1) * 3, page * 3),
      });
      for (const license of body.data)
        expect(license).toMatchObject({ user: { email: 'many@listener.example' }, product: { name: 'Alpha Synth' } });
    }
  });
});
