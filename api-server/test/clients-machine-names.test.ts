import { sql, type Kysely } from 'kysely';
import { writeOfflineRequest } from 'signed-formats';
import { MACHINE_NAME_CONTROL_CHARACTERS, MACHINE_NAME_TOO_LONG } from '../src/licenses/machine-name';
import * as machineNames from '../src/db/migrations/0026-machine-names';
import { createTestApp, type TestApp } from './support/test-app';
import { auth, tableDigest } from './support/fixtures';
import { createLicensingWorld, createTrial, type LicensingWorld } from './licensing-fixtures';
import { clientPost, resetRateLimits, verifiedLicense } from './client-fixtures';
import { customerAuth, signInThroughMail } from './portal-fixtures';

jest.setTimeout(120_000);

describe("machine names: a plugin reports its machine's name, staff and the customer see it", () => {
  let t: TestApp;
  let world: LicensingWorld;
  let annToken: string;

  const activate = (fingerprint: string, machineName?: unknown, serial = world.annSynth.serial) =>
    clientPost(t, '/activations', {
      product_id: world.synth.id,
      serial,
      hardware_fingerprint: fingerprint,
      hardware_fingerprint_version: 2,
      signature_seed_version: 5,
      ...(machineName === undefined ? {} : { machine_name: machineName }),
    });
  const staffMachines = async (licenseId: number) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/licenses/${licenseId}/machines`,
        headers: auth(world.staffAToken),
      })
    ).json() as { id: number; name: string | null; hardware_fingerprint: string }[];
  const portalMachines = async (licenseId: number) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/portal/licenses',
      headers: customerAuth(annToken),
    });
    const licenses = response.json().data as {
      id: number;
      machines: { id: number; name: string | null; hardware_fingerprint: string }[];
    }[];
    return licenses.find((license) => license.id === licenseId)!.machines;
  };
  const nameOf = async (fingerprint: string) =>
    (await staffMachines(world.annSynth.id)).find((machine) => machine.hardware_fingerprint === fingerprint)?.name;
  const lastAudit = (action: string) =>
    t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', action)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
  const lastEvent = async (type: string) =>
    (
      await sql<{ payload: { data: { after: Record<string, unknown> } } }>`
        SELECT payload FROM webhook_events WHERE type = ${type} ORDER BY id DESC LIMIT 1`.execute(t.db)
    ).rows[0]!.payload.data.after;
  const activationTables = () =>
    Promise.all(
      ['license_activations', 'license_machines', 'fingerprints', 'audit_log', 'webhook_events'].map((table) =>
        tableDigest(t.db, table),
      ),
    );

  beforeAll(async () => {
    t = await createTestApp();
    world = await createLicensingWorld(t);
    await t.db.updateTable('products').set({ machine_limit: 10 }).where('id', '=', world.synth.id).execute();
    await sql`INSERT INTO webhook_endpoints (manufacturer_id, url, secret_encrypted, event_types, enabled)
      VALUES (${world.manufacturerA.id}::int, 'https://hooks.example/machines', 'v1.x.y.z',
        ARRAY['license.activated', 'machine.deactivated'], true)`.execute(t.db);
    annToken = await signInThroughMail(t.app, t.db, 'alpha-audio', world.ann.email);
  });
  beforeEach(() => resetRateLimits(t));
  afterAll(() => t.close());

  it('stores the name trimmed, shows it to staff and in the portal, audits it and sends it in the webhook; the file is not changed by it', async () => {
    const named = await activate('NAMED-1', '  Studio Mac  ');
    expect(named.statusCode).toBe(200);
    const file = verifiedLicense(named.body, world.synth.public_key, 'NAMED-1');
    expect(Object.keys(file)).not.toContain('machine_name');
    expect(named.body).not.toContain('Studio Mac');

    expect(await nameOf('NAMED-1')).toBe('Studio Mac');
    expect((await portalMachines(world.annSynth.id)).find((m) => m.hardware_fingerprint === 'NAMED-1')).toMatchObject({
      name: 'Studio Mac',
    });
    expect((await lastAudit('client.license.activate')).after).toMatchObject({
      hardware_fingerprint: 'NAMED-1',
      machine_name: 'Studio Mac',
    });
    expect(await lastEvent('license.activated')).toMatchObject({ machine_name: 'Studio Mac' });
  });

  it("names a trial's machine in the portal as the customer's licence named it", async () => {
    await createTrial(t.db, world.manufacturerA.id, world.drums.id, 'NAMED-1');
    await createTrial(t.db, world.manufacturerA.id, world.drums.id, 'UNNAMED-TRIAL');
    await t.db
      .insertInto('fingerprints')
      .values({ manufacturer_id: world.manufacturerA.id, user_id: world.ann.id, hardware_fingerprint: 'UNNAMED-TRIAL' })
      .execute();
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/portal/trials',
      headers: customerAuth(annToken),
    });
    const machines = (response.json().data as { machine: { name: string | null; hardware_fingerprint: string } }[]).map(
      (trial) => trial.machine,
    );
    expect(machines).toEqual(
      expect.arrayContaining([
        { name: 'Studio Mac', hardware_fingerprint: 'NAMED-1' },
        { name: null, hardware_fingerprint: 'UNNAMED-TRIAL' },
      ]),
    );
  });

  it('has no name when none, or only white space, is sent; a later activation with a name sets it, one without keeps it', async () => {
    expect((await activate('UNNAMED-1')).statusCode).toBe(200);
    expect(await nameOf('UNNAMED-1')).toBeNull();
    expect((await lastAudit('client.license.activate')).after).toMatchObject({ machine_name: null });
    expect((await activate('UNNAMED-1', '   ')).statusCode).toBe(200);
    expect(await nameOf('UNNAMED-1')).toBeNull();
    expect((await portalMachines(world.annSynth.id)).find((m) => m.hardware_fingerprint === 'UNNAMED-1')).toMatchObject(
      {
        name: null,
      },
    );

    expect((await activate('UNNAMED-1', 'Laptop')).statusCode).toBe(200);
    expect(await nameOf('UNNAMED-1')).toBe('Laptop');
    expect((await activate('UNNAMED-1', 'Laptop (new disk)')).statusCode).toBe(200);
    expect(await nameOf('UNNAMED-1')).toBe('Laptop (new disk)');
    expect((await activate('UNNAMED-1')).statusCode).toBe(200);
    expect((await activate('UNNAMED-1', '')).statusCode).toBe(200);
    expect(await nameOf('UNNAMED-1')).toBe('Laptop (new disk)');
  });

  it('takes 64 characters (counted as characters, not UTF-16 units) and names in any script', async () => {
    const longest = '音'.repeat(63) + '🎹';
    expect((await activate('LONG-1', longest)).statusCode).toBe(200);
    expect(await nameOf('LONG-1')).toBe(longest);
    expect((await activate('LONG-2', 'Müllers Studio – Raum 2')).statusCode).toBe(200);
    expect(await nameOf('LONG-2')).toBe('Müllers Studio – Raum 2');
  });

  it('refuses a bad name with a plain 400, and activates nothing', async () => {
    const before = await activationTables();
    const cases: [unknown, string | RegExp][] = [
      ['x'.repeat(65), MACHINE_NAME_TOO_LONG],
      [`  ${'x'.repeat(65)}  `, MACHINE_NAME_TOO_LONG],
      ['Studio\tMac', MACHINE_NAME_CONTROL_CHARACTERS],
      ['Studio\nMac', MACHINE_NAME_CONTROL_CHARACTERS],
      ['Studio\u007fMac', MACHINE_NAME_CONTROL_CHARACTERS],
      ['Studio\u0085Mac', MACHINE_NAME_CONTROL_CHARACTERS],
      ['Studio \ud800', /well-formed Unicode/],
      ['Studio\u0000Mac', /NUL/],
      ['x'.repeat(257), /machine_name/],
      [{ name: 'Studio Mac' }, /machine_name/],
      [['Studio', 'Mac'], /machine_name/],
    ];
    for (const [name, message] of cases) {
      const response = await activate('BAD-NAME-1', name);
      expect([JSON.stringify(name), response.statusCode]).toEqual([JSON.stringify(name), 400]);
      expect(response.json().message[0]).toMatch(message);
    }
    expect(await activationTables()).toEqual(before);
  });

  it('names the machine in the audit rows and webhooks of a deactivation by the plugin, by staff and by the customer', async () => {
    expect((await activate('GONE-CLIENT', 'Old Laptop')).statusCode).toBe(200);
    const byClient = await clientPost(t, '/deactivations', {
      product_id: world.synth.id,
      serial: world.annSynth.serial,
      hardware_fingerprint: 'GONE-CLIENT',
    });
    expect(byClient.statusCode).toBe(200);
    expect((await lastAudit('client.machine.deactivate')).after).toMatchObject({
      actor: 'client',
      machine_name: 'Old Laptop',
    });
    expect(await lastEvent('machine.deactivated')).toMatchObject({ machine_name: 'Old Laptop' });

    expect((await activate('GONE-STAFF', 'Rented Mac')).statusCode).toBe(200);
    const rented = (await staffMachines(world.annSynth.id)).find((m) => m.hardware_fingerprint === 'GONE-STAFF')!;
    const byStaff = await t.app.inject({
      method: 'POST',
      url: `/api/v1/licenses/${world.annSynth.id}/machines/${rented.id}/deactivate`,
      headers: auth(world.staffAToken),
    });
    expect(byStaff.statusCode).toBe(200);
    expect(byStaff.json()).toMatchObject({ id: rented.id, name: 'Rented Mac' });
    const staffAudit = await lastAudit('license_machine.deactivate');
    expect([staffAudit.before, staffAudit.after]).toMatchObject([{ name: 'Rented Mac' }, { name: 'Rented Mac' }]);

    expect((await activate('GONE-PORTAL', 'Stolen Laptop')).statusCode).toBe(200);
    const stolen = (await portalMachines(world.annSynth.id)).find((m) => m.hardware_fingerprint === 'GONE-PORTAL')!;
    const byCustomer = await t.app.inject({
      method: 'POST',
      url: `/api/v1/portal/licenses/${world.annSynth.id}/machines/${stolen.id}/deactivate`,
      headers: customerAuth(annToken),
    });
    expect(byCustomer.statusCode).toBe(200);
    expect(byCustomer.json()).toMatchObject({ machine_id: stolen.id, name: 'Stolen Laptop' });
    expect((await lastAudit('client.machine.deactivate')).after).toMatchObject({
      actor: 'customer',
      machine_name: 'Stolen Laptop',
    });
    expect(await lastEvent('machine.deactivated')).toMatchObject({ machine_name: 'Stolen Laptop' });
    // A staff Download of a named machine keeps its name (staff report none).
    expect(await nameOf('GONE-STAFF')).toBe('Rented Mac');
  });

  describe('offline activation through the portal', () => {
    const request = (fingerprint: string, machineName?: string) =>
      writeOfflineRequest({
        product_id: world.synth.id,
        product_identifier: 'com.alpha.synth',
        serial: world.annSynth.serial,
        hardware_fingerprint: fingerprint,
        hardware_fingerprint_version: 2,
        signature_seed_version: 5,
        plugin_version: '2.0.0',
        created_at: '2026-03-01T10:00:00Z',
        ...(machineName === undefined ? {} : { machine_name: machineName }),
      });
    const upload = (text: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/portal/licenses/${world.annSynth.id}/offline-activations`,
        headers: customerAuth(annToken),
        payload: { request: text },
      });

    it("stores the request's machine name (audited on both entries); a request without one still activates", async () => {
      expect((await upload(request('OFFLINE-NAMED', ' Studio PC '))).statusCode).toBe(200);
      expect(await nameOf('OFFLINE-NAMED')).toBe('Studio PC');
      expect((await lastAudit('portal.license.offline-activate')).after).toMatchObject({ machine_name: 'Studio PC' });
      expect((await lastAudit('client.license.activate')).after).toMatchObject({ machine_name: 'Studio PC' });

      expect((await upload(request('OFFLINE-UNNAMED'))).statusCode).toBe(200);
      expect(await nameOf('OFFLINE-UNNAMED')).toBeNull();
    });

    it('refuses a request whose machine name breaks the rules, and activates nothing', async () => {
      const before = await activationTables();
      for (const [name, message] of [
        ['x'.repeat(65), MACHINE_NAME_TOO_LONG],
        ['Studio\u0085PC', MACHINE_NAME_CONTROL_CHARACTERS],
        ['Studio \ud800', /well-formed Unicode/],
      ] as const) {
        const response = await upload(request('OFFLINE-BAD', name));
        expect(response.statusCode).toBe(400);
        expect(response.json().message[0]).toMatch(message);
      }
      expect(await activationTables()).toEqual(before);
    });
  });
});

describe('migration 0026: machine names', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('down drops the column and the named activation write, up brings them back', async () => {
    const db = t.db as unknown as Kysely<unknown>;
    const present = async () =>
      (
        await sql<{ n: string }>`
          SELECT (SELECT count(*) FROM information_schema.columns WHERE table_name = 'license_machines' AND column_name = 'name')
               + (SELECT count(*) FROM pg_proc WHERE proname = 'record_named_client_activation') AS n`.execute(t.db)
      ).rows[0]!.n;
    expect(Number(await present())).toBe(2);
    await machineNames.down(db);
    expect(Number(await present())).toBe(0);
    await machineNames.up(db);
    expect(Number(await present())).toBe(2);
  });
});
