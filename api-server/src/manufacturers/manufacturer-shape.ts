import { sql } from 'kysely';
import { apiTimestampSql } from '../db/api-timestamps';

/** A manufacturer's columns (all but its portal's), in the API's `Manufacturer` field order. */
export const MANUFACTURER_COLUMNS = [
  'id',
  'name',
  'manufacturer_pool_id',
  'address',
  'phone',
  'email',
  'vat_id',
  'country_code',
  'created_at',
  'updated_at',
] as const;

/**
 * The one definition of the API's `Manufacturer`: those columns, timestamps in the contract's format and
 * country_code (char(2), which PostgreSQL pads) trimmed. Every answer is PostgreSQL's JSON text of these.
 */
export const MANUFACTURER_ANSWER_COLUMNS = [
  ...MANUFACTURER_COLUMNS.filter((column) => !['country_code', 'created_at', 'updated_at'].includes(column)),
  sql<string | null>`btrim(country_code)`.as('country_code'),
  apiTimestampSql(sql.ref<Date>('created_at')).as('created_at'),
  apiTimestampSql(sql.ref<Date>('updated_at')).as('updated_at'),
] as const;
