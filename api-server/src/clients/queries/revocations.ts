import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** The product's disabled licences changed at or after `since`, oldest change first, at most `limit`. */
export async function disabledLicensesSince(db: Db, productId: number, since: Date, limit: number) {
  return db
    .selectFrom('licenses')
    .select(['serial', 'disabled_reason', 'updated_at as changed_at'])
    .where('product_id', '=', productId)
    .where('disabled', '=', true)
    .where('updated_at', '>=', since)
    .orderBy('updated_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The product's machines deactivated at or after `since` (and not activated again), oldest first, at most `limit`. */
export async function deactivatedMachinesSince(db: Db, productId: number, since: Date, limit: number) {
  return db
    .selectFrom('license_machines as m')
    .innerJoin('licenses as l', 'l.id', 'm.license_id')
    .select(['l.serial', 'm.hardware_fingerprint', sql<Date>`m.deactivated_at`.as('deactivated_at')])
    .where('m.product_id', '=', productId)
    .where('m.deactivated_at', '>=', since)
    .orderBy('m.deactivated_at')
    .orderBy('m.id')
    .limit(limit)
    .execute();
}
