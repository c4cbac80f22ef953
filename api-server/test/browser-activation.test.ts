import { verifyLicenseFile } from 'signed-formats';
import { createCustomerSession } from '../src/portal/customer-sessions';
import { createTestApp, type TestApp } from './support/test-app';
import { demoLicenseOfIdentifiedProduct, seedDemo, type DemoLicense } from './support/demo-fixtures';
import { activeFingerprints } from './support/license-rows';
import { customerAuth } from './portal-fixtures';

jest.setTimeout(120_000);

describe('activation through the browser', () => {
  let t: TestApp;
  let owned: DemoLicense;
  let token: string;
  let otherToken: string;
  let fingerprintNumber = 0;

  const nextFingerprint = () => `HWFP2-BROWSER-${++fingerprintNumber}`;
  const start = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/v1/clients/app/browser-activations', payload });
  const startFor = async (hardware_fingerprint: string, extra: Record<string, unknown> = {}) => {
    const response = await start({
      product_id: owned.productId,
      hardware_fingerprint,
      hardware_fingerprint_version: 2,
      signature_seed_version: 5,
      ...extra,
    });
    expect(response.statusCode).toBe(201);
    return response.json() as { device_code: string; user_code: string; verification_uri_complete: string };
  };
  const poll = (device_code: string, hardware_fingerprint: string, product_id = owned.productId) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/clients/app/browser-activations/poll',
      payload: { product_id, device_code, hardware_fingerprint },
    });
  /** Lets the interval pass, as waiting would. */
  const letIntervalPass = (userCode: string) =>
    t.db
      .updateTable('browser_activations')
      .set({ last_polled_at: new Date(Date.now() - 60_000) })
      .where('user_code', '=', userCode.replace('-', ''))
      .execute();
  const lookUp = (code: string, as = token) =>
    t.app.inject({ method: 'GET', url: `/api/v1/portal/browser-activations/${code}`, headers: customerAuth(as) });
  const approve = (code: string, license_id: number, as = token) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/portal/browser-activations/${code}/approve`,
      headers: customerAuth(as),
      payload: { license_id },
    });
  const deny = (code: string, as = token) =>
    t.app.inject({ method: 'POST', url: `/api/v1/portal/browser-activations/${code}/deny`, headers: customerAuth(as) });
  const newSession = async () => (await createCustomerSession(t.db, owned.manufacturerId, owned.userId)).token;

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo(t);
    owned = await demoLicenseOfIdentifiedProduct(t, 'first');
    await t.db.updateTable('products').set({ machine_limit: 3 }).where('id', '=', owned.productId).execute();
    await t.db.deleteFrom('license_activations').where('license_id', '=', owned.id).execute();
    token = await newSession();
    const other = await t.db
      .selectFrom('end_users')
      .select('id')
      .where('manufacturer_id', '=', owned.manufacturerId)
      .where('id', '<>', owned.userId)
      .executeTakeFirstOrThrow();
    otherToken = (await createCustomerSession(t.db, owned.manufacturerId, other.id)).token;
  });
  afterAll(() => t.close());

  it('starts with the codes of RFC 8628 and the portal page, storing only a hash of the device code', async () => {
    const started = await startFor(nextFingerprint(), { machine_name: '  Studio Mac  ' });
    expect(started).toMatchObject({ expires_in: 600, interval: 5 });
    expect(started.user_code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
    expect(started.device_code.length).toBeGreaterThanOrEqual(43);
    const slug = (
      await t.db
        .selectFrom('manufacturers')
        .select('portal_slug')
        .where('id', '=', owned.manufacturerId)
        .executeTakeFirstOrThrow()
    ).portal_slug;
    const response = (await start({})).statusCode;
    expect(response).toBe(400);
    const body = (await startFor(nextFingerprint())) as Record<string, string>;
    expect(body.verification_uri).toMatch(new RegExp(`/portal/${slug}/activate$`));
    expect(body.verification_uri_complete).toBe(`${body.verification_uri}?code=${body.user_code}`);
    const stored = await t.db
      .selectFrom('browser_activations')
      .selectAll()
      .where('user_code', '=', started.user_code.replace('-', ''))
      .executeTakeFirstOrThrow();
    expect(stored.device_code_hash).not.toContain(started.device_code);
    expect(JSON.stringify(stored)).not.toContain(started.device_code);
    expect(stored.machine_name).toBe('Studio Mac');
  });

  it('refuses what activation would refuse, before storing anything', async () => {
    const before = await t.db
      .selectFrom('browser_activations')
      .select((eb) => eb.fn.countAll().as('n'))
      .execute();
    const base = { product_id: owned.productId, hardware_fingerprint_version: 2, signature_seed_version: 5 };
    expect((await start({ ...base, hardware_fingerprint: '   ' })).statusCode).toBe(400);
    expect((await start({ ...base, hardware_fingerprint: 'FP', machine_name: 'a\u0007b' })).statusCode).toBe(400);
    expect((await start({ ...base, hardware_fingerprint: 'FP', signature_seed_version: 3 })).statusCode).toBe(400);
    const unknown = await start({ ...base, product_id: 999_999, hardware_fingerprint: 'FP' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: ['Product not found'] });
    await t.db
      .updateTable('manufacturers')
      .set({ portal_enabled: false })
      .where('id', '=', owned.manufacturerId)
      .execute();
    try {
      const off = await start({ ...base, hardware_fingerprint: 'FP' });
      expect(off.statusCode).toBe(409);
      expect(off.json().message[0]).toMatch(/portal is switched off/);
    } finally {
      await t.db
        .updateTable('manufacturers')
        .set({ portal_enabled: true })
        .where('id', '=', owned.manufacturerId)
        .execute();
    }
    const after = await t.db
      .selectFrom('browser_activations')
      .select((eb) => eb.fn.countAll().as('n'))
      .execute();
    expect(after).toEqual(before);
  });

  it('runs the whole loop: pending, slow_down, approval in the portal, then the verified licence file once', async () => {
    const fingerprint = nextFingerprint();
    const started = await startFor(fingerprint, { machine_name: 'Studio Mac' });
    const first = await poll(started.device_code, fingerprint);
    expect(first.statusCode).toBe(400);
    expect(first.json()).toEqual({
      message: ['Waiting for the customer to approve the request in the browser.'],
      error: 'authorization_pending',
      interval: 5,
    });
    const tooSoon = await poll(started.device_code, fingerprint);
    expect(tooSoon.json()).toMatchObject({ error: 'slow_down', interval: 10 });
    const stillTooSoon = await poll(started.device_code, fingerprint);
    expect(stillTooSoon.json()).toMatchObject({ error: 'slow_down', interval: 15 });

    const shown = await lookUp(started.user_code.toLowerCase());
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({
      user_code: started.user_code,
      status: 'pending',
      product: { id: owned.productId },
      machine_name: 'Studio Mac',
      hardware_fingerprint: fingerprint,
    });
    const licenses = shown.json().licenses as { id: number; holds_this_machine: boolean }[];
    expect(licenses.map((license) => license.id)).toContain(owned.id);
    expect(licenses.find((license) => license.id === owned.id)).toMatchObject({ holds_this_machine: false });

    const approved = await approve(started.user_code, owned.id);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', user_code: started.user_code });
    expect(await activeFingerprints(t.db, owned.id)).toContain(fingerprint);
    const machine = await t.db
      .selectFrom('license_machines')
      .select('name')
      .where('license_id', '=', owned.id)
      .where('hardware_fingerprint', '=', fingerprint)
      .executeTakeFirstOrThrow();
    expect(machine.name).toBe('Studio Mac');
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'actor_end_user_id'])
      .where('entity_type', '=', 'license')
      .where('entity_id', '=', String(owned.id))
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    expect(audit).toEqual([
      { action: 'portal.license.browser-activate', actor_end_user_id: owned.userId },
      { action: 'client.license.activate', actor_end_user_id: owned.userId },
    ]);

    await letIntervalPass(started.user_code);
    const delivered = await poll(started.device_code, fingerprint);
    expect(delivered.statusCode).toBe(200);
    expect(
      verifyLicenseFile(delivered.body, owned.publicKey, {
        hardwareFingerprint: fingerprint,
        productIdentifier: owned.identifier,
      }),
    ).toMatchObject({ valid: true, document: { serial: owned.serial, signature_seed_version: 5 } });

    // Single use: the file is handed out once, the code cannot be looked up or approved again.
    await letIntervalPass(started.user_code);
    expect((await poll(started.device_code, fingerprint)).statusCode).toBe(404);
    const again = await lookUp(started.user_code);
    expect(again.statusCode).toBe(409);
    expect(again.json().message[0]).toMatch(/already been used/);
    const stored = await t.db
      .selectFrom('browser_activations')
      .select(['status', 'license_file'])
      .where('user_code', '=', started.user_code.replace('-', ''))
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ status: 'delivered', license_file: null });
  });

  it('delivers the licence file version the plugin asked for when it started; any other version is a 400', async () => {
    for (const version of [3, 0, null]) {
      const refused = await start({
        product_id: owned.productId,
        hardware_fingerprint: nextFingerprint(),
        hardware_fingerprint_version: 2,
        signature_seed_version: 5,
        license_file_version: version,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ message: string[] }>().message.join(' ')).toMatch(/license_file_version/);
    }
    for (const version of [2, 1] as const) {
      const fingerprint = nextFingerprint();
      const started = await startFor(fingerprint, { license_file_version: version });
      expect((await approve(started.user_code, owned.id)).statusCode).toBe(200);
      await letIntervalPass(started.user_code);
      const delivered = await poll(started.device_code, fingerprint);
      expect(delivered.statusCode).toBe(200);
      const verified = verifyLicenseFile(delivered.body, owned.publicKey, {
        hardwareFingerprint: fingerprint,
        productIdentifier: owned.identifier,
      });
      expect(verified).toMatchObject({ valid: true, document: { format_version: version, serial: owned.serial } });
      expect('features' in delivered.json<object>()).toBe(version === 2);
      await t.db
        .updateTable('license_machines')
        .set({ deactivated_at: new Date() })
        .where('hardware_fingerprint', '=', fingerprint)
        .execute();
    }
  });

  it('reads license_file_version written as a string as its number, as every body of the client API', async () => {
    const fingerprint = nextFingerprint();
    const started = await startFor(fingerprint, { license_file_version: '2' });
    const stored = await t.db
      .selectFrom('browser_activations')
      .select('license_file_version')
      .where('user_code', '=', started.user_code.replace('-', ''))
      .executeTakeFirstOrThrow();
    expect(stored.license_file_version).toBe(2);
    const refused = await start({
      product_id: owned.productId,
      hardware_fingerprint: nextFingerprint(),
      hardware_fingerprint_version: 2,
      signature_seed_version: 5,
      license_file_version: '3',
    });
    expect(refused.statusCode).toBe(400);
  });

  it('answers a wrong fingerprint, another product or an unknown device code like an unknown code', async () => {
    const fingerprint = nextFingerprint();
    const started = await startFor(fingerprint);
    const wrongMachine = await poll(started.device_code, 'HWFP2-SOMEONE-ELSE');
    const otherProduct = await poll(started.device_code, fingerprint, owned.productId + 1);
    const unknown = await poll('not-a-device-code', fingerprint);
    for (const response of [wrongMachine, otherProduct, unknown]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: ['Activation request not found'] });
    }
    // None of them counted as the plugin's poll: its first poll is not too soon.
    expect((await poll(started.device_code, fingerprint)).json()).toMatchObject({ error: 'authorization_pending' });
  });

  it('tells the plugin the customer refused, and the portal that the code is used', async () => {
    const fingerprint = nextFingerprint();
    const started = await startFor(fingerprint);
    const denied = await deny(started.user_code);
    expect(denied.statusCode).toBe(200);
    expect(denied.json()).toMatchObject({ status: 'denied' });
    const answer = await poll(started.device_code, fingerprint);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ error: 'access_denied' });
    expect((await approve(started.user_code, owned.id)).statusCode).toBe(409);
    expect(await activeFingerprints(t.db, owned.id)).not.toContain(fingerprint);
  });

  it('expires after ten minutes: expired_token to the plugin, plain words in the portal, no approval', async () => {
    const fingerprint = nextFingerprint();
    const started = await startFor(fingerprint);
    await t.db
      .updateTable('browser_activations')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_code', '=', started.user_code.replace('-', ''))
      .execute();
    expect((await poll(started.device_code, fingerprint)).json()).toMatchObject({ error: 'expired_token' });
    const shown = await lookUp(started.user_code);
    expect(shown.statusCode).toBe(409);
    expect(shown.json().message[0]).toMatch(/expired/);
    expect((await approve(started.user_code, owned.id)).statusCode).toBe(409);
    expect(await activeFingerprints(t.db, owned.id)).not.toContain(fingerprint);
  });

  it("answers another customer's licence, an unknown code or another manufacturer's request with a 404", async () => {
    const fingerprint = nextFingerprint();
    const started = await startFor(fingerprint);
    const theirs = await approve(started.user_code, owned.id, otherToken);
    expect(theirs.statusCode).toBe(404);
    expect((await lookUp('BBBB-BBBB')).statusCode).toBe(404);
    expect((await lookUp('BBBB-BBBB')).json().message[0]).toMatch(/no activation request with this code/);
    expect((await lookUp('not-a-code')).statusCode).toBe(400);
    const otherManufacturer = await t.db
      .selectFrom('end_users')
      .select(['id', 'manufacturer_id'])
      .where('manufacturer_id', '<>', owned.manufacturerId)
      .executeTakeFirstOrThrow();
    const stranger = (await createCustomerSession(t.db, otherManufacturer.manufacturer_id, otherManufacturer.id)).token;
    expect((await lookUp(started.user_code, stranger)).statusCode).toBe(404);
    expect((await deny(started.user_code, stranger)).statusCode).toBe(404);
    expect((await lookUp(started.user_code)).json()).toMatchObject({ status: 'pending' });
    expect(await activeFingerprints(t.db, owned.id)).not.toContain(fingerprint);
  });

  it('takes the code in any case with the hyphen optional, and answers in the words the docs give', async () => {
    const fingerprint = nextFingerprint();
    const started = await startFor(fingerprint);
    const plain = started.user_code.replace('-', '').toLowerCase();
    expect((await lookUp(plain)).json()).toMatchObject({ user_code: started.user_code, status: 'pending' });
    const theirs = await approve(plain, owned.id, otherToken);
    expect([theirs.statusCode, theirs.json()]).toEqual([404, { message: ['License not found'] }]);
    expect((await deny(plain)).json()).toMatchObject({ user_code: started.user_code, status: 'denied' });
    const used = await lookUp(started.user_code);
    expect([used.statusCode, used.json()]).toEqual([
      409,
      {
        message: ['This code has already been used. Start the activation in your plugin again if you need a new one.'],
      },
    ]);
    expect((await lookUp('BBBB-BBBB')).json()).toEqual({
      message: ['There is no activation request with this code. Check the code your plugin shows and type it again.'],
    });
  });

  it('holds approval to the machine limit, and lists only licences that can take the machine', async () => {
    await t.db.updateTable('products').set({ machine_limit: 1 }).where('id', '=', owned.productId).execute();
    try {
      const fingerprint = nextFingerprint();
      const started = await startFor(fingerprint);
      const shown = await lookUp(started.user_code);
      expect((shown.json().licenses as { id: number }[]).map((license) => license.id)).not.toContain(owned.id);
      const refused = await approve(started.user_code, owned.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message[0]).toMatch(/limit of this product/);
      expect((await lookUp(started.user_code)).json()).toMatchObject({ status: 'pending' });
    } finally {
      await t.db.updateTable('products').set({ machine_limit: 3 }).where('id', '=', owned.productId).execute();
    }
  });
});

describe('guessing user codes', () => {
  let t: TestApp;
  let owned: DemoLicense;
  beforeAll(async () => {
    t = await createTestApp({ browserActivationCodeTries: { perSession: 3, perAddress: 5 } });
    await seedDemo(t);
    owned = await demoLicenseOfIdentifiedProduct(t, 'first');
  });
  afterAll(() => t.close());

  const session = async () => (await createCustomerSession(t.db, owned.manufacturerId, owned.userId)).token;
  const lookUp = (as: string, remoteAddress: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/v1/portal/browser-activations/BBBB-BBBB',
      headers: customerAuth(as),
      remoteAddress,
    });

  it('is throttled per customer session and per network address, approvals and denials counted too', async () => {
    const first = await session();
    for (let i = 0; i < 3; i++) expect((await lookUp(first, '10.0.0.1')).statusCode).toBe(404);
    const refused = await lookUp(first, '10.0.0.2');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({
      message: [expect.stringMatching(/^Too many codes tried\. Please wait .+ and try again\.$/)],
      retry_after: Number(refused.headers['retry-after']),
    });
    const denied = await t.app.inject({
      method: 'POST',
      url: '/api/v1/portal/browser-activations/BBBB-BBBB/deny',
      headers: customerAuth(first),
      remoteAddress: '10.0.0.3',
    });
    expect(denied.statusCode).toBe(429);
    // A fresh session from the first address: two tries left there of five.
    const second = await session();
    expect((await lookUp(second, '10.0.0.1')).statusCode).toBe(404);
    expect((await lookUp(second, '10.0.0.1')).statusCode).toBe(404);
    expect((await lookUp(second, '10.0.0.1')).statusCode).toBe(429);
    // Another address, another session: not held back by either.
    expect((await lookUp(await session(), '10.0.0.9')).statusCode).toBe(404);
  });
});
