import { sql } from 'kysely';
import {
  EMAIL_HAS_ACCOUNT,
  INVITE_NOT_VALID,
  LAST_OWNER,
  NOT_YOURSELF,
  STAFF_MEMBER_NOT_FOUND,
  type StaffList,
  type StaffRole,
} from 'shared-kit/contract';
import { createTestApp, type TestApp } from './support/test-app';
import { auth, createManufacturer, createSystemUser, login, systemUserIdOf } from './support/fixtures';
import { hashSessionToken } from '../src/auth/session-token';

const NEW_PASSWORD = 'violet anchor quietly juggles';

describe("An owner manages the manufacturer's staff", () => {
  let t: TestApp;
  let acme: number;
  let other: number;
  let ownerToken: string;
  let superToken: string;

  const setRole = (email: string, role: StaffRole) =>
    sql`UPDATE system_users SET staff_role = ${role} WHERE email = ${email}`.execute(t.db);
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: token ? auth(token) : {}, payload: payload as object });
  const staffOf = async (token: string, manufacturerId = acme) => {
    const response = await call('GET', `/manufacturers/${manufacturerId}/staff`, token);
    expect(response.statusCode).toBe(200);
    return response.json() as StaffList;
  };
  const me = (token: string) => call('GET', '/systemusers/me', token);
  const auditOf = (action: string) =>
    t.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id', 'desc').execute();
  const eventsOf = async (type: string) =>
    (
      await sql<{ payload: { data: { id: string } } }>`SELECT payload FROM webhook_events WHERE type = ${type}`.execute(
        t.db,
      )
    ).rows;

  /** Invites an address and answers the token the mail carries (read from the outbox, as a mailbox would). */
  const invite = async (email: string, role: StaffRole, token = ownerToken) => {
    const response = await call('POST', `/manufacturers/${acme}/staff/invites`, token, { email, role });
    expect(response.statusCode).toBe(201);
    const mail = await sql<{ text: string; subject: string; kind: string }>`
      SELECT text, subject, kind FROM email_outbox WHERE to_address = ${response.json().email} ORDER BY id DESC LIMIT 1`.execute(
      t.db,
    );
    const { text, kind } = mail.rows[0];
    expect(kind).toBe('staff.invite');
    const token256 = /\/join#token=([A-Za-z0-9_-]+)/.exec(text)![1];
    return { invite: response.json(), token: token256 };
  };
  const accept = (token: string, password = NEW_PASSWORD) =>
    call('POST', '/staff-invites/accept', undefined, { token, password });

  beforeAll(async () => {
    t = await createTestApp();
    acme = (await createManufacturer(t.db, 'Acme Audio')).id;
    other = (await createManufacturer(t.db, 'Other Audio')).id;
    await createSystemUser(t.db, 'super@example.com', null);
    await createSystemUser(t.db, 'owner@acme.example', acme);
    await createSystemUser(t.db, 'admin@acme.example', acme);
    await createSystemUser(t.db, 'owner@other.example', other);
    await setRole('owner@acme.example', 'owner');
    await setRole('admin@acme.example', 'admin');
    await setRole('owner@other.example', 'owner');
    await sql`INSERT INTO webhook_endpoints (manufacturer_id, url, secret_encrypted, event_types, enabled)
      VALUES (${acme}::int, 'https://hooks.example/staff', 'v1.x.y.z',
        ARRAY['staff.invited', 'staff.joined', 'staff.role_changed', 'staff.disabled', 'staff.enabled',
          'staff.removed', 'staff.sessions_ended', 'staff.two_factor_reset'], true)`.execute(t.db);
    ownerToken = await login(t.app, 'owner@acme.example');
    superToken = await login(t.app, 'super@example.com');
  });
  afterAll(() => t.close());

  it('lists the staff with role, status, two-factor kinds and last sign-in; for owners, admins and the Super User', async () => {
    const list = await staffOf(ownerToken);
    expect(list.members.map((member) => [member.email, member.role, member.status])).toEqual([
      ['admin@acme.example', 'admin', 'active'],
      ['owner@acme.example', 'owner', 'active'],
    ]);
    const owner = list.members.find((member) => member.email === 'owner@acme.example')!;
    expect(owner.two_factor).toEqual([]);
    expect(Date.parse(owner.last_signed_in_at!)).toBeGreaterThan(Date.now() - 60_000);
    expect(list.members.find((member) => member.email === 'admin@acme.example')!.last_signed_in_at).toBeNull();
    expect((await staffOf(superToken)).members).toHaveLength(2);
    const adminToken = await login(t.app, 'admin@acme.example');
    expect((await call('GET', `/manufacturers/${acme}/staff`, adminToken)).statusCode).toBe(200);
    const otherOwner = await login(t.app, 'owner@other.example');
    expect((await call('GET', `/manufacturers/${acme}/staff`, otherOwner)).statusCode).toBe(404);
    expect((await call('GET', `/manufacturers/${acme}/staff`)).statusCode).toBe(401);
    expect((await call('GET', `/manufacturers/2147483647/staff`, superToken)).statusCode).toBe(404);
  });

  it('invites by email: a one-time link by mail (only its hash stored, 7 days); the invitee sets a password and is signed in', async () => {
    const { invite: sent, token } = await invite('  Sam@Acme.example ', 'support');
    expect(sent).toMatchObject({ email: 'Sam@acme.example', role: 'support' });
    const days = (Date.parse(sent.expires_at) - Date.parse(sent.invited_at)) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const stored = await t.db
      .selectFrom('email_outbox')
      .select(['masked_text'])
      .where('kind', '=', 'staff.invite')
      .executeTakeFirstOrThrow();
    expect(stored.masked_text).not.toContain(token);
    const row = await sql<{ token_hash: string }>`SELECT token_hash FROM staff_invites WHERE id = ${sent.id}`.execute(
      t.db,
    );
    expect(row.rows[0].token_hash).toBe(hashSessionToken(token));
    expect((await staffOf(ownerToken)).invites.map((open) => open.email)).toEqual(['Sam@acme.example']);

    const weak = await accept(token, 'password1234');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message[0]).toMatch(/too easy to guess/);

    const accepted = await accept(token);
    expect(accepted.statusCode).toBe(200);
    expect(String(accepted.headers['set-cookie'])).toContain('authorization=');
    const samToken = accepted.json().token as string;
    expect(accepted.json().manufacturer).toEqual({ id: acme, name: 'Acme Audio' });
    expect((await me(samToken)).json()).toMatchObject({ email: 'Sam@acme.example', manufacturer: { id: acme } });
    expect(await login(t.app, 'sam@acme.example', NEW_PASSWORD)).toEqual(expect.any(String));
    const list = await staffOf(ownerToken);
    expect(list.invites).toEqual([]);
    expect(list.members.find((member) => member.email === 'Sam@acme.example')).toMatchObject({
      role: 'support',
      status: 'active',
    });

    // Used once: the same link again answers as an unknown or expired one does.
    const again = await accept(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: [INVITE_NOT_VALID] });
    expect((await accept('A'.repeat(43))).json()).toEqual({ message: [INVITE_NOT_VALID] });
    const late = await invite('late@acme.example', 'viewer');
    await sql`UPDATE staff_invites SET expires_at = now() - interval '1 second' WHERE id = ${late.invite.id}`.execute(
      t.db,
    );
    const expired = await accept(late.token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ message: [INVITE_NOT_VALID] });

    expect((await auditOf('staff.invite')).length).toBeGreaterThanOrEqual(2);
    expect((await auditOf('staff.invite_accept'))[0]).toMatchObject({
      manufacturer_id: acme,
      entity_type: 'system_user',
    });
    expect(await eventsOf('staff.invited')).not.toHaveLength(0);
    expect(await eventsOf('staff.joined')).toHaveLength(1);
  });

  it('a new invite to the same address replaces the open one; an address with an account or no address is refused', async () => {
    const first = await invite('twice@acme.example', 'viewer');
    const second = await invite('twice@acme.example', 'admin');
    expect((await accept(first.token)).json()).toEqual({ message: [INVITE_NOT_VALID] });
    expect((await staffOf(ownerToken)).invites.filter((open) => open.email === 'twice@acme.example')).toHaveLength(1);
    expect((await accept(second.token)).statusCode).toBe(200);
    const taken = await call('POST', `/manufacturers/${acme}/staff/invites`, ownerToken, {
      email: 'owner@other.example',
      role: 'viewer',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: [EMAIL_HAS_ACCOUNT] });
    const bad = await call('POST', `/manufacturers/${acme}/staff/invites`, ownerToken, {
      email: 'no-at-sign',
      role: 'viewer',
    });
    expect(bad.statusCode).toBe(400);
    const role = await call('POST', `/manufacturers/${acme}/staff/invites`, ownerToken, {
      email: 'x@acme.example',
      role: 'god',
    });
    expect(role.statusCode).toBe(400);
  });

  it('changes a role, audited and in webhooks; the last owner cannot be demoted, disabled nor removed', async () => {
    const adminId = await systemUserIdOf(t.db, 'admin@acme.example');
    const ownerId = await systemUserIdOf(t.db, 'owner@acme.example');
    const changed = await call('PUT', `/manufacturers/${acme}/staff/${adminId}/role`, ownerToken, {
      role: 'release_manager',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ id: adminId, role: 'release_manager' });
    expect((await auditOf('staff.role_change'))[0]).toMatchObject({
      before: { email: 'admin@acme.example', role: 'admin' },
      after: { email: 'admin@acme.example', role: 'release_manager' },
    });
    expect(await eventsOf('staff.role_changed')).toHaveLength(1);

    const demote = await call('PUT', `/manufacturers/${acme}/staff/${ownerId}/role`, ownerToken, { role: 'admin' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toEqual({ message: [LAST_OWNER] });
    // An owner does not lock themselves out; the Super User is held to the last-owner rule.
    for (const [method, url, payload] of [
      ['PUT', `/manufacturers/${acme}/staff/${ownerId}/role`, { role: 'admin' }],
      ['POST', `/manufacturers/${acme}/staff/${ownerId}/disable`, undefined],
      ['DELETE', `/manufacturers/${acme}/staff/${ownerId}`, undefined],
    ] as const) {
      const refused = await call(method, url, superToken, payload);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ message: [LAST_OWNER] });
      if (method !== 'PUT')
        expect((await call(method, url, ownerToken, payload)).json()).toEqual({ message: [NOT_YOURSELF.owner] });
    }
    expect((await staffOf(ownerToken)).members.find((member) => member.id === ownerId)).toMatchObject({
      role: 'owner',
      status: 'active',
    });
  });

  it('two owners demoting each other at the same time leave exactly one owner', async () => {
    for (let round = 0; round < 5; round++) {
      await setRole('admin@acme.example', 'owner');
      await setRole('owner@acme.example', 'owner');
      const adminId = await systemUserIdOf(t.db, 'admin@acme.example');
      const ownerId = await systemUserIdOf(t.db, 'owner@acme.example');
      const adminToken = await login(t.app, 'admin@acme.example');
      const answers = await Promise.all([
        call('PUT', `/manufacturers/${acme}/staff/${adminId}/role`, ownerToken, { role: 'viewer' }),
        call('PUT', `/manufacturers/${acme}/staff/${ownerId}/role`, adminToken, { role: 'viewer' }),
      ]);
      const codes = answers.map((answer) => answer.statusCode).sort();
      // The second to act is either refused as the last owner, or (already demoted) no longer an owner at all.
      expect(codes[0]).toBe(200);
      expect([403, 409]).toContain(codes[1]);
      const owners = await sql<{ n: string }>`
        SELECT count(*) AS n FROM system_users WHERE manufacturer_id = ${acme} AND staff_role = 'owner'`.execute(t.db);
      expect(Number(owners.rows[0].n)).toBe(1);
    }
    await setRole('owner@acme.example', 'owner');
    await setRole('admin@acme.example', 'admin');
  });

  it('disables a member (their sessions stop at once, sign-in refused) and enables them again', async () => {
    const samId = await systemUserIdOf(t.db, 'Sam@acme.example');
    const samToken = await login(t.app, 'sam@acme.example', NEW_PASSWORD);
    expect((await me(samToken)).statusCode).toBe(200);
    const disabled = await call('POST', `/manufacturers/${acme}/staff/${samId}/disable`, ownerToken);
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toMatchObject({ status: 'disabled' });
    expect((await me(samToken)).statusCode).toBe(401);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/systemusers/login',
      payload: { email: 'sam@acme.example', password: NEW_PASSWORD },
    });
    expect(refused.statusCode).toBe(401);
    expect(await eventsOf('staff.disabled')).toHaveLength(1);
    const enabled = await call('POST', `/manufacturers/${acme}/staff/${samId}/enable`, ownerToken);
    expect(enabled.json()).toMatchObject({ status: 'active' });
    expect(await login(t.app, 'sam@acme.example', NEW_PASSWORD)).toEqual(expect.any(String));
    expect((await auditOf('staff.enable'))[0]).toMatchObject({ entity_id: String(samId) });
  });

  it('refuses an admin disabling or removing themselves, naming who can (another owner or admin)', async () => {
    const adminId = await systemUserIdOf(t.db, 'admin@acme.example');
    const adminToken = await login(t.app, 'admin@acme.example');
    for (const [method, url] of [
      ['POST', `/manufacturers/${acme}/staff/${adminId}/disable`],
      ['DELETE', `/manufacturers/${acme}/staff/${adminId}`],
    ] as const) {
      const refused = await call(method, url, adminToken);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ message: [NOT_YOURSELF.admin] });
    }
    expect((await staffOf(ownerToken)).members.find((member) => member.id === adminId)).toMatchObject({
      role: 'admin',
      status: 'active',
    });
  });

  it('ends all sessions of a member, and resets their two-factor factors so the password alone signs in', async () => {
    const samId = await systemUserIdOf(t.db, 'Sam@acme.example');
    const sessions = [
      await login(t.app, 'sam@acme.example', NEW_PASSWORD),
      await login(t.app, 'sam@acme.example', NEW_PASSWORD),
    ];
    const ended = await call('DELETE', `/manufacturers/${acme}/staff/${samId}/sessions`, ownerToken);
    expect(ended.statusCode).toBe(200);
    expect(ended.json().ended).toBeGreaterThanOrEqual(2);
    for (const token of sessions) expect((await me(token)).statusCode).toBe(401);

    await sql`INSERT INTO totp_factors (system_user_id, secret_encrypted, confirmed_at) VALUES (${samId}, 'x', now())`.execute(
      t.db,
    );
    await sql`INSERT INTO recovery_codes (system_user_id, code_hash) VALUES (${samId}, 'h1')`.execute(t.db);
    await sql`INSERT INTO passkeys (system_user_id, credential_id, public_key, name)
      VALUES (${samId}, 'cred-sam', '\\x00'::bytea, 'Laptop')`.execute(t.db);
    expect((await staffOf(ownerToken)).members.find((member) => member.id === samId)!.two_factor).toEqual([
      'totp',
      'passkey',
    ]);
    const withFactor = await t.app.inject({
      method: 'POST',
      url: '/api/v1/systemusers/login',
      payload: { email: 'sam@acme.example', password: NEW_PASSWORD },
    });
    expect(withFactor.json().second_factor_required).toBe(true);
    const reset = await call('DELETE', `/manufacturers/${acme}/staff/${samId}/two-factor`, ownerToken);
    expect(reset.statusCode).toBe(200);
    expect(reset.json().two_factor).toEqual([]);
    expect(await login(t.app, 'sam@acme.example', NEW_PASSWORD)).toEqual(expect.any(String));
    expect((await auditOf('staff.two_factor_reset'))[0]).toMatchObject({
      before: { two_factor: ['totp', 'passkey'] },
      after: { two_factor: [] },
    });
    expect(await eventsOf('staff.sessions_ended')).toHaveLength(1);
  });

  it('removes a member: out of the list, cannot sign in, history kept; an invite brings them back', async () => {
    const samId = await systemUserIdOf(t.db, 'Sam@acme.example');
    const samToken = await login(t.app, 'sam@acme.example', NEW_PASSWORD);
    const removed = await call('DELETE', `/manufacturers/${acme}/staff/${samId}`, ownerToken);
    expect(removed.statusCode).toBe(204);
    expect((await me(samToken)).statusCode).toBe(401);
    expect((await staffOf(ownerToken)).members.map((member) => member.id)).not.toContain(samId);
    expect((await call('POST', `/manufacturers/${acme}/staff/${samId}/enable`, ownerToken)).json()).toEqual({
      message: [STAFF_MEMBER_NOT_FOUND],
    });
    expect(await eventsOf('staff.removed')).toHaveLength(1);
    const back = await invite('sam@acme.example', 'viewer');
    const accepted = await accept(back.token, 'a brand new violet anchor');
    expect(accepted.statusCode).toBe(200);
    expect((await staffOf(ownerToken)).members.find((member) => member.id === samId)).toMatchObject({ role: 'viewer' });
  });

  it('acts only on members of the manufacturer in the path', async () => {
    const otherOwnerId = await systemUserIdOf(t.db, 'owner@other.example');
    expect((await call('POST', `/manufacturers/${acme}/staff/${otherOwnerId}/disable`, ownerToken)).statusCode).toBe(
      404,
    );
    expect((await call('POST', `/manufacturers/${other}/staff/${otherOwnerId}/disable`, ownerToken)).statusCode).toBe(
      404,
    );
    const superId = await systemUserIdOf(t.db, 'super@example.com');
    expect((await call('DELETE', `/manufacturers/${acme}/staff/${superId}`, ownerToken)).statusCode).toBe(404);
  });
});
