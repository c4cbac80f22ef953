import { PORTAL_API_PREFIX } from 'shared-kit/contract';
import { seedDemoData } from '../src/seed/demo-data';
import { DEMO_LOGINS } from '../src/seed/demo-logins';
import { createTestApp, type TestApp } from './support/test-app';
import { auth, login } from './support/fixtures';
import { customerAuth, mailsTo, requestCode, signInSecretsOf, signInThroughMail, signInWith } from './portal-fixtures';
import { licenseIdsOf } from './support/license-rows';

jest.setTimeout(120_000);

const SLUG = 'aurora-audio';
const staffOf = (manufacturer: string) =>
  DEMO_LOGINS.find((entry) => 'manufacturer' in entry && entry.manufacturer === manufacturer)!;

describe('the portal: customer sessions are their own scope, and a customer reaches only their own data', () => {
  let t: TestApp;
  let manufacturerId: number;
  let owner: { id: number; email: string };
  let other: { id: number; email: string };
  let ownerToken: string;
  let otherToken: string;
  let staffToken: string;
  let superToken: string;

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoData(t.db, t.masterKey, t.storage);
    manufacturerId = (
      await t.db.selectFrom('manufacturers').select('id').where('name', '=', 'Aurora Audio').executeTakeFirstOrThrow()
    ).id;
    const owners = await t.db
      .selectFrom('licenses')
      .innerJoin('end_users', 'end_users.id', 'licenses.user_id')
      .select(['end_users.id', 'end_users.email'])
      .where('licenses.manufacturer_id', '=', manufacturerId)
      .groupBy(['end_users.id', 'end_users.email'])
      .orderBy('end_users.id')
      .limit(2)
      .execute();
    [owner, other] = owners;
    ownerToken = await signInThroughMail(t.app, t.db, SLUG, owner.email);
    otherToken = await signInThroughMail(t.app, t.db, SLUG, other.email);
    staffToken = await login(t.app, staffOf('Aurora Audio').email, staffOf('Aurora Audio').password);
    superToken = await login(t.app, DEMO_LOGINS[0].email, DEMO_LOGINS[0].password);
  });
  afterAll(() => t.close());

  const pathOf = (url: string) => url.replace(/:[A-Za-z]+/g, '1').replace('*', 'x');
  const isPortal = (url: string) => url.startsWith(`${PORTAL_API_PREFIX}/`);

  it('answers a customer token 401 on every staff route of the route table', async () => {
    const staffRoutes = t.app.routeTable.filter(
      (route) =>
        !route.public && route.method !== 'OPTIONS' && route.url.startsWith('/api/v1/') && !isPortal(route.url),
    );
    expect(staffRoutes.length).toBeGreaterThan(40);
    const answered: string[] = [];
    for (const route of staffRoutes) {
      const response = await t.app.inject({
        method: route.method as 'GET',
        url: pathOf(route.url),
        headers: customerAuth(ownerToken),
        payload: route.method === 'GET' ? undefined : {},
      });
      if (response.statusCode !== 401) answered.push(`${route.method} ${route.url} -> ${response.statusCode}`);
    }
    expect(answered).toEqual([]);
  });

  it('answers a staff or superuser token 401 on every customer route of the portal', async () => {
    const customerRoutes = t.app.routeTable.filter((route) => !route.public && isPortal(route.url));
    expect(customerRoutes.map((route) => `${route.method} ${route.url}`).sort()).toEqual(
      [
        'GET /api/v1/portal/licenses',
        'GET /api/v1/portal/me',
        'GET /api/v1/portal/trials',
        'POST /api/v1/portal/sign-out',
        // Offline activation
        'POST /api/v1/portal/licenses/:licenseId/offline-activations',
        'POST /api/v1/portal/licenses/:licenseId/machines/:machineId/deactivate',
        'GET /api/v1/portal/downloads',
        'POST /api/v1/portal/email-change',
        'POST /api/v1/portal/email-change/confirm',
        // Activation through the browser
        'GET /api/v1/portal/browser-activations/:userCode',
        'POST /api/v1/portal/browser-activations/:userCode/approve',
        'POST /api/v1/portal/browser-activations/:userCode/deny',
        // Redeeming a reseller's serial
        'POST /api/v1/portal/redeem',
      ].sort(),
    );
    for (const token of [staffToken, superToken]) {
      for (const route of customerRoutes) {
        for (const authorization of [`MSession ${token}`, `PortalSession ${token}`]) {
          const response = await t.app.inject({
            method: route.method as 'GET',
            url: pathOf(route.url),
            headers: { authorization },
          });
          expect(`${route.method} ${route.url} ${response.statusCode}`).toBe(`${route.method} ${route.url} 401`);
        }
      }
    }
    // A customer token does not pass as a staff one either way round.
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/v1/systemusers/me',
          headers: { authorization: `MSession ${ownerToken}` },
        })
      ).statusCode,
    ).toBe(401);
  });

  it("lists the customer's own licences with their machines, and nobody else's", async () => {
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/v1/portal/licenses?per_page=250',
      headers: customerAuth(ownerToken),
    });
    expect(mine.statusCode).toBe(200);
    const expected = await licenseIdsOf(t.db, 'user_id', owner.id, 'desc');
    const body = mine.json();
    expect(body.data.map((license: { id: number }) => license.id)).toEqual(expected);
    expect(body.pagination.records.total).toBe(expected.length);
    for (const license of body.data) {
      expect(license).toMatchObject({
        serial: expect.any(String),
        state: expect.stringMatching(/^(active|disabled)$/),
        product: { name: expect.any(String) },
      });
      expect(license.machines_in_use).toBe(license.machines.length);
      const active = await t.db
        .selectFrom('license_machines')
        .select('id')
        .where('license_id', '=', license.id)
        .where('deactivated_at', 'is', null)
        .execute();
      expect(license.machines.map((machine: { id: number }) => machine.id).sort()).toEqual(
        active.map((row) => row.id).sort(),
      );
    }
    const theirs = await t.app.inject({
      method: 'GET',
      url: '/api/v1/portal/licenses?per_page=250',
      headers: customerAuth(otherToken),
    });
    const theirIds = theirs.json().data.map((license: { id: number }) => license.id);
    for (const license of body.data) expect(theirIds).not.toContain(license.id);
  });

  it("answers the caller's own data whatever ids another customer's request names in path, query or body", async () => {
    const own = (
      await t.app.inject({ method: 'GET', url: '/api/v1/portal/licenses', headers: customerAuth(otherToken) })
    ).json();
    const licenseOfOwner = (
      await t.db.selectFrom('licenses').select('id').where('user_id', '=', owner.id).executeTakeFirstOrThrow()
    ).id;
    const swapped = await t.app.inject({
      method: 'GET',
      url: `/api/v1/portal/licenses?user_id=${owner.id}&id=${licenseOfOwner}`,
      headers: customerAuth(otherToken),
    });
    expect(swapped.json()).toEqual(own);
    for (const url of [
      `/api/v1/portal/licenses/${licenseOfOwner}`,
      `/api/v1/portal/users/${owner.id}/licenses`,
      `/api/v1/portal/trials/${licenseOfOwner}`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: customerAuth(otherToken) });
      expect(response.statusCode).toBe(404);
    }
    const me = await t.app.inject({
      method: 'GET',
      url: `/api/v1/portal/me?id=${owner.id}`,
      headers: customerAuth(otherToken),
    });
    expect(me.json().id).toBe(other.id);
    const signOut = await t.app.inject({
      method: 'POST',
      url: '/api/v1/portal/sign-out',
      headers: customerAuth(otherToken),
      payload: { session_id: 1, user_id: owner.id },
    });
    expect(signOut.statusCode).toBe(204);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/portal/me', headers: customerAuth(ownerToken) })).statusCode,
    ).toBe(200);
    otherToken = await signInThroughMail(t.app, t.db, SLUG, other.email);
  });

  it("lists the trials on the customer's machines, with their end", async () => {
    const fingerprint =
      (
        await t.db
          .selectFrom('fingerprints')
          .select('hardware_fingerprint')
          .where('user_id', '=', owner.id)
          .executeTakeFirst()
      )?.hardware_fingerprint ?? 'PORTAL-TRIAL-FP';
    await t.db
      .insertInto('fingerprints')
      .values({ manufacturer_id: manufacturerId, user_id: owner.id, hardware_fingerprint: fingerprint })
      .onConflict((oc) => oc.doNothing())
      .execute();
    const product = await t.db
      .selectFrom('products')
      .select(['id', 'name'])
      .where('manufacturer_id', '=', manufacturerId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await t.db
      .deleteFrom('trials')
      .where('product_id', '=', product.id)
      .where('hardware_fingerprint', '=', fingerprint)
      .execute();
    const trial = await t.db
      .insertInto('trials')
      .values({
        manufacturer_id: manufacturerId,
        product_id: product.id,
        hardware_fingerprint: fingerprint,
        expires_at: new Date(Date.now() + 7 * 86400_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const mine = (
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/portal/trials?per_page=250',
        headers: customerAuth(ownerToken),
      })
    ).json();
    expect(mine.data).toContainEqual({
      id: trial.id,
      product: { id: product.id, name: product.name },
      machine: { name: null, hardware_fingerprint: fingerprint },
      started_at: expect.any(String),
      ends_at: expect.any(String),
      running: true,
    });
    const otherFingerprints = await t.db
      .selectFrom('fingerprints')
      .select('hardware_fingerprint')
      .where('user_id', '=', other.id)
      .execute();
    const theirs = (
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/portal/trials?per_page=250',
        headers: customerAuth(otherToken),
      })
    ).json();
    if (!otherFingerprints.some((row) => row.hardware_fingerprint === fingerprint))
      expect(theirs.data.map((row: { id: number }) => row.id)).not.toContain(trial.id);
  });

  it("ends a trial without a fixed expiry trial_days after it started, and names its machine as one of the customer's licences does", async () => {
    const license = await t.db
      .selectFrom('licenses')
      .innerJoin('products', 'products.id', 'licenses.product_id')
      .select(['licenses.id', 'licenses.product_id', 'products.name'])
      .where('licenses.user_id', '=', owner.id)
      .orderBy('licenses.id')
      .executeTakeFirstOrThrow();
    const fingerprint = 'PORTAL-TRIAL-NAMED-FP';
    const firstActivated = new Date(Date.now() - 50 * 86400_000);
    await t.db
      .insertInto('license_machines')
      .values({
        manufacturer_id: manufacturerId,
        license_id: license.id,
        product_id: license.product_id,
        hardware_fingerprint: fingerprint,
        first_activated_at: firstActivated,
        last_activated_at: firstActivated,
        deactivated_at: null,
        deactivated_by: null,
        name: 'Studio Mac',
      })
      .execute();
    await t.db
      .insertInto('fingerprints')
      .values({ manufacturer_id: manufacturerId, user_id: owner.id, hardware_fingerprint: fingerprint })
      .onConflict((oc) => oc.doNothing())
      .execute();
    await t.db.updateTable('products').set({ trial_days: 14 }).where('id', '=', license.product_id).execute();
    const startedAt = new Date(Date.now() - 40 * 86400_000);
    const trial = await t.db
      .insertInto('trials')
      .values({
        manufacturer_id: manufacturerId,
        product_id: license.product_id,
        hardware_fingerprint: fingerprint,
        expires_at: null,
        created_at: startedAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const mine = (
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/portal/trials?per_page=250',
        headers: customerAuth(ownerToken),
      })
    ).json();
    const listed = mine.data.find((row: { id: number }) => row.id === trial.id);
    expect(listed).toMatchObject({
      product: { id: license.product_id, name: license.name },
      machine: { name: 'Studio Mac', hardware_fingerprint: fingerprint },
      running: false,
    });
    expect(Date.parse(listed.ends_at) - Date.parse(listed.started_at)).toBe(14 * 86400_000);
  });

  it('lets staff send a sign-in link (audited, the same mail), and see the sign-in in History with the customer as actor', async () => {
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/v1/users/${owner.id}/portal-sign-in-link`,
      headers: auth(staffToken),
    });
    expect(sent.statusCode).toBe(202);
    expect(sent.json()).toEqual({ sent_to: owner.email, expires_at: expect.any(String) });
    const mail = (await mailsTo(t.db, owner.email)).at(-1)!;
    expect(mail.text).toContain('Aurora Audio sent you a way to sign in');
    const signedIn = await signInWith(t.app, SLUG, { token: signInSecretsOf(mail).token });
    expect(signedIn.statusCode).toBe(200);
    const history = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/audit-events?object_type=end_user&object_id=${owner.id}`,
        headers: auth(staffToken),
      })
    ).json().data as {
      action: string;
      actor: { type: string; email?: string };
    }[];
    expect(history[0]).toMatchObject({
      action: 'end_user.portal_sign_in',
      actor: { type: 'customer', email: owner.email },
    });
    expect(history[1]).toMatchObject({
      action: 'end_user.portal_sign_in_link_sent',
      actor: { type: 'user', email: staffOf('Aurora Audio').email },
    });
    const elsewhere = await login(t.app, staffOf('Nimbus Instruments').email, staffOf('Nimbus Instruments').password);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/v1/users/${owner.id}/portal-sign-in-link`,
          headers: auth(elsewhere),
        })
      ).statusCode,
    ).toBe(404);
  });

  it('changes the slug (unique, not reserved) and switches the portal off: sign-in and sessions stop, staff links are refused', async () => {
    const settingsUrl = `/api/v1/manufacturers/${manufacturerId}/portal-settings`;
    expect((await t.app.inject({ method: 'GET', url: settingsUrl, headers: auth(staffToken) })).json()).toEqual({
      slug: SLUG,
      enabled: true,
      portal_url: `http://127.0.0.1:8080/portal/${SLUG}/`,
    });
    const taken = await t.app.inject({
      method: 'PATCH',
      url: settingsUrl,
      headers: auth(staffToken),
      payload: { slug: 'nimbus-instruments' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      message: ['Another manufacturer already has that portal address. Please choose another.'],
    });
    expect(
      (
        await t.app.inject({ method: 'PATCH', url: settingsUrl, headers: auth(staffToken), payload: { slug: 'me' } })
      ).json(),
    ).toEqual({
      message: ['That portal address is reserved. Please choose another.'],
    });
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: settingsUrl,
          headers: auth(staffToken),
          payload: { slug: 'Aurora Audio' },
        })
      ).statusCode,
    ).toBe(400);
    const unchanged = await t.app.inject({ method: 'PATCH', url: settingsUrl, headers: auth(staffToken), payload: {} });
    expect(unchanged.json()).toMatchObject({ slug: SLUG, enabled: true });
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: settingsUrl,
      headers: auth(superToken),
      payload: { slug: 'aurora' },
    });
    expect(renamed.json()).toMatchObject({ slug: 'aurora', enabled: true });
    const audited = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/audit-events?object_type=manufacturer&object_id=${manufacturerId}&action=manufacturer.portal_settings_update`,
        headers: auth(staffToken),
      })
    ).json().data as { changes: { field: string; before: unknown; after: unknown }[] }[];
    expect(audited[0].changes).toContainEqual(
      expect.objectContaining({ field: 'portal_slug', before: SLUG, after: 'aurora' }),
    );
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/portal/${SLUG}` })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'PATCH', url: settingsUrl, headers: auth(staffToken), payload: { slug: SLUG } }))
        .statusCode,
    ).toBe(200);

    const off = await t.app.inject({
      method: 'PATCH',
      url: settingsUrl,
      headers: auth(staffToken),
      payload: { enabled: false },
    });
    expect(off.json()).toMatchObject({ slug: SLUG, enabled: false });
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/portal/${SLUG}` })).json()).toMatchObject({
      enabled: false,
    });
    const switchedOff = { message: ['This portal is switched off. Please contact the manufacturer.'] };
    const asked = await requestCode(t.app, SLUG, owner.email);
    expect([asked.statusCode, asked.json()]).toEqual([403, switchedOff]);
    const tried = await signInWith(t.app, SLUG, { email: owner.email, code: '123456' });
    expect([tried.statusCode, tried.json()]).toEqual([403, switchedOff]);
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/v1/portal/licenses',
      headers: customerAuth(ownerToken),
    });
    expect([session.statusCode, session.json()]).toEqual([403, switchedOff]);
    const link = await t.app.inject({
      method: 'POST',
      url: `/api/v1/users/${owner.id}/portal-sign-in-link`,
      headers: auth(staffToken),
    });
    expect(link.statusCode).toBe(409);

    await t.app.inject({ method: 'PATCH', url: settingsUrl, headers: auth(staffToken), payload: { enabled: true } });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/portal/licenses', headers: customerAuth(ownerToken) }))
        .statusCode,
    ).toBe(200);
  });

  it('gives every new manufacturer a unique slug from its name', async () => {
    const first = await t.db
      .insertInto('manufacturers')
      .values({ name: 'Aurora Audio' })
      .returning(['id', 'portal_slug'])
      .executeTakeFirstOrThrow();
    expect(first.portal_slug).toBe(`aurora-audio-${first.id}`);
    const odd = await t.db
      .insertInto('manufacturers')
      .values({ name: '  Me ' })
      .returning(['portal_slug'])
      .executeTakeFirstOrThrow();
    expect(odd.portal_slug).toBe('me-portal');
    const symbols = await t.db
      .insertInto('manufacturers')
      .values({ name: 'Ünïcødé & Co.' })
      .returning(['portal_slug'])
      .executeTakeFirstOrThrow();
    expect(symbols.portal_slug).toMatch(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/);
  });
});

describe('portal sign-in limits, counted in PostgreSQL', () => {
  let t: TestApp;
  let customerEmail: string;

  beforeAll(async () => {
    t = await createTestApp({
      portal: {
        codesPerEmailPerHour: 2,
        codesPerAddressPerHour: 5,
        signInsPerAddressPerMinute: 3,
        offlineActivationsPerSessionPerHour: 1000,
        offlineActivationsPerAddressPerHour: 1000,
      },
    });
    await seedDemoData(t.db, t.masterKey, t.storage);
    customerEmail = (await t.db.selectFrom('end_users').select('email').orderBy('id').executeTakeFirstOrThrow()).email;
  });
  afterAll(() => t.close());

  it('limits codes per email, for a customer and an unknown address alike, with Retry-After', async () => {
    for (const email of [customerEmail, 'unknown.person@example.com']) {
      const statuses = [];
      for (let n = 0; n < 3; n++) statuses.push((await requestCode(t.app, SLUG, email, '192.0.2.1')).statusCode);
      expect(statuses).toEqual([202, 202, 429]);
    }
    const refused = await requestCode(t.app, SLUG, customerEmail, '192.0.2.99');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    expect(refused.json()).toEqual({
      message: [expect.stringMatching(/^Too many sign-in codes asked for\. Please wait \d+ minutes and try again\.$/)],
    });
  });

  it('limits codes per network address, whatever the email', async () => {
    const statuses = [];
    for (let n = 0; n < 6; n++)
      statuses.push((await requestCode(t.app, SLUG, `person${n}@example.com`, '198.51.100.7')).statusCode);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    expect((await requestCode(t.app, SLUG, 'person9@example.com', '198.51.100.8')).statusCode).toBe(202);
  });

  it('counts an IPv6 client by its /64', async () => {
    const statuses = [];
    for (let n = 0; n < 6; n++)
      statuses.push((await requestCode(t.app, SLUG, `v6person${n}@example.com`, `2001:db8:7:7::${n + 1}`)).statusCode);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    expect((await requestCode(t.app, SLUG, 'v6person9@example.com', '2001:db8:7:8::1')).statusCode).toBe(202);
  });

  it('limits sign-in tries per network address', async () => {
    const statuses = [];
    for (let n = 0; n < 4; n++)
      statuses.push(
        (await signInWith(t.app, SLUG, { email: customerEmail, code: '000000' }, '203.0.113.5')).statusCode,
      );
    expect(statuses).toEqual([401, 401, 401, 429]);
    const refused = await signInWith(t.app, SLUG, { email: customerEmail, code: '000000' }, '203.0.113.5');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({
      message: [expect.stringMatching(/^Too many sign-in tries\. Please wait \d+ seconds? and try again\.$/)],
    });
  });
});
