import { sql } from 'kysely';
import type { Db } from '../db/database';

/**
 * The product's trial of this machine, started now if there is none: one per product and fingerprint, with an
 * expiry fixed when it starts (a trial from before migration 0006 gets its expiry from its start the first time).
 * `created` says whether this call started it.
 */
export async function startOrFindTrial(db: Db, product: { id: number; manufacturer_id: number; trial_days: number }, hardwareFingerprint: string) {
  const { rows } = await sql<{ id: number; created_at: Date; expires_at: Date; created: boolean }>`
    INSERT INTO trials AS t (manufacturer_id, product_id, hardware_fingerprint, expires_at)
    VALUES (${product.manufacturer_id}, ${product.id}, ${hardwareFingerprint}, now() + make_interval(days => ${product.trial_days}))
    ON CONFLICT (product_id, hardware_fingerprint) DO UPDATE
      SET expires_at = coalesce(t.expires_at, t.created_at + make_interval(days => ${product.trial_days}))
    RETURNING id, created_at, expires_at, (xmax = 0) AS created`.execute(db);
  return rows[0]!;
}
