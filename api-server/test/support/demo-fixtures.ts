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
