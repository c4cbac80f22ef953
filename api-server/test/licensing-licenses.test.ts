import type { License } from 'shared-kit/contract';
import { appForSuite } from './support/test-app';
import { auth, tableDigest } from './support/fixtures';
import { auditRows, createEndUser, createLicensingWorld } from './licensing-fixtures';

// The machine is shared: starting a database and hashing passwords (scrypt) can be slow under load.
jest.setTimeout(60_000);

describe('licences API', () => {
  const suite = appForSuite(createLicensingWorld);

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token?: string, payload?: unknown) =>
    suite.t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: token ? auth(token) : {},
      payload: payload as object | undefined,
    });
  const digests = async () =>
    Promise.all(['licenses', 'license_transfers', 'audit_log'].map((table) => tableDigest(suite.t.db, table)));
  const licenseRow = (id: number) =>
    suite.t.db.selectFrom('licenses').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  describe('GET /products/{id}/licenses', () => {
    it("lists the product's licences in the paged shape with owner and product", async () => {
      const response = await call(
        'GET',
        `/products/${suite.world.synth.id}/licenses?page=1&per_page=2`,
        suite.world.staffAToken,
      );
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.pagination).toEqual({
        records: { total: 3, per_page: 2 },
        pages: { current: 1, previous: null, next: 2, last: 2 },
      });
      expect(body.data).toHaveLength(2);
      expect(body.data[0]).toEqual({
        id: suite.world.annSynth.id,
        serial: suite.world.annSynth.serial,
        license_type: 'NFR',
        disabled: false,
        disabled_reason: null,
        created_at: suite.world.annSynth.created_at.toISOString(),
        updated_at: suite.world.annSynth.updated_at.toISOString(),
        user_id: suite.world.ann.id,
        user: { email: 'ann@listener.example' },
        product_id: suite.world.synth.id,
        product: { id: suite.world.synth.id, name: 'Alpha Synth', identifier: 'com.alpha.synth', series: 'Engines' },
      });
      const second = (
        await call('GET', `/products/${suite.world.synth.id}/licenses?page=2&per_page=2`, suite.world.staffAToken)
      ).json();
      expect(
        second.data.map((license: License) => license).map((l: License) => [l.id, l.disabled, l.disabled_reason]),
      ).toEqual([[suite.world.cySynthDisabled.id, true, 'FraudulentUse']]);
    });

    it('starts with the first-load page size of 25', async () => {
      expect(
        (await call('GET', `/products/${suite.world.synth.id}/licenses`, suite.world.staffAToken)).json().pagination
          .records.per_page,
      ).toBe(25);
    });

    it('searches owners by email, case-insensitively, taking % and _ literally', async () => {
      const emails = async (query: string) =>
        (
          await call(
            'GET',
            `/products/${suite.world.synth.id}/licenses?email=${encodeURIComponent(query)}`,
            suite.world.staffAToken,
          )
        )
          .json()
          .data.map((l: License) => l.user.email);
      expect(await emails('BOB@')).toEqual(['bob@listener.example']);
      expect(await emails('listener')).toHaveLength(3);
      expect(await emails('100%')).toEqual(['cy_100%@listener.example']);
      expect(await emails('%')).toEqual(['cy_100%@listener.example']);
      expect(await emails('_')).toEqual(['cy_100%@listener.example']);
      expect(await emails('nobody')).toEqual([]);
      expect(await emails('   ')).toHaveLength(3);
    });

    it("answers 404 for another manufacturer's product, exactly like a missing one", async () => {
      for (const id of [suite.world.betaProduct.id, 999999]) {
        const response = await call('GET', `/products/${id}/licenses`, suite.world.staffAToken);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ message: ['Product not found'] });
      }
    });

    it('validates the path and the query', async () => {
      expect((await call('GET', '/products/abc/licenses', suite.world.staffAToken)).statusCode).toBe(400);
      expect(
        (await call('GET', `/products/${suite.world.synth.id}/licenses?per_page=251`, suite.world.staffAToken))
          .statusCode,
      ).toBe(400);
      expect(
        (await call('GET', `/products/${suite.world.synth.id}/licenses?page=0`, suite.world.staffAToken)).statusCode,
      ).toBe(400);
      expect(
        (
          await call(
            'GET',
            `/products/${suite.world.synth.id}/licenses?email=${'a'.repeat(321)}`,
            suite.world.staffAToken,
          )
        ).statusCode,
      ).toBe(400);
    });

    it('needs a session and manufacturer staff', async () => {
      expect((await call('GET', `/products/${suite.world.synth.id}/licenses`)).statusCode).toBe(401);
      expect((await call('GET', `/products/${suite.world.synth.id}/licenses`, suite.world.superToken)).statusCode).toBe(
        403,
      );
    });
  });

  describe('GET /users/{id}/licenses', () => {
    it("lists the user's licences of every product", async () => {
      const body = (await call('GET', `/users/${suite.world.ann.id}/licenses`, suite.world.staffAToken)).json();
      expect(body.pagination.records.total).toBe(2);
      expect(body.data.map((l: License) => [l.id, l.product.name, l.product.identifier, l.product.series])).toEqual([
        [suite.world.annSynth.id, 'Alpha Synth', 'com.alpha.synth', 'Engines'],
        [suite.world.annDrums.id, 'Alpha Drums', null, null],
      ]);
    });

    it("answers 404 for another manufacturer's user and needs staff", async () => {
      const response = await call('GET', `/users/${suite.world.betaUser.id}/licenses`, suite.world.staffAToken);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: ['User not found'] });
      expect((await call('GET', `/users/${suite.world.ann.id}/licenses`, suite.world.superToken)).statusCode).toBe(403);
      expect((await call('GET', `/users/${suite.world.ann.id}/licenses`)).statusCode).toBe(401);
    });
  });

  describe('POST /users/{id}/licenses', () => {
    it('creates a licence with an unguessable readable serial and audits it', async () => {
      const user = await createEndUser(suite.t.db, suite.world.manufacturerA.id, 'new-owner@listener.example');
      const response = await call('POST', `/users/${user.id}/licenses`, suite.world.staffAToken, {
        product_id: suite.world.drums.id,
        license_type: 'Free',
        serial: 'AAAAA-AAAAA-AAAAA-AAAAA',
      });
      expect(response.statusCode).toBe(201);
      const license = response.json();
      expect(license).toMatchObject({
        license_type: 'Free',
        disabled: false,
        disabled_reason: null,
        user_id: user.id,
        user: { email: 'new-owner@listener.example' },
        product: { id: suite.world.drums.id, name: 'Alpha Drums' },
      });
      expect(license.serial).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}(-[0-9A-HJKMNP-TV-Z]{5}){3}$/);
      expect(license.serial).not.toBe('AAAAA-AAAAA-AAAAA-AAAAA');
      const [audit] = await auditRows(suite.t.db, 'license', license.id);
      expect(audit).toMatchObject({
        action: 'license.create',
        manufacturer_id: suite.world.manufacturerA.id,
        before: null,
        after: expect.objectContaining({ serial: license.serial, user_id: user.id }),
      });
      expect(audit.actor_system_user_id).toEqual(expect.any(Number));
    });

    it.each([
      ['an unknown licence type', { product_id: 1, license_type: 'Gold' }],
      ['no product', { license_type: 'NFR' }],
      ['a product id that is not a number', { product_id: 'x', license_type: 'NFR' }],
    ])('rejects %s with 400 and creates nothing', async (_label, payload) => {
      const before = await digests();
      const response = await call('POST', `/users/${suite.world.ann.id}/licenses`, suite.world.staffAToken, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message[0]).toEqual(expect.any(String));
      expect(await digests()).toEqual(before);
    });

    it("refuses another manufacturer's product or user with 404 and creates nothing", async () => {
      const before = await digests();
      const foreignProduct = await call('POST', `/users/${suite.world.ann.id}/licenses`, suite.world.staffAToken, {
        product_id: suite.world.betaProduct.id,
        license_type: 'NFR',
      });
      expect(foreignProduct.statusCode).toBe(404);
      expect(foreignProduct.json()).toEqual({ message: ['Product not found'] });
      const foreignUser = await call('POST', `/users/${suite.world.betaUser.id}/licenses`, suite.world.staffAToken, {
        product_id: suite.world.synth.id,
        license_type: 'NFR',
      });
      expect(foreignUser.json()).toEqual({ message: ['User not found'] });
      expect(
        (
          await call('POST', `/users/${suite.world.ann.id}/licenses`, suite.world.superToken, {
            product_id: suite.world.synth.id,
            license_type: 'NFR',
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (
          await call('POST', `/users/${suite.world.ann.id}/licenses`, undefined, {
            product_id: suite.world.synth.id,
            license_type: 'NFR',
          })
        ).statusCode,
      ).toBe(401);
      expect(await digests()).toEqual(before);
    });
  });

  describe('PATCH /licenses/{id}: deactivate and activate', () => {
    it('deactivates with a reason and audits before and after', async () => {
      const response = await call('PATCH', `/licenses/${suite.world.bobSynth.id}`, suite.world.staffAToken, {
        disabled: true,
        disabled_reason: 'CancelledOrder',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        id: suite.world.bobSynth.id,
        disabled: true,
        disabled_reason: 'CancelledOrder',
        user: { email: 'bob@listener.example' },
      });
      const audit = await auditRows(suite.t.db, 'license', suite.world.bobSynth.id);
      expect(audit.at(-1)).toMatchObject({
        action: 'license.disable',
        before: expect.objectContaining({ disabled: false, disabled_reason: null }),
        after: expect.objectContaining({ disabled: true, disabled_reason: 'CancelledOrder' }),
      });
    });

    it('activates with a null reason', async () => {
      const response = await call('PATCH', `/licenses/${suite.world.bobSynth.id}`, suite.world.staffAToken, {
        disabled: false,
        disabled_reason: null,
      });
      expect(response.json()).toMatchObject({ disabled: false, disabled_reason: null });
      expect((await auditRows(suite.t.db, 'license', suite.world.bobSynth.id)).at(-1)).toMatchObject({
        action: 'license.enable',
      });
    });

    it('changes nothing and audits nothing when the state is already the asked one', async () => {
      const before = await digests();
      const response = await call('PATCH', `/licenses/${suite.world.bobSynth.id}`, suite.world.staffAToken, {
        disabled: false,
      });
      expect(response.statusCode).toBe(200);
      expect(await digests()).toEqual(before);
    });

    it.each([
      [{ disabled: true }, 'Please select a reason for deactivation'],
      [{ disabled: true, disabled_reason: null }, 'Please select a reason for deactivation'],
      [
        { disabled: false, disabled_reason: 'FraudulentUse' },
        'disabled_reason must be null when a license is activated',
      ],
      [{ disabled: true, disabled_reason: 'Lost' }, expect.stringContaining('disabled_reason')],
      [{}, expect.stringContaining('Nothing to change')],
      [{ disabled_reason: 'DuplicateOrder' }, expect.stringContaining('Nothing to change')],
      [{ disabled: true, disabled_reason: 'DuplicateOrder', user_id: 1 }, expect.stringContaining('not both')],
      [
        { disabled: true, disabled_reason: 'DuplicateOrder', email: 'a@b.example' },
        expect.stringContaining('send it with user_id'),
      ],
      [{ disabled: 'yes' }, expect.stringContaining('disabled')],
    ])('rejects %j with 400 and changes nothing', async (payload, message) => {
      const before = await digests();
      const response = await call('PATCH', `/licenses/${suite.world.bobSynth.id}`, suite.world.staffAToken, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message[0]).toEqual(message);
      expect(await digests()).toEqual(before);
    });

    it("answers 404 for another manufacturer's licence and changes nothing", async () => {
      const before = await digests();
      for (const id of [suite.world.betaLicense.id, 999999]) {
        const response = await call('PATCH', `/licenses/${id}`, suite.world.staffAToken, {
          disabled: true,
          disabled_reason: 'FraudulentUse',
        });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ message: ['License not found'] });
      }
      expect(
        (await call('PATCH', `/licenses/${suite.world.bobSynth.id}`, suite.world.superToken, { disabled: false }))
          .statusCode,
      ).toBe(403);
      expect(
        (await call('PATCH', `/licenses/${suite.world.bobSynth.id}`, undefined, { disabled: false })).statusCode,
      ).toBe(401);
      expect(await digests()).toEqual(before);
    });
  });

  describe('PATCH /licenses/{id}: transfer', () => {
    it('moves the licence to another end user, records the transfer and audits it', async () => {
      const response = await call('PATCH', `/licenses/${suite.world.annSynth.id}`, suite.world.staffAToken, {
        user_id: suite.world.bob.id,
        email: 'BOB@listener.example',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        id: suite.world.annSynth.id,
        user_id: suite.world.bob.id,
        user: { email: 'bob@listener.example' },
        serial: suite.world.annSynth.serial,
      });
      const transfers = await suite.t.db
        .selectFrom('license_transfers')
        .selectAll()
        .where('license_id', '=', suite.world.annSynth.id)
        .execute();
      expect(transfers).toEqual([
        expect.objectContaining({
          from_user_id: suite.world.ann.id,
          to_user_id: suite.world.bob.id,
          manufacturer_id: suite.world.manufacturerA.id,
        }),
      ]);
      expect((await auditRows(suite.t.db, 'license', suite.world.annSynth.id)).at(-1)).toMatchObject({
        action: 'license.transfer',
        before: expect.objectContaining({ user_id: suite.world.ann.id, user_email: 'ann@listener.example' }),
        after: expect.objectContaining({
          user_id: suite.world.bob.id,
          user_email: 'bob@listener.example',
          transfer_id: transfers[0].id,
        }),
      });
      const annLicenses = (await call('GET', `/users/${suite.world.ann.id}/licenses`, suite.world.staffAToken))
        .json()
        .data.map((l: License) => l.id);
      const bobLicenses = (await call('GET', `/users/${suite.world.bob.id}/licenses`, suite.world.staffAToken))
        .json()
        .data.map((l: License) => l.id);
      expect(annLicenses).not.toContain(suite.world.annSynth.id);
      expect(bobLicenses).toContain(suite.world.annSynth.id);
    });

    it('transfers without the email too', async () => {
      const response = await call('PATCH', `/licenses/${suite.world.annSynth.id}`, suite.world.staffAToken, {
        user_id: suite.world.ann.id,
      });
      expect(response.json()).toMatchObject({ user_id: suite.world.ann.id });
    });

    it.each([
      [
        'the current owner',
        () => ({ user_id: suite.world.ann.id }),
        409,
        'The license already belongs to this user: choose another user to transfer it to.',
      ],
      ["another manufacturer's user", () => ({ user_id: suite.world.betaUser.id }), 404, 'User not found'],
      ['a missing user', () => ({ user_id: 999999 }), 404, 'User not found'],
      [
        'an email of somebody else',
        () => ({ user_id: suite.world.bob.id, email: 'ann@listener.example' }),
        400,
        'The email does not belong to the chosen user.',
      ],
      ['a user id that is not an id', () => ({ user_id: 0 }), 400, expect.stringContaining('user_id')],
    ])('refuses a transfer to %s and changes nothing', async (_label, payload, status, message) => {
      const before = await digests();
      const response = await call('PATCH', `/licenses/${suite.world.annSynth.id}`, suite.world.staffAToken, payload());
      expect(response.statusCode).toBe(status);
      expect(response.json().message[0]).toEqual(message);
      expect(await digests()).toEqual(before);
    });

    it("cannot transfer another manufacturer's licence to one of ours", async () => {
      const before = await digests();
      const response = await call('PATCH', `/licenses/${suite.world.betaLicense.id}`, suite.world.staffAToken, {
        user_id: suite.world.bob.id,
      });
      expect(response.statusCode).toBe(404);
      expect(await digests()).toEqual(before);
    });
  });

  describe('PATCH /licenses/bulk-update', () => {
    const bulk = (payload: unknown, token = suite.world.staffAToken) =>
      call('PATCH', '/licenses/bulk-update', token, payload);

    it('deactivates every chosen licence with the reason, audits each change, answers them in order', async () => {
      const ids = [suite.world.annDrums.id, suite.world.bobSynth.id, suite.world.annDrums.id];
      const response = await bulk({ license_ids: ids, disabled: true, disabled_reason: 'DuplicateOrder' });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.map((l: License) => [l.id, l.disabled, l.disabled_reason])).toEqual([
        [suite.world.annDrums.id, true, 'DuplicateOrder'],
        [suite.world.bobSynth.id, true, 'DuplicateOrder'],
      ]);
      for (const id of [suite.world.annDrums.id, suite.world.bobSynth.id])
        expect((await auditRows(suite.t.db, 'license', id)).at(-1)).toMatchObject({ action: 'license.disable' });
    });

    it('activates them again with null reasons, leaving licences already in that state untouched', async () => {
      const untouched = await licenseRow(suite.world.annSynth.id);
      const response = await bulk({
        license_ids: [suite.world.annDrums.id, suite.world.bobSynth.id, suite.world.annSynth.id],
        disabled: false,
        disabled_reason: null,
      });
      expect(response.json().data.map((l: License) => [l.disabled, l.disabled_reason])).toEqual([
        [false, null],
        [false, null],
        [false, null],
      ]);
      expect(await licenseRow(suite.world.annSynth.id)).toEqual(untouched);
      expect(
        (await auditRows(suite.t.db, 'license', suite.world.annSynth.id)).filter(
          (row) => row.action === 'license.enable',
        ),
      ).toHaveLength(0);
    });

    it.each([
      ['one unknown id', () => [suite.world.annDrums.id, 999999], () => 'License not found: 999999'],
      [
        "another manufacturer's licence",
        () => [suite.world.betaLicense.id, suite.world.bobSynth.id, 999998],
        () => `Licenses not found: ${suite.world.betaLicense.id}, 999998`,
      ],
    ])('is atomic: %s and nothing changes at all', async (_label, ids, message) => {
      const before = await digests();
      const response = await bulk({ license_ids: ids(), disabled: true, disabled_reason: 'FraudulentUse' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: [message()] });
      expect(await digests()).toEqual(before);
    });

    it.each([
      [{ license_ids: [1], disabled: true }, 'Please select a reason for deactivation'],
      [{ license_ids: [1], disabled: true, disabled_reason: null }, 'Please select a reason for deactivation'],
      [{ license_ids: [], disabled: false }, expect.stringContaining('license_ids')],
      [
        { license_ids: Array.from({ length: 1001 }, (_, i) => i + 1), disabled: false },
        expect.stringContaining('license_ids'),
      ],
      [{ license_ids: ['x'], disabled: false }, expect.stringContaining('license_ids')],
      [{ license_ids: [1] }, 'disabled is required'],
    ])('rejects %j with 400 and changes nothing', async (payload, message) => {
      const before = await digests();
      const response = await bulk(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message[0]).toEqual(message);
      expect(await digests()).toEqual(before);
    });

    it('needs a session and manufacturer staff', async () => {
      expect(
        (await bulk({ license_ids: [suite.world.bobSynth.id], disabled: false }, suite.world.superToken)).statusCode,
      ).toBe(403);
      expect(
        (
          await call('PATCH', '/licenses/bulk-update', undefined, {
            license_ids: [suite.world.bobSynth.id],
            disabled: false,
          })
        ).statusCode,
      ).toBe(401);
      const response = await bulk(
        { license_ids: [suite.world.bobSynth.id], disabled: true, disabled_reason: 'DuplicateOrder' },
        suite.world.staffBToken,
      );
      expect(response.statusCode).toBe(404);
      expect((await licenseRow(suite.world.bobSynth.id)).disabled).toBe(false);
    });
  });
});
