import { createHmac } from 'node:crypto';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from './support/test-app';
import { auth, tableDigest } from './support/fixtures';
import { createLicensingWorld, type LicensingWorld } from './licensing-fixtures';
import { addReleaseBuild, distributeRelease, insertTestBuild, insertTestChannels, sha256Hex } from './catalog-fixtures';
import { clientPost, resetRateLimits } from './client-fixtures';
import { customerAuth, mailsTo, signInThroughMail } from './portal-fixtures';
import { downloadLicenseDisabled } from '../src/clients/routes/client-routes';
import { emailChangeCodeKey } from '../src/portal/email-change';

jest.setTimeout(120_000);

const SLUG = 'alpha-audio';

describe('the portal: what a customer does (free a machine, downloads)', () => {
  let t: TestApp;
  let world: LicensingWorld;
  let annToken: string;
  let bobToken: string;
  let cyToken: string;
  let deeToken: string;

  const activate = async (serial: string, fingerprint: string) => {
    const response = await clientPost(t, '/activations', {
      product_id: world.synth.id,
      serial,
      hardware_fingerprint: fingerprint,
      hardware_fingerprint_version: 2,
      signature_seed_version: 5,
    });
    expect(response.statusCode).toBe(200);
  };
  const machineOf = (licenseId: number, fingerprint: string) =>
    t.db
      .selectFrom('license_machines')
      .select(['id', 'deactivated_at'])
      .where('license_id', '=', licenseId)
      .where('hardware_fingerprint', '=', fingerprint)
      .executeTakeFirstOrThrow();
  const free = (token: string, licenseId: number, machineId: number) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/portal/licenses/${licenseId}/machines/${machineId}/deactivate`,
      headers: customerAuth(token),
    });
  const machineTables = () =>
    Promise.all(
      ['license_machines', 'license_machine_deactivations', 'audit_log', 'webhook_events'].map((table) =>
        tableDigest(t.db, table),
      ),
    );

  beforeAll(async () => {
    t = await createTestApp();
    world = await createLicensingWorld(t);
    await sql`INSERT INTO webhook_endpoints (manufacturer_id, url, secret_encrypted, event_types, enabled)
      VALUES (${world.manufacturerA.id}::int, 'https://hooks.example/machines', 'v1.x.y.z', ARRAY['machine.deactivated'], true)`.execute(
      t.db,
    );
    annToken = await signInThroughMail(t.app, t.db, SLUG, world.ann.email);
    bobToken = await signInThroughMail(t.app, t.db, SLUG, world.bob.email);
    cyToken = await signInThroughMail(t.app, t.db, SLUG, world.cy.email);
    deeToken = await signInThroughMail(t.app, t.db, 'beta-sound', world.betaUser.email);
  });
  afterAll(() => t.close());

  describe('POST /portal/licenses/:licenseId/machines/:machineId/deactivate', () => {
    it('frees the machine (the slot opens), audited on the licence with the customer as actor, with a webhook event', async () => {
      await activate(world.annSynth.serial, 'ANN-LAPTOP');
      await activate(world.annSynth.serial, 'ANN-STUDIO');
      const laptop = await machineOf(world.annSynth.id, 'ANN-LAPTOP');
      const freed = await free(annToken, world.annSynth.id, laptop.id);
      expect(freed.statusCode).toBe(200);
      expect(freed.json()).toEqual({
        license_id: world.annSynth.id,
        machine_id: laptop.id,
        name: null,
        hardware_fingerprint: 'ANN-LAPTOP',
        deactivated_at: expect.any(String),
        deactivations_left: 2,
      });
      expect((await machineOf(world.annSynth.id, 'ANN-LAPTOP')).deactivated_at).not.toBeNull();
      const licenses = (
        await t.app.inject({ method: 'GET', url: '/api/v1/portal/licenses', headers: customerAuth(annToken) })
      ).json().data as {
        id: number;
        machines: { hardware_fingerprint: string }[];
      }[];
      expect(
        licenses
          .find((license) => license.id === world.annSynth.id)!
          .machines.map((machine) => machine.hardware_fingerprint),
      ).toEqual(['ANN-STUDIO']);
      // The slot is open again: a third machine activates (the product's limit is 2).
      await activate(world.annSynth.serial, 'ANN-NEW-LAPTOP');

      const history = (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/audit-events?object_type=license&object_id=${world.annSynth.id}`,
          headers: auth(world.staffAToken),
        })
      ).json().data as {
        action: string;
        actor: { type: string; email?: string };
        object: { type: string; id: string };
      }[];
      expect(history.find((event) => event.action === 'client.machine.deactivate')).toMatchObject({
        actor: { type: 'customer', email: world.ann.email },
        object: { type: 'license', id: String(world.annSynth.id) },
      });
      const audit = await t.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'client.machine.deactivate')
        .executeTakeFirstOrThrow();
      expect(audit).toMatchObject({ actor_end_user_id: world.ann.id, actor_system_user_id: null });
      expect(audit.after).toMatchObject({
        actor: 'customer',
        machine_id: laptop.id,
        hardware_fingerprint: 'ANN-LAPTOP',
        license_id: world.annSynth.id,
      });
      const events = await sql<{
        type: string;
        payload: { data: Record<string, unknown> };
      }>`SELECT type, payload FROM webhook_events ORDER BY id`.execute(t.db);
      expect(events.rows.map((event) => event.type)).toEqual(['machine.deactivated']);
      expect(events.rows[0].payload.data).toMatchObject({
        object: 'license',
        id: String(world.annSynth.id),
        after: { machine_id: laptop.id },
      });
    });

    it('says so when the machine was already freed, and changes nothing', async () => {
      const laptop = await machineOf(world.annSynth.id, 'ANN-LAPTOP');
      const before = await machineTables();
      const again = await free(annToken, world.annSynth.id, laptop.id);
      expect([again.statusCode, again.json()]).toEqual([409, { message: ['This machine was already freed.'] }]);
      expect(await machineTables()).toEqual(before);
    });

    it("answers 404 for another customer's licence or machine, ids swapped every way, and changes nothing", async () => {
      await activate(world.bobSynth.serial, 'BOB-DESK');
      const bobMachine = await machineOf(world.bobSynth.id, 'BOB-DESK');
      const annMachine = await machineOf(world.annSynth.id, 'ANN-STUDIO');
      const before = await machineTables();
      const tries: [string, number, number][] = [
        [bobToken, world.annSynth.id, annMachine.id],
        [annToken, world.bobSynth.id, bobMachine.id],
        [annToken, world.annSynth.id, bobMachine.id],
        [annToken, world.bobSynth.id, annMachine.id],
        [deeToken, world.annSynth.id, annMachine.id],
        [annToken, world.betaLicense.id, annMachine.id],
        [annToken, 2147483647, annMachine.id],
      ];
      for (const [token, licenseId, machineId] of tries) {
        const response = await free(token, licenseId, machineId);
        expect(response.statusCode).toBe(404);
        expect(response.json().message).toHaveLength(1);
      }
      expect(await machineTables()).toEqual(before);
      for (const url of [
        `/api/v1/portal/licenses/0/machines/1/deactivate`,
        `/api/v1/portal/licenses/abc/machines/1/deactivate`,
        `/api/v1/portal/licenses/1/machines/-1/deactivate`,
      ]) {
        const response = await t.app.inject({ method: 'POST', url, headers: customerAuth(annToken) });
        expect(response.statusCode).toBe(400);
      }
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: `/api/v1/portal/licenses/${world.annSynth.id}/machines/${annMachine.id}/deactivate`,
          })
        ).statusCode,
      ).toBe(401);
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: `/api/v1/portal/licenses/${world.annSynth.id}/machines/${annMachine.id}/deactivate`,
            headers: auth(world.staffAToken),
          })
        ).statusCode,
      ).toBe(401);
    });

    it('shares the client API cap: frees of the plugin and the portal count together, and the cap says when the next is possible', async () => {
      await resetRateLimits(t);
      // One free so far (the portal's). The plugin frees one, the portal another: the cap of 3 is reached.
      const plugin = await clientPost(t, '/deactivations', {
        product_id: world.synth.id,
        serial: world.annSynth.serial,
        hardware_fingerprint: 'ANN-STUDIO',
      });
      expect(plugin.json()).toMatchObject({ deactivations_left: 1 });
      const third = await free(annToken, world.annSynth.id, (await machineOf(world.annSynth.id, 'ANN-NEW-LAPTOP')).id);
      expect(third.json()).toMatchObject({ deactivations_left: 0 });
      await activate(world.annSynth.serial, 'ANN-FOURTH');
      const fourth = await machineOf(world.annSynth.id, 'ANN-FOURTH');
      const first = await t.db
        .selectFrom('license_machine_deactivations')
        .select('created_at')
        .where('license_id', '=', world.annSynth.id)
        .orderBy('created_at')
        .executeTakeFirstOrThrow();
      const before = await machineTables();
      const capped = await free(annToken, world.annSynth.id, fourth.id);
      expect(capped.statusCode).toBe(409);
      const nextAt = new Date(first.created_at.getTime() + 30 * 86400_000);
      expect(capped.json().next_possible_at).toBe(nextAt.toISOString());
      const inWords = new Intl.DateTimeFormat('en-GB', {
        dateStyle: 'long',
        timeStyle: 'short',
        timeZone: 'UTC',
      }).format(nextAt);
      expect(capped.json().message).toEqual([
        `This license already freed 3 machines in the last 30 days, the most allowed. The next machine can be freed on ${inWords} UTC, or the manufacturer's support can free it now.`,
      ]);
      expect(await machineTables()).toEqual(before);
      // The plugin meets the same cap, in its own words.
      const pluginCapped = await clientPost(t, '/deactivations', {
        product_id: world.synth.id,
        serial: world.annSynth.serial,
        hardware_fingerprint: 'ANN-FOURTH',
      });
      expect(pluginCapped.statusCode).toBe(409);
      expect(pluginCapped.json().message[0]).toMatch(/already deactivated on 3 machines in the last 30 days/);
    });
  });

  describe('GET /portal/downloads', () => {
    let betaChannel: number;
    const files: Record<string, Buffer> = {};

    async function release(
      name: string,
      productId: number,
      builds: { os: 'macOS' | 'Windows' | 'any'; version: [number, number, number]; confirmed?: boolean }[],
      channels: number[],
    ) {
      const row = await t.db
        .insertInto('releases')
        .values({
          manufacturer_id: world.manufacturerA.id,
          product_id: productId,
          description: name,
          manual: null,
          app_version_min: null,
          app_version_max: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const spec of builds) {
        const build = await insertTestBuild(t.db, world.manufacturerA.id, productId, {
          os: spec.os,
          version: spec.version,
          build_number: 1,
          upload_confirmed: spec.confirmed ?? true,
        });
        const bytes = Buffer.from(`${name} installer for ${spec.os}\n`);
        const fileName = `${name}-${spec.os}.pkg`;
        files[fileName] = bytes;
        await addReleaseBuild(
          t,
          { manufacturerId: world.manufacturerA.id, releaseId: row.id, buildId: build.id },
          fileName,
          bytes,
        );
      }
      await distributeRelease(t.db, world.manufacturerA.id, row.id, channels);
    }

    beforeAll(async () => {
      const channels = await insertTestChannels(t.db, world.manufacturerA.id);
      const releaseChannel = channels.find((channel) => channel.type === 'Release')!.id;
      betaChannel = channels.find((channel) => channel.type === 'Beta')!.id;
      await release('synth-1.0', world.synth.id, [{ os: 'any', version: [1, 0, 0] }], [releaseChannel]);
      await release(
        'synth-1.1',
        world.synth.id,
        [
          { os: 'macOS', version: [1, 1, 0] },
          { os: 'Windows', version: [1, 1, 0] },
        ],
        [releaseChannel],
      );
      await release('synth-2.0-beta', world.synth.id, [{ os: 'Windows', version: [2, 0, 0] }], [betaChannel]);
      await release(
        'synth-unconfirmed',
        world.synth.id,
        [{ os: 'Windows', version: [3, 0, 0], confirmed: false }],
        [releaseChannel],
      );
      await release('synth-undistributed', world.synth.id, [{ os: 'Windows', version: [4, 0, 0] }], []);
      await release('drums-1.0', world.drums.id, [{ os: 'macOS', version: [1, 0, 0] }], [releaseChannel]);
      await t.db
        .insertInto('channel_memberships')
        .values({ manufacturer_id: world.manufacturerA.id, channel_id: betaChannel, user_id: world.ann.id })
        .execute();
    });

    const downloads = async (token: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/v1/portal/downloads',
        headers: customerAuth(token),
      });
      expect(response.statusCode).toBe(200);
      return response.json().data as {
        name: string;
        os: string;
        version: string;
        channel: string;
        size: number;
        sha256: string;
        url: string;
        url_expires_at: string;
        product: { name: string };
      }[];
    };

    it("lists the installers of the customer's products by OS, newest first; Beta only for its members", async () => {
      const ann = await downloads(annToken);
      expect(ann.map((entry) => [entry.os, entry.name, entry.version, entry.channel])).toEqual([
        ['Windows', 'synth-2.0-beta-Windows.pkg', '2.0.0.1', 'Beta channel'],
        ['Windows', 'synth-1.1-Windows.pkg', '1.1.0.1', 'Release channel'],
        ['macOS', 'synth-1.1-macOS.pkg', '1.1.0.1', 'Release channel'],
        ['macOS', 'drums-1.0-macOS.pkg', '1.0.0.1', 'Release channel'],
        ['any', 'synth-1.0-any.pkg', '1.0.0.1', 'Release channel'],
      ]);
      expect(ann[0]).toMatchObject({
        product: { name: 'Alpha Synth' },
        size: files['synth-2.0-beta-Windows.pkg'].length,
        sha256: sha256Hex(files['synth-2.0-beta-Windows.pkg']),
      });
      const bob = await downloads(bobToken);
      expect(bob.map((entry) => entry.name)).toEqual([
        'synth-1.1-Windows.pkg',
        'synth-1.1-macOS.pkg',
        'synth-1.0-any.pkg',
      ]);
      // A disabled licence entitles to nothing; another manufacturer's customer sees none of these.
      expect(await downloads(cyToken)).toEqual([]);
      expect(await downloads(deeToken)).toEqual([]);
    });

    it('gives links signed as the client API signs them, which the download route serves byte for byte', async () => {
      for (const entry of await downloads(annToken)) {
        expect(entry.url).toMatch(
          /^\/api\/v1\/clients\/app\/downloads\/\d+\?expires=\d+&license=\d+&signature=[A-Za-z0-9_-]+$/,
        );
        const expires = Number(/expires=(\d+)/.exec(entry.url)![1]);
        expect(entry.url_expires_at).toBe(new Date(expires * 1000).toISOString());
        // It works for an hour.
        expect(Math.abs(expires * 1000 - (Date.now() + 3600_000))).toBeLessThan(60_000);
        const served = await t.app.inject({ method: 'GET', url: entry.url });
        expect(served.statusCode).toBe(200);
        expect(served.rawPayload.equals(files[entry.name])).toBe(true);
      }
      const bob = await downloads(bobToken);
      const tampered = bob[0].url.replace(/downloads\/(\d+)/, (_m, id) => `downloads/${Number(id) + 1}`);
      expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);
    });

    it("stops a shown link once the customer's licence is deactivated", async () => {
      const [link] = await downloads(bobToken);
      expect(link.url).toContain(`license=${world.bobSynth.id}`);
      const setDisabled = (disabled: boolean) =>
        t.db
          .updateTable('licenses')
          .set({ disabled, disabled_reason: disabled ? 'CancelledOrder' : null })
          .where('id', '=', world.bobSynth.id)
          .execute();
      await setDisabled(true);
      try {
        const refused = await t.app.inject({ method: 'GET', url: link.url });
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual({ message: [downloadLicenseDisabled('CancelledOrder')] });
      } finally {
        await setDisabled(false);
      }
      expect((await t.app.inject({ method: 'GET', url: link.url })).statusCode).toBe(200);
    });
  });

  describe('POST /portal/email-change and /portal/email-change/confirm', () => {
    const ask = (token: string, payload: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/portal/email-change',
        headers: customerAuth(token),
        payload: payload as object,
      });
    const confirm = (token: string, code: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/portal/email-change/confirm',
        headers: customerAuth(token),
        payload: { code },
      });
    const codeIn = async (address: string) => /\b(\d{6})\b/.exec((await mailsTo(t.db, address)).at(-1)!.text)![1];
    const emailOf = async (id: number) =>
      (await t.db.selectFrom('end_users').select('email').where('id', '=', id).executeTakeFirstOrThrow()).email;

    it('mails a code to the new address; confirming changes the email, tells the old address, and is audited with the customer as actor', async () => {
      await sql`INSERT INTO webhook_endpoints (manufacturer_id, url, secret_encrypted, event_types, enabled)
        VALUES (${world.manufacturerA.id}::int, 'https://hooks.example/people', 'v1.x.y.z', ARRAY['end_user.updated'], true)`.execute(
        t.db,
      );
      const asked = await ask(bobToken, { new_email: ' Bob.New@Listener.example ' });
      expect(asked.statusCode).toBe(202);
      expect(asked.json()).toEqual({
        notice: expect.stringContaining('Bob.New@Listener.example'),
        sent_to: 'Bob.New@Listener.example',
        expires_in_seconds: 1800,
      });
      const mail = (await mailsTo(t.db, 'bob.new@listener.example')).at(-1)!;
      expect(mail.kind).toBe('portal.email-change-code');
      const code = await codeIn('bob.new@listener.example');
      expect(await emailOf(world.bob.id)).toBe('bob@listener.example');
      // The code is stored only as an HMAC keyed by a key derived from the master key.
      const stored = await t.db
        .selectFrom('portal_email_changes')
        .select(['code_salt', 'code_hash'])
        .where('end_user_id', '=', world.bob.id)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(stored.code_hash).toBe(
        createHmac('sha256', emailChangeCodeKey(t.masterKey))
          .update(`producthub-portal-email-change-v1\n${stored.code_salt}\n${code}\n`)
          .digest('hex'),
      );

      const wrong = await confirm(bobToken, code === '000000' ? '111111' : '000000');
      expect([wrong.statusCode, wrong.json()]).toEqual([400, { message: ['That code is not right. 4 tries left.'] }]);
      const done = await confirm(bobToken, code.slice(0, 3) + ' ' + code.slice(3));
      expect(done.statusCode).toBe(200);
      expect(done.json()).toMatchObject({ id: world.bob.id, email: 'Bob.New@Listener.example' });
      expect(await emailOf(world.bob.id)).toBe('Bob.New@Listener.example');
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/v1/portal/me', headers: customerAuth(bobToken) })).json().email,
      ).toBe('Bob.New@Listener.example');
      const told = (await mailsTo(t.db, 'bob@listener.example')).at(-1)!;
      expect(told.kind).toBe('portal.email-changed');
      expect(told.text).toContain('was changed to Bob.New@Listener.example');

      const used = await confirm(bobToken, code);
      expect([used.statusCode, used.json()]).toEqual([
        400,
        { message: ['That code was already used: your email was changed.'] },
      ]);
      const history = (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/audit-events?object_type=end_user&object_id=${world.bob.id}`,
          headers: auth(world.staffAToken),
        })
      ).json().data as {
        action: string;
        actor: { type: string };
      }[];
      expect(history.slice(0, 2).map((event) => [event.action, event.actor.type])).toEqual([
        ['end_user.update', 'customer'],
        ['end_user.portal_email_change_request', 'customer'],
      ]);
      const updated = await sql<{
        payload: { data: { object: string; id: string; after: { email: string } } };
      }>`SELECT payload FROM webhook_events WHERE type = 'end_user.updated' ORDER BY id`.execute(t.db);
      expect(updated.rows.map((event) => event.payload.data)).toEqual([
        expect.objectContaining({
          object: 'end_user',
          id: String(world.bob.id),
          after: expect.objectContaining({ email: 'Bob.New@Listener.example' }),
        }),
      ]);
      // The customer now signs in with the new address.
      bobToken = await signInThroughMail(t.app, t.db, SLUG, 'bob.new@listener.example');
    });

    it("refuses another customer's address whatever its case, the same address, and addresses that are not one, changing nothing", async () => {
      const before = await tableDigest(t.db, 'end_users');
      const taken = await ask(annToken, { new_email: 'BOB.NEW@listener.EXAMPLE' });
      expect([taken.statusCode, taken.json()]).toEqual([
        409,
        { message: ['Another customer already uses BOB.NEW@listener.EXAMPLE. Please choose another address.'] },
      ]);
      const same = await ask(annToken, { new_email: 'ANN@listener.example' });
      expect([same.statusCode, same.json()]).toEqual([400, { message: ['That is already your email address.'] }]);
      for (const bad of ['not-an-address', 'ann@', 'jörg@example.com', 'ann@bücher.example', 'a b@example.com']) {
        const response = await ask(annToken, { new_email: bad });
        expect([response.statusCode, response.json()]).toEqual([
          400,
          { message: ['That is not a valid email address.'] },
        ]);
      }
      for (const body of [{}, { new_email: 42 }, { email: 'x@example.com' }])
        expect((await ask(annToken, body)).statusCode).toBe(400);
      expect(await tableDigest(t.db, 'end_users')).toBe(before);
    });

    it('refuses a code after 5 wrong tries, an expired code, a replaced one, and a clash found at confirmation', async () => {
      await resetRateLimits(t);
      await ask(annToken, { new_email: 'ann.first@listener.example' });
      const first = await codeIn('ann.first@listener.example');
      await ask(annToken, { new_email: 'ann.second@listener.example' });
      const second = await codeIn('ann.second@listener.example');
      if (first !== second)
        expect((await confirm(annToken, first)).json()).toEqual({ message: ['That code is not right. 4 tries left.'] });
      const wrongCode = second === '000000' ? '111111' : '000000';
      const answers = [];
      for (let n = 0; n < 5; n++) answers.push((await confirm(annToken, wrongCode)).json().message[0]);
      expect(answers.at(-1)).toMatch(/That code (is not right, and that was the last try|was tried too many times)/);
      expect((await confirm(annToken, second)).json()).toEqual({
        message: ['That code was tried too many times. Enter your new address again for a new code.'],
      });

      await ask(annToken, { new_email: 'ann.third@listener.example' });
      const third = await codeIn('ann.third@listener.example');
      await sql`UPDATE portal_email_changes SET expires_at = now() - interval '1 second' WHERE new_email = 'ann.third@listener.example'`.execute(
        t.db,
      );
      expect((await confirm(annToken, third)).json()).toEqual({
        message: ['That code has expired. Enter your new address again for a new code.'],
      });

      await ask(annToken, { new_email: 'ann.fourth@listener.example' });
      const fourth = await codeIn('ann.fourth@listener.example');
      await t.db
        .insertInto('end_users')
        .values({ manufacturer_id: world.manufacturerA.id, email: 'Ann.Fourth@listener.example' })
        .execute();
      const clash = await confirm(annToken, fourth);
      expect([clash.statusCode, clash.json()]).toEqual([
        409,
        { message: ['Another customer already uses ann.fourth@listener.example. Please choose another address.'] },
      ]);
      expect(await emailOf(world.ann.id)).toBe('ann@listener.example');
      expect((await confirm(annToken, '12345')).json()).toEqual({
        message: ['The code is the 6 digits from the mail.'],
      });
      expect((await confirm(cyToken, '123456')).json()).toEqual({
        message: ['No email change is waiting. Enter your new address first.'],
      });
    });

    it('limits requests to 5 an hour per customer: the sixth is a 429 and mails nothing', async () => {
      await resetRateLimits(t);
      for (let n = 1; n <= 5; n++)
        expect((await ask(cyToken, { new_email: `cy.${n}@listener.example` })).statusCode).toBe(202);
      const outbox = await tableDigest(t.db, 'email_outbox');
      const sixth = await ask(cyToken, { new_email: 'cy.6@listener.example' });
      expect([sixth.statusCode, sixth.json()]).toEqual([
        429,
        {
          message: [
            expect.stringMatching(/^Too many email changes asked for\. Please wait \d+ minutes and try again\.$/),
          ],
        },
      ]);
      // Retry-After, as every other 429 of the portal has: the seconds the words round up to minutes.
      expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(3500);
      expect(await tableDigest(t.db, 'email_outbox')).toBe(outbox);
      // Another customer is not held back by it.
      expect((await ask(bobToken, { new_email: 'bob.other@listener.example' })).statusCode).toBe(202);
    });
  });
});
