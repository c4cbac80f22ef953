import {
  PASSWORD_SIGN_IN_OFF,
  SSO_CALLBACK_PATH,
  SSO_DOMAIN_UNKNOWN,
  SSO_ISSUER_REFUSED,
  SSO_LANDING_PATH,
  ssoRefusedPath,
} from 'shared-kit/contract';
import { createTestApp, type TestApp } from './support/test-app';
import { auth, createManufacturer, createSystemUser, login, PASSWORD, tableDigest } from './support/fixtures';
import { startOidcTestProvider, type OidcTestProvider } from './support/oidc-test-provider';

jest.setTimeout(120_000);

const PUBLIC_URL = 'http://console.sso.test';
/** Finds per minute from one address (the sign-in's address limit); this test's app sets it low to reach it. */
const FIND_LIMIT = 25;

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

  /** The cookie a start sets, as the browser that started the sign-in sends it back to the callback. */
  const browserOf = (start: { headers: Record<string, unknown> }) => ({
    cookie: String(start.headers['set-cookie']).split(';')[0]!,
  });

  /** Starts a sign-in, goes through the provider's pages as `login`, and answers the callback in the same browser. */
  async function signInAs(login: string) {
    const start = await t.app.inject({ method: 'GET', url: `/api/v1/sso/${slug}/start` });
    expect(start.statusCode).toBe(302);
    const back = await provider.signIn(start.headers.location as string, login);
    expect(back.pathname).toBe(SSO_CALLBACK_PATH);
    const callback = (headers: Record<string, string> = browserOf(start)) =>
      t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers });
    return { response: await callback(), callback };
  }

  /** A refusal sends the browser back to the sign-in page with the reason's code. */
  const expectRefused = (response: { statusCode: number; headers: Record<string, unknown> }, reason: string) => {
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(ssoRefusedPath(reason as Parameters<typeof ssoRefusedPath>[0]));
    expect(response.headers['set-cookie']).toBeUndefined();
  };

  const staffDigest = async () => `${await tableDigest(t.db, 'system_users')}|${await tableDigest(t.db, 'sessions')}`;

  beforeAll(async () => {
    // The test provider runs on 127.0.0.1: a private issuer, allowed as an operator would for their own network.
    process.env.PRODUCTHUB_SSO_ALLOW_PRIVATE_ISSUERS = 'true';
    t = await createTestApp({ publicUrl: PUBLIC_URL, loginAddressRateLimitPerMinute: FIND_LIMIT });
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
    delete process.env.PRODUCTHUB_SSO_ALLOW_PRIVATE_ISSUERS;
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
    expectRefused(await callback(), 'state-unknown');
    expect(await staffDigest()).toBe(before);
  });

  it('takes a callback only in the browser that started the sign-in (no login CSRF), and uses its state up', async () => {
    const start = await t.app.inject({ method: 'GET', url: `/api/v1/sso/${slug}/start` });
    const cookie = String(start.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toContain(`Path=${SSO_CALLBACK_PATH}`);
    const back = await provider.signIn(start.headers.location as string, 'rita');
    const before = await staffDigest();
    const callback = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers });
    // Someone else's browser: no cookie, or the cookie of a sign-in it started itself.
    const other = await t.app.inject({ method: 'GET', url: `/api/v1/sso/${slug}/start` });
    expectRefused(await callback(browserOf(other)), 'state-unknown');
    expect(await staffDigest()).toBe(before);
    // The refused attempt used the state up: not even the right browser signs in with it now.
    expectRefused(await callback(browserOf(start)), 'state-unknown');
    expect(await staffDigest()).toBe(before);
    const noCookie = await signInAs('rita');
    expectRefused(await noCookie.callback({}), 'state-unknown');
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
    const response = await t.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: browserOf(start),
    });
    expectRefused(response, 'state-expired');
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
    expectRefused(response, 'token-refused');
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
    expectRefused(response, 'token-refused');
    expect(await staffDigest()).toBe(before);
  });

  it('refuses an email outside the allowed domains, an unverified email, a member no group gives a role', async () => {
    const before = await staffDigest();
    const cases: [string, string][] = [
      ['otto', 'email-domain'],
      ['una', 'email-unverified'],
      ['noel', 'no-role'],
    ];
    for (const [who, reason] of cases) {
      const { response } = await signInAs(who);
      expectRefused(response, reason);
    }
    expect(await staffDigest()).toBe(before);
  });

  it("refuses an email that is another manufacturer's staff", async () => {
    const other = await createManufacturer(t.db, 'Other Audio');
    await createSystemUser(t.db, 'olga@example.com', other.id);
    provider.accounts.set('olga', { email: 'olga@example.com', email_verified: true, groups: ['producthub-admins'] });
    const before = await staffDigest();
    const { response } = await signInAs('olga');
    expectRefused(response, 'other-account');
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

  it('sends a start for a manufacturer without SSO, or switched off, back to the sign-in page', async () => {
    expectRefused(await t.app.inject({ method: 'GET', url: '/api/v1/sso/no-such-company/start' }), 'not-set-up');
    expect((await saveSettings({ enabled: false })).statusCode).toBe(200);
    expectRefused(await t.app.inject({ method: 'GET', url: `/api/v1/sso/${slug}/start` }), 'not-set-up');
    expect((await saveSettings()).statusCode).toBe(200);
  });

  it("sends the provider's own refusal back to the sign-in page without its text", async () => {
    const start = await t.app.inject({ method: 'GET', url: `/api/v1/sso/${slug}/start` });
    const state = new URL(start.headers.location as string).searchParams.get('state')!;
    const before = await staffDigest();
    const denied = await t.app.inject({
      method: 'GET',
      url: `${SSO_CALLBACK_PATH}?state=${state}&error=access_denied&error_description=%3Cscript%3Ealert(1)%3C%2Fscript%3E`,
      headers: browserOf(start),
    });
    expectRefused(denied, 'provider-refused');
    // Without a state at all (some providers' error answers): the same page, as an unknown sign-in.
    expectRefused(
      await t.app.inject({ method: 'GET', url: `${SSO_CALLBACK_PATH}?error=access_denied` }),
      'state-unknown',
    );
    expect(await staffDigest()).toBe(before);
  });

  describe('starting from a work email', () => {
    const find = (email: string) => t.app.inject({ method: 'POST', url: '/api/v1/sso/find', payload: { email } });

    it("finds the company whose allowed domains hold the email's domain", async () => {
      const found = await find('Someone@Example.com');
      expect(found.statusCode).toBe(200);
      expect(found.json()).toEqual({ start_path: `/api/v1/sso/${slug}/start` });
    });

    it('answers every other domain alike: unknown, switched off, or listed by two companies', async () => {
      const answers = [await find('someone@unknown-domain.test')];
      expect((await saveSettings({ enabled: false })).statusCode).toBe(200);
      answers.push(await find('someone@example.com'));
      expect((await saveSettings()).statusCode).toBe(200);
      const twin = await createManufacturer(t.db, 'Twin Audio');
      await t.db
        .withTables<{
          sso_settings: {
            manufacturer_id: number;
            enabled: boolean;
            issuer: string;
            client_id: string;
            allowed_domains: string[];
          };
        }>()
        .insertInto('sso_settings')
        .values({
          manufacturer_id: twin.id,
          enabled: true,
          issuer: provider.issuer,
          client_id: 'twin',
          allowed_domains: ['shared.test'],
        })
        .execute();
      await t.db
        .withTables<{ sso_settings: { manufacturer_id: number; allowed_domains: string[] } }>()
        .updateTable('sso_settings')
        .set({ allowed_domains: ['example.com', 'shared.test'] })
        .where('manufacturer_id', '=', manufacturerId)
        .execute();
      answers.push(await find('someone@shared.test'));
      for (const answer of answers) {
        expect(answer.statusCode).toBe(404);
        expect(answer.json().message).toEqual([SSO_DOMAIN_UNKNOWN]);
      }
      expect((await saveSettings()).statusCode).toBe(200);
    });

    it('refuses what is not an email with a 400', async () => {
      for (const email of ['no-at-sign', 'two@at@signs.test', 'space in@example.com']) {
        expect((await find(email)).statusCode).toBe(400);
      }
    });

    it('is throttled per address like the password sign-in', async () => {
      let answer = await find('someone@example.com');
      for (let tries = 0; tries < FIND_LIMIT && answer.statusCode !== 429; tries += 1)
        answer = await find('someone@example.com');
      expect(answer.statusCode).toBe(429);
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    });
  });

  describe('the issuer fetch guard, without PRODUCTHUB_SSO_ALLOW_PRIVATE_ISSUERS', () => {
    beforeAll(() => delete process.env.PRODUCTHUB_SSO_ALLOW_PRIVATE_ISSUERS);
    afterAll(() => (process.env.PRODUCTHUB_SSO_ALLOW_PRIVATE_ISSUERS = 'true'));

    it('refuses a loopback, private or link-local issuer when the settings are saved, and changes nothing', async () => {
      const before = await tableDigest(t.db, 'sso_settings');
      const cases: [string, string, string][] = [
        [provider.issuer, '127.0.0.1', 'loopback'],
        ['https://10.1.2.3/realms/a', '10.1.2.3', 'private'],
        ['https://169.254.169.254', '169.254.169.254', 'linkLocal'],
        ['https://[::1]:8443', '::1', 'loopback'],
      ];
      for (const [issuer, address, range] of cases) {
        const refused = await saveSettings({ issuer });
        expect(refused.statusCode).toBe(400);
        const host = new URL(issuer).hostname.replace(/^\[|\]$/g, '');
        expect(refused.json().message).toEqual([SSO_ISSUER_REFUSED(host, address, range)]);
      }
      expect(await tableDigest(t.db, 'sso_settings')).toBe(before);
    });

    it('does not fetch from an issuer saved while private ones were allowed: the start is refused', async () => {
      expectRefused(await t.app.inject({ method: 'GET', url: `/api/v1/sso/${slug}/start` }), 'provider-unreachable');
    });
  });
});
