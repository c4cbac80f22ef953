import { sql, type Kysely } from 'kysely';

/**
 * Lists at a million licences (docs/performance.md):
 * - tenant-first indexes in each list's order, so a page (and a deep page's offset) is an index-only walk;
 * - trigram indexes for the "contains" searches (`ilike '%…%'`), which a b-tree cannot serve;
 * - `list_totals`: the row count of every unfiltered list, kept exact by statement-level triggers, so a page
 *   view reads its total from one row instead of counting up to 100,000 rows each time.
 */
const COUNTED: { table: string; lists: { list: string; column: string }[] }[] = [
  {
    table: 'licenses',
    lists: [
      { list: 'product_licenses', column: 'product_id' },
      { list: 'user_licenses', column: 'user_id' },
    ],
  },
  { table: 'end_users', lists: [{ list: 'manufacturer_end_users', column: 'manufacturer_id' }] },
  { table: 'products', lists: [{ list: 'manufacturer_products', column: 'manufacturer_id' }] },
  { table: 'trials', lists: [{ list: 'product_trials', column: 'product_id' }] },
];

/** +1 per new row and -1 per old row of each list's scope, netted; only scopes that really change are written, in key order (no deadlock between two writers). */
function deltas(lists: { list: string; column: string }[], sources: { rows: string; sign: number }[]) {
  const parts = lists.flatMap(({ list, column }) =>
    sources.map(
      ({ rows, sign }) => `SELECT '${list}'::text AS list, ${column} AS scope_id, ${sign} AS delta FROM ${rows}`,
    ),
  );
  return `
    INSERT INTO list_totals AS t (list, scope_id, total)
    SELECT list, scope_id, sum(delta) FROM (${parts.join(' UNION ALL ')}) d
    GROUP BY list, scope_id HAVING sum(delta) <> 0 ORDER BY list, scope_id
    ON CONFLICT (list, scope_id) DO UPDATE SET total = t.total + excluded.total`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE EXTENSION IF NOT EXISTS pg_trgm;

    CREATE INDEX licenses_product_list_idx ON licenses (manufacturer_id, product_id, id);
    CREATE INDEX licenses_user_list_idx ON licenses (manufacturer_id, user_id, id);
    CREATE INDEX end_users_list_idx ON end_users (manufacturer_id, id);
    CREATE INDEX trials_list_idx ON trials (manufacturer_id, product_id, id);
    CREATE INDEX end_users_email_trgm_idx ON end_users USING gin (email gin_trgm_ops);
    CREATE INDEX products_identifier_trgm_idx ON products USING gin (identifier gin_trgm_ops);
    CREATE INDEX trials_fingerprint_trgm_idx ON trials USING gin (hardware_fingerprint gin_trgm_ops);
    CREATE INDEX manufacturers_name_trgm_idx ON manufacturers USING gin (name gin_trgm_ops);
    CREATE INDEX manufacturers_email_trgm_idx ON manufacturers USING gin (email gin_trgm_ops);
    CREATE INDEX license_transfers_license_idx ON license_transfers (license_id);

    -- The products and users of one manufacturer are strongly correlated columns: tell the planner.
    CREATE STATISTICS licenses_scope_stats (dependencies) ON manufacturer_id, product_id, user_id FROM licenses;

    CREATE TABLE list_totals (
      list text NOT NULL,
      scope_id integer NOT NULL,
      total bigint NOT NULL,
      PRIMARY KEY (list, scope_id)
    );
  `.execute(db);

  for (const { table, lists } of COUNTED) {
    // Transition tables need one trigger per event; PL/pgSQL plans each branch only when it runs.
    await sql
      .raw(
        `
      CREATE FUNCTION ${table}_list_totals() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          ${deltas(lists, [{ rows: 'new_rows', sign: 1 }])};
        ELSIF TG_OP = 'DELETE' THEN
          ${deltas(lists, [{ rows: 'old_rows', sign: -1 }])};
        ELSE
          ${deltas(lists, [
            { rows: 'new_rows', sign: 1 },
            { rows: 'old_rows', sign: -1 },
          ])};
        END IF;
        RETURN NULL;
      END $$;
      CREATE TRIGGER ${table}_list_totals_insert AFTER INSERT ON ${table} REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${table}_list_totals();
      CREATE TRIGGER ${table}_list_totals_delete AFTER DELETE ON ${table} REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${table}_list_totals();
      CREATE TRIGGER ${table}_list_totals_update AFTER UPDATE ON ${table} REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${table}_list_totals();
      ${lists.map(({ list, column }) => `INSERT INTO list_totals (list, scope_id, total) SELECT '${list}', ${column}, count(*) FROM ${table} GROUP BY ${column};`).join('\n')}
    `,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { table } of COUNTED) {
    await sql
      .raw(
        `DROP TRIGGER ${table}_list_totals_insert ON ${table}; DROP TRIGGER ${table}_list_totals_delete ON ${table};
         DROP TRIGGER ${table}_list_totals_update ON ${table}; DROP FUNCTION ${table}_list_totals();`,
      )
      .execute(db);
  }
  await sql`
    DROP TABLE list_totals;
    DROP STATISTICS licenses_scope_stats;
    DROP INDEX licenses_product_list_idx, licenses_user_list_idx, end_users_list_idx, trials_list_idx, end_users_email_trgm_idx,
      products_identifier_trgm_idx, trials_fingerprint_trgm_idx, manufacturers_name_trgm_idx, manufacturers_email_trgm_idx,
      license_transfers_license_idx;
  `.execute(db);
}
