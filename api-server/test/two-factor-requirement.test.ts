import { sql } from 'kysely';
import {
  LAST_FACTOR_REQUIRED,
  PASSKEY_CHALLENGE_GONE,
  roleCannot,
  SECOND_FACTOR_EXPIRED,
  WRONG_CODE,
} from 'shared-kit/contract';
import { SUPERUSER_REQUIRED } from '../src/lib/http-error';
import { createSession } from '../src/auth/sessions';
import { currentTotpCode } from '../src/two-factor/totp';
import { createTestApp, type TestApp } from './support/test-app';
import { SoftAuthenticator } from './support/soft-authenticator';
import { auth, createManufacturer, createSystemUser, PASSWORD, systemUserIdOf } from './support/fixtures';

/** The code an app shows `steps` periods from now (-1: the one before; the server takes one step either side). */
const codeOf = (secret: string, steps = 0) => currentTotpCode(secret, Date.now() + steps * 30_000);
const wrongCodeOf = (secret: string) =>
  [-1, 0, 1].some((steps) => codeOf(secret, steps) === '000000') ? '999999' : '000000';

// Each sign-in checks a password (scrypt): on a busy machine a test of several takes longer than the default.
jest.setTimeout(120_000);

const ORIGIN = 'http://localhost:8124';

/** Helpers over one test app: the steps of a sign-in, as the console calls them. */
function signInSteps(app: () => TestApp) {
  const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown, token?: string) =>
    app().app.inject({
      method,
      url: `/api/v1${url}`,
      payload: payload as object | undefined,
      headers: token ? auth(token) : {},
      remoteAddress: '203.0.113.70',
    });
  const passwordStep = (email: string) => call('POST', '/systemusers/login', { email, password: PASSWORD });
  const signIn = async (email: string) => {
    const response = await passwordStep(email);
    expect(response.json()).toMatchObject({ token: expect.any(String) });
    return response.json().token as string;
  };
  const enrolmentTokenOf = async (email: string) => {
    const response = await passwordStep(email);
    expect([response.statusCode, response.json()]).toEqual([
      200,
      {
        enrolment_required: true,
        pending_token: expect.any(String),
        expires_at: expect.any(String),
        methods: ['totp', 'passkey'],
      },
    ]);
    return response.json().pending_token as string;
  };
  /** Enrols an authenticator app with the enrolment token: the secret and the answer of the confirmation. */
  const enrolTotp = async (pendingToken: string) => {
    const begin = await call('POST', '/systemusers/login/enrolment/totp', { pending_token: pendingToken });
    expect(begin.statusCode).toBe(200);
    const secret = begin.json().secret as string;
    const confirm = await call('POST', '/systemusers/login/enrolment/totp/confirm', {
      pending_token: pendingToken,
      code: codeOf(secret, -1),
    });
    return { secret, confirm };
  };
  return { call, passwordStep, signIn, enrolmentTokenOf, enrolTotp };
}

describe("a manufacturer's two-factor requirement and the enrolment it leads to", () => {
  let t: TestApp;
  let manufacturerId: number;
  let otherManufacturerId: number;
  let ownerToken: string;
  let superuserToken: string;
  const { call, passwordStep, signIn, enrolmentTokenOf, enrolTotp } = signInSteps(() => t);
  const requirementUrl = () => `/manufacturers/${manufacturerId}/two-factor-requirement`;

  beforeAll(async () => {
    process.env.PRODUCTHUB_WEBHOOK_ALLOW_PRIVATE = 'true';
    t = await createTestApp({ publicUrl: 'http://127.0.0.1:8124', loginAccountFailuresPer15Minutes: 4 });
    manufacturerId = (await createManufacturer(t.db, 'Required Audio')).id;
    otherManufacturerId = (await createManufacturer(t.db, 'Other Audio')).id;
    await createSystemUser(t.db, 'owner@required.example', manufacturerId);
    await createSystemUser(t.db, 'other@other.example', otherManufacturerId);
    await createSystemUser(t.db, 'root@required.example', null);
    ownerToken = await signIn('owner@required.example');
    superuserToken = await signIn('root@required.example');
  });
  afterAll(() => t.close());

  it('is off until the owner turns it on: audited once, a webhook event, staff of another manufacturer get 404', async () => {
    const hook = await call(
      'POST',
      `/manufacturers/${manufacturerId}/webhook-endpoints`,
      { url: 'http://127.0.0.1:9/hook', event_types: ['manufacturer.two_factor_requirement_updated'] },
      ownerToken,
    );
    expect(hook.statusCode).toBe(201);
    expect((await call('GET', requirementUrl(), undefined, ownerToken)).json()).toEqual({
      required: false,
      required_since: null,
    });
    const on = await call('PUT', requirementUrl(), { required: true }, ownerToken);
    expect([on.statusCode, on.json()]).toEqual([200, { required: true, required_since: expect.any(String) }]);
    // Setting what is set changes nothing: no second audit entry, the same time.
    const again = await call('PUT', requirementUrl(), { required: true }, ownerToken);
    expect(again.json()).toEqual(on.json());

    const audits = await t.db
      .selectFrom('audit_log')
      .select(['action', 'entity_type', 'entity_id', 'before', 'after'])
      .where('action', '=', 'manufacturer.two_factor_requirement_update')
      .execute();
    expect(audits).toEqual([
      {
        action: 'manufacturer.two_factor_requirement_update',
        entity_type: 'manufacturer',
        entity_id: String(manufacturerId),
        before: { required: false },
        after: { required: true },
      },
    ]);
    const events = await sql<{ type: string; manufacturer_id: number }>`
      SELECT type, manufacturer_id FROM webhook_events WHERE manufacturer_id = ${manufacturerId}`.execute(t.db);
    expect(events.rows).toEqual([
      { type: 'manufacturer.two_factor_requirement_updated', manufacturer_id: manufacturerId },
    ]);

    const stranger = await signIn('other@other.example');
    expect((await call('GET', requirementUrl(), undefined, stranger)).statusCode).toBe(404);
    expect((await call('PUT', requirementUrl(), { required: false }, stranger)).statusCode).toBe(404);
    expect((await call('GET', requirementUrl(), undefined)).statusCode).toBe(401);
    // Staff who are not owners read it and cannot set it.
    const viewerId = (await createSystemUser(t.db, 'viewer@required.example', manufacturerId)).id;
    await t.db.updateTable('system_users').set({ staff_role: 'viewer' }).where('id', '=', viewerId).execute();
    // Signed in before the requirement (a session made here: the password would now lead to the enrolment).
    const viewer = await createSession(t.db, viewerId, { userAgent: undefined, address: '127.0.0.1' });
    expect((await call('GET', requirementUrl(), undefined, viewer)).json()).toMatchObject({ required: true });
    const refused = await call('PUT', requirementUrl(), { required: false }, viewer);
    expect([refused.statusCode, refused.json()]).toEqual([403, { message: [roleCannot('viewer', 'staff.access')] }]);
    const bad = await call('PUT', requirementUrl(), { required: 'yes' }, ownerToken);
    expect(bad.statusCode).toBe(400);
    expect((await call('GET', requirementUrl(), undefined, superuserToken)).json()).toMatchObject({ required: true });
  });

  it('leads a member without a factor through TOTP enrolment; the token reaches nothing else and is used once', async () => {
    await createSystemUser(t.db, 'ana@required.example', manufacturerId);
    const pending = await enrolmentTokenOf('ana@required.example');
    // No session: neither a route of a signed-in user nor the second step of a user with a factor takes it.
    expect((await call('GET', '/systemusers/me', undefined, pending)).statusCode).toBe(401);
    const second = await call('POST', '/systemusers/login/second-factor', { pending_token: pending, code: '123456' });
    expect([second.statusCode, second.json()]).toEqual([401, { message: [SECOND_FACTOR_EXPIRED] }]);
    expect((await call('POST', '/systemusers/login/passkey-options', { pending_token: pending })).statusCode).toBe(401);

    const begin = await call('POST', '/systemusers/login/enrolment/totp', { pending_token: pending });
    expect(begin.json()).toEqual({
      secret: expect.any(String),
      otpauth_uri: expect.stringContaining('ana%40required.example'),
      qr_svg: expect.stringContaining('<svg'),
    });
    const secret = begin.json().secret as string;
    const wrong = await call('POST', '/systemusers/login/enrolment/totp/confirm', {
      pending_token: pending,
      code: wrongCodeOf(secret),
    });
    expect([wrong.statusCode, wrong.json()]).toEqual([400, { message: [WRONG_CODE] }]);
    const right = await call('POST', '/systemusers/login/enrolment/totp/confirm', {
      pending_token: pending,
      code: codeOf(secret, -1),
    });
    expect(right.statusCode).toBe(200);
    expect(right.json()).toEqual({
      token: expect.any(String),
      access_level: 'manufacturer',
      manufacturer: { id: manufacturerId, name: 'Required Audio' },
      recovery_codes: expect.any(Array),
    });
    expect(right.json().recovery_codes).toHaveLength(10);
    expect(right.headers['set-cookie']).toEqual(expect.stringContaining('authorization='));
    const me = await call('GET', '/systemusers/me', undefined, right.json().token);
    expect(me.json()).toMatchObject({ email: 'ana@required.example' });

    // Used up: the same token enrols nothing more.
    const reused = await call('POST', '/systemusers/login/enrolment/totp', { pending_token: pending });
    expect([reused.statusCode, reused.json()]).toEqual([401, { message: [SECOND_FACTOR_EXPIRED] }]);
    // With a factor, the next sign-in is the second step as for anyone with one.
    const next = await passwordStep('ana@required.example');
    expect(next.json()).toMatchObject({ second_factor_required: true, methods: ['totp', 'recovery_code'] });
    const signedIn = await call('POST', '/systemusers/login/second-factor', {
      pending_token: next.json().pending_token,
      code: codeOf(secret),
    });
    expect(signedIn.json()).toMatchObject({ token: expect.any(String) });
    const actions = await t.db
      .selectFrom('audit_log')
      .select(['action', 'actor_system_user_id', 'after'])
      .where('entity_type', '=', 'system_user')
      .where('entity_id', '=', String(await systemUserIdOf(t.db, 'ana@required.example')))
      .execute();
    expect(actions).toEqual([
      {
        action: 'two_factor.totp_enabled',
        actor_system_user_id: await systemUserIdOf(t.db, 'ana@required.example'),
        after: { at_sign_in: true },
      },
    ]);
  });

  it('refuses an expired, unknown or second-step token, and a second-step token reaches no enrolment', async () => {
    await createSystemUser(t.db, 'ben@required.example', manufacturerId);
    const pending = await enrolmentTokenOf('ben@required.example');
    await t.db
      .updateTable('pending_sign_ins')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    for (const token of [pending, 'not-a-token']) {
      const answer = await call('POST', '/systemusers/login/enrolment/totp', { pending_token: token });
      expect([answer.statusCode, answer.json()]).toEqual([401, { message: [SECOND_FACTOR_EXPIRED] }]);
      const options = await call('POST', '/systemusers/login/enrolment/passkey-options', { pending_token: token });
      expect(options.statusCode).toBe(401);
    }
    const { confirm } = await enrolTotp(await enrolmentTokenOf('ben@required.example'));
    expect(confirm.statusCode).toBe(200);
    const secondStep = (await passwordStep('ben@required.example')).json().pending_token as string;
    for (const url of ['/systemusers/login/enrolment/totp', '/systemusers/login/enrolment/passkey-options'])
      expect((await call('POST', url, { pending_token: secondStep })).statusCode).toBe(401);
    const confirmAgain = await call('POST', '/systemusers/login/enrolment/totp/confirm', {
      pending_token: secondStep,
      code: '123456',
    });
    expect(confirmAgain.statusCode).toBe(401);
  });

  it('enrols a passkey at sign-in instead; a replayed answer finds its challenge gone', async () => {
    await createSystemUser(t.db, 'cai@required.example', manufacturerId);
    const pending = await enrolmentTokenOf('cai@required.example');
    const options = await call('POST', '/systemusers/login/enrolment/passkey-options', { pending_token: pending });
    expect(options.statusCode).toBe(200);
    const authenticator = new SoftAuthenticator('localhost', ORIGIN);
    const response = authenticator.register(options.json().options);
    const blank = await call('POST', '/systemusers/login/enrolment/passkey', {
      pending_token: pending,
      name: '   ',
      response,
    });
    expect(blank.statusCode).toBe(400);
    const added = await call('POST', '/systemusers/login/enrolment/passkey', {
      pending_token: pending,
      name: 'Laptop',
      response,
    });
    expect(added.json()).toEqual({
      token: expect.any(String),
      access_level: 'manufacturer',
      manufacturer: { id: manufacturerId, name: 'Required Audio' },
    });
    const passkeys = await call('GET', '/systemusers/me/passkeys', undefined, added.json().token);
    expect(passkeys.json().passkeys).toEqual([expect.objectContaining({ name: 'Laptop' })]);

    const next = await passwordStep('cai@required.example');
    expect(next.json()).toMatchObject({ second_factor_required: true, methods: ['passkey'] });
    await createSystemUser(t.db, 'dan@required.example', manufacturerId);
    const danPending = await enrolmentTokenOf('dan@required.example');
    const replayed = await call('POST', '/systemusers/login/enrolment/passkey', {
      pending_token: danPending,
      name: 'Laptop',
      response,
    });
    expect([replayed.statusCode, replayed.json()]).toEqual([409, { message: [PASSKEY_CHALLENGE_GONE] }]);
  });

  it('throttles wrong enrolment codes per account across addresses, like passwords', async () => {
    await createSystemUser(t.db, 'eve@required.example', manufacturerId);
    const pending = await enrolmentTokenOf('eve@required.example');
    const begin = await call('POST', '/systemusers/login/enrolment/totp', { pending_token: pending });
    const secret = begin.json().secret as string;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/v1/systemusers/login/enrolment/totp/confirm',
        payload: { pending_token: pending, code: wrongCodeOf(secret) },
        remoteAddress: `198.51.100.${attempt + 1}`,
      });
      statuses.push(answer.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
  });

  it('refuses turning off the last factor while required, and allows it once another factor is left', async () => {
    await createSystemUser(t.db, 'fay@required.example', manufacturerId);
    const { secret, confirm } = await enrolTotp(await enrolmentTokenOf('fay@required.example'));
    const token = confirm.json().token as string;
    const off = await call('POST', '/systemusers/me/two-factor/totp/disable', { password: PASSWORD }, token);
    expect([off.statusCode, off.json()]).toEqual([409, { message: [LAST_FACTOR_REQUIRED] }]);
    expect((await call('GET', '/systemusers/me/two-factor', undefined, token)).json()).toMatchObject({ totp: true });

    // A passkey added (with a fresh code), the app may go; then the passkey is the last and stays.
    const options = await call(
      'POST',
      '/systemusers/me/passkeys/registration-options',
      { code: codeOf(secret) },
      token,
    );
    expect(options.statusCode).toBe(200);
    const authenticator = new SoftAuthenticator('localhost', ORIGIN);
    const added = await call(
      'POST',
      '/systemusers/me/passkeys',
      { name: 'Key', response: authenticator.register(options.json().options) },
      token,
    );
    expect(added.statusCode).toBe(201);
    expect(
      (await call('POST', '/systemusers/me/two-factor/totp/disable', { password: PASSWORD }, token)).statusCode,
    ).toBe(200);
    const remove = await call(
      'POST',
      `/systemusers/me/passkeys/${added.json().id}/remove`,
      { password: PASSWORD },
      token,
    );
    expect([remove.statusCode, remove.json()]).toEqual([409, { message: [LAST_FACTOR_REQUIRED] }]);
    expect((await call('GET', '/systemusers/me/passkeys', undefined, token)).json().passkeys).toHaveLength(1);

    // Not required any more: the last factor may go, and the password alone signs in again.
    const offAgain = await call('PUT', requirementUrl(), { required: false }, superuserToken);
    expect(offAgain.json()).toEqual({ required: false, required_since: null });
    const removed = await call(
      'POST',
      `/systemusers/me/passkeys/${added.json().id}/remove`,
      { password: PASSWORD },
      token,
    );
    expect(removed.statusCode).toBe(200);
    expect((await passwordStep('fay@required.example')).json()).toMatchObject({ token: expect.any(String) });
  });

  it('keeps the platform switch for the Super User alone', async () => {
    const staff = await signIn('other@other.example');
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', { required: true }],
    ] as const) {
      const answer = await call(method, '/platform/two-factor-requirement', payload, staff);
      expect([answer.statusCode, answer.json()]).toEqual([403, { message: [SUPERUSER_REQUIRED] }]);
    }
    const off = await call('GET', '/platform/two-factor-requirement', undefined, superuserToken);
    expect(off.json()).toEqual({ required: false, required_since: null });
  });
});

describe('the platform-wide requirement', () => {
  let t: TestApp;
  const { call, passwordStep, signIn, enrolmentTokenOf, enrolTotp } = signInSteps(() => t);

  beforeAll(async () => {
    t = await createTestApp();
    const manufacturerId = (await createManufacturer(t.db, 'Any Audio')).id;
    await createSystemUser(t.db, 'staff@any.example', manufacturerId);
    await createSystemUser(t.db, 'root@platform.example', null);
  });
  afterAll(() => t.close());

  it('applies to every staff member and to the Super User too; audited without a manufacturer', async () => {
    const rootToken = await signIn('root@platform.example');
    const on = await call('PUT', '/platform/two-factor-requirement', { required: true }, rootToken);
    expect([on.statusCode, on.json()]).toEqual([200, { required: true, required_since: expect.any(String) }]);
    expect(
      await t.db
        .selectFrom('audit_log')
        .select(['action', 'manufacturer_id', 'after'])
        .where('action', '=', 'platform.two_factor_requirement_update')
        .execute(),
    ).toEqual([{ action: 'platform.two_factor_requirement_update', manufacturer_id: null, after: { required: true } }]);

    await enrolmentTokenOf('staff@any.example');
    const { confirm } = await enrolTotp(await enrolmentTokenOf('root@platform.example'));
    expect(confirm.json()).toMatchObject({ access_level: 'superuser', manufacturer: null });
    const newRoot = confirm.json().token as string;
    const off = await call('POST', '/systemusers/me/two-factor/totp/disable', { password: PASSWORD }, newRoot);
    expect([off.statusCode, off.json()]).toEqual([409, { message: [LAST_FACTOR_REQUIRED] }]);

    expect((await call('PUT', '/platform/two-factor-requirement', { required: false }, newRoot)).statusCode).toBe(200);
    expect((await passwordStep('staff@any.example')).json()).toMatchObject({ token: expect.any(String) });
  });
});
