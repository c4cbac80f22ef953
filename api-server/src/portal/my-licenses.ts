import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database';
import type { PageRequest } from '../lib/paging';
import { apiTimestampSql } from '../db/api-timestamps';
import { executeNamed } from '../db/named-statements';
import type { Customer } from './customer-authentication';

/** A JSON array of one JSON value per row, compact as the response serializer writes it: no space anywhere. */
const compactJsonArray = (value: RawBuilder<unknown>, orderBy: RawBuilder<unknown>) =>
  sql<string>`('[' || coalesce(string_agg((${value})::text, ',' ORDER BY ${orderBy}), '') || ']')`;

/**
 * A page of the customer's own licences (newest first), each with the machines it is activated on now, and their
 * total, in one named statement (planned once per connection, db/named-statements.ts): the page is PostgreSQL's
 * JSON text of `PortalLicense`s (keys in the contract's order), never parsed here. Every row is the signed-in end
 * user's within their manufacturer: nobody else's licence can be named here.
 */
export async function listMyLicenses(
  db: Db,
  customer: Customer,
  page: PageRequest,
): Promise<{ rowsJson: string; total: number }> {
  const mine = sql`l.user_id = ${customer.endUserId} AND l.manufacturer_id = ${customer.manufacturerId}`;
  const { rows } = await executeNamed(
    db,
    'portal_licenses',
    sql<{ rows_json: string; total: string }>`
    WITH page AS (
      SELECT l.id, l.serial, l.license_type,
        CASE WHEN l.disabled THEN 'disabled' ELSE 'active' END AS state,
        l.disabled_reason,
        (SELECT row_to_json(product) FROM (SELECT p.id, p.name, p.identifier) product) AS product,
        machines.in_use AS machines_in_use,
        p.machine_limit,
        machines.json AS machines,
        ${apiTimestampSql(sql.ref('l.created_at'))} AS created_at
      FROM licenses l
      JOIN products p ON p.id = l.product_id
      CROSS JOIN LATERAL (
        SELECT count(*)::int AS in_use,
          ${compactJsonArray(
            sql`SELECT row_to_json(machine) FROM (
                  SELECT m.id, m.name, m.hardware_fingerprint,
                    ${apiTimestampSql(sql.ref('m.first_activated_at'))} AS activated_at,
                    ${apiTimestampSql(sql.ref('m.last_activated_at'))} AS last_seen_at) machine`,
            sql`m.first_activated_at, m.id`,
          )}::json AS json
        FROM license_machines m
        WHERE m.license_id = l.id AND m.deactivated_at IS NULL
      ) machines
      WHERE ${mine}
      ORDER BY l.id DESC
      LIMIT ${page.perPage} OFFSET ${page.offset}
    )
    SELECT ${compactJsonArray(sql`row_to_json(page)`, sql`page.id DESC`)} AS rows_json,
      (SELECT count(*) FROM licenses l WHERE ${mine}) AS total
    FROM page`,
  );
  return { rowsJson: rows[0].rows_json, total: Number(rows[0].total) };
}
