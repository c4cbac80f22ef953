import { sql, type Kysely } from 'kysely';
import * as portalSignIn from '../src/db/migrations/0021-portal-sign-in';
import { createTestApp, type TestApp } from './support/test-app';

// Migration 0021 gives manufacturers that already exist a unique slug from their name; `down` and `up` again must
// leave the same schema.
describe('migration 0021: portal sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('fills the slugs of existing manufacturers, unique and never reserved, and down/up round-trips', async () => {
    await portalSignIn.down(t.db as unknown as Kysely<unknown>);
    const names = ['Aurora Audio', 'aurora audio!', 'Me', '日本の音', '---', `${'Long Name '.repeat(10)}Audio`];
    const ids: number[] = [];
    for (const name of names)
      ids.push(
        (await sql<{ id: number }>`INSERT INTO manufacturers (name) VALUES (${name}) RETURNING id`.execute(t.db))
          .rows[0].id,
      );
    await portalSignIn.up(t.db as unknown as Kysely<unknown>);
    const rows = await t.db
      .selectFrom('manufacturers')
      .select(['id', 'portal_slug', 'portal_enabled'])
      .orderBy('id')
      .execute();
    expect(rows.map((row) => row.portal_slug)).toEqual([
      'aurora-audio',
      `aurora-audio-${ids[1]}`,
      'me-portal',
      'manufacturer',
      `manufacturer-${ids[4]}`,
      'long-name-long-name-long-name-long-name-long-name',
    ]);
    expect(rows.every((row) => row.portal_enabled)).toBe(true);
    const tables = await sql<{
      n: string;
    }>`SELECT count(*) AS n FROM pg_tables WHERE tablename IN ('portal_sign_in_codes', 'portal_sessions')`.execute(
      t.db,
    );
    expect(Number(tables.rows[0].n)).toBe(2);
  });
});
