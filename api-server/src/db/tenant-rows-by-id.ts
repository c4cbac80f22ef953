import { sql, type RawBuilder } from 'kysely';

/**
 * The rows of `ids` that belong to the manufacturer, for a table aliased `alias`. Written as
 * `manufacturer_id = $1 AND id = any($2)`, the planner finds a list of licences through a tenant-leading list
 * index such as `(manufacturer_id, user_id, id)` and walks the tenant's whole range of it: 13 ms for 1,000 of a
 * million licences, three times in a bulk change. With the tenant check as a filter it takes the primary key
 * (0.3 ms). `IS TRUE` is what keeps the check out of the index condition; `manufacturer_id` is NOT NULL, so it
 * means the same as `=`.
 */
export function tenantRowsById(alias: string, ids: number[], manufacturerId: number): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(`${alias}.id`)} = any(${ids}::int[]) AND (${sql.ref(`${alias}.manufacturer_id`)} = ${manufacturerId}) IS TRUE`;
}
