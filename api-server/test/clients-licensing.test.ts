import { STATE_DOCUMENT_FORMAT, TRIAL_FILE_FORMAT } from 'signed-formats';
import { CLIENT_CALLS_PER_SUBJECT } from '../src/clients/routes/client-guard';
import { sql } from 'kysely';
import { consumeRateLimit, consumeRateLimits } from '../src/auth/rate-limits';
import { auth, tableDigest } from './support/fixtures';
import { createTrial, type LicensingWorld } from './licensing-fixtures';
import {
  CLIENT,
  auditRowCount,
  clientAudit,
  clientPost,
  clientApiSuite,
  verifiedDocument,
  verifiedLicense,
} from './client-fixtures';

const activation = (world: LicensingWorld, serial: string, fingerprint: string) => ({
  product_id: world.synth.id,
  serial,
  hardware_fingerprint: fingerprint,
  hardware_fingerprint_version: 2,
  signature_seed_version: 5,
});

describe('client API: trials, activation, deactivation, validation, machines', () => {
  const suite = clientApiSuite({ trial_days: 14, machine_limit: 2 });

  const digestOf = async () =>
    (
      await Promise.all(
        [
          'trials',
          'license_activations',
          'license_machines',
          'license_machine_deactivations',
          'fingerprints',
          'audit_log',
        ].map((table) => tableDigest(suite.t.db, table)),
      )
    ).join();

  describe('POST /clients/app/trials', () => {
    it('starts a signed trial of trial_days, and the same machine asking again gets the same trial', async () => {
      const first = await clientPost(suite.t, '/trials', {
        product_id: suite.world.synth.id,
        hardware_fingerprint: '  TRIAL-FP-1 ',
      });
      expect(first.statusCode).toBe(201);
      const trial = verifiedDocument(TRIAL_FILE_FORMAT, first.body, suite.world.synth.public_key);
      expect(trial).toMatchObject({
        format: 'producthub-trial',
        format_version: 1,
        product_id: suite.world.synth.id,
        hardware_fingerprint: 'TRIAL-FP-1',
      });
      const days = (Date.parse(trial.expires_at as string) - Date.parse(trial.started_at as string)) / 86_400_000;
      expect(days).toBeCloseTo(14, 3);

      await suite.t.db.updateTable('products').set({ trial_days: 30 }).where('id', '=', suite.world.synth.id).execute();
      const again = await clientPost(suite.t, '/trials', {
        product_id: suite.world.synth.id,
        hardware_fingerprint: 'TRIAL-FP-1',
      });
      expect(again.statusCode).toBe(200);
      const second = verifiedDocument(TRIAL_FILE_FORMAT, again.body, suite.world.synth.public_key);
      expect([second.started_at, second.expires_at]).toEqual([trial.started_at, trial.expires_at]);
      await suite.t.db.updateTable('products').set({ trial_days: 14 }).where('id', '=', suite.world.synth.id).execute();

      const rows = await suite.t.db
        .selectFrom('trials')
        .selectAll()
        .where('product_id', '=', suite.world.synth.id)
        .execute();
      expect(rows).toHaveLength(1);
      expect((await clientAudit(suite.t, 'client.trial.start')).map((row) => row.entity_id)).toEqual([
        String(rows[0].id),
      ]);
      expect((await clientAudit(suite.t, 'client.trial.start'))[0].after).toMatchObject({
        actor: 'client',
        address: '127.0.0.1',
      });
    });

    it('shows on the staff Trials list, and staff deleting it lets the machine start again', async () => {
      const list = await suite.t.app.inject({
        url: `/api/v1/products/${suite.world.synth.id}/trials`,
        headers: auth(suite.world.staffAToken),
      });
      const listed = list
        .json()
        .data.find((trial: { hardware_fingerprint: string }) => trial.hardware_fingerprint === 'TRIAL-FP-1');
      expect(listed).toBeDefined();
      expect(
        (
          await suite.t.app.inject({
            method: 'DELETE',
            url: `/api/v1/products/${suite.world.synth.id}/trials/${listed.id}`,
            headers: auth(suite.world.staffAToken),
          })
        ).statusCode,
      ).toBe(204);
      expect(
        (await clientPost(suite.t, '/trials', { product_id: suite.world.synth.id, hardware_fingerprint: 'TRIAL-FP-1' }))
          .statusCode,
      ).toBe(201);
    });

    it('gives a trial started before the client API its expiry from its start, once', async () => {
      const old = await createTrial(suite.t.db, suite.world.manufacturerA.id, suite.world.synth.id, 'OLD-TRIAL-FP');
      const answer = verifiedDocument(
        TRIAL_FILE_FORMAT,
        (
          await clientPost(suite.t, '/trials', {
            product_id: suite.world.synth.id,
            hardware_fingerprint: 'OLD-TRIAL-FP',
          })
        ).body,
        suite.world.synth.public_key,
      );
      expect(Date.parse(answer.expires_at as string)).toBe(
        Math.floor((old.created_at.getTime() + 14 * 86_400_000) / 1000) * 1000,
      );
    });

    it('refuses a product without a trial, an unknown product and bad values, changing nothing', async () => {
      const before = await digestOf();
      const drums = await clientPost(suite.t, '/trials', {
        product_id: suite.world.drums.id,
        hardware_fingerprint: 'FP',
      });
      expect(drums.statusCode).toBe(409);
      expect(drums.json().message[0]).toMatch(/no trial/);
      expect(
        (await clientPost(suite.t, '/trials', { product_id: 999_999, hardware_fingerprint: 'FP' })).json(),
      ).toEqual({
        message: ['Product not found'],
      });
      for (const body of [
        { product_id: suite.world.synth.id, hardware_fingerprint: '   ' },
        { product_id: suite.world.synth.id, hardware_fingerprint: 'a\tb' },
        { product_id: suite.world.synth.id, hardware_fingerprint: 'x'.repeat(513) },
        { product_id: 'x', hardware_fingerprint: 'FP' },
        { product_id: suite.world.synth.id },
      ]) {
        const response = await clientPost(suite.t, '/trials', body);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ message: [expect.any(String)] });
      }
      expect(await digestOf()).toBe(before);
    });
  });

  describe('POST /clients/app/activations', () => {
    it('answers the same licence file as the staff Download, bound to the machine, and the same machine again takes no new slot', async () => {
      const response = await clientPost(
        suite.t,
        '/activations',
        activation(suite.world, suite.world.annSynth.serial.toLowerCase(), 'MACHINE-1'),
      );
      expect(response.statusCode).toBe(200);
      const file = verifiedLicense(response.body, suite.world.synth.public_key, 'MACHINE-1');
      expect(file).toMatchObject({
        serial: suite.world.annSynth.serial,
        product_identifier: 'com.alpha.synth',
        user_email: 'ann@listener.example',
        license_type: 'NFR',
      });
      const staff = await suite.t.app.inject({
        method: 'POST',
        url: `/api/v1/licenses/${suite.world.annSynth.id}/activations`,
        headers: auth(suite.world.staffAToken),
        payload: { hardware_fingerprint: 'MACHINE-1', hardware_fingerprint_version: 2, signature_seed_version: 5 },
      });
      const { issued_at: _a, signature: _b, ...staffClaims } = staff.json();
      const { issued_at: _c, signature: _d, ...clientClaims } = response.json();
      expect(clientClaims).toEqual(staffClaims);

      expect(
        (await clientPost(suite.t, '/activations', activation(suite.world, suite.world.annSynth.serial, 'MACHINE-1')))
          .statusCode,
      ).toBe(200);
      const machines = await suite.t.db
        .selectFrom('license_machines')
        .selectAll()
        .where('license_id', '=', suite.world.annSynth.id)
        .execute();
      expect(machines.map((machine) => machine.hardware_fingerprint)).toEqual(['MACHINE-1']);
      expect(
        await suite.t.db
          .selectFrom('fingerprints')
          .select('hardware_fingerprint')
          .where('user_id', '=', suite.world.ann.id)
          .execute(),
      ).toEqual([{ hardware_fingerprint: 'MACHINE-1' }]);
      expect(
        (await clientAudit(suite.t, 'client.license.activate')).map(
          (row) => (row.after as { new_machine: boolean }).new_machine,
        ),
      ).toEqual([true, false]);
    });

    it('refuses a new machine over the product limit, naming the limit, and changes nothing', async () => {
      expect(
        (await clientPost(suite.t, '/activations', activation(suite.world, suite.world.annSynth.serial, 'MACHINE-2')))
          .statusCode,
      ).toBe(200);
      const before = await digestOf();
      const third = await clientPost(
        suite.t,
        '/activations',
        activation(suite.world, suite.world.annSynth.serial, 'MACHINE-3'),
      );
      expect(third.statusCode).toBe(409);
      expect(third.json().message[0]).toBe(
        'This license is already activated on 2 machines, the limit of this product: deactivate one of them first.',
      );
      expect(await digestOf()).toBe(before);
      expect(
        (await clientPost(suite.t, '/activations', activation(suite.world, suite.world.annSynth.serial, 'MACHINE-2')))
          .statusCode,
      ).toBe(200);
    });

    it('answers an unknown serial and a serial of another product exactly alike', async () => {
      const before = await digestOf();
      const unknown = await clientPost(
        suite.t,
        '/activations',
        activation(suite.world, 'ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ', 'M'),
      );
      const otherProduct = await clientPost(
        suite.t,
        '/activations',
        activation(suite.world, suite.world.annDrums.serial, 'M'),
      );
      const otherTenant = await clientPost(
        suite.t,
        '/activations',
        activation(suite.world, suite.world.betaLicense.serial, 'M'),
      );
      const withNul = await clientPost(suite.t, '/activations', activation(suite.world, 'A\u0000B', 'M'));
      for (const response of [unknown, otherProduct, otherTenant]) {
        expect(response.statusCode).toBe(404);
        expect(response.body).toBe(unknown.body);
      }
      expect(unknown.json()).toEqual({ message: ['License not found'] });
      // A NUL is refused by the contract's text type before any lookup, which says nothing of serials.
      expect(withNul.statusCode).toBe(400);
      expect(withNul.json()).toEqual({ message: ['serial must not contain a NUL character'] });
      expect(await digestOf()).toBe(before);
    });

    it('refuses a disabled licence with its reason, and bad values with a 400', async () => {
      const disabled = await clientPost(
        suite.t,
        '/activations',
        activation(suite.world, suite.world.cySynthDisabled.serial, 'M'),
      );
      expect(disabled.statusCode).toBe(409);
      expect(disabled.json().message[0]).toMatch(/deactivated \(FraudulentUse\)/);
      for (const change of [
        { hardware_fingerprint_version: 1 },
        { signature_seed_version: 6 },
        { serial: '' },
        { hardware_fingerprint: '' },
        { product_id: 0 },
      ]) {
        expect(
          (
            await clientPost(suite.t, '/activations', {
              ...activation(suite.world, suite.world.bobSynth.serial, 'M'),
              ...change,
            })
          ).statusCode,
        ).toBe(400);
      }
    });
  });

  describe('POST /clients/app/deactivations and the staff machine routes', () => {
    it('frees the machine so another can take its slot, and caps the customer at 3 per 30 days', async () => {
      const freed = await clientPost(suite.t, '/deactivations', {
        product_id: suite.world.synth.id,
        serial: suite.world.annSynth.serial,
        hardware_fingerprint: 'MACHINE-2',
      });
      expect(freed.statusCode).toBe(200);
      expect(freed.json()).toMatchObject({
        serial: suite.world.annSynth.serial,
        hardware_fingerprint: 'MACHINE-2',
        deactivations_left: 2,
      });
      expect(
        (await clientPost(suite.t, '/activations', activation(suite.world, suite.world.annSynth.serial, 'MACHINE-3')))
          .statusCode,
      ).toBe(200);

      const again = await clientPost(suite.t, '/deactivations', {
        product_id: suite.world.synth.id,
        serial: suite.world.annSynth.serial,
        hardware_fingerprint: 'MACHINE-2',
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().message[0]).toBe('This license is not activated on this machine.');

      for (const [machine, left] of [
        ['MACHINE-3', 1],
        ['MACHINE-1', 0],
      ] as const) {
        const response = await clientPost(suite.t, '/deactivations', {
          product_id: suite.world.synth.id,
          serial: suite.world.annSynth.serial,
          hardware_fingerprint: machine,
        });
        expect(response.json().deactivations_left).toBe(left);
        expect(
          (await clientPost(suite.t, '/activations', activation(suite.world, suite.world.annSynth.serial, machine)))
            .statusCode,
        ).toBe(200);
      }
      const before = await digestOf();
      const capped = await clientPost(suite.t, '/deactivations', {
        product_id: suite.world.synth.id,
        serial: suite.world.annSynth.serial,
        hardware_fingerprint: 'MACHINE-1',
      });
      expect(capped.statusCode).toBe(409);
      // It says when the next deactivation is possible (docs/client-integration.md): in words and in the client API's time format.
      const { message, next_possible_at: nextPossibleAt } = capped.json() as {
        message: string[];
        next_possible_at: string;
      };
      expect(nextPossibleAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      const untilNext = new Date(nextPossibleAt).getTime() - Date.now();
      expect(untilNext > 30 * 86_400_000 - 600_000 && untilNext <= 30 * 86_400_000).toBe(true);
      const inWords = new Intl.DateTimeFormat('en-GB', {
        dateStyle: 'long',
        timeStyle: 'short',
        timeZone: 'UTC',
      }).format(new Date(nextPossibleAt));
      expect(message).toEqual([
        `This license was already deactivated on 3 machines in the last 30 days, the most allowed. The next deactivation is possible on ${inWords} UTC; the manufacturer's support can free a machine now.`,
      ]);
      expect(await digestOf()).toBe(before);
      expect(await clientAudit(suite.t, 'client.machine.deactivate')).toHaveLength(3);
    });

    it('lists the machines to staff and lets staff free one (not capped, audited); other tenants see nothing', async () => {
      const list = await suite.t.app.inject({
        url: `/api/v1/licenses/${suite.world.annSynth.id}/machines`,
        headers: auth(suite.world.staffAToken),
      });
      expect(list.statusCode).toBe(200);
      const machines = list.json() as {
        id: number;
        hardware_fingerprint: string;
        deactivated_at: string | null;
        deactivated_by: string | null;
        first_activated_at: string;
        last_activated_at: string;
      }[];
      expect(machines.map((machine) => [machine.hardware_fingerprint, machine.deactivated_at === null])).toEqual([
        ['MACHINE-1', true],
        ['MACHINE-2', false],
        ['MACHINE-3', true],
      ]);
      expect(machines[1].deactivated_by).toBe('client');
      expect(Date.parse(machines[0].last_activated_at)).toBeGreaterThan(Date.parse(machines[0].first_activated_at) - 1);

      const url = `/api/v1/licenses/${suite.world.annSynth.id}/machines/${machines[0].id}/deactivate`;
      expect(
        (await suite.t.app.inject({ method: 'POST', url, headers: auth(suite.world.staffBToken) })).statusCode,
      ).toBe(404);
      expect(
        (
          await suite.t.app.inject({
            url: `/api/v1/licenses/${suite.world.annSynth.id}/machines`,
            headers: auth(suite.world.staffBToken),
          })
        ).statusCode,
      ).toBe(404);
      const done = await suite.t.app.inject({ method: 'POST', url, headers: auth(suite.world.staffAToken) });
      expect(done.statusCode).toBe(200);
      expect(done.json()).toMatchObject({
        id: machines[0].id,
        deactivated_by: 'staff',
        deactivated_at: expect.any(String),
      });
      expect(
        (await suite.t.app.inject({ method: 'POST', url, headers: auth(suite.world.staffAToken) })).json(),
      ).toEqual({
        message: ['This machine is already deactivated.'],
      });
      expect(
        (
          await suite.t.app.inject({
            method: 'POST',
            url: `/api/v1/licenses/${suite.world.bobSynth.id}/machines/${machines[2].id}/deactivate`,
            headers: auth(suite.world.staffAToken),
          })
        ).statusCode,
      ).toBe(404);
      const audit = await suite.t.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'license_machine.deactivate')
        .execute();
      expect(audit).toHaveLength(1);
      expect(audit[0].actor_system_user_id).not.toBeNull();
    });
  });

  describe('POST /clients/app/validations', () => {
    const validate = (serial: string, fingerprint: string, nonce = 'nonce-0123456789abcdef') =>
      clientPost(suite.t, '/validations', {
        product_id: suite.world.synth.id,
        serial,
        hardware_fingerprint: fingerprint,
        nonce,
      });

    it('signs the current state bound to the nonce and machine', async () => {
      const audited = await auditRowCount(suite.t);
      const active = verifiedDocument(
        STATE_DOCUMENT_FORMAT,
        (await validate(suite.world.annSynth.serial, 'MACHINE-3')).body,
        suite.world.synth.public_key,
      );
      expect(active).toMatchObject({
        format: 'producthub-state',
        serial: suite.world.annSynth.serial,
        hardware_fingerprint: 'MACHINE-3',
        nonce: 'nonce-0123456789abcdef',
        license_enabled: true,
        disabled_reason: '',
        machine_activated: true,
      });
      const freed = verifiedDocument(
        STATE_DOCUMENT_FORMAT,
        (await validate(suite.world.annSynth.serial, 'MACHINE-1')).body,
        suite.world.synth.public_key,
      );
      expect(freed).toMatchObject({ license_enabled: true, machine_activated: false });
      const disabled = verifiedDocument(
        STATE_DOCUMENT_FORMAT,
        (await validate(suite.world.cySynthDisabled.serial, 'ANY')).body,
        suite.world.synth.public_key,
      );
      expect(disabled).toMatchObject({
        license_enabled: false,
        disabled_reason: 'FraudulentUse',
        machine_activated: false,
      });
      // A validation changes nothing and is not audited (docs/client-api.md).
      expect(await auditRowCount(suite.t)).toBe(audited);
    });

    it("refuses a bad nonce, an unknown serial and another product's serial alike", async () => {
      for (const nonce of ['short', 'has space in it 0123', 'x'.repeat(65)])
        expect((await validate(suite.world.annSynth.serial, 'M', nonce)).statusCode).toBe(400);
      const unknown = await validate('ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ', 'M');
      const other = await validate(suite.world.betaLicense.serial, 'M');
      expect(unknown.statusCode).toBe(404);
      expect(other.body).toBe(unknown.body);
    });
  });

  describe('rate limits', () => {
    it('refuses a serial asked too often with 429 and Retry-After, before it reads or changes anything', async () => {
      for (let i = 0; i < CLIENT_CALLS_PER_SUBJECT; i++) {
        expect(
          (
            await clientPost(suite.t, '/validations', {
              product_id: suite.world.synth.id,
              serial: suite.world.bobSynth.serial,
              hardware_fingerprint: 'M',
              nonce: 'nonce-0123456789abcdef',
            })
          ).statusCode,
        ).toBe(200);
      }
      const before = await digestOf();
      const limited = await clientPost(
        suite.t,
        '/activations',
        activation(suite.world, ` ${suite.world.bobSynth.serial.toLowerCase()} `, 'M'),
      );
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.json().message[0]).toMatch(/^Too many requests\. Please wait \d+ seconds? and try again\.$/);
      expect(await digestOf()).toBe(before);
      expect(
        (await clientPost(suite.t, '/activations', activation(suite.world, suite.world.annSynth.serial, 'MACHINE-3')))
          .statusCode,
      ).toBe(200);
    });

    it('limits an address across serials', async () => {
      for (let i = 0; i < 119; i++)
        await consumeRateLimit(suite.t.db, { bucket: 'client:address:127.0.0.1', limit: 120, windowSeconds: 60 });
      expect(
        (await clientPost(suite.t, '/trials', { product_id: suite.world.synth.id, hardware_fingerprint: 'RATE-FP' }))
          .statusCode,
      ).toBe(201);
      expect(
        (await clientPost(suite.t, '/trials', { product_id: suite.world.synth.id, hardware_fingerprint: 'RATE-FP-2' }))
          .statusCode,
      ).toBe(429);
    });

    it('counts a window and starts a new one when it has passed', async () => {
      const bucket = { bucket: 'test:window', limit: 2, windowSeconds: 1 };
      expect((await consumeRateLimit(suite.t.db, bucket)).allowed).toBe(true);
      expect((await consumeRateLimit(suite.t.db, bucket)).allowed).toBe(true);
      const refused = await consumeRateLimit(suite.t.db, bucket);
      expect(refused).toEqual({ allowed: false, retryAfterSeconds: 1 });
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await consumeRateLimit(suite.t.db, bucket)).allowed).toBe(true);
    });

    it('counts every bucket of a call in one statement; the latest window of the refusing ones decides Retry-After', async () => {
      const limits = [
        { bucket: 'test:call:address', limit: 5, windowSeconds: 60 },
        { bucket: 'test:call:serial', limit: 1, windowSeconds: 30 },
        { bucket: 'test:call:serial', limit: 1, windowSeconds: 30 },
      ];
      expect(await consumeRateLimits(suite.t.db, limits)).toEqual({ allowed: true, retryAfterSeconds: 60 });
      expect(await consumeRateLimits(suite.t.db, limits)).toEqual({ allowed: false, retryAfterSeconds: 30 });
      const hits = await suite.t.db
        .selectFrom('rate_limits')
        .select(['bucket', 'hits'])
        .where('bucket', 'like', 'test:call:%')
        .orderBy('bucket')
        .execute();
      expect(hits).toEqual([
        { bucket: 'test:call:address', hits: 2 },
        { bucket: 'test:call:serial', hits: 2 },
      ]);
    });

    it("commits counters asynchronously only on their own, never a caller's transaction", async () => {
      const setting = async (db: typeof suite.t.db) =>
        (await sql<{ s: string }>`SELECT current_setting('synchronous_commit') AS s`.execute(db)).rows[0]!.s;
      await suite.t.db.transaction().execute(async (trx) => {
        await consumeRateLimits(trx, [{ bucket: 'test:in-transaction', limit: 5, windowSeconds: 60 }]);
        expect(await setting(trx)).toBe('on');
      });
      await suite.t.db.connection().execute(async (connection) => {
        await sql`BEGIN`.execute(connection);
        // Kysely does not know this connection is in a transaction: the statement sets its commit asynchronous.
        await consumeRateLimits(connection, [{ bucket: 'test:on-its-own', limit: 5, windowSeconds: 60 }]);
        expect(await setting(connection)).toBe('off');
        await sql`ROLLBACK`.execute(connection);
      });
    });
  });

  it('serves every client route without a session', () => {
    const routes = suite.t.app.routeTable.filter(
      (route) => route.url.startsWith(`${CLIENT}/`) && !route.url.includes('/builds/'),
    );
    // Trials, activations, deactivations, validations, revocations, update checks, downloads, the two browser
    // activation calls, and the four seat calls.
    expect(routes.length).toBe(13);
    expect(routes.every((route) => route.public)).toBe(true);
  });
});
