import { createTestApp, type TestApp } from './support/test-app';
import { createManufacturer, login } from './support/fixtures';
import { AdminCommandError, createSystemUserCommand } from '../src/admin/create-user';
import { setSystemUserDisabled } from '../src/admin/set-user-disabled';

describe('admin create-user', () => {
  let t: TestApp;
  let manufacturerId: number;
  beforeAll(async () => {
    t = await createTestApp();
    manufacturerId = (await createManufacturer(t.db, 'Alpha Audio')).id;
  });
  afterAll(() => t.close());

  it('creates a superuser and a manufacturer user who can then sign in', async () => {
    const superId = await createSystemUserCommand(t.db, {
      email: 'root@example.com',
      password: 'Strong-Pass-1',
      role: 'superuser',
    });
    const staffId = await createSystemUserCommand(t.db, {
      email: 'staff@alpha.example',
      password: 'Strong-Pass-2',
      role: 'manufacturer',
      manufacturerId,
    });
    expect(superId).toEqual(expect.any(Number));
    expect(staffId).toBeGreaterThan(superId);
    await expect(login(t.app, 'staff@alpha.example', 'Strong-Pass-2')).resolves.toEqual(expect.any(String));
    // Audited like disable-user: no actor (an operator's command), the new user's fields, never the password.
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'system_user.create')
      .orderBy('id')
      .execute();
    expect(audit.map((entry) => [entry.entity_id, entry.manufacturer_id, entry.actor_system_user_id])).toEqual([
      [String(superId), null, null],
      [String(staffId), manufacturerId, null],
    ]);
    expect(audit[1].after).toEqual({
      email: 'staff@alpha.example',
      access_level: 'manufacturer',
      manufacturer_id: manufacturerId,
    });
    expect(JSON.stringify(audit)).not.toContain('Strong-Pass');
  });

  it.each([
    [{ email: 'root@example.com', password: 'Strong-Pass-9', role: 'superuser' }, 'already exists'],
    [{ email: 'ROOT@example.com', password: 'Strong-Pass-9', role: 'superuser' }, 'already exists'],
    [{ email: 'new@example.com', password: 'Short-Pass1', role: 'superuser' }, 'at least 12 characters'],
    [{ email: 'new@example.com', password: 'Password1234', role: 'superuser' }, 'similar to a commonly used password'],
    [{ email: 'new@example.com', password: 'password12345', role: 'superuser' }, 'too easy to guess'],
    [{ email: 'new@example.com', password: 'Passw0rd2026', role: 'superuser' }, 'too easy to guess'],
    [{ email: 'new@example.com', password: 'abcdefghijkl', role: 'superuser' }, 'Common character sequences'],
    [{ email: 'new@example.com', password: 'aaaaaaaaaaab', role: 'superuser' }, 'Repeated characters'],
    [
      { email: 'new@example.com', password: 'Strong-Pass-9', role: 'manufacturer', manufacturerId: 999999 },
      'no manufacturer with id 999999',
    ],
    [{ email: 'new@example.com', password: 'Strong-Pass-9', role: 'manufacturer' }, 'needs --manufacturer'],
    [{ email: 'new@example.com', password: 'Strong-Pass-9', role: 'admin' }, "must be 'superuser' or 'manufacturer'"],
    [{ email: 'not-an-email', password: 'Strong-Pass-9', role: 'superuser' }, 'not a valid email'],
  ])('refuses %o with a clear error', async (input, message) => {
    const count = (await t.db.selectFrom('system_users').select(t.db.fn.countAll().as('n')).executeTakeFirstOrThrow())
      .n;
    await expect(createSystemUserCommand(t.db, input)).rejects.toThrow(AdminCommandError);
    await expect(createSystemUserCommand(t.db, input)).rejects.toThrow(message);
    expect((await t.db.selectFrom('system_users').select(t.db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n).toBe(
      count,
    );
  });
});

describe('admin disable-user / enable-user', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const manufacturerId = (await createManufacturer(t.db, 'Alpha Audio')).id;
    await createSystemUserCommand(t.db, {
      email: 'leaver@alpha.example',
      password: 'Strong-Pass-3',
      role: 'manufacturer',
      manufacturerId,
    });
  });
  afterAll(() => t.close());

  it('ends every session of a disabled user at once, refuses their sign-in, and enabling lets them back', async () => {
    const tokens = [
      await login(t.app, 'leaver@alpha.example', 'Strong-Pass-3'),
      await login(t.app, 'leaver@alpha.example', 'Strong-Pass-3'),
    ];
    await setSystemUserDisabled(t.db, 'Leaver@Alpha.example', true);
    for (const token of tokens) {
      expect(
        (await t.app.inject({ url: '/api/v1/systemusers/me', headers: { authorization: `MSession ${token}` } }))
          .statusCode,
      ).toBe(401);
    }
    const revoked = await t.db.selectFrom('sessions').select('revoked_at').execute();
    expect(revoked.every((session) => session.revoked_at !== null)).toBe(true);
    await expect(login(t.app, 'leaver@alpha.example', 'Strong-Pass-3')).rejects.toThrow(/401/);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_type', '=', 'system_user')
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual(['system_user.create', 'system_user.disable']);

    await setSystemUserDisabled(t.db, 'leaver@alpha.example', false);
    await expect(login(t.app, 'leaver@alpha.example', 'Strong-Pass-3')).resolves.toEqual(expect.any(String));
    // The sessions ended by disabling stay ended.
    expect(
      (await t.app.inject({ url: '/api/v1/systemusers/me', headers: { authorization: `MSession ${tokens[0]}` } }))
        .statusCode,
    ).toBe(401);
  });

  it('says so for an unknown email, changing nothing', async () => {
    await expect(setSystemUserDisabled(t.db, 'nobody@alpha.example', true)).rejects.toThrow(
      'There is no system user with the email nobody@alpha.example.',
    );
  });
});
