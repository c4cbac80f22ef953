import { createTestApp, type TestApp } from './support/test-app';
import { auth, createTenants } from './support/fixtures';
import { insertTestChannels } from './catalog-fixtures';

describe('catalog API: channels list', () => {
  let t: TestApp;
  let tenants: Awaited<ReturnType<typeof createTenants>>;

  beforeAll(async () => {
    t = await createTestApp();
    tenants = await createTenants(t.app, t.db);
    await insertTestChannels(t.db, tenants.manufacturerA.id, ['Beta', 'Release', 'Alpha']);
    await insertTestChannels(t.db, tenants.manufacturerB.id, ['Release']);
  });
  afterAll(() => t.close());

  const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? auth(token) : {} });

  it("lists the manufacturer's channels, the Release channel first", async () => {
    const response = await get(`/api/v1/manufacturers/${tenants.manufacturerA.id}/channels`, tenants.staffAToken);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { id: expect.any(Number), type: 'Release', name: 'Release channel' },
      { id: expect.any(Number), type: 'Beta', name: 'Beta channel' },
      { id: expect.any(Number), type: 'Alpha', name: 'Alpha channel' },
    ]);
  });

  it("answers 404 for another manufacturer's channels, exactly like a missing manufacturer", async () => {
    const other = await get(`/api/v1/manufacturers/${tenants.manufacturerB.id}/channels`, tenants.staffAToken);
    const missing = await get('/api/v1/manufacturers/999999/channels', tenants.staffAToken);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: ['Manufacturer not found'] });
    expect(missing.json()).toEqual(other.json());
  });

  it('is for manufacturer staff: 401 without a session, 403 for the superuser, 400 for a bad id', async () => {
    expect((await get(`/api/v1/manufacturers/${tenants.manufacturerA.id}/channels`)).statusCode).toBe(401);
    expect(
      (await get(`/api/v1/manufacturers/${tenants.manufacturerA.id}/channels`, tenants.superToken)).statusCode,
    ).toBe(403);
    expect((await get('/api/v1/manufacturers/abc/channels', tenants.staffAToken)).statusCode).toBe(400);
  });
});
