import { ACCOUNT_LOCKED, TOO_MANY_ATTEMPTS } from '../src/people/routes/systemusers/system-users';
import {
  CODE_OR_RECOVERY_CODE,
  PROOF_NEEDED,
  SECOND_FACTOR_EXPIRED,
  TOTP_ALREADY_ENABLED,
  TOTP_NOT_ENABLED,
  TOTP_NOT_STARTED,
  WRONG_CODE,
  WRONG_PROOF,
  WRONG_RECOVERY_CODE,
} from 'shared-kit/contract';
import { currentTotpCode } from '../src/two-factor/totp';
import { createTestApp, type TestApp } from './support/test-app';
import { auth, createManufacturer, createSystemUser, PASSWORD, systemUserIdOf, tableDigest } from './support/fixtures';

/** The code an app shows `steps` periods from now (-1: the one before; the server takes one step either side). */
const codeOf = (secret: string, steps = 0) => currentTotpCode(secret, Date.now() + steps * 30_000);

// Each sign-in checks a password (scrypt): on a busy machine a test of several takes longer than the default.
jest.setTimeout(120_000);

describe('two-factor sign-in: TOTP enrolment, the second step, recovery codes', () => {
  let t: TestApp;
  let manufacturerId: number;

  const post = (url: string, payload: unknown, token?: string, remoteAddress = '203.0.113.50') =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1${url}`,
      payload: payload as object,
      headers: token ? auth(token) : {},
      remoteAddress,
    });
  const passwordStep = (email: string, remoteAddress?: string) =>
    post('/systemusers/login', { email, password: PASSWORD }, undefined, remoteAddress);
  const signInWithoutFactor = async (email: string) => {
    const response = await passwordStep(email);
    expect(response.statusCode).toBe(200);
    expect(response.json().token).toEqual(expect.any(String));
    return response.json().token as string;
  };
  const pendingTokenOf = async (email: string) => {
    const response = await passwordStep(email);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      second_factor_required: true,
      pending_token: expect.any(String),
      expires_at: expect.any(String),
      methods: ['totp', 'recovery_code'],
    });
    expect(body.token).toBeUndefined();
    return body.pending_token as string;
  };
  const secondStep = (payload: object, remoteAddress?: string) =>
    post('/systemusers/login/second-factor', payload, undefined, remoteAddress);
  const status = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/systemusers/me/two-factor', headers: auth(token) })).json();
  const auditActions = async (email: string) =>
    (
      await t.db
        .selectFrom('audit_log')
        .select('action')
        .where('entity_type', '=', 'system_user')
        .where('entity_id', '=', String(await systemUserIdOf(t.db, email)))
        .orderBy('id')
        .execute()
    ).map((row) => row.action);

  /** Enrols TOTP for a new staff user (confirmed with the previous step's code); its secret, codes and session. */
  const enrolled = async (email: string) => {
    await createSystemUser(t.db, email, manufacturerId);
    const token = await signInWithoutFactor(email);
    const begin = await post('/systemusers/me/two-factor/totp', undefined, token);
    expect(begin.statusCode).toBe(200);
    const { secret } = begin.json();
    const confirmCode = codeOf(secret, -1);
    const confirm = await post('/systemusers/me/two-factor/totp/confirm', { code: confirmCode }, token);
    expect(confirm.statusCode).toBe(200);
    return { secret: secret as string, confirmCode, recoveryCodes: confirm.json().recovery_codes as string[], token };
  };

  beforeAll(async () => {
    t = await createTestApp({ loginAccountFailuresPer15Minutes: 4 });
    manufacturerId = (await createManufacturer(t.db, 'Factor Audio')).id;
  });
  afterAll(() => t.close());

  it('enrols: a secret with its otpauth URI and QR code, on only once confirmed with a code, ten recovery codes', async () => {
    await createSystemUser(t.db, 'ada@factor.example', manufacturerId);
    const token = await signInWithoutFactor('ada@factor.example');
    expect(await status(token)).toEqual({ totp: false, recovery_codes_left: 0 });
    const early = await post('/systemusers/me/two-factor/totp/confirm', { code: '123456' }, token);
    expect([early.statusCode, early.json()]).toEqual([409, { message: [TOTP_NOT_STARTED] }]);

    const begin = await post('/systemusers/me/two-factor/totp', undefined, token);
    expect(begin.statusCode).toBe(200);
    const { secret, otpauth_uri, qr_svg } = begin.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_uri).toBe(
      `otpauth://totp/ProductHub:ada%40factor.example?issuer=ProductHub&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    const stored = await t.db.selectFrom('totp_factors').selectAll().executeTakeFirstOrThrow();
    expect(stored.secret_encrypted).not.toContain(secret);
    expect(stored.confirmed_at).toBeNull();
    // Not on before it is confirmed: the password alone still signs in.
    await signInWithoutFactor('ada@factor.example');

    const wrong = await post('/systemusers/me/two-factor/totp/confirm', { code: codeOf(secret, 5) }, token);
    expect([wrong.statusCode, wrong.json()]).toEqual([400, { message: [WRONG_CODE] }]);
    const confirm = await post('/systemusers/me/two-factor/totp/confirm', { code: codeOf(secret) }, token);
    expect(confirm.statusCode).toBe(200);
    const codes = confirm.json().recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
    const hashes = await t.db.selectFrom('recovery_codes').select('code_hash').execute();
    expect(hashes.map((row) => row.code_hash).join()).not.toContain(codes[0].replace('-', ''));
    expect(await status(token)).toEqual({ totp: true, recovery_codes_left: 10 });

    const again = await post('/systemusers/me/two-factor/totp', undefined, token);
    expect([again.statusCode, again.json()]).toEqual([409, { message: [TOTP_ALREADY_ENABLED] }]);
    expect(await auditActions('ada@factor.example')).toEqual(['two_factor.totp_enabled']);
  });

  it('makes sign-in two steps: the password earns a pending token, not a session; a code makes the session once', async () => {
    const { secret } = await enrolled('bea@factor.example');
    const sessionsBefore = await tableDigest(t.db, 'sessions');
    const pending = await pendingTokenOf('bea@factor.example');
    expect(await tableDigest(t.db, 'sessions')).toBe(sessionsBefore);
    const asSession = await t.app.inject({ method: 'GET', url: '/api/v1/systemusers/me', headers: auth(pending) });
    expect(asSession.statusCode).toBe(401);

    const code = codeOf(secret);
    const signedIn = await secondStep({ pending_token: pending, code: code.replace(/(...)/, '$1 ') });
    expect(signedIn.statusCode).toBe(200);
    const { token, access_level, manufacturer } = signedIn.json();
    expect([access_level, manufacturer]).toEqual(['manufacturer', { id: manufacturerId, name: 'Factor Audio' }]);
    expect(signedIn.headers['set-cookie']).toBeDefined();
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/systemusers/me', headers: auth(token) });
    expect(me.json().email).toBe('bea@factor.example');

    // The pending token is used up, and the same code is refused with a new one (taken once).
    const reusedToken = await secondStep({ pending_token: pending, code: codeOf(secret, 1) });
    expect([reusedToken.statusCode, reusedToken.json()]).toEqual([401, { message: [SECOND_FACTOR_EXPIRED] }]);
    const reusedCode = await secondStep({ pending_token: await pendingTokenOf('bea@factor.example'), code });
    expect([reusedCode.statusCode, reusedCode.json()]).toEqual([401, { message: [WRONG_CODE] }]);
    expect(await auditActions('bea@factor.example')).toEqual(['two_factor.totp_enabled', 'two_factor.sign_in_failed']);
  });

  it('keeps a pending token for another try after a wrong code, and refuses it once expired', async () => {
    const { secret } = await enrolled('cai@factor.example');
    const pending = await pendingTokenOf('cai@factor.example');
    expect(
      (await secondStep({ pending_token: pending, code: '000000' === codeOf(secret) ? '111111' : '000000' }))
        .statusCode,
    ).toBe(401);
    await t.db
      .updateTable('pending_sign_ins')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    const expired = await secondStep({ pending_token: pending, code: codeOf(secret) });
    expect([expired.statusCode, expired.json()]).toEqual([401, { message: [SECOND_FACTOR_EXPIRED] }]);
    const unknown = await secondStep({ pending_token: 'not-a-token', code: codeOf(secret) });
    expect([unknown.statusCode, unknown.json()]).toEqual([401, { message: [SECOND_FACTOR_EXPIRED] }]);
    // The code was not taken by the refused attempts: it still signs in.
    const fresh = await secondStep({ pending_token: await pendingTokenOf('cai@factor.example'), code: codeOf(secret) });
    expect(fresh.statusCode).toBe(200);
  });

  it('takes a recovery code once (however it is typed), audited', async () => {
    const { recoveryCodes, token } = await enrolled('dev@factor.example');
    const typed = ` ${recoveryCodes[3].toLowerCase().replace('-', ' ')} `.trim();
    const first = await secondStep({ pending_token: await pendingTokenOf('dev@factor.example'), recovery_code: typed });
    expect(first.statusCode).toBe(200);
    const second = await secondStep({
      pending_token: await pendingTokenOf('dev@factor.example'),
      recovery_code: recoveryCodes[3],
    });
    expect([second.statusCode, second.json()]).toEqual([401, { message: [WRONG_RECOVERY_CODE] }]);
    expect(await status(token)).toEqual({ totp: true, recovery_codes_left: 9 });
    expect(await auditActions('dev@factor.example')).toEqual([
      'two_factor.totp_enabled',
      'two_factor.recovery_code_used',
      'two_factor.sign_in_failed',
    ]);
  });

  it('asks for exactly one of a code and a recovery code', async () => {
    const { secret, recoveryCodes } = await enrolled('eli@factor.example');
    const pending = await pendingTokenOf('eli@factor.example');
    for (const payload of [
      { pending_token: pending },
      { pending_token: pending, code: codeOf(secret), recovery_code: recoveryCodes[0] },
    ]) {
      const response = await secondStep(payload);
      expect([response.statusCode, response.json()]).toEqual([400, { message: [CODE_OR_RECOVERY_CODE] }]);
    }
    for (const payload of [
      { pending_token: pending, code: '12345' },
      { pending_token: pending, code: 'abcdef' },
      { pending_token: pending, recovery_code: 'short' },
      { pending_token: '', code: codeOf(secret) },
    ]) {
      const response = await secondStep(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: [expect.any(String)] });
    }
    expect((await secondStep({ pending_token: pending, code: codeOf(secret) })).statusCode).toBe(200);
  });

  it('throttles wrong codes per account across addresses, like passwords', async () => {
    const { secret } = await enrolled('fay@factor.example');
    for (let attempt = 0; attempt < 4; attempt++) {
      const address = `198.51.100.${10 + attempt}`;
      const pending = await pendingTokenOf('fay@factor.example');
      const wrong = await secondStep({ pending_token: pending, code: codeOf(secret, 4) }, address);
      expect(wrong.statusCode).toBe(401);
    }
    // A fifth address the account never signed in from: closed, even with the right code.
    const pending = await pendingTokenOf('fay@factor.example');
    const locked = await secondStep({ pending_token: pending, code: codeOf(secret) }, '198.51.100.99');
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.json().message[0]).toBe(ACCOUNT_LOCKED(Number(locked.headers['retry-after'])));
    // The address the user enrolled from (a session of theirs) keeps its own attempts.
    expect((await secondStep({ pending_token: pending, code: codeOf(secret) })).statusCode).toBe(200);
  });

  it('throttles codes per address and account within a minute', async () => {
    const limited = await createTestApp({ loginRateLimitPerMinute: 2 });
    try {
      const id = (await createManufacturer(limited.db, 'Limit Audio')).id;
      await createSystemUser(limited.db, 'gus@factor.example', id);
      const first = await limited.app.inject({
        method: 'POST',
        url: '/api/v1/systemusers/login',
        payload: { email: 'gus@factor.example', password: PASSWORD },
      });
      const token = first.json().token as string;
      await limited.app.inject({ method: 'POST', url: '/api/v1/systemusers/me/two-factor/totp', headers: auth(token) });
      const answers = [];
      for (let attempt = 0; attempt < 2; attempt++)
        answers.push(
          (
            await limited.app.inject({
              method: 'POST',
              url: '/api/v1/systemusers/me/two-factor/totp/confirm',
              headers: auth(token),
              payload: { code: '000000' },
            })
          ).statusCode,
        );
      expect(answers[1]).toBe(429);
      expect(TOO_MANY_ATTEMPTS(1)).toContain('Too many attempts');
    } finally {
      await limited.close();
    }
  });

  it('renews recovery codes and turns TOTP off with a fresh code or the password only', async () => {
    const { secret, confirmCode, recoveryCodes, token } = await enrolled('hal@factor.example');
    const none = await post('/systemusers/me/two-factor/recovery-codes', {}, token);
    expect([none.statusCode, none.json()]).toEqual([400, { message: [PROOF_NEEDED] }]);
    const wrongPassword = await post('/systemusers/me/two-factor/recovery-codes', { password: 'not-it' }, token);
    expect([wrongPassword.statusCode, wrongPassword.json()]).toEqual([403, { message: [WRONG_PROOF] }]);
    const renewed = await post('/systemusers/me/two-factor/recovery-codes', { password: PASSWORD }, token);
    expect(renewed.statusCode).toBe(200);
    const fresh = renewed.json().recovery_codes as string[];
    expect(fresh).toHaveLength(10);
    const old = await secondStep({
      pending_token: await pendingTokenOf('hal@factor.example'),
      recovery_code: recoveryCodes[0],
    });
    expect(old.statusCode).toBe(401);

    // The code that turned it on was taken then: it proves nothing now.
    const staleCode = await post('/systemusers/me/two-factor/totp/disable', { code: confirmCode }, token);
    expect([staleCode.statusCode, staleCode.json()]).toEqual([403, { message: [WRONG_PROOF] }]);
    const off = await post('/systemusers/me/two-factor/totp/disable', { code: codeOf(secret) }, token);
    expect([off.statusCode, off.json()]).toEqual([200, { totp: false, recovery_codes_left: 0 }]);
    expect(await status(token)).toEqual({ totp: false, recovery_codes_left: 0 });
    const twice = await post('/systemusers/me/two-factor/totp/disable', { password: PASSWORD }, token);
    expect([twice.statusCode, twice.json()]).toEqual([409, { message: [TOTP_NOT_ENABLED] }]);
    // Off: the password alone signs in again, as for a user who never enrolled.
    await signInWithoutFactor('hal@factor.example');
    expect(await auditActions('hal@factor.example')).toEqual([
      'two_factor.totp_enabled',
      'two_factor.recovery_codes_renewed',
      'two_factor.sign_in_failed',
      'two_factor.totp_disabled',
    ]);
  });

  it('answers 401 to every factor route without a session', async () => {
    for (const [method, url] of [
      ['GET', '/systemusers/me/two-factor'],
      ['POST', '/systemusers/me/two-factor/totp'],
      ['POST', '/systemusers/me/two-factor/totp/confirm'],
      ['POST', '/systemusers/me/two-factor/totp/disable'],
      ['POST', '/systemusers/me/two-factor/recovery-codes'],
    ] as const) {
      const response = await t.app.inject({
        method,
        url: `/api/v1${url}`,
        payload: method === 'POST' ? {} : undefined,
      });
      expect(response.statusCode).toBe(401);
    }
  });
});
