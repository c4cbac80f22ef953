import { DEMO_LOGINS } from '../src/seed/demo-logins';
import { appForSuite } from './support/test-app';
import { demoStaffSession, seedDemo } from './support/demo-fixtures';
import { auth } from './support/fixtures';

jest.setTimeout(60_000);

describe('the demo data: reseller batches of Aurora Compressor', () => {
  const suite = appForSuite(seedDemo);

  it('gives the product a redeemed batch, a partly voided one and an untouched one, redeemed by existing customers', async () => {
    const aurora = DEMO_LOGINS.find((login) => login.email === 'staff@aurora-audio.example')!;
    const { token } = await demoStaffSession(suite.t, aurora);
    const product = await suite.t.db
      .selectFrom('products')
      .select(['id', 'manufacturer_id'])
      .where('identifier', '=', 'com.aurora.compressor')
      .executeTakeFirstOrThrow();
    const response = await suite.t.app.inject({
      method: 'GET',
      url: `/api/v1/products/${product.id}/batches`,
      headers: auth(token),
    });
    expect(response.statusCode).toBe(200);
    const batches = (
      response.json() as { data: { reseller: string; count: number; redeemed_count: number; voided_count: number }[] }
    ).data;
    expect(
      batches.map(({ reseller, count, redeemed_count, voided_count }) => [
        reseller,
        count,
        redeemed_count,
        voided_count,
      ]),
    ).toEqual([
      ['Sweetwater', 100, 0, 0],
      ['Plugin Boutique', 20, 0, 10],
      ['Thomann', 50, 2, 0],
    ]);

    // The redeemed serials are licences of customers the demo already had: Aurora keeps its 40 users.
    const redeemed = await suite.t.db
      .selectFrom('batch_serials')
      .innerJoin('licenses', 'licenses.id', 'batch_serials.license_id')
      .innerJoin('end_users', 'end_users.id', 'licenses.user_id')
      .select(['batch_serials.serial', 'licenses.serial as license_serial', 'end_users.manufacturer_id'])
      .where('batch_serials.status', '=', 'redeemed')
      .execute();
    expect(redeemed).toHaveLength(2);
    for (const row of redeemed) {
      expect(row.license_serial).toBe(row.serial);
      expect(row.manufacturer_id).toBe(product.manufacturer_id);
    }
    const aurorasUsers = await suite.t.db
      .selectFrom('end_users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('manufacturer_id', '=', product.manufacturer_id)
      .executeTakeFirstOrThrow();
    expect(Number(aurorasUsers.n)).toBe(40);
  });
});
