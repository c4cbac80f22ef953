import { sql } from 'kysely';
import type { TestApp } from '../support/test-app';

/**
 * Tables a read or a refused sign-in legitimately writes (sessions and their use, an API key's last use, rate_limits, a portal sign-in
 * code's or email change code's tries) and the migrator's own.
 */
const SKIPPED = [
  'sessions',
  'portal_sessions',
  'portal_sign_in_codes',
  'portal_email_changes',
  'rate_limits',
  'api_key_uses',
  'kysely_migration',
  'kysely_migration_lock',
];

/**
 * One SQL statement that answers an md5 per table, each over the table's rows ordered by its primary key (by the
 * row's text where a table has none): one round trip per digest keeps a per-request check affordable.
 */
export async function tableDigestQuery(t: TestApp): Promise<() => Promise<string>> {
  const tables = await sql<{ name: string; keys: string[] | null }>`
    SELECT t.tablename AS name,
           (SELECT array_agg(a.attname::text ORDER BY k.ord)
              FROM pg_index i
              CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord)
              JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
             WHERE i.indrelid = format('public.%I', t.tablename)::regclass AND i.indisprimary) AS keys
      FROM pg_tables t
     WHERE t.schemaname = 'public' AND NOT (t.tablename = ANY(${SKIPPED}))
     ORDER BY 1`.execute(t.db);
  const parts = tables.rows.map(({ name, keys }) => {
    const order = keys?.length ? keys.map((key) => `r.${JSON.stringify(key)}`).join(', ') : 'r::text';
    return `SELECT '${name.replace(/'/g, "''")}' AS name, md5(string_agg(r::text, '|' ORDER BY ${order})) AS digest FROM public.${JSON.stringify(name)} r`;
  });
  const statement = `SELECT * FROM (${parts.join(' UNION ALL ')}) digests ORDER BY name`;
  return async () => {
    const result = await sql<{ name: string; digest: string | null }>`${sql.raw(statement)}`.execute(t.db);
    return result.rows.map((row) => `${row.name}:${row.digest ?? ''}`).join(',');
  };
}
