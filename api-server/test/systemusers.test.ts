import { sql } from 'kysely';
import { createHash } from 'node:crypto';
import { createTestApp, type TestApp } from './support/test-app';
import { auth, createManufacturer, createSystemUser, login, PASSWORD } from './support/fixtures';

describe('system user login and sessions', () => {
  let t: TestApp;
  let manufacturerId: number;

  beforeAll(async () => {
    t = await createTestApp();
    manufacturerId = (await createManufacturer(t.db, 'Alpha Audio')).id;
    await createSystemUser(t.db, 'staff@alpha.example', manufacturerId);
    await createSystemUser(t.db, 'Super@Example.com', null);
  });
  afterAll(() => t.close());

  it('answers token, access level and manufacturer for manufacturer staff', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/systemusers/login',
      payload: { email: 'staff@alpha.example', password: PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      token: expect.any(String),
      access_level: 'manufacturer',
      manufacturer: { id: manufacturerId, name: 'Alpha Audio' },
    });
    expect(Buffer.from(body.token, 'base64url').length).toBeGreaterThanOrEqual(16);
  });

  it('answers a superuser with no manufacturer, matching the email case-insensitively', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/systemusers/login',
      payload: { email: 'super@example.com', password: PASSWORD },
    });
    expect(response.json()).toMatchObject({ access_level: 'superuser', manufacturer: null });
  });

  it('answers the same 401 for an unknown email and a wrong password', async () => {
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v1/systemusers/login',
      payload: { email: 'nobody@example.com', password: PASSWORD },
    });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/v1/systemusers/login',
      payload: { email: 'staff@alpha.example', password: 'wrong-password' },
    });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json()).toEqual({ message: ['Invalid email or password.'] });
  });

  it('rejects a malformed login body with 400 and a readable message', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/systemusers/login',
      payload: { email: 'a@b.c' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: ['password is required'] });
  });

  it('stores only a hash of the token, and gives a new token at every login', async () => {
    const first = await login(t.app, 'staff@alpha.example');
    const second = await login(t.app, 'staff@alpha.example');
    expect(first).not.toBe(second);
    const rows = await t.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.map((row) => row.token_hash)).not.toContain(first);
    expect(rows.map((row) => row.token_hash)).toContain(createHash('sha256').update(first).digest('hex'));
  });

  it('answers the signed-in user on /systemusers/me, and 401 without a valid token', async () => {
    const token = await login(t.app, 'staff@alpha.example');
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/systemusers/me', headers: auth(token) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      id: expect.any(Number),
      email: 'staff@alpha.example',
      access_level: 'manufacturer',
      manufacturer: { id: manufacturerId, name: 'Alpha Audio' },
      staff_role: 'owner',
    });

    for (const headers of [{}, { authorization: 'MSession nope' }]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/systemusers/me', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: ['Authentication required. Please sign in.'] });
    }
    // Bearer is the API keys' scheme (docs/selling.md): a session token there is no key, and never a session.
    const asBearer = await t.app.inject({
      method: 'GET',
      url: '/api/v1/systemusers/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(asBearer.statusCode).toBe(401);
    expect(asBearer.json()).toEqual({ message: ['The API key is not valid.'] });
  });

  it('revokes the session on logout', async () => {
    const token = await login(t.app, 'staff@alpha.example');
    const out = await t.app.inject({ method: 'POST', url: '/api/v1/systemusers/logout', headers: auth(token) });
    expect(out.statusCode).toBe(204);
    const after = await t.app.inject({ method: 'GET', url: '/api/v1/systemusers/me', headers: auth(token) });
    expect(after.statusCode).toBe(401);
  });

  it('refuses a session older than 24 hours', async () => {
    const token = await login(t.app, 'staff@alpha.example');
    await t.db
      .updateTable('sessions')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('token_hash', '=', createHash('sha256').update(token).digest('hex'))
      .execute();
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/systemusers/me', headers: auth(token) });
    expect(response.statusCode).toBe(401);
  });

  it('never takes the session from the authorization cookie outside file downloads', async () => {
    const token = await login(t.app, 'staff@alpha.example');
    const get = await t.app.inject({ method: 'GET', url: '/api/v1/systemusers/me', cookies: { authorization: token } });
    expect(get.statusCode).toBe(401);
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/v1/systemusers/logout',
      cookies: { authorization: token },
    });
    expect(post.statusCode).toBe(401);
  });

  it('refuses a disabled system user', async () => {
    const user = await createSystemUser(t.db, 'gone@alpha.example', manufacturerId);
    const token = await login(t.app, 'gone@alpha.example');
    await t.db.updateTable('system_users').set({ disabled: true }).where('id', '=', user.id).execute();
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/systemusers/me', headers: auth(token) })).statusCode,
    ).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/systemusers/login',
      payload: { email: 'gone@alpha.example', password: PASSWORD },
    });
    expect(again.statusCode).toBe(401);
  });
});

describe('login rate limiting', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ loginRateLimitPerMinute: 3 });
  });
  afterAll(() => t.close());

  it('answers 429 with Retry-After once an address tries one account too often', async () => {
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/systemusers/login',
        payload: { email: 'target@example.com', password: 'guess' },
      });
    for (let i = 0; i < 3; i += 1) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json().message[0]).toMatch(/Too many attempts/);
    const otherAccount = await t.app.inject({
      method: 'POST',
      url: '/api/v1/systemusers/login',
      payload: { email: 'other@example.com', password: 'guess' },
    });
    expect(otherAccount.statusCode).toBe(401);
  });
});
