import { seedDemoData } from '../src/seed/demo-data';
import { DEMO_PORTAL_CUSTOMERS } from '../src/seed/demo-logins';
import { demoPortalLines } from '../src/seed/demo-portals';
import { createTestApp, type TestApp } from './support/test-app';
import { customerAuth, signInThroughMail } from './portal-fixtures';

jest.setTimeout(120_000);

const PUBLIC_URL = 'http://127.0.0.1:8080';

describe('the demo portals npm start prints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: PUBLIC_URL });
    await seedDemoData(t.db, t.masterKey, t.storage);
  });
  afterAll(() => t.close());

  it("prints each demo manufacturer's portal address and its demo customer, and where the code arrives", async () => {
    expect(await demoPortalLines(t.db, PUBLIC_URL, true)).toEqual([
      "  customer portals: sign in with the customer's email; its sign-in code is in the Emails log (Manufacturer Details → Emails)",
      '    Customer portal (Aurora Audio): http://127.0.0.1:8080/portal/aurora-audio/  customer user37@aurora.listener.example',
      '    Customer portal (Nimbus Instruments): http://127.0.0.1:8080/portal/nimbus-instruments/  customer user05@nimbus.player.example',
    ]);
    expect((await demoPortalLines(t.db, PUBLIC_URL, false))[0]).toBe(
      "  customer portals: sign in with the customer's email; its sign-in code is mailed to that address",
    );
  });

  it('gives each demo customer licences in their manufacturer, and Aurora’s a licence activated on a machine', async () => {
    for (const customer of DEMO_PORTAL_CUSTOMERS) {
      const licenses = await t.db
        .selectFrom('licenses')
        .innerJoin('end_users', 'end_users.id', 'licenses.user_id')
        .innerJoin('manufacturers', 'manufacturers.id', 'licenses.manufacturer_id')
        .select(['licenses.id', 'licenses.disabled'])
        .where('end_users.email', '=', customer.email)
        .where('manufacturers.name', '=', customer.manufacturer)
        .execute();
      expect(licenses.filter((license) => !license.disabled).length).toBeGreaterThan(0);
    }
    const machines = await t.db
      .selectFrom('license_machines')
      .innerJoin('licenses', 'licenses.id', 'license_machines.license_id')
      .innerJoin('end_users', 'end_users.id', 'licenses.user_id')
      .select('license_machines.id')
      .where('end_users.email', '=', DEMO_PORTAL_CUSTOMERS[0].email)
      .where('license_machines.deactivated_at', 'is', null)
      .execute();
    expect(machines.length).toBeGreaterThan(0);
  });

  it('lets a demo customer sign in with the code of the kept mail', async () => {
    const token = await signInThroughMail(t.app, t.db, 'aurora-audio', DEMO_PORTAL_CUSTOMERS[0].email);
    const licenses = (
      await t.app.inject({ method: 'GET', url: '/api/v1/portal/licenses', headers: customerAuth(token) })
    ).json();
    expect(licenses.data.some((license: { machines: unknown[] }) => license.machines.length > 0)).toBe(true);
  });

  it('says when a demo portal is switched off, with its current address', async () => {
    await t.db
      .updateTable('manufacturers')
      .set({ portal_slug: 'aurora-plugins', portal_enabled: false })
      .where('name', '=', 'Aurora Audio')
      .execute();
    expect(await demoPortalLines(t.db, PUBLIC_URL, true)).toContain(
      '    Customer portal (Aurora Audio): http://127.0.0.1:8080/portal/aurora-plugins/ (switched off)  customer user37@aurora.listener.example',
    );
  });
});
