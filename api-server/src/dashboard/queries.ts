import { sql, type RawBuilder } from 'kysely';
import { LICENSE_TYPES, type Dashboard, type LicenseType } from 'shared-kit/contract';
import type { Db } from '../db/database';

/** A manufacturer's figures, or (null) the whole platform's. */
export type DashboardScope = number | null;

const TOP_PRODUCTS = 10;

/** The pre-aggregated rows of the scope (migration 0011); `alias.manufacturer_id` is their tenant column. */
const inScope = (scope: DashboardScope, alias: string): RawBuilder<boolean> =>
  scope === null ? sql<boolean>`true` : sql<boolean>`${sql.ref(`${alias}.manufacturer_id`)} = ${scope}`;

// The period ends today (UTC) and has `days` days, today included.
const firstDay = (days: number) => sql`(now() AT TIME ZONE 'UTC')::date - ${days - 1}::int`;

async function licenseCounts(db: Db, scope: DashboardScope) {
  const { rows } = await sql<{ license_type: LicenseType; enabled: string; disabled: string }>`
    SELECT c.license_type, coalesce(sum(c.total) FILTER (WHERE NOT c.disabled), 0) AS enabled, coalesce(sum(c.total) FILTER (WHERE c.disabled), 0) AS disabled
    FROM dashboard_license_counts c WHERE ${inScope(scope, 'c')} GROUP BY c.license_type`.execute(db);
  return LICENSE_TYPES.map((type) => {
    const row = rows.find((candidate) => candidate.license_type === type);
    return { license_type: type, enabled: Number(row?.enabled ?? 0), disabled: Number(row?.disabled ?? 0) };
  });
}

async function perDay(db: Db, scope: DashboardScope, days: number) {
  const { rows } = await sql<{ day: string; activations: string; trials: string }>`
    SELECT to_char(g.day, 'YYYY-MM-DD') AS day, coalesce(sum(d.activations), 0) AS activations, coalesce(sum(d.trials), 0) AS trials
    FROM generate_series(${firstDay(days)}, (now() AT TIME ZONE 'UTC')::date, interval '1 day') AS g(day)
    LEFT JOIN dashboard_tenant_daily d ON d.day = g.day::date AND ${inScope(scope, 'd')}
    GROUP BY g.day ORDER BY g.day`.execute(db);
  return rows.map((row) => ({ day: row.day, activations: Number(row.activations), trials: Number(row.trials) }));
}

async function totals(db: Db, scope: DashboardScope) {
  const { rows } = await sql<{ activations: string; trials: string; manufacturers: string | null }>`
    SELECT coalesce(sum(d.activations), 0) AS activations, coalesce(sum(d.trials), 0) AS trials,
      ${scope === null ? sql`(SELECT count(*) FROM manufacturers)` : sql`NULL`} AS manufacturers
    FROM dashboard_tenant_daily d WHERE ${inScope(scope, 'd')}`.execute(db);
  const row = rows[0];
  return {
    activations: Number(row.activations),
    trials: Number(row.trials),
    manufacturers: row.manufacturers === null ? null : Number(row.manufacturers),
  };
}

async function topProducts(db: Db, manufacturerId: number, days: number) {
  const { rows } = await sql<{ product_id: number; name: string; activations: string }>`
    SELECT top.product_id, p.name, top.activations
    FROM (
      SELECT d.product_id, sum(d.activations) AS activations FROM dashboard_daily d
      WHERE d.manufacturer_id = ${manufacturerId} AND d.day >= ${firstDay(days)}
      GROUP BY d.product_id HAVING sum(d.activations) > 0
      ORDER BY sum(d.activations) DESC, d.product_id LIMIT ${TOP_PRODUCTS}
    ) top JOIN products p ON p.id = top.product_id
    ORDER BY top.activations DESC, top.product_id`.execute(db);
  return rows.map((row) => ({ product_id: row.product_id, name: row.name, activations: Number(row.activations) }));
}

/**
 * Live: each trial of the tenant probes license_machines (product, fingerprint) once (index of 0011). An
 * activation's time is its licence file's issued_at, whole seconds: "at or after the trial" compares seconds.
 */
async function conversion(db: Db, manufacturerId: number) {
  const { rows } = await sql<{ product_id: number; name: string; trials: string; converted: string }>`
    SELECT c.product_id, p.name, c.trials, c.converted
    FROM (
      SELECT t.product_id, count(*) AS trials,
        count(*) FILTER (WHERE EXISTS (
          SELECT 1 FROM license_machines m
          WHERE m.product_id = t.product_id AND m.hardware_fingerprint = t.hardware_fingerprint AND m.last_activated_at >= date_trunc('second', t.created_at)
        )) AS converted
      FROM trials t WHERE t.manufacturer_id = ${manufacturerId} GROUP BY t.product_id
    ) c JOIN products p ON p.id = c.product_id
    ORDER BY c.trials DESC, c.product_id`.execute(db);
  return rows.map((row) => ({
    product_id: row.product_id,
    name: row.name,
    trials: Number(row.trials),
    converted: Number(row.converted),
  }));
}

export async function readDashboard(db: Db, scope: DashboardScope, days: number): Promise<Dashboard> {
  const [byType, days_, sums, top, conversions] = await Promise.all([
    licenseCounts(db, scope),
    perDay(db, scope, days),
    totals(db, scope),
    scope === null ? Promise.resolve([]) : topProducts(db, scope, days),
    scope === null ? Promise.resolve([]) : conversion(db, scope),
  ]);
  return {
    scope: scope === null ? 'platform' : 'manufacturer',
    days,
    totals: {
      manufacturers: sums.manufacturers,
      licenses: byType.reduce((sum, row) => sum + row.enabled + row.disabled, 0),
      activations: sums.activations,
      trials: sums.trials,
    },
    licenses_by_type: byType,
    per_day: days_,
    top_products: top,
    conversion: conversions,
  };
}
