import { sql } from 'kysely';
import type { LicenseType } from 'shared-kit/contract';
import type { Db } from '../../db/database';

export async function insertBatch(
  trx: Db,
  values: {
    manufacturerId: number;
    productId: number;
    licenseType: LicenseType;
    reseller: string;
    note: string | null;
    count: number;
  },
) {
  return trx
    .insertInto('serial_batches')
    .values({
      manufacturer_id: values.manufacturerId,
      product_id: values.productId,
      license_type: values.licenseType,
      reseller: values.reseller,
      note: values.note,
      serial_count: values.count,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Inserts the drawn serials into a batch in one statement; answers how many went in. A serial drawn twice, held by
 * another batch serial or by a licence is left out, so the caller draws that many again.
 */
export async function insertBatchSerials(
  trx: Db,
  batch: { manufacturerId: number; batchId: number },
  serials: string[],
): Promise<number> {
  const result = await sql`
    INSERT INTO batch_serials (manufacturer_id, batch_id, serial)
    SELECT ${batch.manufacturerId}, ${batch.batchId}, d.serial
    FROM unnest(${serials}::text[]) WITH ORDINALITY AS d(serial, n)
    WHERE NOT EXISTS (SELECT 1 FROM licenses l WHERE l.serial = d.serial)
    ORDER BY d.n
    ON CONFLICT (serial) DO NOTHING
  `.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}

export async function listBatches(db: Db, manufacturerId: number, productId: number) {
  return db
    .selectFrom('serial_batches')
    .selectAll()
    .where('manufacturer_id', '=', manufacturerId)
    .where('product_id', '=', productId)
    .orderBy('id', 'desc')
    .execute();
}

export async function findBatch(db: Db, manufacturerId: number, productId: number, batchId: number) {
  return db
    .selectFrom('serial_batches')
    .selectAll()
    .where('manufacturer_id', '=', manufacturerId)
    .where('product_id', '=', productId)
    .where('id', '=', batchId)
    .executeTakeFirst();
}

/** Adds to a batch's counts (in the statement's transaction, after its serials changed). */
export async function addToBatchCounts(trx: Db, batchId: number, counts: { redeemed?: number; voided?: number }) {
  return trx
    .updateTable('serial_batches')
    .set((eb) => ({
      redeemed_count: eb('redeemed_count', '+', counts.redeemed ?? 0),
      voided_count: eb('voided_count', '+', counts.voided ?? 0),
    }))
    .where('id', '=', batchId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The listed serials that are not in the batch (a void names only the batch's own). */
export async function serialsOutsideBatch(db: Db, batchId: number, serials: string[]): Promise<string[]> {
  const { rows } = await sql<{ serial: string }>`
    SELECT d.serial FROM unnest(${serials}::text[]) AS d(serial)
    WHERE NOT EXISTS (SELECT 1 FROM batch_serials s WHERE s.batch_id = ${batchId} AND s.serial = d.serial)
    ORDER BY d.serial
  `.execute(db);
  return rows.map((row) => row.serial);
}

/** Voids the batch's unsold serials (all, or those listed); redeemed and voided ones stay. Answers how many. */
export async function voidUnsoldSerials(trx: Db, batchId: number, serials: string[] | undefined): Promise<number> {
  let query = trx
    .updateTable('batch_serials')
    .set({ status: 'voided', voided_at: sql<Date>`now()` })
    .where('batch_id', '=', batchId)
    .where('status', '=', 'unsold');
  if (serials) query = query.where('serial', 'in', serials);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
