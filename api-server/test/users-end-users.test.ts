import { createTestApp, type TestApp } from './support/test-app';
import { EMAIL_NOT_ASCII } from 'shared-kit/contract';
import { auth, createTenants, tableDigest } from './support/fixtures';
import { createChannels, createEndUser, createProduct, transferLicense } from './support/users-fixtures';

describe('end users API', () => {
  let t: TestApp;
  let tenants: Awaited<ReturnType<typeof createTenants>>;
  let channelsA: Awaited<ReturnType<typeof createChannels>>;

  beforeAll(async () => {
    t = await createTestApp();
    tenants = await createTenants(t.app, t.db);
    channelsA = await createChannels(t.db, tenants.manufacturerA.id);
    await createChannels(t.db, tenants.manufacturerB.id);
  });
  afterAll(() => t.close());

  const request = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: auth(token), payload: payload as object | undefined });

  const editAsStaffA = (userId: number, payload: unknown) =>
    request('PATCH', `/api/v1/users/${userId}`, tenants.staffAToken, payload);

  const auditOf = (entityId: number) =>
    t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_type', '=', 'end_user')
      .where('entity_id', '=', String(entityId))
      .orderBy('id')
      .execute();

  describe('GET /users', () => {
    beforeAll(async () => {
      for (let i = 1; i <= 30; i++)
        await createEndUser(t.db, tenants.manufacturerA.id, `listener${String(i).padStart(2, '0')}@alpha.example`);
      await createEndUser(t.db, tenants.manufacturerA.id, 'under_score@alpha.example');
      await createEndUser(t.db, tenants.manufacturerB.id, 'listener01@beta.example');
    });

    it('pages the manufacturer’s own users, 25 on the first load, in the paged shape', async () => {
      const response = await request('GET', '/api/v1/users', tenants.staffAToken);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.data).toHaveLength(25);
      expect(body.pagination).toEqual({
        records: { total: 31, per_page: 25 },
        pages: { current: 1, previous: null, next: 2, last: 2 },
      });
      expect(body.data[0]).toEqual({
        id: expect.any(Number),
        email: 'listener01@alpha.example',
        external_id: null,
        manufacturer_id: tenants.manufacturerA.id,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        updated_at: expect.any(String),
      });
      const second = (await request('GET', '/api/v1/users?page=2&per_page=25', tenants.staffAToken)).json();
      expect(second.data.map((user: { email: string }) => user.email)).toEqual([
        ...Array.from({ length: 5 }, (_, i) => `listener${26 + i}@alpha.example`),
        'under_score@alpha.example',
      ]);
    });

    it('writes the timestamps exactly as a single user answers them (UTC, milliseconds)', async () => {
      const [first] = (await request('GET', '/api/v1/users?per_page=1', tenants.staffAToken)).json().data;
      const stored = await t.db
        .selectFrom('end_users')
        .select(['created_at', 'updated_at'])
        .where('id', '=', first.id)
        .executeTakeFirstOrThrow();
      expect(first).toMatchObject({
        created_at: stored.created_at.toISOString(),
        updated_at: stored.updated_at.toISOString(),
      });
    });

    it('searches by email case-insensitively, with LIKE characters taken literally', async () => {
      const byText = (await request('GET', '/api/v1/users?email=LISTENER1', tenants.staffAToken)).json();
      expect(byText.data.map((user: { email: string }) => user.email)).toEqual(
        Array.from({ length: 10 }, (_, i) => `listener${10 + i}@alpha.example`),
      );
      expect(byText.pagination.records.total).toBe(10);
      const secondPage = (
        await request('GET', '/api/v1/users?email=listener&page=2&per_page=25', tenants.staffAToken)
      ).json();
      expect(secondPage.data.map((user: { email: string }) => user.email)).toEqual(
        Array.from({ length: 5 }, (_, i) => `listener${26 + i}@alpha.example`),
      );
      expect(secondPage.pagination).toEqual({
        records: { total: 30, per_page: 25 },
        pages: { current: 2, previous: 1, next: null, last: 2 },
      });
      const underscore = (await request('GET', '/api/v1/users?email=_', tenants.staffAToken)).json();
      expect(underscore.data.map((user: { email: string }) => user.email)).toEqual(['under_score@alpha.example']);
      const none = (await request('GET', '/api/v1/users?email=%25', tenants.staffAToken)).json();
      expect(none).toEqual({
        data: [],
        pagination: { records: { total: 0, per_page: 25 }, pages: { current: 1, previous: null, next: null, last: 1 } },
      });
    });

    it('never shows another manufacturer’s users', async () => {
      const body = (await request('GET', '/api/v1/users?email=beta.example', tenants.staffAToken)).json();
      expect(body.data).toEqual([]);
      const other = (await request('GET', '/api/v1/users', tenants.staffBToken)).json();
      expect(other.data.map((user: { email: string }) => user.email)).toEqual(['listener01@beta.example']);
    });

    it('validates paging', async () => {
      for (const query of ['page=0', 'per_page=251', 'page=x', `email=${'a'.repeat(321)}`]) {
        const response = await request('GET', `/api/v1/users?${query}`, tenants.staffAToken);
        expect(response.statusCode).toBe(400);
        expect(response.json().message[0]).toEqual(expect.any(String));
      }
    });

    it('is for manufacturer staff: 401 without a session, 403 for the superuser', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/users' })).statusCode).toBe(401);
      const superuser = await request('GET', '/api/v1/users', tenants.superToken);
      expect(superuser.statusCode).toBe(403);
      expect(superuser.json().message).toEqual(['Access denied. This action is for manufacturer users.']);
    });
  });

  describe('POST /users', () => {
    it('creates a user, puts them in the Release channel and audits it', async () => {
      const response = await request('POST', '/api/v1/users', tenants.staffAToken, {
        email: 'New.Person@Alpha.example',
        external_id: ' crm-42 ',
      });
      expect(response.statusCode).toBe(201);
      const created = response.json();
      expect(created).toMatchObject({
        email: 'New.Person@Alpha.example',
        external_id: 'crm-42',
        manufacturer_id: tenants.manufacturerA.id,
      });
      const memberships = await t.db
        .selectFrom('channel_memberships')
        .select(['channel_id', 'manufacturer_id'])
        .where('user_id', '=', created.id)
        .execute();
      expect(memberships).toEqual([{ channel_id: channelsA.release.id, manufacturer_id: tenants.manufacturerA.id }]);
      const audit = await auditOf(created.id);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        action: 'end_user.create',
        manufacturer_id: tenants.manufacturerA.id,
        before: null,
      });
      expect(audit[0].after).toMatchObject({ email: 'New.Person@Alpha.example', external_id: 'crm-42' });
    });

    it('stores an empty or missing external ID as none', async () => {
      const empty = await request('POST', '/api/v1/users', tenants.staffAToken, {
        email: 'no-external@alpha.example',
        external_id: '',
      });
      expect(empty.json().external_id).toBeNull();
      const missing = await request('POST', '/api/v1/users', tenants.staffAToken, {
        email: 'no-external-2@alpha.example',
      });
      expect(missing.statusCode).toBe(201);
      expect(missing.json().external_id).toBeNull();
    });

    it('refuses a duplicate email of the same manufacturer, whatever its case, and changes nothing', async () => {
      await createEndUser(t.db, tenants.manufacturerA.id, 'taken@alpha.example');
      const before = await tableDigest(t.db, 'end_users');
      const auditBefore = await tableDigest(t.db, 'audit_log');
      const response = await request('POST', '/api/v1/users', tenants.staffAToken, {
        email: 'TAKEN@alpha.example',
        external_id: null,
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: ['A user with the email TAKEN@alpha.example already exists.'] });
      expect(await tableDigest(t.db, 'end_users')).toBe(before);
      expect(await tableDigest(t.db, 'audit_log')).toBe(auditBefore);
    });

    it('allows the same email at another manufacturer', async () => {
      const response = await request('POST', '/api/v1/users', tenants.staffBToken, {
        email: 'taken@alpha.example',
        external_id: null,
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().manufacturer_id).toBe(tenants.manufacturerB.id);
    });

    it('rejects bad input with 400 and changes nothing', async () => {
      const before = await tableDigest(t.db, 'end_users');
      const bodies = [
        {},
        { email: '' },
        { email: 'not-an-email' },
        { email: 42 },
        { email: `${'a'.repeat(320)}@x.example` },
        { email: 'ok@alpha.example', external_id: 'x'.repeat(201) },
      ];
      for (const payload of bodies) {
        const response = await request('POST', '/api/v1/users', tenants.staffAToken, payload);
        expect(response.statusCode).toBe(400);
        expect(response.json().message[0]).toMatch(/^(email|external_id)/);
      }
      const accented = await request('POST', '/api/v1/users', tenants.staffAToken, { email: 'müller@alpha.example' });
      expect(accented.json()).toEqual({ message: [`email must match format "email": ${EMAIL_NOT_ASCII}`] });
      const noBody = await t.app.inject({
        method: 'POST',
        url: '/api/v1/users',
        headers: { ...auth(tenants.staffAToken), 'content-type': 'application/json' },
        payload: '{oops',
      });
      expect(noBody.statusCode).toBe(400);
      expect(await tableDigest(t.db, 'end_users')).toBe(before);
    });

    it('strips unknown fields instead of storing them', async () => {
      const response = await request('POST', '/api/v1/users', tenants.staffAToken, {
        email: 'strip@alpha.example',
        manufacturer_id: tenants.manufacturerB.id,
        id: 1,
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().manufacturer_id).toBe(tenants.manufacturerA.id);
    });

    it('is for manufacturer staff and changes nothing otherwise', async () => {
      const before = await tableDigest(t.db, 'end_users');
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/v1/users', payload: { email: 'x@y.example' } })).statusCode,
      ).toBe(401);
      expect((await request('POST', '/api/v1/users', tenants.superToken, { email: 'x@y.example' })).statusCode).toBe(
        403,
      );
      expect(await tableDigest(t.db, 'end_users')).toBe(before);
    });
  });

  describe('GET /users/{id}', () => {
    it('answers the user with fingerprints, channel memberships and both kinds of transfers', async () => {
      const manufacturerId = tenants.manufacturerA.id;
      const user = await createEndUser(t.db, manufacturerId, 'details@alpha.example', 'ext-1');
      const friend = await createEndUser(t.db, manufacturerId, 'friend@alpha.example');
      const product = await createProduct(t.db, manufacturerId, 'Alpha Reverb');
      await t.db
        .insertInto('fingerprints')
        .values([
          {
            manufacturer_id: manufacturerId,
            user_id: user.id,
            hardware_fingerprint: 'HW-ONE',
            created_at: '2026-01-01T10:00:00Z',
          },
          {
            manufacturer_id: manufacturerId,
            user_id: user.id,
            hardware_fingerprint: 'HW-TWO',
            created_at: '2026-02-01T10:00:00Z',
          },
        ])
        .execute();
      await t.db
        .insertInto('channel_memberships')
        .values([
          { manufacturer_id: manufacturerId, user_id: user.id, channel_id: channelsA.release.id },
          { manufacturer_id: manufacturerId, user_id: user.id, channel_id: channelsA.beta.id },
        ])
        .execute();
      const sent = await transferLicense(t.db, manufacturerId, product.id, user.id, friend.id);
      const received = await transferLicense(t.db, manufacturerId, product.id, friend.id, user.id);

      // A transfer as the details answer it, without the other party (the key differs by direction).
      const transferAnswer = ({ transfer, license }: typeof sent) => ({
        id: transfer.id,
        created_at: transfer.created_at.toISOString(),
        license: { id: license.id, serial: license.serial, product: { id: product.id, name: 'Alpha Reverb' } },
      });
      const friendAnswer = { id: friend.id, email: 'friend@alpha.example' };

      const response = await request('GET', `/api/v1/users/${user.id}`, tenants.staffAToken);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        id: user.id,
        email: 'details@alpha.example',
        external_id: 'ext-1',
        manufacturer_id: manufacturerId,
        manufacturer: { id: manufacturerId },
        created_at: user.created_at.toISOString(),
        updated_at: user.updated_at.toISOString(),
        fingerprints: [
          { id: expect.any(Number), hardware_fingerprint: 'HW-ONE', created_at: '2026-01-01T10:00:00.000Z' },
          { id: expect.any(Number), hardware_fingerprint: 'HW-TWO', created_at: '2026-02-01T10:00:00.000Z' },
        ],
        channel_memberships: [
          { created_at: expect.any(String), channel: { id: channelsA.release.id, type: 'Release', name: 'Release' } },
          { created_at: expect.any(String), channel: { id: channelsA.beta.id, type: 'Beta', name: 'Beta testers' } },
        ],
        license_transfers_sent: [{ ...transferAnswer(sent), to_user: friendAnswer }],
        license_transfers_received: [{ ...transferAnswer(received), from_user: friendAnswer }],
      });
    });

    it('answers empty lists for a user with nothing yet', async () => {
      const user = await createEndUser(t.db, tenants.manufacturerA.id, 'fresh@alpha.example');
      const body = (await request('GET', `/api/v1/users/${user.id}`, tenants.staffAToken)).json();
      expect(body).toMatchObject({
        fingerprints: [],
        channel_memberships: [],
        license_transfers_sent: [],
        license_transfers_received: [],
      });
    });

    it('answers 404 for a missing user and for another manufacturer’s, alike', async () => {
      const other = await createEndUser(t.db, tenants.manufacturerB.id, 'secret@beta.example');
      for (const id of [other.id, 999999]) {
        const response = await request('GET', `/api/v1/users/${id}`, tenants.staffAToken);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ message: ['User not found'] });
      }
    });

    it('validates the id, needs a session and is for manufacturer staff', async () => {
      for (const id of ['abc', '0', '-1', '99999999999'])
        expect((await request('GET', `/api/v1/users/${id}`, tenants.staffAToken)).statusCode).toBe(400);
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/users/1' })).statusCode).toBe(401);
      expect((await request('GET', '/api/v1/users/1', tenants.superToken)).statusCode).toBe(403);
    });
  });

  describe('PATCH /users/{id}', () => {
    it('updates email and external ID and audits before and after', async () => {
      const user = await createEndUser(t.db, tenants.manufacturerA.id, 'before@alpha.example', 'old-ext');
      const response = await editAsStaffA(user.id, { email: 'after@alpha.example', external_id: null });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: user.id, email: 'after@alpha.example', external_id: null });
      const audit = await auditOf(user.id);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ action: 'end_user.update', manufacturer_id: tenants.manufacturerA.id });
      expect(audit[0].before).toMatchObject({ email: 'before@alpha.example', external_id: 'old-ext' });
      expect(audit[0].after).toMatchObject({ email: 'after@alpha.example', external_id: null });
    });

    it('changes nothing and audits nothing when the values are unchanged', async () => {
      const user = await createEndUser(t.db, tenants.manufacturerA.id, 'unchanged@alpha.example', 'ext-u');
      const before = await tableDigest(t.db, 'end_users');
      const response = await editAsStaffA(user.id, { email: 'unchanged@alpha.example', external_id: ' ext-u ' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        email: 'unchanged@alpha.example',
        external_id: 'ext-u',
        updated_at: user.updated_at.toISOString(),
      });
      expect(await tableDigest(t.db, 'end_users')).toBe(before);
      expect(await auditOf(user.id)).toEqual([]);
    });

    it('lets a user keep their own email, even in another case', async () => {
      const user = await createEndUser(t.db, tenants.manufacturerA.id, 'same@alpha.example');
      const response = await editAsStaffA(user.id, { email: 'Same@Alpha.example', external_id: 'ext-9' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ email: 'Same@Alpha.example', external_id: 'ext-9' });
    });

    it('refuses another user’s email, whatever its case, and changes nothing', async () => {
      await createEndUser(t.db, tenants.manufacturerA.id, 'occupied@alpha.example');
      const user = await createEndUser(t.db, tenants.manufacturerA.id, 'mover@alpha.example');
      const before = await tableDigest(t.db, 'end_users');
      const response = await editAsStaffA(user.id, { email: 'Occupied@alpha.example', external_id: null });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: ['A user with the email Occupied@alpha.example already exists.'] });
      expect(await tableDigest(t.db, 'end_users')).toBe(before);
    });

    it('requires a valid email and changes nothing on bad input', async () => {
      const user = await createEndUser(t.db, tenants.manufacturerA.id, 'valid@alpha.example');
      const before = await tableDigest(t.db, 'end_users');
      for (const payload of [{ external_id: 'x' }, { email: '' }, { email: 'nope' }, { email: null }]) {
        const response = await editAsStaffA(user.id, payload);
        expect(response.statusCode).toBe(400);
        expect(response.json().message[0]).toMatch(/^email/);
      }
      expect(await tableDigest(t.db, 'end_users')).toBe(before);
    });

    it('answers 404 for another manufacturer’s user and changes nothing', async () => {
      const other = await createEndUser(t.db, tenants.manufacturerB.id, 'victim@beta.example');
      const before = await tableDigest(t.db, 'end_users');
      const response = await editAsStaffA(other.id, {
        email: 'hijacked@alpha.example',
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: ['User not found'] });
      expect(await tableDigest(t.db, 'end_users')).toBe(before);
    });

    it('needs a session and is for manufacturer staff', async () => {
      const user = await createEndUser(t.db, tenants.manufacturerA.id, 'guarded@alpha.example');
      expect(
        (await t.app.inject({ method: 'PATCH', url: `/api/v1/users/${user.id}`, payload: { email: 'x@y.example' } }))
          .statusCode,
      ).toBe(401);
      expect(
        (await request('PATCH', `/api/v1/users/${user.id}`, tenants.superToken, { email: 'x@y.example' })).statusCode,
      ).toBe(403);
    });
  });
});
