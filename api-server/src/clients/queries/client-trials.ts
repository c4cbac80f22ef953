import { sql } from 'kysely';
import type { Db } from '../../db/database';

/**
 * A machine's trial of a product in one statement and one commit: the product (undefined: no such product),
 * and unless its trial days are 0 the trial of this machine, started now if there is none (one per product and
 * fingerprint, expiry fixed when it starts; a trial from before migration 0006 gets its expiry from its start
 * the first time), audited as `client.trial.start` or `client.trial.reissue` with `auditAfter`.
 */
export async function startOrFindTrial(
  db: Db,
  productId: number,
  hardwareFingerprint: string,
  auditAfter: Record<string, unknown>,
) {
  const { rows } = await sql<{
    id: number;
    manufacturer_id: number;
    trial_days: number;
    private_key_encrypted: string;
    trial_id: number | null;
    created_at: Date | null;
    expires_at: Date | null;
    created: boolean | null;
  }>`
    WITH product AS (
      SELECT id, manufacturer_id, trial_days, private_key_encrypted FROM products WHERE id = ${productId}
    ),
    trial AS (
      INSERT INTO trials AS t (manufacturer_id, product_id, hardware_fingerprint, expires_at)
      SELECT p.manufacturer_id, p.id, ${hardwareFingerprint}::text, now() + make_interval(days => p.trial_days) FROM product p WHERE p.trial_days > 0
      ON CONFLICT (product_id, hardware_fingerprint) DO UPDATE
        SET expires_at = coalesce(t.expires_at, t.created_at + (SELECT make_interval(days => p.trial_days) FROM product p))
      RETURNING id, created_at, expires_at, (xmax = 0) AS created
    ),
    audit AS (
      INSERT INTO audit_log (manufacturer_id, actor_system_user_id, action, entity_type, entity_id, after)
      SELECT p.manufacturer_id, NULL, CASE WHEN tr.created THEN 'client.trial.start' ELSE 'client.trial.reissue' END, 'trial', tr.id::text,
        ${JSON.stringify(auditAfter)}::jsonb
          || jsonb_build_object('product_id', p.id, 'expires_at', to_char(tr.expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'))
      FROM trial tr CROSS JOIN product p
    )
    SELECT p.id, p.manufacturer_id, p.trial_days, p.private_key_encrypted, tr.id AS trial_id, tr.created_at, tr.expires_at, tr.created
    FROM product p LEFT JOIN trial tr ON true`.execute(db);
  return rows[0];
}

/** Whether the machine already has a trial of the product (asking for it again starts nothing). */
export async function machineHasTrial(db: Db, productId: number, hardwareFingerprint: string): Promise<boolean> {
  const row = await db
    .selectFrom('trials')
    .select('id')
    .where('product_id', '=', productId)
    .where('hardware_fingerprint', '=', hardwareFingerprint)
    .executeTakeFirst();
  return row !== undefined;
}
