import { seedDemoData } from '../../src/seed/demo-data';
import type { DEMO_LOGINS } from '../../src/seed/demo-logins';
import { login } from './fixtures';
import type { TestApp } from './test-app';

/** The demo data, as `npm run seed` writes it, on a test app. */
export const seedDemo = (t: TestApp) => seedDemoData(t.db, t.masterKey, t.storage);

/** A demo staff member signed in: the session token and the API path of their manufacturer. */
export async function demoStaffSession(t: TestApp, staff: (typeof DEMO_LOGINS)[number]) {
  const token = await login(t.app, staff.email, staff.password);
  const me = await t.db
    .selectFrom('system_users')
    .select('manufacturer_id')
    .where('email', '=', staff.email)
    .executeTakeFirstOrThrow();
  return { token, manufacturerPath: `/api/v1/manufacturers/${me.manufacturer_id}` };
}

/** The first or last live demo licence whose product has an identifier (so a plugin can name it), with its owner. */
export async function demoLicenseOfIdentifiedProduct(t: TestApp, which: 'first' | 'last') {
  const row = await t.db
    .selectFrom('licenses')
    .innerJoin('products', 'products.id', 'licenses.product_id')
    .select([
      'licenses.id',
      'licenses.serial',
      'licenses.product_id',
      'products.identifier',
      'products.public_key',
      'licenses.user_id',
      'licenses.manufacturer_id',
    ])
    .where('licenses.disabled', '=', false)
    .where('products.identifier', 'is not', null)
    .orderBy('licenses.id', which === 'first' ? 'asc' : 'desc')
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    serial: row.serial,
    productId: row.product_id,
    identifier: row.identifier!,
    publicKey: row.public_key,
    userId: row.user_id,
    manufacturerId: row.manufacturer_id,
  };
}

export type DemoLicense = Awaited<ReturnType<typeof demoLicenseOfIdentifiedProduct>>;
