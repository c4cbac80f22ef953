import { sql } from 'kysely';
import { createTestApp, type TestApp } from './support/test-app';
import { auth, createTenants, systemUserIdOf } from './support/fixtures';
import { createEndUser } from './support/users-fixtures';
import { notAnInstant, OBJECT_ID_NEEDS_TYPE, RANGE_BACKWARDS } from '../src/audit/routes';

describe('GET /audit-events', () => {
  let t: TestApp;
  let tenants: Awaited<ReturnType<typeof createTenants>>;
  let productA: number;
  let licenseA: number;
  let staffAId: number;

  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: auth(token) });

  beforeAll(async () => {
    t = await createTestApp();
    tenants = await createTenants(t.app, t.db);
    staffAId = await systemUserIdOf(t.db, 'staff@alpha.example');
    const staffA = auth(tenants.staffAToken);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/products',
      headers: staffA,
      payload: { type: 'Full', name: 'Echo', plugin_name: 'Echo' },
    });
    productA = created.json().id;
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/products/${productA}`,
      headers: staffA,
      payload: { type: 'Full', name: 'Echo Two', plugin_name: 'Echo' },
    });
    const user = await createEndUser(t.db, tenants.manufacturerA.id, 'buyer@alpha.example');
    licenseA = (
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/users/${user.id}/licenses`,
        headers: staffA,
        payload: { product_id: productA, license_type: 'NFR' },
      })
    ).json().id;
    const disabled = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/licenses/${licenseA}`,
      headers: staffA,
      payload: { disabled: true, disabled_reason: 'CancelledOrder' },
    });
    expect(disabled.statusCode).toBe(200);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/manufacturers/${tenants.manufacturerB.id}`,
      headers: auth(tenants.superToken),
      payload: { phone: '+1 555 0100' },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/products',
      headers: auth(tenants.staffBToken),
      payload: { type: 'Full', name: 'Beta Only', plugin_name: 'BetaOnly' },
    });
    // A plugin call: no console user.
    await t.db
      .insertInto('audit_log')
      .values({
        manufacturer_id: tenants.manufacturerA.id,
        actor_system_user_id: null,
        action: 'license.activate',
        entity_type: 'license',
        entity_id: String(licenseA),
        after: JSON.stringify({ hardware_fingerprint: 'FP-1' }),
      })
      .execute();
  });
  afterAll(() => t.close());

  it('lists the manufacturer’s own events newest first, with actor, object and field-by-field changes in words', async () => {
    const response = await get('/api/v1/audit-events', tenants.staffAToken);
    expect(response.statusCode).toBe(200);
    const { data, pagination } = response.json();
    expect(data.map((event: { action: string }) => event.action)).toEqual([
      'license.activate',
      'license.disable',
      'license.create',
      'product.update',
      'product.create',
    ]);
    expect(pagination).toEqual({
      records: { total: 5, per_page: 25 },
      pages: { current: 1, previous: null, next: null, last: 1 },
    });
    expect(data[0].actor).toEqual({ type: 'client' });
    const disable = data[1];
    expect(disable).toMatchObject({
      actor: { type: 'user', id: staffAId, email: 'staff@alpha.example' },
      object: { type: 'license', id: String(licenseA) },
    });
    expect(disable.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(disable.changes).toEqual([
      { field: 'disabled', before: false, after: true, summary: 'Deactivated: no → yes (reason CancelledOrder)' },
    ]);
    expect(data[3].changes).toEqual([
      { field: 'name', before: 'Echo', after: 'Echo Two', summary: 'Name: Echo → Echo Two' },
    ]);
    expect(JSON.stringify(data)).not.toContain('private_key');
  });

  it('filters by object, actor, action and time range', async () => {
    const of = async (query: string) =>
      (await get(`/api/v1/audit-events?${query}`, tenants.staffAToken))
        .json()
        .data.map((event: { action: string }) => event.action);
    expect(await of(`object_type=product&object_id=${productA}`)).toEqual(['product.update', 'product.create']);
    expect(await of('object_type=license')).toEqual(['license.activate', 'license.disable', 'license.create']);
    expect(await of('actor=client')).toEqual(['license.activate']);
    expect(await of(`actor=${staffAId}`)).toHaveLength(4);
    expect(await of('action=license.disable')).toEqual(['license.disable']);
    await t.db
      .updateTable('audit_log')
      .set({ created_at: sql`'2020-01-01T00:00:00Z'` })
      .where('action', '=', 'product.create')
      .where('manufacturer_id', '=', tenants.manufacturerA.id)
      .execute();
    expect(await of('from=2019-12-31T00:00:00Z&to=2020-01-02T00:00:00Z')).toEqual(['product.create']);
    expect(await of('to=2020-01-01T00:00:00Z')).toEqual([]);
    expect(await of('from=2021-01-01T00:00:00Z')).toHaveLength(4);
  });

  it('pages as every list does', async () => {
    const response = await get('/api/v1/audit-events?per_page=2&page=2', tenants.staffAToken);
    const { data, pagination } = response.json();
    expect(data.map((event: { action: string }) => event.action)).toEqual(['license.create', 'product.update']);
    expect(pagination).toEqual({
      records: { total: 5, per_page: 2 },
      pages: { current: 2, previous: 1, next: 3, last: 3 },
    });
    expect((await get('/api/v1/audit-events?per_page=2&page=9', tenants.staffAToken)).json().data).toEqual([]);
  });

  it('pages a time range the same way (its page is taken from the range’s ids first), within the tenant', async () => {
    const range = 'from=2000-01-01T00:00:00Z&to=2100-01-01T00:00:00Z';
    const { data, pagination } = (
      await get(`/api/v1/audit-events?${range}&per_page=2&page=2`, tenants.staffAToken)
    ).json();
    expect(data.map((event: { action: string }) => event.action)).toEqual(['license.create', 'product.update']);
    expect(data[0].changes.length).toBeGreaterThan(0);
    expect(pagination).toEqual({
      records: { total: 5, per_page: 2 },
      pages: { current: 2, previous: 1, next: 3, last: 3 },
    });
    const other = (await get(`/api/v1/audit-events?${range}&action=license.disable`, tenants.staffBToken)).json();
    expect(other.data).toEqual([]);
  });

  it('keeps tenants apart: B sees only its own (incl. the superuser’s change to B), even when filtering by A’s objects', async () => {
    const own = (await get('/api/v1/audit-events', tenants.staffBToken)).json();
    expect(own.data.map((event: { action: string }) => event.action)).toEqual([
      'product.create',
      'manufacturer.update',
    ]);
    const foreign = (
      await get(`/api/v1/audit-events?object_type=license&object_id=${licenseA}`, tenants.staffBToken)
    ).json();
    expect(foreign.data).toEqual([]);
  });

  it('shows the superuser the manufacturer-level events only', async () => {
    const response = await get('/api/v1/audit-events', tenants.superToken);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({
      action: 'manufacturer.update',
      object: { type: 'manufacturer', id: String(tenants.manufacturerB.id) },
    });
    expect(data[0].changes).toEqual([
      { field: 'phone', before: null, after: '+1 555 0100', summary: 'Phone: none → +1 555 0100' },
    ]);
  });

  it.each([
    ['object_id without object_type', 'object_id=5', OBJECT_ID_NEEDS_TYPE],
    ['a range that ends before it starts', 'from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z', RANGE_BACKWARDS],
    ['an empty range', 'from=2026-02-01T00:00:00Z&to=2026-02-01T00:00:00Z', RANGE_BACKWARDS],
    ['a leap second', 'from=2026-06-30T23:59:60Z', notAnInstant('from')],
    ['year 0', 'to=0000-01-01T00:00:00Z', notAnInstant('to')],
  ])('refuses %s with a sentence', async (_, query, message) => {
    const response = await get(`/api/v1/audit-events?${query}`, tenants.staffAToken);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: [message] });
  });

  it.each([
    'actor=someone',
    'actor=0',
    'object_type=Product',
    'object_id=abc',
    'action=DROP%20TABLE',
    'from=yesterday',
    'to=2026-13-01T00:00:00Z',
    'per_page=0',
    'page=0',
    'per_page=251',
  ])('refuses the malformed %s with a 400', async (query) => {
    const response = await get(`/api/v1/audit-events?${query}`, tenants.staffAToken);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toEqual([expect.any(String)]);
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/audit-events' })).statusCode).toBe(401);
  });
});
