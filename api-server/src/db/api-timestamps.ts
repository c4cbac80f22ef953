import { sql, type Expression } from 'kysely';

/**
 * The contract's one timestamp format: `Date#toISOString` (UTC, milliseconds truncated, `Z`). Rows read as
 * Date objects are written with `apiTimestamp`; rows the database aggregates into JSON with `apiTimestampSql`,
 * which PostgreSQL formats the same way so a page of rows needs no Date parsing and formatting in the server.
 */
export const apiTimestamp = (date: Date): string => date.toISOString();

/** `apiTimestamp` made by PostgreSQL. */
export const apiTimestampSql = (column: Expression<Date>) =>
  sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A row with its creation and change times in the contract's format. */
export function withApiTimestamps<T extends { created_at: Date; updated_at: Date }>(
  row: T,
): Omit<T, 'created_at' | 'updated_at'> & { created_at: string; updated_at: string } {
  return { ...row, created_at: apiTimestamp(row.created_at), updated_at: apiTimestamp(row.updated_at) };
}
