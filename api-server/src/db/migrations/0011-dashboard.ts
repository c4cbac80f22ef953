import { sql, type Kysely } from 'kysely';

/**
 * The Dashboard at a million licences (docs/dashboard.md). Counting a tenant's licences, or its
 * activations and trials per day, live would read up to its whole share of the tables on every view, so both are
 * kept pre-aggregated, exact, by statement-level triggers (the pattern of 0002's list_totals):
 * - dashboard_license_counts: licences per product × licence type × disabled;
 * - dashboard_daily: activations (rows of license_activations: client activations and staff Downloads) and trials
 *   started per product per UTC day (top products);
 * - dashboard_tenant_daily: the same per manufacturer per day (the series and totals: one row a day per tenant, so
 *   the platform's figures read manufacturers × days rows, not products × days).
 * Deltas are netted per key and written in key order, so two writers never deadlock on them.
 * Trial → licence conversion is read live: a product's trials probe license_machines by (product, fingerprint).
 */
const NEW_ROWS = { rows: 'new_rows', sign: 1 };
const OLD_ROWS = { rows: 'old_rows', sign: -1 };
const LICENSE_EVENTS = [
  { event: 'insert', sources: [NEW_ROWS] },
  { event: 'delete', sources: [OLD_ROWS] },
  { event: 'update', sources: [NEW_ROWS, OLD_ROWS] },
];

/** +1 per new licence and -1 per old one in each (product, type, state), netted; only real changes written, in key order. */
function licenseCountDeltas(sources: { rows: string; sign: number }[]) {
  const parts = sources.map(
    ({ rows, sign }) => `SELECT product_id, license_type, disabled, manufacturer_id, ${sign} AS delta FROM ${rows}`,
  );
  return `
    INSERT INTO dashboard_license_counts AS c (product_id, license_type, disabled, manufacturer_id, total)
    SELECT product_id, license_type, disabled, manufacturer_id, sum(delta) FROM (${parts.join(' UNION ALL ')}) d
    GROUP BY product_id, license_type, disabled, manufacturer_id HAVING sum(delta) <> 0
    ORDER BY product_id, license_type, disabled
    ON CONFLICT (product_id, license_type, disabled) DO UPDATE SET total = c.total + excluded.total`;
}

/**
 * What the daily tables count: each source row adds one to its product's and its manufacturer's day (an
 * activation's product is its licence's), each deleted row takes one away.
 */
const DAILY_COUNTS = [
  {
    table: 'license_activations',
    column: 'activations',
    product: 'l.product_id',
    from: (rows: string) => `${rows} r JOIN licenses l ON l.id = r.license_id`,
  },
  { table: 'trials', column: 'trials', product: 'r.product_id', from: (rows: string) => `${rows} r` },
];

function dailyTriggers({ table, column, product, from }: (typeof DAILY_COUNTS)[number]) {
  const day = `(r.created_at AT TIME ZONE 'UTC')::date`;
  return `
    CREATE FUNCTION dashboard_daily_${column}_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO dashboard_daily AS d (product_id, day, manufacturer_id, ${column})
      SELECT ${product}, ${day}, r.manufacturer_id, count(*) FROM ${from('new_rows')} GROUP BY 1, 2, 3 ORDER BY 1, 2
      ON CONFLICT (product_id, day) DO UPDATE SET ${column} = d.${column} + excluded.${column};
      INSERT INTO dashboard_tenant_daily AS d (manufacturer_id, day, ${column})
      SELECT r.manufacturer_id, ${day}, count(*) FROM new_rows r GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (manufacturer_id, day) DO UPDATE SET ${column} = d.${column} + excluded.${column};
      RETURN NULL;
    END $$;
    CREATE FUNCTION dashboard_daily_${column}_delete() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE dashboard_daily d SET ${column} = d.${column} - o.n
      FROM (SELECT ${product} AS product_id, ${day} AS day, count(*) AS n FROM ${from('old_rows')} GROUP BY 1, 2) o
      WHERE d.product_id = o.product_id AND d.day = o.day;
      UPDATE dashboard_tenant_daily d SET ${column} = d.${column} - o.n
      FROM (SELECT r.manufacturer_id, ${day} AS day, count(*) AS n FROM old_rows r GROUP BY 1, 2) o
      WHERE d.manufacturer_id = o.manufacturer_id AND d.day = o.day;
      RETURN NULL;
    END $$;
    CREATE TRIGGER ${table}_dashboard_insert AFTER INSERT ON ${table} REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_daily_${column}_insert();
    CREATE TRIGGER ${table}_dashboard_delete AFTER DELETE ON ${table} REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_daily_${column}_delete();`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE dashboard_license_counts (
      product_id integer NOT NULL REFERENCES products(id),
      license_type text NOT NULL,
      disabled boolean NOT NULL,
      manufacturer_id integer NOT NULL REFERENCES manufacturers(id),
      total bigint NOT NULL,
      PRIMARY KEY (product_id, license_type, disabled)
    );
    CREATE INDEX dashboard_license_counts_tenant_idx ON dashboard_license_counts (manufacturer_id);

    CREATE TABLE dashboard_daily (
      product_id integer NOT NULL REFERENCES products(id),
      day date NOT NULL,
      manufacturer_id integer NOT NULL REFERENCES manufacturers(id),
      activations bigint NOT NULL DEFAULT 0,
      trials bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (product_id, day)
    );
    CREATE INDEX dashboard_daily_tenant_day_idx ON dashboard_daily (manufacturer_id, day) INCLUDE (product_id, activations);

    CREATE TABLE dashboard_tenant_daily (
      manufacturer_id integer NOT NULL REFERENCES manufacturers(id),
      day date NOT NULL,
      activations bigint NOT NULL DEFAULT 0,
      trials bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (manufacturer_id, day)
    );

    CREATE INDEX license_machines_trial_conversion_idx ON license_machines (product_id, hardware_fingerprint, last_activated_at);
  `.execute(db);

  // Transition tables need one trigger per event, and a function may only name the transition tables its trigger
  // declares: so each event gets its own function.
  for (const { event, sources } of LICENSE_EVENTS) {
    await sql
      .raw(
        `CREATE FUNCTION dashboard_license_counts_${event}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          ${licenseCountDeltas(sources)};
          RETURN NULL;
        END $$;`,
      )
      .execute(db);
  }

  await sql`
    CREATE TRIGGER licenses_dashboard_insert AFTER INSERT ON licenses REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_license_counts_insert();
    CREATE TRIGGER licenses_dashboard_delete AFTER DELETE ON licenses REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_license_counts_delete();
    CREATE TRIGGER licenses_dashboard_update AFTER UPDATE ON licenses REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_license_counts_update();
  `.execute(db);

  for (const counted of DAILY_COUNTS) await sql.raw(dailyTriggers(counted)).execute(db);

  await sql`
    INSERT INTO dashboard_license_counts (product_id, license_type, disabled, manufacturer_id, total)
    SELECT product_id, license_type, disabled, manufacturer_id, count(*) FROM licenses GROUP BY 1, 2, 3, 4;
    INSERT INTO dashboard_daily (product_id, day, manufacturer_id, activations, trials)
    SELECT product_id, day, manufacturer_id, sum(activations), sum(trials) FROM (
      SELECT l.product_id, (a.created_at AT TIME ZONE 'UTC')::date AS day, l.manufacturer_id, count(*) AS activations, 0 AS trials
      FROM license_activations a JOIN licenses l ON l.id = a.license_id GROUP BY 1, 2, 3
      UNION ALL
      SELECT product_id, (created_at AT TIME ZONE 'UTC')::date, manufacturer_id, 0, count(*) FROM trials GROUP BY 1, 2, 3
    ) d GROUP BY 1, 2, 3;
    INSERT INTO dashboard_tenant_daily (manufacturer_id, day, activations, trials)
    SELECT manufacturer_id, day, sum(activations), sum(trials) FROM dashboard_daily GROUP BY 1, 2;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER licenses_dashboard_insert ON licenses;
    DROP TRIGGER licenses_dashboard_delete ON licenses;
    DROP TRIGGER licenses_dashboard_update ON licenses;
    DROP TRIGGER license_activations_dashboard_insert ON license_activations;
    DROP TRIGGER license_activations_dashboard_delete ON license_activations;
    DROP TRIGGER trials_dashboard_insert ON trials;
    DROP TRIGGER trials_dashboard_delete ON trials;
    DROP FUNCTION dashboard_license_counts_insert(), dashboard_license_counts_delete(), dashboard_license_counts_update(),
      dashboard_daily_activations_insert(), dashboard_daily_activations_delete(), dashboard_daily_trials_insert(), dashboard_daily_trials_delete();
    DROP INDEX license_machines_trial_conversion_idx;
    DROP TABLE dashboard_tenant_daily, dashboard_daily, dashboard_license_counts;
  `.execute(db);
}
