import type { Batch } from 'shared-kit/contract';
import type { Selectable } from 'kysely';
import type { SerialBatchesTable } from '../db/schema';
import { apiTimestamp } from '../db/api-timestamps';

export type BatchRow = Selectable<SerialBatchesTable>;

/** A batch row as the API answers it. */
export const batchShape = (row: BatchRow): Batch => ({
  id: row.id,
  product_id: row.product_id,
  license_type: row.license_type,
  reseller: row.reseller,
  note: row.note,
  count: row.serial_count,
  redeemed_count: row.redeemed_count,
  voided_count: row.voided_count,
  created_at: apiTimestamp(row.created_at),
});
