import {
  PASSWORD_SIGN_IN_OFF,
  SSO_CALLBACK_PATH,
  SSO_EMAIL_DOMAIN,
  SSO_EMAIL_UNVERIFIED,
  SSO_LANDING_PATH,
  SSO_NO_ROLE,
  SSO_OTHER_ACCOUNT,
  SSO_STATE_EXPIRED,
  SSO_STATE_UNKNOWN,
  SSO_TOKEN_REFUSED,
} from 'shared-kit/contract';
import { createTestApp, type TestApp } from './support/test-app';
import { auth, createManufacturer, createSystemUser, login, PASSWORD, tableDigest } from './support/fixtures';
import { startOidcTestProvider, type OidcTestProvider } from './support/oidc-test-provider';

jest.setTimeout(120_000);

const PUBLIC_URL = 'http://console.sso.test';

describe('single sign-on over OpenID Connect', () => {
  let t: TestApp;
  let provider: OidcTestProvider;
  let manufacturerId: number;
  let slug: string;
  let ownerToken: string;

  const settingsBody = (overrides: Record<string, unknown> = {}) => ({
    enabled: true,
    issuer: provider.issuer,
    client_id: provider.clientId,
    client_secret: provider.clientSecret,
    allowed_domains: ['example.com'],
    groups_claim: 'groups',
    group_roles: [
      { group: 'producthub-admins', role: 'admin' },
      { group: 'producthub-releases', role: 'release_manager' },
    ],
    default_role: null,
    password_sign_in_off: false,
    ...overrides,
  });

  const saveSettings = (overrides: Record<string, unknown> = {}, token = ownerToken) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1/manufacturers/${manufacturerId}/sso`,
      headers: auth(token),
      payload: settingsBody(overrides),
    });

  /** Starts a sign-in, goes through the provider's pages as `login`, and answers the callback. */
  async function signInAs(login: string) {
    const start = await t.app.inject({ method: 'GET', url: `/api/v1/sso/${slug}/start` });
    expect(start.statusCode).toBe(302);
    const back = await provider.signIn(start.headers.location as string, login);
    expect(back.pathname).toBe(SSO_CALLBACK_PATH);
    const callback = () => t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    return { response: await callback(), callback };
  }

  const staffDigest = async () => `${await tableDigest(t.db, 'system_users')}|${await tableDigest(t.db, 'sessions')}`;

  beforeAll(async () => {
    t = await createTestApp({ publicUrl: PUBLIC_URL });
    provider = await startOidcTestProvider(`${PUBLIC_URL}${SSO_CALLBACK_PATH}`);
    const manufacturer = await createManufacturer(t.db, 'Sso Audio');
    manufacturerId = manufacturer.id;
    slug = (
      await t.db
        .selectFrom('manufacturers')
        .select('portal_slug')
        .where('id', '=', manufacturerId)
        .executeTakeFirstOrThrow()
    ).portal_slug;
    await createSystemUser(t.db, 'owner@sso-audio.test', manufacturerId);
    await t.db
      .updateTable('system_users')
      .set({ staff_role: 'owner' })
      .where('email', '=', 'owner@sso-audio.test')
      .execute();
    ownerToken = await login(t.app, 'owner@sso-audio.test');
    provider.accounts.set('rita', { email: 'rita@example.com', email_verified: true, groups: ['producthub-releases'] });
    provider.accounts.set('otto', { email: 'otto@elsewhere.io', email_verified: true, groups: ['producthub-admins'] });
    provider.accounts.set('una', { email: 'una@example.com', email_verified: false, groups: ['producthub-admins'] });
    provider.accounts.set('noel', { email: 'noel@example.com', email_verified: true, groups: ['sales'] });
  });

  afterAll(async () => {
    await provider?.close();
    await t?.close();
  });

  afterEach(() => {
    provider.rewriteIdToken = undefined;
  });

  it('keeps the settings with the client secret encrypted and answered only as set', async () => {
    const saved = await saveSettings();
    expect(saved.statusCode).toBe(200);
    const answer = saved.json();
    expect(answer).toMatchObject({ configured: true, enabled: true, client_secret_set: true, issuer: provider.issuer });
    expect(JSON.stringify(answer)).not.toContain(provider.clientSecret);
    const row = await t.db
      .withTables<{ sso_settings: { manufacturer_id: number; client_secret_encrypted: string } }>()
      .selectFrom('sso_settings')
      .select('client_secret_encrypted')
      .where('manufacturer_id', '=', manufacturerId)
      .executeTakeFirstOrThrow();
    expect(row.client_secret_encrypted).not.toContain(provider.clientSecret);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/v1/manufacturers/${manufacturerId}/sso`,
      headers: auth(ownerToken),
    });
    expect(read.json().redirect_uri).toBe(`${PUBLIC_URL}${SSO_CALLBACK_PATH}`);
    // Saved again without a secret: the one set stays.
    const { client_secret: _kept, ...withoutSecret } = settingsBody();
    const again = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/manufacturers/${manufacturerId}/sso`,
      headers: auth(ownerToken),
      payload: withoutSecret,
    });
    expect(again.json().client_secret_set).toBe(true);
    const audits = await t.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('action', '=', 'sso.settings_update')
      .execute();
    expect(audits).toHaveLength(2);
    expect(JSON.stringify(audits)).not.toContain(provider.clientSecret);
  });

  it('refuses settings an owner should not save: a plain http issuer elsewhere, a group listed twice', async () => {
    const http = await saveSettings({ issuer: 'http://idp.example.com' });
    expect(http.statusCode).toBe(400);
    const twice = await saveSettings({
      group_roles: [
        { group: 'a', role: 'admin' },
        { group: 'a', role: 'viewer' },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message[0]).toContain('listed twice');
  });

  it('signs a new member in through the provider as a release manager from the groups claim', async () => {
    const { response } = await signInAs('rita');
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(SSO_LANDING_PATH);
    const cookie = String(response.headers['set-cookie']);
    const token = decodeURIComponent(/authorization=([^;]+)/.exec(cookie)![1]);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/systemusers/me', headers: auth(token) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'rita@example.com', manufacturer: { id: manufacturerId } });
    const rita = await t.db
      .selectFrom('system_users')
      .select(['staff_role', 'manufacturer_id', 'access_level'])
      .where('email', '=', 'rita@example.com')
      .executeTakeFirstOrThrow();
    expect(rita).toEqual({
      staff_role: 'release_manager',
      manufacturer_id: manufacturerId,
      access_level: 'manufacturer',
    });
  });

  it('updates the role from the claim at the next sign-in', async () => {
    provider.accounts.set('rita', { email: 'rita@example.com', email_verified: true, groups: ['producthub-admins'] });
    const { response } = await signInAs('rita');
    expect(response.statusCode).toBe(303);
    const rita = await t.db
      .selectFrom('system_users')
      .select('staff_role')
      .where('email', '=', 'rita@example.com')
      .executeTakeFirstOrThrow();
    expect(rita.staff_role).toBe('admin');
  });

  it('refuses a replayed state and creates nothing', async () => {
    const { response, callback } = await signInAs('rita');
    expect(response.statusCode).toBe(303);
    const before = await staffDigest();
    const replay = await callback();
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toEqual([SSO_STATE_UNKNOWN]);
    expect(await staffDigest()).toBe(before);
  });

  it('refuses an expired state', async () => {
    const start = await t.app.inject({ method: 'GET', url: `/api/v1/sso/${slug}/start` });
    const back = await provider.signIn(start.headers.location as string, 'rita');
    await t.db
      .withTables<{ sso_sign_ins: { state: string; expires_at: Date } }>()
      .updateTable('sso_sign_ins')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    const before = await staffDigest();
    const response = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toEqual([SSO_STATE_EXPIRED]);
    expect(await staffDigest()).toBe(before);
  });

  it('refuses a tampered ID token', async () => {
    provider.accounts.set('tess', { email: 'tess@example.com', email_verified: true, groups: ['producthub-admins'] });
    provider.rewriteIdToken = (idToken) => {
      const [header, payload, signature] = idToken.split('.');
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
      claims.email = 'boss@example.com';
      return `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
    };
    const before = await staffDigest();
    const { response } = await signInAs('tess');
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toEqual([SSO_TOKEN_REFUSED]);
    expect(await staffDigest()).toBe(before);
  });

  it('refuses an ID token signed by the provider for another audience', async () => {
    provider.accounts.set('tess', { email: 'tess@example.com', email_verified: true, groups: ['producthub-admins'] });
    provider.rewriteIdToken = (idToken) => {
      const claims = JSON.parse(Buffer.from(idToken.split('.')[1], 'base64url').toString());
      return provider.sign({}, { ...claims, aud: 'another-client', azp: 'another-client' });
    };
    const before = await staffDigest();
    const { response } = await signInAs('tess');
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toEqual([SSO_TOKEN_REFUSED]);
    expect(await staffDigest()).toBe(before);
  });

  it('refuses an email outside the allowed domains, an unverified email, a member no group gives a role', async () => {
    const before = await staffDigest();
    const cases: [string, string][] = [
      ['otto', SSO_EMAIL_DOMAIN],
      ['una', SSO_EMAIL_UNVERIFIED],
      ['noel', SSO_NO_ROLE],
    ];
    for (const [who, message] of cases) {
      const { response } = await signInAs(who);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toEqual([message]);
    }
    expect(await staffDigest()).toBe(before);
  });

  it("refuses an email that is another manufacturer's staff", async () => {
    const other = await createManufacturer(t.db, 'Other Audio');
    await createSystemUser(t.db, 'olga@example.com', other.id);
    provider.accounts.set('olga', { email: 'olga@example.com', email_verified: true, groups: ['producthub-admins'] });
    const before = await staffDigest();
    const { response } = await signInAs('olga');
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toEqual([SSO_OTHER_ACCOUNT]);
    expect(await staffDigest()).toBe(before);
  });

  it('with password sign-in off, staff other than owners must use SSO; owners keep their password', async () => {
    await createSystemUser(t.db, 'pat@sso-audio.test', manufacturerId);
    await t.db
      .updateTable('system_users')
      .set({ staff_role: 'support' })
      .where('email', '=', 'pat@sso-audio.test')
      .execute();
    expect((await saveSettings({ password_sign_in_off: true })).statusCode).toBe(200);
    const pat = await t.app.inject({
      method: 'POST',
      url: '/api/v1/systemusers/login',
      payload: { email: 'pat@sso-audio.test', password: PASSWORD },
    });
    expect(pat.statusCode).toBe(403);
    expect(pat.json().message).toEqual([PASSWORD_SIGN_IN_OFF]);
    await expect(login(t.app, 'owner@sso-audio.test')).resolves.toEqual(expect.any(String));
    expect((await saveSettings({ password_sign_in_off: false })).statusCode).toBe(200);
  });

  it('answers a manufacturer without SSO, or switched off, with a plain 404', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/v1/sso/no-such-company/start' });
    expect(none.statusCode).toBe(404);
    expect((await saveSettings({ enabled: false })).statusCode).toBe(200);
    const off = await t.app.inject({ method: 'GET', url: `/api/v1/sso/${slug}/start` });
    expect(off.statusCode).toBe(404);
    expect((await saveSettings()).statusCode).toBe(200);
  });
});
