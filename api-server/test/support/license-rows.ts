import type { Db } from '../../src/db/database';

/** The ids of the licences of a customer or of a product, in id order. */
export async function licenseIdsOf(
  db: Db,
  of: 'user_id' | 'product_id',
  id: number,
  order: 'asc' | 'desc',
): Promise<number[]> {
  const rows = await db.selectFrom('licenses').select('id').where(of, '=', id).orderBy('id', order).execute();
  return rows.map((row) => row.id);
}

/** The hardware fingerprints of a licence's machines that are still active, in the order they were activated. */
export async function activeFingerprints(db: Db, licenseId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('license_machines')
    .select('hardware_fingerprint')
    .where('license_id', '=', licenseId)
    .where('deactivated_at', 'is', null)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.hardware_fingerprint);
}
