import { sql } from 'kysely';
import { apiTimestampSql } from '../../db/api-timestamps';

const timestamp = (column: string) => apiTimestampSql(sql.ref<Date>(column));

/**
 * A licence row (`alias`, a row of `licenses`) as its audit rows keep it, made by PostgreSQL: the row's columns with
 * its times in the contract's format, as the licence's row read into the server and audited would be.
 */
export const licenseAuditJsonSql = (alias: string) =>
  sql<unknown>`to_jsonb(${sql.table(alias)}) || jsonb_build_object('created_at', ${timestamp(`${alias}.created_at`)},
    'updated_at', ${timestamp(`${alias}.updated_at`)}, 'expires_at', ${timestamp(`${alias}.expires_at`)},
    'maintenance_ends_at', ${timestamp(`${alias}.maintenance_ends_at`)})`;
