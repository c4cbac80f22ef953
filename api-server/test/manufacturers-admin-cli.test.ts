import { createTestApp, type TestApp } from './support/test-app';
import { tableDigest } from './support/fixtures';
import { createManufacturerCommand } from '../src/admin/create-manufacturer';
import { AdminCommandError, createSystemUserCommand } from '../src/admin/create-user';

describe('admin create-manufacturer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('creates a manufacturer, normalised and audited, that staff can then be created for', async () => {
    const id = await createManufacturerCommand(t.db, {
      name: ' Orbit Labs ',
      email: 'hello@orbit.example',
      countryCode: 'nl',
      phone: '',
      poolId: 'pool-orbit-eu-1',
    });
    const row = await t.db.selectFrom('manufacturers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: 'Orbit Labs',
      email: 'hello@orbit.example',
      country_code: 'NL',
      phone: null,
      manufacturer_pool_id: 'pool-orbit-eu-1',
    });
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_type', '=', 'manufacturer')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      action: 'manufacturer.create',
      entity_id: String(id),
      manufacturer_id: id,
      actor_system_user_id: null,
      before: null,
    });
    await expect(
      createSystemUserCommand(t.db, {
        email: 'staff@orbit.example',
        password: 'Strong-Pass-7',
        role: 'manufacturer',
        manufacturerId: id,
      }),
    ).resolves.toEqual(expect.any(Number));
  });

  it.each([
    [{ name: '  ' }, 'Name is required.'],
    [{ name: 'Orbit', countryCode: 'NLD' }, 'Country Code must be 2 letters'],
    [{ name: 'Orbit', email: 'orbit' }, 'Email must be a valid email address'],
    [{ name: 'x'.repeat(201) }, 'name may be at most 200 characters long.'],
    [{ name: 'Orbit', phone: '1'.repeat(51) }, 'phone may be at most 50 characters long.'],
  ])('refuses %o with a clear error and creates nothing', async (input, message) => {
    const before = `${await tableDigest(t.db, 'manufacturers')}|${await tableDigest(t.db, 'audit_log')}`;
    await expect(createManufacturerCommand(t.db, input)).rejects.toThrow(AdminCommandError);
    await expect(createManufacturerCommand(t.db, input)).rejects.toThrow(message);
    expect(`${await tableDigest(t.db, 'manufacturers')}|${await tableDigest(t.db, 'audit_log')}`).toBe(before);
  });
});
