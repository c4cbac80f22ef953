import {
  FRESH_FACTOR_NEEDED,
  NO_PASSKEYS,
  PASSKEY_CHALLENGE_GONE,
  PASSKEY_NOT_CREATED,
  PASSKEY_NOT_FOUND,
  PASSKEY_NOT_RECOGNISED,
  SECOND_FACTOR_EXPIRED,
  WRONG_FRESH_FACTOR,
  WRONG_PROOF,
} from 'shared-kit/contract';
import { currentTotpCode } from '../src/two-factor/totp';
import { relyingPartyOf } from '../src/two-factor/relying-party';
import { createTestApp, type TestApp } from './support/test-app';
import { SoftAuthenticator } from './support/soft-authenticator';
import { auth, createManufacturer, createSystemUser, PASSWORD, systemUserIdOf } from './support/fixtures';

// Each sign-in checks a password (scrypt): on a busy machine a test of several takes longer than the default.
jest.setTimeout(120_000);

const ORIGIN = 'http://localhost:8123';

describe('passkeys: enrolment, the sign-in step, removal', () => {
  let t: TestApp;
  let manufacturerId: number;

  const post = (url: string, payload: unknown, token?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1${url}`,
      payload: payload as object,
      headers: token ? auth(token) : {},
      remoteAddress: '203.0.113.60',
    });
  const list = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/systemusers/me/passkeys', headers: auth(token) })).json()
      .passkeys as { id: number; name: string; created_at: string; last_used_at: string | null }[];
  const passwordStep = (email: string) => post('/systemusers/login', { email, password: PASSWORD });
  const signInWithoutFactor = async (email: string) => {
    const response = await passwordStep(email);
    expect(response.json().token).toEqual(expect.any(String));
    return response.json().token as string;
  };
  const registrationOptions = async (token: string, proof: { code?: string; passkey?: object } = {}) => {
    const url = proof.passkey
      ? '/systemusers/me/passkeys/registration-options/with-passkey'
      : '/systemusers/me/passkeys/registration-options';
    const response = await post(url, proof, token);
    expect(response.statusCode).toBe(200);
    return response.json().options;
  };
  /** A new staff member with one passkey (enrolled as their first factor): the authenticator and a session. */
  const withPasskey = async (email: string) => {
    await createSystemUser(t.db, email, manufacturerId);
    const token = await signInWithoutFactor(email);
    const authenticator = new SoftAuthenticator('localhost', ORIGIN);
    const options = await registrationOptions(token);
    const added = await post(
      '/systemusers/me/passkeys',
      { name: 'Laptop', response: authenticator.register(options) },
      token,
    );
    expect(added.statusCode).toBe(201);
    return { authenticator, token, passkeyId: added.json().id as number };
  };
  const pendingTokenOf = async (email: string) => {
    const response = await passwordStep(email);
    expect(response.json()).toMatchObject({ second_factor_required: true });
    return response.json().pending_token as string;
  };
  const signInOptions = async (pendingToken: string) => {
    const response = await post('/systemusers/login/passkey-options', { pending_token: pendingToken });
    expect(response.statusCode).toBe(200);
    return response.json().options;
  };

  beforeAll(async () => {
    t = await createTestApp({ publicUrl: 'http://127.0.0.1:8123' });
    manufacturerId = (await createManufacturer(t.db, 'Passkey Audio')).id;
  });
  afterAll(() => t.close());

  it('names a loopback address localhost as the RP ID (browsers take no IP address) and keeps a real host', () => {
    expect(relyingPartyOf('http://127.0.0.1:8123')).toEqual({
      id: 'localhost',
      origin: 'http://localhost:8123',
      name: 'ProductHub',
    });
    expect(relyingPartyOf('https://licences.example.com/hub/')).toMatchObject({
      id: 'licences.example.com',
      origin: 'https://licences.example.com',
    });
  });

  it('enrols a named passkey from options with the RP of the configuration, lists it, and audits it', async () => {
    await createSystemUser(t.db, 'ada@passkey.example', manufacturerId);
    const token = await signInWithoutFactor('ada@passkey.example');
    const options = await registrationOptions(token);
    expect(options).toMatchObject({
      rp: { id: 'localhost', name: 'ProductHub' },
      user: { name: 'ada@passkey.example' },
      attestation: 'none',
      challenge: expect.any(String),
    });
    const authenticator = new SoftAuthenticator('localhost', ORIGIN);
    const added = await post(
      '/systemusers/me/passkeys',
      { name: '  Studio laptop ', response: authenticator.register(options) },
      token,
    );
    expect(added.statusCode).toBe(201);
    expect(added.json()).toEqual({
      id: expect.any(Number),
      name: 'Studio laptop',
      created_at: expect.any(String),
      last_used_at: null,
    });
    expect(await list(token)).toEqual([added.json()]);
    const stored = await t.db.selectFrom('passkeys').selectAll().executeTakeFirstOrThrow();
    expect(stored.credential_id).toBe(authenticator.credentialId);
    expect(stored.transports).toEqual(['internal']);
    const userId = await systemUserIdOf(t.db, 'ada@passkey.example');
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('entity_id', '=', String(userId))
      .execute();
    expect(audit).toContainEqual({ action: 'two_factor.passkey_added', after: { name: 'Studio laptop' } });
  });

  it('refuses a replayed registration answer, a wrong origin, another RP ID and a blank name, adding nothing', async () => {
    await createSystemUser(t.db, 'bo@passkey.example', manufacturerId);
    const token = await signInWithoutFactor('bo@passkey.example');
    const count = async () => (await list(token)).length;

    const wrongOrigin = await post(
      '/systemusers/me/passkeys',
      {
        name: 'Phish',
        response: new SoftAuthenticator('localhost', 'http://evil.example').register(await registrationOptions(token)),
      },
      token,
    );
    expect([wrongOrigin.statusCode, wrongOrigin.json()]).toEqual([400, { message: [PASSKEY_NOT_CREATED] }]);
    const wrongRp = await post(
      '/systemusers/me/passkeys',
      {
        name: 'Other',
        response: new SoftAuthenticator('evil.example', ORIGIN).register(await registrationOptions(token)),
      },
      token,
    );
    expect([wrongRp.statusCode, wrongRp.json()]).toEqual([400, { message: [PASSKEY_NOT_CREATED] }]);
    const blank = await post(
      '/systemusers/me/passkeys',
      { name: '   ', response: new SoftAuthenticator('localhost', ORIGIN).register(await registrationOptions(token)) },
      token,
    );
    expect(blank.statusCode).toBe(400);

    const borrowed = new SoftAuthenticator('localhost', ORIGIN).register(await registrationOptions(token));
    const answer = new SoftAuthenticator('localhost', ORIGIN).register(await registrationOptions(token));
    expect((await post('/systemusers/me/passkeys', { name: 'Key', response: answer }, token)).statusCode).toBe(201);
    const replay = await post('/systemusers/me/passkeys', { name: 'Key again', response: answer }, token);
    expect([replay.statusCode, replay.json()]).toEqual([409, { message: [PASSKEY_CHALLENGE_GONE] }]);
    // A challenge handed to one user is not another's.
    await createSystemUser(t.db, 'bea@passkey.example', manufacturerId);
    const other = await signInWithoutFactor('bea@passkey.example');
    const elsewhere = await post('/systemusers/me/passkeys', { name: 'Borrowed', response: borrowed }, other);
    expect([elsewhere.statusCode, elsewhere.json()]).toEqual([409, { message: [PASSKEY_CHALLENGE_GONE] }]);
    expect(await count()).toBe(1);
  });

  it('signs in with the passkey as the second step; a replayed answer and a wrong origin are refused', async () => {
    const { authenticator } = await withPasskey('cy@passkey.example');
    const answerOfPassword = await passwordStep('cy@passkey.example');
    expect(answerOfPassword.json()).toEqual({
      second_factor_required: true,
      pending_token: expect.any(String),
      expires_at: expect.any(String),
      methods: ['passkey'],
    });
    const pending = answerOfPassword.json().pending_token as string;

    const options = await signInOptions(pending);
    expect(options).toMatchObject({ rpId: 'localhost', allowCredentials: [{ id: authenticator.credentialId }] });
    const wrongOrigin = await post('/systemusers/login/passkey', {
      pending_token: pending,
      response: authenticator.assert(options, 'http://evil.example'),
    });
    expect([wrongOrigin.statusCode, wrongOrigin.json()]).toEqual([401, { message: [PASSKEY_NOT_RECOGNISED] }]);
    // That challenge is used up by the refused answer: a right answer to it now finds it gone.
    const late = await post('/systemusers/login/passkey', {
      pending_token: pending,
      response: authenticator.assert(options),
    });
    expect([late.statusCode, late.json()]).toEqual([401, { message: [PASSKEY_CHALLENGE_GONE] }]);

    const fresh = await signInOptions(pending);
    const answer = authenticator.assert(fresh);
    const signedIn = await post('/systemusers/login/passkey', { pending_token: pending, response: answer });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ token: expect.any(String), access_level: 'manufacturer' });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/systemusers/me',
      headers: auth(signedIn.json().token),
    });
    expect(me.statusCode).toBe(200);
    expect((await list(signedIn.json().token))[0].last_used_at).toEqual(expect.any(String));

    // The same answer again, with a new pending sign-in: its challenge is gone.
    const again = await post('/systemusers/login/passkey', {
      pending_token: await pendingTokenOf('cy@passkey.example'),
      response: answer,
    });
    expect([again.statusCode, again.json()]).toEqual([401, { message: [PASSKEY_CHALLENGE_GONE] }]);
    // The used pending sign-in is gone too.
    const used = await post('/systemusers/login/passkey-options', { pending_token: pending });
    expect([used.statusCode, used.json()]).toEqual([401, { message: [SECOND_FACTOR_EXPIRED] }]);
  });

  it("refuses another user's passkey, a challenge of another pending sign-in, and a cloned authenticator's old counter", async () => {
    const dee = await withPasskey('dee@passkey.example');
    const eve = await withPasskey('eve@passkey.example');
    const pendingDee = await pendingTokenOf('dee@passkey.example');
    const foreign = await post('/systemusers/login/passkey', {
      pending_token: pendingDee,
      response: eve.authenticator.assert(await signInOptions(pendingDee)),
    });
    expect([foreign.statusCode, foreign.json()]).toEqual([401, { message: [PASSKEY_NOT_RECOGNISED] }]);

    const otherPending = await pendingTokenOf('dee@passkey.example');
    const crossed = await post('/systemusers/login/passkey', {
      pending_token: pendingDee,
      response: dee.authenticator.assert(await signInOptions(otherPending)),
    });
    expect([crossed.statusCode, crossed.json()]).toEqual([401, { message: [PASSKEY_CHALLENGE_GONE] }]);

    const ok = await post('/systemusers/login/passkey', {
      pending_token: pendingDee,
      response: dee.authenticator.assert(await signInOptions(pendingDee)),
    });
    expect(ok.statusCode).toBe(200);
    // A copy of the key whose counter went back: the library refuses a counter that does not move on.
    dee.authenticator.counter = 0;
    const pending = await pendingTokenOf('dee@passkey.example');
    const cloned = await post('/systemusers/login/passkey', {
      pending_token: pending,
      response: dee.authenticator.assert(await signInOptions(pending)),
    });
    expect([cloned.statusCode, cloned.json()]).toEqual([401, { message: [PASSKEY_NOT_RECOGNISED] }]);
  });

  it('asks a fresh second factor to enrol a second passkey: a passkey answer or an app code, not the password', async () => {
    const { authenticator, token } = await withPasskey('fay@passkey.example');
    const none = await post('/systemusers/me/passkeys/registration-options', {}, token);
    expect([none.statusCode, none.json()]).toEqual([403, { message: [FRESH_FACTOR_NEEDED] }]);
    const password = await post('/systemusers/me/passkeys/registration-options', { password: PASSWORD }, token);
    // The password is no second factor: it is not taken as one.
    expect([password.statusCode, password.json()]).toEqual([403, { message: [FRESH_FACTOR_NEEDED] }]);

    const proofOptions = (await post('/systemusers/me/passkeys/proof-options', undefined, token)).json().options;
    const proof = authenticator.assert(proofOptions);
    const second = new SoftAuthenticator('localhost', ORIGIN);
    const options = await registrationOptions(token, { passkey: proof });
    expect(options.excludeCredentials).toEqual([
      { id: authenticator.credentialId, type: 'public-key', transports: ['internal'] },
    ]);
    const added = await post('/systemusers/me/passkeys', { name: 'Phone', response: second.register(options) }, token);
    expect(added.statusCode).toBe(201);
    // The proof is single use.
    const replayed = await post(
      '/systemusers/me/passkeys/registration-options/with-passkey',
      { passkey: proof },
      token,
    );
    expect([replayed.statusCode, replayed.json()]).toEqual([403, { message: [WRONG_FRESH_FACTOR] }]);
    expect((await list(token)).map((row) => row.name)).toEqual(['Laptop', 'Phone']);
  });

  it('asks an app code to enrol a passkey where TOTP is on; then both methods are offered at sign-in', async () => {
    await createSystemUser(t.db, 'gus@passkey.example', manufacturerId);
    const token = await signInWithoutFactor('gus@passkey.example');
    const { secret } = (await post('/systemusers/me/two-factor/totp', undefined, token)).json();
    const confirm = await post(
      '/systemusers/me/two-factor/totp/confirm',
      { code: currentTotpCode(secret, Date.now() - 30_000) },
      token,
    );
    expect(confirm.statusCode).toBe(200);
    const none = await post('/systemusers/me/passkeys/registration-options', {}, token);
    expect(none.statusCode).toBe(403);
    const wrong = await post(
      '/systemusers/me/passkeys/registration-options',
      { code: '000000' === currentTotpCode(secret) ? '111111' : '000000' },
      token,
    );
    expect([wrong.statusCode, wrong.json()]).toEqual([403, { message: [WRONG_FRESH_FACTOR] }]);
    const options = await registrationOptions(token, { code: currentTotpCode(secret) });
    const added = await post(
      '/systemusers/me/passkeys',
      { name: 'Key', response: new SoftAuthenticator('localhost', ORIGIN).register(options) },
      token,
    );
    expect(added.statusCode).toBe(201);
    expect((await passwordStep('gus@passkey.example')).json().methods).toEqual(['passkey', 'totp', 'recovery_code']);
  });

  it('removes a passkey with the password (only its owner), audited; without passkeys the password signs in again', async () => {
    const { token, passkeyId } = await withPasskey('hal@passkey.example');
    const other = await withPasskey('ivy@passkey.example');
    const foreign = await post(`/systemusers/me/passkeys/${other.passkeyId}/remove`, { password: PASSWORD }, token);
    expect([foreign.statusCode, foreign.json()]).toEqual([404, { message: [PASSKEY_NOT_FOUND] }]);
    const wrong = await post(`/systemusers/me/passkeys/${passkeyId}/remove`, { password: 'not it' }, token);
    expect([wrong.statusCode, wrong.json()]).toEqual([403, { message: [WRONG_PROOF] }]);
    const removed = await post(`/systemusers/me/passkeys/${passkeyId}/remove`, { password: PASSWORD }, token);
    expect([removed.statusCode, removed.json()]).toEqual([200, { passkeys: [] }]);
    expect((await list(other.token)).length).toBe(1);
    await signInWithoutFactor('hal@passkey.example');
    const noneLeft = await post('/systemusers/me/passkeys/proof-options', undefined, token);
    expect([noneLeft.statusCode, noneLeft.json()]).toEqual([409, { message: [NO_PASSKEYS] }]);
    const userId = await systemUserIdOf(t.db, 'hal@passkey.example');
    const actions = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', String(userId))
      .execute();
    expect(actions.map((row) => row.action)).toContain('two_factor.passkey_removed');
  });
});
