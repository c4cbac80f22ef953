import { sql } from 'kysely';
import { INVITE_NOT_VALID, OWNER_ONLY, roleCannot, STAFF_INVITE_NOT_FOUND, type StaffRole } from 'shared-kit/contract';
import { createTestApp, type TestApp } from './support/test-app';
import { auth, createManufacturer, createSystemUser, login, systemUserIdOf } from './support/fixtures';

describe('Admins manage the staff who are not owners; withdrawing an invite', () => {
  let t: TestApp;
  let acme: number;
  let other: number;
  let ownerToken: string;
  let adminToken: string;
  let viewerToken: string;
  let ownerId: number;

  const member = async (email: string, role: StaffRole, manufacturerId = acme) => {
    const { id } = await createSystemUser(t.db, email, manufacturerId);
    await sql`UPDATE system_users SET staff_role = ${role} WHERE id = ${id}`.execute(t.db);
    return id;
  };
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: auth(token), payload: payload as object });
  const staffUrl = (path = '') => `/manufacturers/${acme}/staff${path}`;
  const roleOf = async (id: number) =>
    await t.db
      .selectFrom('system_users')
      .select(['staff_role', 'disabled'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const rowCount = async (table: 'staff_invites' | 'audit_log') =>
    Number((await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(t.db)).rows[0].n);
  const inviteAs = async (email: string, role: StaffRole, token = ownerToken) => {
    const response = await call('POST', staffUrl('/invites'), token, { email, role });
    expect(response.statusCode).toBe(201);
    const mail = await sql<{ text: string }>`
      SELECT text FROM email_outbox WHERE to_address = ${email} ORDER BY id DESC LIMIT 1`.execute(t.db);
    return { id: response.json().id as number, token: /\/join#token=([A-Za-z0-9_-]+)/.exec(mail.rows[0].text)![1] };
  };
  const accept = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/staff-invites/accept',
      payload: { token, password: 'violet anchor quietly juggles' },
    });

  beforeAll(async () => {
    t = await createTestApp();
    acme = (await createManufacturer(t.db, 'Acme Admins')).id;
    other = (await createManufacturer(t.db, 'Other Admins')).id;
    ownerId = await member('owner@admins.example', 'owner');
    await member('admin@admins.example', 'admin');
    await member('viewer@admins.example', 'viewer');
    await member('owner@other-admins.example', 'owner', other);
    await sql`INSERT INTO webhook_endpoints (manufacturer_id, url, secret_encrypted, event_types, enabled)
      VALUES (${acme}::int, 'https://hooks.example/admins', 'v1.x.y.z', ARRAY['staff.invite_withdrawn'], true)`.execute(
      t.db,
    );
    ownerToken = await login(t.app, 'owner@admins.example');
    adminToken = await login(t.app, 'admin@admins.example');
    viewerToken = await login(t.app, 'viewer@admins.example');
  });
  afterAll(() => t.close());

  it('an admin lists the staff and invites with any role but owner', async () => {
    expect((await call('GET', staffUrl(), adminToken)).statusCode).toBe(200);
    await inviteAs('support@admins.example', 'support', adminToken);
    const invites = await rowCount('staff_invites');
    const refused = await call('POST', staffUrl('/invites'), adminToken, {
      email: 'boss@admins.example',
      role: 'owner',
    });
    expect([refused.statusCode, refused.json()]).toEqual([403, { message: [OWNER_ONLY.inviteOwner] }]);
    expect(await rowCount('staff_invites')).toBe(invites);
    await inviteAs('boss@admins.example', 'owner');
  });

  it('an admin changes the role of, disables, enables, signs out, resets and removes a member who is not an owner', async () => {
    const supportId = await member('helper@admins.example', 'support');
    const changed = await call('PUT', staffUrl(`/${supportId}/role`), adminToken, { role: 'release_manager' });
    expect([changed.statusCode, changed.json().role]).toEqual([200, 'release_manager']);
    expect((await call('POST', staffUrl(`/${supportId}/disable`), adminToken)).json().status).toBe('disabled');
    expect((await call('POST', staffUrl(`/${supportId}/enable`), adminToken)).json().status).toBe('active');
    expect((await call('DELETE', staffUrl(`/${supportId}/sessions`), adminToken)).statusCode).toBe(200);
    expect((await call('DELETE', staffUrl(`/${supportId}/two-factor`), adminToken)).statusCode).toBe(200);
    expect((await call('DELETE', staffUrl(`/${supportId}`), adminToken)).statusCode).toBe(204);
  });

  it('an admin neither makes an owner nor touches an owner: 403 with the reason, nothing changed', async () => {
    const viewerId = await systemUserIdOf(t.db, 'viewer@admins.example');
    const promote = await call('PUT', staffUrl(`/${viewerId}/role`), adminToken, { role: 'owner' });
    expect([promote.statusCode, promote.json()]).toEqual([403, { message: [OWNER_ONLY.makeOwner] }]);
    expect((await roleOf(viewerId)).staff_role).toBe('viewer');

    const audits = await rowCount('audit_log');
    for (const [method, path, payload] of [
      ['PUT', `/${ownerId}/role`, { role: 'admin' }],
      ['PUT', `/${ownerId}/role`, { role: 'owner' }],
      ['POST', `/${ownerId}/disable`, undefined],
      ['POST', `/${ownerId}/enable`, undefined],
      ['DELETE', `/${ownerId}/sessions`, undefined],
      ['DELETE', `/${ownerId}/two-factor`, undefined],
      ['DELETE', `/${ownerId}`, undefined],
    ] as const) {
      const refused = await call(method, staffUrl(path), adminToken, payload);
      expect({ method, path, status: refused.statusCode, body: refused.json() }).toEqual({
        method,
        path,
        status: 403,
        body: { message: [OWNER_ONLY.manageOwner] },
      });
    }
    expect(await roleOf(ownerId)).toEqual({ staff_role: 'owner', disabled: false });
    expect(await rowCount('audit_log')).toBe(audits);
    expect((await call('GET', '/systemusers/me', ownerToken)).statusCode).toBe(200);
  });

  it("keeps single sign-on and the manufacturer's two-factor requirement the owners'", async () => {
    const sso = await call('GET', `/manufacturers/${acme}/sso`, adminToken);
    expect([sso.statusCode, sso.json()]).toEqual([403, { message: [roleCannot('admin', 'staff.access')] }]);
    const requirement = await call('PUT', `/manufacturers/${acme}/two-factor-requirement`, adminToken, {
      required: true,
    });
    expect(requirement.statusCode).toBe(403);
    expect((await call('GET', `/manufacturers/${acme}/sso`, ownerToken)).statusCode).toBe(200);
  });

  it('withdraws an open invite: its link then opens nothing; audited and sent to webhooks', async () => {
    const sent = await inviteAs('withdrawn@admins.example', 'viewer');
    const withdrawn = await call('DELETE', staffUrl(`/invites/${sent.id}`), ownerToken);
    expect(withdrawn.statusCode).toBe(204);
    expect(
      (await call('GET', staffUrl(), ownerToken)).json().invites.map((open: { id: number }) => open.id),
    ).not.toContain(sent.id);
    const late = await accept(sent.token);
    expect([late.statusCode, late.json()]).toEqual([400, { message: [INVITE_NOT_VALID] }]);
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'staff.invite_withdraw')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      manufacturer_id: acme,
      entity_type: 'staff_invite',
      entity_id: String(sent.id),
      before: { email: 'withdrawn@admins.example', role: 'viewer' },
    });
    const events = await sql<{ type: string }>`
      SELECT type FROM webhook_events WHERE type = 'staff.invite_withdrawn'`.execute(t.db);
    expect(events.rows).toHaveLength(1);

    const again = await call('DELETE', staffUrl(`/invites/${sent.id}`), ownerToken);
    expect([again.statusCode, again.json()]).toEqual([404, { message: [STAFF_INVITE_NOT_FOUND] }]);
  });

  it('answers 404 for an accepted invite or another manufacturer’s, 403 to roles that do not manage staff', async () => {
    const joined = await inviteAs('joined@admins.example', 'support');
    expect((await accept(joined.token)).statusCode).toBe(200);
    expect((await call('DELETE', staffUrl(`/invites/${joined.id}`), ownerToken)).statusCode).toBe(404);

    const open = await inviteAs('open@admins.example', 'support');
    const otherOwner = await login(t.app, 'owner@other-admins.example');
    expect((await call('DELETE', staffUrl(`/invites/${open.id}`), otherOwner)).statusCode).toBe(404);
    expect((await call('DELETE', `/manufacturers/${other}/staff/invites/${open.id}`, otherOwner)).statusCode).toBe(404);
    const viewer = await call('DELETE', staffUrl(`/invites/${open.id}`), viewerToken);
    expect([viewer.statusCode, viewer.json()]).toEqual([403, { message: [roleCannot('viewer', 'staff.manage')] }]);

    const toOwner = await inviteAs('owner2@admins.example', 'owner');
    const refused = await call('DELETE', staffUrl(`/invites/${toOwner.id}`), adminToken);
    expect([refused.statusCode, refused.json()]).toEqual([403, { message: [OWNER_ONLY.withdrawOwnerInvite] }]);
    expect((await call('DELETE', staffUrl(`/invites/${open.id}`), adminToken)).statusCode).toBe(204);
    expect((await accept(open.token)).statusCode).toBe(400);
    expect((await accept(toOwner.token)).statusCode).toBe(200);
  });
});
