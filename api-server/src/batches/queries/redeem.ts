import { sql } from 'kysely';
import type { LicenseType } from 'shared-kit/contract';
import type { Db } from '../../db/database';

export interface ClaimedSerial {
  id: string;
  batch_id: number;
  product_id: number;
  product_name: string;
  license_type: LicenseType;
}

/**
 * Marks an unsold serial of the manufacturer redeemed by the end user; undefined when it is not unsold. The row lock
 * decides between two customers redeeming one serial at once: the second re-reads it as redeemed and claims nothing.
 */
export async function claimUnsoldSerial(
  trx: Db,
  manufacturerId: number,
  serial: string,
  endUserId: number,
): Promise<ClaimedSerial | undefined> {
  const { rows } = await sql<ClaimedSerial>`
    UPDATE batch_serials s
    SET status = 'redeemed', redeemed_at = now(), redeemed_by_end_user_id = ${endUserId}
    FROM serial_batches b JOIN products p ON p.id = b.product_id
    WHERE s.serial = ${serial} AND s.manufacturer_id = ${manufacturerId} AND s.status = 'unsold' AND b.id = s.batch_id
    RETURNING s.id, s.batch_id, b.product_id, p.name AS product_name, b.license_type
  `.execute(trx);
  return rows[0];
}

/** Why a serial could not be claimed: its status and who redeemed it, or undefined when the manufacturer has no such serial. */
export async function findSerialState(db: Db, manufacturerId: number, serial: string) {
  return db
    .selectFrom('batch_serials')
    .select(['status', 'redeemed_by_end_user_id'])
    .where('manufacturer_id', '=', manufacturerId)
    .where('serial', '=', serial)
    .executeTakeFirst();
}

export async function linkSerialToLicense(trx: Db, serialId: string, licenseId: number) {
  await trx.updateTable('batch_serials').set({ license_id: licenseId }).where('id', '=', serialId).execute();
}
