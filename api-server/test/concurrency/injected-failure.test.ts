import { sql } from 'kysely';
import { appForSuite } from '../support/test-app';
import { auth, tableDigest } from '../support/fixtures';
import { buildWorld } from '../security/matrix-world';

/** A failure in the middle of a multi-row change (injected with a trigger) leaves every row as it was. */
describe('all-or-nothing under an injected failure', () => {
  const suite = appForSuite(buildWorld);

  it('a bulk update that fails on its 20th licence changes none of the 40, and no audit row is left', async () => {
    const ids = (
      await suite.t.db
        .selectFrom('licenses')
        .select('id')
        .where('manufacturer_id', '=', suite.world.manufacturerA)
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
      .execute(suite.t.db);
    try {
      const [licenses, audit] = [await tableDigest(suite.t.db, 'licenses'), await tableDigest(suite.t.db, 'audit_log')];
      const response = await suite.t.app.inject({
        method: 'PATCH',
        url: '/api/v1/licenses/bulk-update',
        headers: auth(suite.world.tokens.staffA),
        payload: { license_ids: ids, disabled: true, disabled_reason: 'FraudulentUse' },
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ message: ['Internal server error. Please try again.'] });
      expect(response.body).not.toContain('injected failure');
      expect(await tableDigest(suite.t.db, 'licenses')).toBe(licenses);
      expect(await tableDigest(suite.t.db, 'audit_log')).toBe(audit);
    } finally {
      await sql.raw('DROP TRIGGER inject_failure ON licenses; DROP FUNCTION fail_on_victim();').execute(suite.t.db);
    }
  });
});
