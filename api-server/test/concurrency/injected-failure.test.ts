import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../support/test-app';
import { auth, tableDigest } from '../support/fixtures';
import { buildWorld, type World } from '../security/matrix-world';

/** A failure in the middle of a multi-row change (injected with a trigger) leaves every row as it was. */
describe('all-or-nothing under an injected failure', () => {
  let t: TestApp;
  let world: World;
  beforeAll(async () => {
    t = await createTestApp();
    world = await buildWorld(t);
  }, 120_000);
  afterAll(() => t.close());

  it('a bulk update that fails on its 20th licence changes none of the 40, and no audit row is left', async () => {
    const ids = (
      await t.db
        .selectFrom('licenses')
        .select('id')
        .where('manufacturer_id', '=', world.manufacturerA)
        .where('disabled', '=', false)
        .orderBy('id')
        .limit(40)
        .execute()
    ).map((row) => row.id);
    const victim = ids[19];
    await sql
      .raw(
        `CREATE FUNCTION fail_on_victim() RETURNS trigger AS $$ BEGIN IF NEW.id = ${victim} THEN RAISE EXCEPTION 'injected failure'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql;
         CREATE TRIGGER inject_failure BEFORE UPDATE ON licenses FOR EACH ROW EXECUTE FUNCTION fail_on_victim();`,
      )
      .execute(t.db);
    try {
      const [licenses, audit] = [await tableDigest(t.db, 'licenses'), await tableDigest(t.db, 'audit_log')];
      const response = await t.app.inject({
        method: 'PATCH',
        url: '/api/v1/licenses/bulk-update',
        headers: auth(world.tokens.staffA),
        payload: { license_ids: ids, disabled: true, disabled_reason: 'FraudulentUse' },
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ message: ['Internal server error. Please try again.'] });
      expect(response.body).not.toContain('injected failure');
      expect(await tableDigest(t.db, 'licenses')).toBe(licenses);
      expect(await tableDigest(t.db, 'audit_log')).toBe(audit);
    } finally {
      await sql.raw('DROP TRIGGER inject_failure ON licenses; DROP FUNCTION fail_on_victim();').execute(t.db);
    }
  });
});
