// The seed's bulk load the way pg_dump restores: the big tables' secondary indexes, unique and foreign-key
// constraints are taken off, the rows go in set-based, then each index is built once from the sorted rows and
// each constraint validated in one pass. Primary keys stay (the seed's own joins use them). Nothing is skipped:
// every constraint is back and checked before the seed ends.
import { sql } from 'kysely';

/** Runs `load` with the secondary indexes and the unique/foreign-key constraints of `tables` dropped, then restores them. */
export async function withoutSecondaryIndexes(db, tables, load, step) {
  const { rows: constraints } = await sql`
    SELECT conrelid::regclass::text AS "table", conname AS name, pg_get_constraintdef(oid) AS definition
    FROM pg_constraint WHERE conrelid = ANY(${tables}::regclass[]) AND contype IN ('u', 'f') ORDER BY contype DESC, conname
  `.execute(db);
  const { rows: indexes } = await sql`
    SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
    FROM pg_index i WHERE i.indrelid = ANY(${tables}::regclass[]) AND NOT i.indisprimary
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid AND c.contype IN ('p', 'u', 'x'))
    ORDER BY name
  `.execute(db);
  for (const { table, name } of constraints)
    await sql`ALTER TABLE ${sql.table(table)} DROP CONSTRAINT ${sql.id(name)}`.execute(db);
  for (const { name } of indexes) await sql`DROP INDEX ${sql.table(name)}`.execute(db);
  await load();
  for (const { definition } of indexes) await sql.raw(definition).execute(db);
  step(`${indexes.length} secondary indexes rebuilt`);
  // Unique constraints first (they bring back their indexes), foreign keys last: contype 'u' sorts after 'f' descending.
  for (const { table, name, definition } of constraints)
    await sql`ALTER TABLE ${sql.table(table)} ADD CONSTRAINT ${sql.id(name)} ${sql.raw(definition)}`.execute(db);
  step(`${constraints.length} unique and foreign-key constraints restored and validated`);
}
