import { sql } from 'kysely';
import { PRODUCT_DETAIL_TEXTS } from 'shared-kit/contract';
import { apiTimestampSql } from '../db/api-timestamps';

/** Every column but the encrypted private key, which never leaves the server. */
export const PRODUCT_COLUMNS = [
  'id',
  'manufacturer_id',
  'name',
  'type',
  'public_key',
  'plugin_name',
  'dependency_id',
  'deprecated',
  'upgrade_id',
  'identifier',
  'trial_days',
  'machine_limit',
  ...PRODUCT_DETAIL_TEXTS,
  'app_featured',
  'app_sort_order',
  'app_sort_order_featured',
  'created_at',
  'updated_at',
] as const;

/**
 * The one definition of the API's `Product`: those columns in the schema's field order, timestamps in the
 * contract's format. Every answer is PostgreSQL's JSON text of these.
 */
export const PRODUCT_ANSWER_COLUMNS = [
  ...PRODUCT_COLUMNS.filter((column) => column !== 'created_at' && column !== 'updated_at'),
  apiTimestampSql(sql.ref<Date>('created_at')).as('created_at'),
  apiTimestampSql(sql.ref<Date>('updated_at')).as('updated_at'),
] as const;
