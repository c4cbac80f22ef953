import { appForSuite } from './support/test-app';
import { auth, createTenants, systemUserIdOf, tableDigest } from './support/fixtures';

describe('manufacturers API', () => {
  const suite = appForSuite((t) => createTenants(t.app, t.db));

  const get = (url: string, token: string) => suite.t.app.inject({ method: 'GET', url, headers: auth(token) });
  const patch = (url: string, token: string, payload: unknown) =>
    suite.t.app.inject({
      method: 'PATCH',
      url,
      headers: { ...auth(token), 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
  const urlOf = (id: number) => `/api/v1/manufacturers/${id}`;
  const auditRows = () =>
    suite.t.db.selectFrom('audit_log').selectAll().where('entity_type', '=', 'manufacturer').orderBy('id').execute();
  /** Everything a manufacturer request could change. */
  const stateDigest = async () =>
    `${await tableDigest(suite.t.db, 'manufacturers')}|${await tableDigest(suite.t.db, 'audit_log')}`;

  describe('GET /manufacturers', () => {
    it('lists manufacturers for a superuser in the paged shape', async () => {
      const response = await get('/api/v1/manufacturers?page=1&per_page=1', suite.world.superToken);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        data: [
          {
            id: suite.world.manufacturerA.id,
            name: 'Alpha Audio',
            email: 'alpha@example.com',
            country_code: 'DE',
            manufacturer_pool_id: null,
            address: null,
            phone: null,
            vat_id: null,
            created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
            updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          },
        ],
        pagination: { records: { total: 2, per_page: 1 }, pages: { current: 1, previous: null, next: 2, last: 2 } },
      });
    });

    it('pages on, in id order', async () => {
      const second = await get('/api/v1/manufacturers?page=2&per_page=1', suite.world.superToken);
      expect(second.json().data.map((m: { name: string }) => m.name)).toEqual(['Beta Sound']);
      expect(second.json().pagination.pages).toEqual({ current: 2, previous: 1, next: null, last: 2 });
      const all = await get('/api/v1/manufacturers', suite.world.superToken);
      expect(all.json().data.map((m: { id: number }) => m.id)).toEqual([
        suite.world.manufacturerA.id,
        suite.world.manufacturerB.id,
      ]);
    });

    it('searches by name or email, case-insensitively, with LIKE characters taken literally', async () => {
      const byName = await get('/api/v1/manufacturers?search=beta', suite.world.superToken);
      expect(byName.json().data.map((m: { name: string }) => m.name)).toEqual(['Beta Sound']);
      const byEmail = await get('/api/v1/manufacturers?search=ALPHA@', suite.world.superToken);
      expect(byEmail.json().data.map((m: { name: string }) => m.name)).toEqual(['Alpha Audio']);
      const wildcard = await get('/api/v1/manufacturers?search=%25', suite.world.superToken);
      expect(wildcard.json()).toMatchObject({ data: [], pagination: { records: { total: 0 } } });
      const blank = await get('/api/v1/manufacturers?search=%20%20', suite.world.superToken);
      expect(blank.json().data).toHaveLength(2);
    });

    it('refuses the list to manufacturer staff with the superuser message', async () => {
      for (const token of [suite.world.staffAToken, suite.world.staffBToken]) {
        const response = await get('/api/v1/manufacturers', token);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ message: ['Access denied. Superuser privileges required.'] });
      }
    });

    it.each(['page=0', 'per_page=0', 'per_page=251', 'page=abc', `search=${'x'.repeat(201)}`])(
      'rejects the query %s with 400',
      async (query) => {
        const response = await get(`/api/v1/manufacturers?${query}`, suite.world.superToken);
        expect(response.statusCode).toBe(400);
        expect(response.json().message[0]).toMatch(/^(page|per_page|search) /);
      },
    );
  });

  describe('GET /manufacturers/:id', () => {
    it('lets a superuser read any manufacturer', async () => {
      expect((await get(urlOf(suite.world.manufacturerA.id), suite.world.superToken)).json().name).toBe('Alpha Audio');
      expect((await get(urlOf(suite.world.manufacturerB.id), suite.world.superToken)).json().name).toBe('Beta Sound');
    });

    it('lets staff read their own manufacturer and answers 404 for another one, like a missing one', async () => {
      expect((await get(urlOf(suite.world.manufacturerA.id), suite.world.staffAToken)).json().name).toBe('Alpha Audio');
      expect((await get(urlOf(suite.world.manufacturerB.id), suite.world.staffBToken)).json().name).toBe('Beta Sound');
      const other = await get(urlOf(suite.world.manufacturerB.id), suite.world.staffAToken);
      expect(other.statusCode).toBe(404);
      expect(other.json()).toEqual({ message: ['Manufacturer not found'] });
      const missing = await get(urlOf(999999), suite.world.superToken);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: ['Manufacturer not found'] });
    });

    it.each(['abc', '0', '-1', '1.5', '2147483648'])('rejects the id %s with 400', async (id) => {
      const response = await get(`/api/v1/manufacturers/${id}`, suite.world.superToken);
      expect(response.statusCode).toBe(400);
      expect(response.json().message[0]).toMatch(/^id /);
    });
  });

  describe('PATCH /manufacturers/:id', () => {
    it('lets staff update their own manufacturer from the merged object, normalised and audited with only what changed', async () => {
      const current = (await get(urlOf(suite.world.manufacturerA.id), suite.world.staffAToken)).json();
      const auditBefore = (await auditRows()).length;
      const response = await patch(urlOf(suite.world.manufacturerA.id), suite.world.staffAToken, {
        ...current,
        name: '  Alpha Audio GmbH ',
        address: 'Hauptstraße 1\n10115 Berlin',
        phone: '',
        vat_id: ' DE123456789 ',
        country_code: 'at',
      });
      expect(response.statusCode).toBe(200);
      const updated = response.json();
      expect(updated).toMatchObject({
        name: 'Alpha Audio GmbH',
        address: 'Hauptstraße 1\n10115 Berlin',
        phone: null,
        vat_id: 'DE123456789',
        country_code: 'AT',
        email: 'alpha@example.com',
      });
      expect(new Date(updated.updated_at).getTime()).toBeGreaterThan(new Date(current.updated_at).getTime());
      expect(updated.created_at).toBe(current.created_at);
      expect((await get(urlOf(suite.world.manufacturerA.id), suite.world.staffAToken)).json()).toEqual(updated);

      const audit = await auditRows();
      expect(audit).toHaveLength(auditBefore + 1);
      expect(audit.at(-1)).toMatchObject({
        action: 'manufacturer.update',
        entity_id: String(suite.world.manufacturerA.id),
        manufacturer_id: suite.world.manufacturerA.id,
        actor_system_user_id: await systemUserIdOf(suite.t.db, 'staff@alpha.example'),
        before: { name: 'Alpha Audio', address: null, vat_id: null, country_code: 'DE' },
        after: {
          name: 'Alpha Audio GmbH',
          address: 'Hauptstraße 1\n10115 Berlin',
          vat_id: 'DE123456789',
          country_code: 'AT',
        },
      });
    });

    it('lets a superuser update any manufacturer, audited as the superuser', async () => {
      const response = await patch(urlOf(suite.world.manufacturerB.id), suite.world.superToken, {
        email: 'hello@beta.example',
        country_code: 'GB',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ name: 'Beta Sound', email: 'hello@beta.example', country_code: 'GB' });
      expect((await auditRows()).at(-1)).toMatchObject({
        manufacturer_id: suite.world.manufacturerB.id,
        actor_system_user_id: await systemUserIdOf(suite.t.db, 'super@example.com'),
        before: { email: 'beta@example.com', country_code: 'US' },
        after: { email: 'hello@beta.example', country_code: 'GB' },
      });
    });

    it('clears optional fields sent blank or null', async () => {
      const response = await patch(urlOf(suite.world.manufacturerB.id), suite.world.superToken, {
        email: null,
        country_code: '',
        address: '   ',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ email: null, country_code: null, address: null });
      await patch(urlOf(suite.world.manufacturerB.id), suite.world.superToken, {
        email: 'beta@example.com',
        country_code: 'US',
      });
    });

    it('ignores the read-only fields of the merged object', async () => {
      const current = (await get(urlOf(suite.world.manufacturerB.id), suite.world.superToken)).json();
      const response = await patch(urlOf(suite.world.manufacturerB.id), suite.world.superToken, {
        ...current,
        id: suite.world.manufacturerA.id,
        manufacturer_pool_id: 'pool-stolen',
        created_at: '2000-01-01T00:00:00.000Z',
        phone: '+1 555 0100',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        id: suite.world.manufacturerB.id,
        manufacturer_pool_id: null,
        created_at: current.created_at,
        phone: '+1 555 0100',
      });
    });

    it('saving what is already stored changes nothing: same updated_at, no audit entry', async () => {
      const current = (await get(urlOf(suite.world.manufacturerB.id), suite.world.superToken)).json();
      const before = await stateDigest();
      const response = await patch(urlOf(suite.world.manufacturerB.id), suite.world.superToken, {
        ...current,
        name: ` ${current.name} `,
        country_code: current.country_code.toLowerCase(),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(current);
      expect(await stateDigest()).toBe(before);
    });

    it.each([
      [{ name: '' }, 'Name is required.'],
      [{ name: '   ' }, 'Name is required.'],
      [{ name: null }, 'Name is required.'],
      [{ country_code: 'DEU' }, 'Country Code must be 2 letters, e.g. US, DE, UK.'],
      [{ country_code: '1A' }, 'Country Code must be 2 letters, e.g. US, DE, UK.'],
      [{ country_code: 'D' }, 'Country Code must be 2 letters, e.g. US, DE, UK.'],
      [{ email: 'not-an-email' }, 'Email must be a valid email address, e.g. info@example.com.'],
      [{ email: 'a@b' }, 'Email must be a valid email address, e.g. info@example.com.'],
      [{ name: 'x'.repeat(201) }, 'name must NOT have more than 200 characters'],
      [{ phone: 'x'.repeat(51) }, 'phone must NOT have more than 50 characters'],
      [{ name: { first: 'Alpha' } }, 'name must be string'],
    ])('rejects %o with 400 and a clear message, changing nothing', async (payload, message) => {
      const before = await stateDigest();
      const response = await patch(urlOf(suite.world.manufacturerA.id), suite.world.superToken, {
        ...payload,
        phone: (payload as { phone?: string }).phone ?? 'changed',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message[0]).toContain(message);
      expect(await stateDigest()).toBe(before);
    });

    it('rejects a body that is not an object', async () => {
      for (const payload of [[], 'name', 42]) {
        const response = await patch(urlOf(suite.world.manufacturerA.id), suite.world.superToken, payload);
        expect(response.statusCode).toBe(400);
      }
    });

    it('strips unknown fields instead of storing them', async () => {
      const response = await patch(urlOf(suite.world.manufacturerB.id), suite.world.superToken, {
        name: 'Beta Sound Inc',
        owner: 'mallory',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).not.toHaveProperty('owner');
      expect(response.json().name).toBe('Beta Sound Inc');
    });

    it('does not let staff edit another manufacturer (404, like a missing one) and changes nothing', async () => {
      const before = await stateDigest();
      const other = await patch(urlOf(suite.world.manufacturerB.id), suite.world.staffAToken, { name: 'Hijacked' });
      expect(other.statusCode).toBe(404);
      expect(other.json()).toEqual({ message: ['Manufacturer not found'] });
      const invalidForOther = await patch(urlOf(suite.world.manufacturerB.id), suite.world.staffAToken, { name: '' });
      expect(invalidForOther.statusCode).toBe(404);
      expect(await stateDigest()).toBe(before);
    });

    it('answers 404 for a missing manufacturer and 400 for a bad id', async () => {
      const missing = await patch(urlOf(999999), suite.world.superToken, { name: 'Ghost' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: ['Manufacturer not found'] });
      expect((await patch('/api/v1/manufacturers/abc', suite.world.superToken, { name: 'x' })).statusCode).toBe(400);
    });
  });

  it('needs a session, and never takes one from the cookie for a change', async () => {
    const before = await stateDigest();
    expect((await suite.t.app.inject({ method: 'GET', url: '/api/v1/manufacturers' })).statusCode).toBe(401);
    expect((await suite.t.app.inject({ method: 'GET', url: urlOf(suite.world.manufacturerA.id) })).statusCode).toBe(
      401,
    );
    expect(
      (await suite.t.app.inject({ method: 'PATCH', url: urlOf(suite.world.manufacturerA.id), payload: { name: 'x' } }))
        .statusCode,
    ).toBe(401);
    expect(
      (await suite.t.app.inject({ method: 'GET', url: '/api/v1/manufacturers', headers: auth('not-a-real-token') }))
        .statusCode,
    ).toBe(401);
    const byCookie = await suite.t.app.inject({
      method: 'PATCH',
      url: urlOf(suite.world.manufacturerA.id),
      cookies: { authorization: suite.world.superToken },
      payload: { name: 'x' },
    });
    expect(byCookie.statusCode).toBe(401);
    expect(await stateDigest()).toBe(before);
  });
});

describe('concurrent edits of a manufacturer', () => {
  const suite = appForSuite((t) => createTenants(t.app, t.db));

  it('refuses a save based on a version someone else has changed since (409), keeping their change', async () => {
    const url = `/api/v1/manufacturers/${suite.world.manufacturerA.id}`;
    const opened = (await suite.t.app.inject({ url, headers: auth(suite.world.superToken) })).json();
    const save = (token: string, payload: object) =>
      suite.t.app.inject({ method: 'PATCH', url, headers: auth(token), payload });
    const first = await save(suite.world.staffAToken, { ...opened, phone: '+1 first' });
    expect(first.statusCode).toBe(200);
    const before = await tableDigest(suite.t.db, 'manufacturers');
    const stale = await save(suite.world.superToken, { ...opened, phone: '+1 second' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message[0]).toMatch(/Someone else changed this manufacturer/);
    expect(await tableDigest(suite.t.db, 'manufacturers')).toBe(before);
    const fresh = await save(suite.world.superToken, { ...first.json(), phone: '+1 second' });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().phone).toBe('+1 second');
  });
});
