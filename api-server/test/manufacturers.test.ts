import { createTestApp, type TestApp } from './support/test-app';
import { auth, createTenants, tableDigest } from './support/fixtures';

describe('manufacturers API', () => {
  let t: TestApp;
  let tenants: Awaited<ReturnType<typeof createTenants>>;

  beforeAll(async () => {
    t = await createTestApp();
    tenants = await createTenants(t.app, t.db);
  });
  afterAll(() => t.close());

  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: auth(token) });
  const patch = (url: string, token: string, payload: unknown) => t.app.inject({ method: 'PATCH', url, headers: auth(token), payload: payload as object });

  it('lists manufacturers for a superuser in the paged shape', async () => {
    const response = await get('/api/v1/manufacturers?page=1&per_page=1', tenants.superToken);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: [expect.objectContaining({ id: tenants.manufacturerA.id, name: 'Alpha Audio', email: 'alpha@example.com', country_code: 'DE' })],
      pagination: { records: { total: 2, per_page: 1 }, pages: { current: 1, previous: null, next: 2, last: 2 } },
    });
  });

  it('searches by name or email, case-insensitively, with LIKE characters taken literally', async () => {
    const byName = await get('/api/v1/manufacturers?search=beta', tenants.superToken);
    expect(byName.json().data.map((m: { name: string }) => m.name)).toEqual(['Beta Sound']);
    const byEmail = await get('/api/v1/manufacturers?search=ALPHA@', tenants.superToken);
    expect(byEmail.json().data.map((m: { name: string }) => m.name)).toEqual(['Alpha Audio']);
    const wildcard = await get('/api/v1/manufacturers?search=%25', tenants.superToken);
    expect(wildcard.json().data).toEqual([]);
  });

  it('refuses the list to manufacturer staff with the superuser message', async () => {
    const response = await get('/api/v1/manufacturers', tenants.staffAToken);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: ['Access denied. Superuser privileges required.'] });
  });

  it('lets staff read their own manufacturer and answers 404 for another one', async () => {
    expect((await get(`/api/v1/manufacturers/${tenants.manufacturerA.id}`, tenants.staffAToken)).json().name).toBe('Alpha Audio');
    const other = await get(`/api/v1/manufacturers/${tenants.manufacturerB.id}`, tenants.staffAToken);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: ['Manufacturer not found'] });
    expect((await get('/api/v1/manufacturers/999999', tenants.superToken)).json()).toEqual({ message: ['Manufacturer not found'] });
  });

  it('validates ids in the path', async () => {
    const response = await get('/api/v1/manufacturers/abc', tenants.superToken);
    expect(response.statusCode).toBe(400);
  });

  it('updates a manufacturer, normalises blanks and country code, and audits before/after', async () => {
    const response = await patch(`/api/v1/manufacturers/${tenants.manufacturerA.id}`, tenants.staffAToken, {
      ...tenants.manufacturerA,
      created_at: tenants.manufacturerA.created_at.toISOString(),
      updated_at: tenants.manufacturerA.updated_at.toISOString(),
      name: '  Alpha Audio GmbH ',
      phone: '',
      country_code: 'at',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Alpha Audio GmbH', phone: null, country_code: 'AT' });
    const audit = await t.db.selectFrom('audit_log').selectAll().where('entity_type', '=', 'manufacturer').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'manufacturer.update', entity_id: String(tenants.manufacturerA.id), manufacturer_id: tenants.manufacturerA.id });
    expect((audit[0].before as { name: string }).name).toBe('Alpha Audio');
    expect((audit[0].after as { name: string }).name).toBe('Alpha Audio GmbH');
  });

  it('rejects bad input with 400 and changes nothing', async () => {
    const before = await tableDigest(t.db, 'manufacturers');
    for (const payload of [{ name: '' }, { name: '   ' }, { country_code: 'DEU' }, { country_code: '1A' }, { email: 'not-an-email' }, { name: 'x'.repeat(201) }]) {
      const response = await patch(`/api/v1/manufacturers/${tenants.manufacturerA.id}`, tenants.superToken, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message[0]).toEqual(expect.any(String));
    }
    expect(await tableDigest(t.db, 'manufacturers')).toBe(before);
  });

  it('strips unknown fields instead of storing them', async () => {
    const response = await patch(`/api/v1/manufacturers/${tenants.manufacturerB.id}`, tenants.superToken, { name: 'Beta Sound Inc', owner: 'mallory' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).not.toHaveProperty('owner');
  });

  it('does not let staff edit another manufacturer, and changes nothing', async () => {
    const before = await tableDigest(t.db, 'manufacturers');
    const response = await patch(`/api/v1/manufacturers/${tenants.manufacturerB.id}`, tenants.staffAToken, { name: 'Hijacked' });
    expect(response.statusCode).toBe(404);
    expect(await tableDigest(t.db, 'manufacturers')).toBe(before);
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/manufacturers' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/v1/manufacturers/${tenants.manufacturerA.id}`, payload: { name: 'x' } })).statusCode).toBe(401);
  });
});
