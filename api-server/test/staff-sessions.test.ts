import { buildApp } from '../src/app';
import { readConfig } from '../src/config';
import { createTestApp, type TestApp } from './support/test-app';
import { auth, createManufacturer, createSystemUser, login, PASSWORD, systemUserIdOf } from './support/fixtures';
import { CURRENT_SESSION_NOT_ENDED, SESSION_NOT_FOUND, type StaffSession } from 'shared-kit/contract';
import { setSystemUserDisabled } from '../src/admin/set-user-disabled';
import { createSessionCache } from '../src/auth/session-cache';
import type { Principal } from '../src/auth/principal';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

describe('My sessions: list, end one, end all others; the Super User ends a staff member’s', () => {
  let t: TestApp;
  let manufacturerId: number;

  const signIn = async (email: string, headers: Record<string, string> = {}, remoteAddress = '203.0.113.20') => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/systemusers/login',
      remoteAddress,
      headers,
      payload: { email, password: PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    return response.json().token as string;
  };
  const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/v1/systemusers/me', headers: auth(token) });
  const mySessions = async (token: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/systemusers/me/sessions',
      headers: auth(token),
    });
    expect(response.statusCode).toBe(200);
    return response.json().data as StaffSession[];
  };
  const endOne = (token: string, id: number | string) =>
    t.app.inject({ method: 'DELETE', url: `/api/v1/systemusers/me/sessions/${id}`, headers: auth(token) });
  const endOthers = (token: string) =>
    t.app.inject({ method: 'DELETE', url: '/api/v1/systemusers/me/sessions', headers: auth(token) });
  const endAllOf = (token: string, id: number | string) =>
    t.app.inject({ method: 'DELETE', url: `/api/v1/systemusers/${id}/sessions`, headers: auth(token) });

  beforeAll(async () => {
    t = await createTestApp();
    manufacturerId = (await createManufacturer(t.db, 'Session Audio')).id;
    await createSystemUser(t.db, 'super@example.com', null);
    await createSystemUser(t.db, 'ana@session.example', manufacturerId);
    await createSystemUser(t.db, 'ben@session.example', manufacturerId);
    await createSystemUser(t.db, 'cleo@session.example', manufacturerId);
  });
  afterAll(() => t.close());

  it('lists the live sessions of the caller only, with device, address and times, the current one marked', async () => {
    const laptop = await signIn('ana@session.example', { 'user-agent': FIREFOX }, '203.0.113.21');
    const phone = await signIn('ana@session.example', { 'user-agent': `  Phone\u0000Browser ${'x'.repeat(400)}` });
    await signIn('ben@session.example');
    const sessions = await mySessions(laptop);
    expect(sessions).toHaveLength(2);
    const current = sessions.find((session) => session.current)!;
    expect(current).toMatchObject({ user_agent: FIREFOX, address: '203.0.113.21' });
    expect(Date.parse(current.signed_in_at)).toBeLessThanOrEqual(Date.parse(current.last_used_at));
    const other = sessions.find((session) => !session.current)!;
    expect(other.user_agent).toHaveLength(256);
    expect(other.user_agent!.startsWith('Phone Browser xx')).toBe(true);
    expect(sessions.filter((session) => session.current)).toHaveLength(1);
    expect((await mySessions(phone)).find((session) => session.current)!.id).toBe(other.id);
  });

  it('ends one other session at once; refuses the current one, another user’s and a missing one', async () => {
    const laptop = await signIn('ben@session.example');
    const tablet = await signIn('ben@session.example');
    const ana = await signIn('ana@session.example');
    const [tabletSession] = (await mySessions(tablet)).filter((session) => session.current);
    expect((await me(tablet)).statusCode).toBe(200); // cached now
    expect((await endOne(ana, tabletSession.id)).json()).toEqual({ message: [SESSION_NOT_FOUND] });
    expect((await me(tablet)).statusCode).toBe(200);
    const current = await endOne(tablet, tabletSession.id);
    expect(current.statusCode).toBe(409);
    expect(current.json()).toEqual({ message: [CURRENT_SESSION_NOT_ENDED] });
    expect((await endOne(laptop, tabletSession.id)).statusCode).toBe(204);
    expect((await me(tablet)).statusCode).toBe(401);
    expect((await mySessions(laptop)).map((session) => session.id)).not.toContain(tabletSession.id);
    expect((await endOne(laptop, tabletSession.id)).statusCode).toBe(404);
    for (const bad of ['0', '-1', 'abc', '99999999999', '1.5'])
      expect((await endOne(laptop, bad)).statusCode).toBeGreaterThanOrEqual(400);
    expect((await endOne(laptop, 2147483647)).statusCode).toBe(404);
  });

  it('ends all other sessions of the caller and keeps the current one and other users’', async () => {
    const keep = await signIn('cleo@session.example');
    const others = [await signIn('cleo@session.example'), await signIn('cleo@session.example')];
    const ana = await signIn('ana@session.example');
    const response = await endOthers(keep);
    expect(response.json()).toEqual({ ended: 2 });
    for (const token of others) expect((await me(token)).statusCode).toBe(401);
    expect((await me(keep)).statusCode).toBe(200);
    expect((await me(ana)).statusCode).toBe(200);
    expect((await endOthers(keep)).json()).toEqual({ ended: 0 });
  });

  it('lets the Super User end every session of a staff member, audited; staff cannot', async () => {
    const superToken = await signIn('super@example.com');
    const ben = [await signIn('ben@session.example'), await signIn('ben@session.example')];
    const ana = await signIn('ana@session.example');
    const benId = await systemUserIdOf(t.db, 'ben@session.example');
    const refused = await endAllOf(ana, benId);
    expect(refused.statusCode).toBe(403);
    expect((await me(ben[0])).statusCode).toBe(200);
    const response = await endAllOf(superToken, benId);
    expect(response.statusCode).toBe(200);
    expect(response.json().ended).toBeGreaterThanOrEqual(2);
    for (const token of ben) expect((await me(token)).statusCode).toBe(401);
    expect((await me(ana)).statusCode).toBe(200);
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'system_user.sessions_end')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      manufacturer_id: manufacturerId,
      entity_type: 'system_user',
      entity_id: String(benId),
    });
    // The Super User's own current session outlives ending their own sessions; hostile ids answer 4xx.
    expect((await endAllOf(superToken, await systemUserIdOf(t.db, 'super@example.com'))).statusCode).toBe(200);
    expect((await me(superToken)).statusCode).toBe(200);
    expect((await endAllOf(superToken, 2147483647)).statusCode).toBe(404);
    for (const bad of ['0', '-1', 'abc', '%00', '1e309', '9'.repeat(40)]) {
      const answer = await endAllOf(superToken, bad);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ message: [expect.any(String)] });
    }
  });

  it('ends a disabled user’s sessions at once, on another instance too (its cache hears of it)', async () => {
    const otherCache = createSessionCache<Principal>(t.databaseUrl);
    const other = await buildApp({
      config: readConfig({ PRODUCTHUB_APPS_DIR: '' }),
      db: t.db,
      masterKey: t.masterKey,
      storage: t.storage,
      sessionCache: otherCache,
    });
    try {
      for (let i = 0; i < 200 && !otherCache.listening(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
      expect(otherCache.listening()).toBe(true);
      const token = await login(t.app, 'cleo@session.example');
      const onOther = () => other.inject({ method: 'GET', url: '/api/v1/systemusers/me', headers: auth(token) });
      expect((await onOther()).statusCode).toBe(200);
      expect((await me(token)).statusCode).toBe(200);
      await setSystemUserDisabled(t.db, 'cleo@session.example', true);
      // Both instances cached the session; each hears of the change from the database within moments.
      const ended = async (ask: () => ReturnType<typeof me>) => {
        for (let i = 0; i < 100 && (await ask()).statusCode === 200; i++)
          await new Promise((resolve) => setTimeout(resolve, 20));
        return (await ask()).statusCode;
      };
      expect(await ended(onOther)).toBe(401);
      expect(await ended(() => me(token))).toBe(401);
    } finally {
      await other.close();
      await otherCache.close();
    }
  });
});

describe('the session cookie is Secure whenever the request came over HTTPS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await createSystemUser(t.db, 'cookie@example.com', null);
  });
  afterAll(() => t.close());

  const cookieOf = async (app: typeof t.app, remoteAddress: string, headers: Record<string, string> = {}) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/systemusers/login',
      remoteAddress,
      headers,
      payload: { email: 'cookie@example.com', password: PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toContain(`authorization=${encodeURIComponent(response.json().token)}`);
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/');
    return cookie;
  };

  it('over plain HTTP: not Secure, and a forwarded protocol from an untrusted sender is ignored', async () => {
    expect(await cookieOf(t.app, '203.0.113.30')).not.toContain('Secure');
    expect(await cookieOf(t.app, '203.0.113.30', { 'x-forwarded-proto': 'https' })).not.toContain('Secure');
  });

  it('through a trusted proxy that says HTTPS: Secure; that says HTTP: not', async () => {
    const config = readConfig({ PRODUCTHUB_APPS_DIR: '', PRODUCTHUB_TRUST_PROXY: '192.0.2.10' });
    const behindProxy = await buildApp({ config, db: t.db, masterKey: t.masterKey, storage: t.storage });
    try {
      expect(await cookieOf(behindProxy, '192.0.2.10', { 'x-forwarded-proto': 'https' })).toMatch(/; Secure/);
      expect(await cookieOf(behindProxy, '192.0.2.10', { 'x-forwarded-proto': 'http' })).not.toContain('Secure');
      expect(await cookieOf(behindProxy, '192.0.2.99', { 'x-forwarded-proto': 'https' })).not.toContain('Secure');
    } finally {
      await behindProxy.close();
    }
  });

  it('sign-out clears it', async () => {
    const token = await login(t.app, 'cookie@example.com');
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/systemusers/logout', headers: auth(token) });
    expect(response.statusCode).toBe(204);
    expect(String(response.headers['set-cookie'])).toMatch(/^authorization=; Max-Age=0/);
  });
});
