import { sql } from 'kysely';
import type { LicenseType } from 'shared-kit/contract';
import type { Db } from '../../db/database';
import type { insertLicense } from '../../licenses/queries/licenses';

export interface ClaimedSerial {
  id: string;
  batch_id: number;
  product_id: number;
  product_name: string;
  license_type: LicenseType;
}

export type RedeemedLicense = Awaited<ReturnType<typeof insertLicense>>;

/** The serial's columns the redeem statement answers beside the licence's (named apart from the licence's own). */
interface RedeemedColumns {
  redeemed_serial_id: string;
  redeemed_batch_id: number;
  redeemed_product_name: string;
}

/**
 * Redeems an unsold serial of the manufacturer for the end user, in one statement: the serial is marked redeemed and
 * linked to a new licence of the end user (the same serial, the batch's product and licence type; the policy's terms
 * come with the insert), and the batch counts it. Undefined when the serial is not unsold. The row lock decides
 * between two customers redeeming one serial at once: the second re-reads it as redeemed and claims nothing. The
 * licence's id is drawn first, so the serial's one update links it (a row is updated once per statement).
 */
export async function redeemUnsoldSerial(
  trx: Db,
  manufacturerId: number,
  serial: string,
  endUserId: number,
): Promise<{ claimed: ClaimedSerial; license: RedeemedLicense } | undefined> {
  const { rows } = await sql<RedeemedLicense & RedeemedColumns>`
    WITH claimed AS (
      UPDATE batch_serials s
      SET status = 'redeemed', redeemed_at = now(), redeemed_by_end_user_id = ${endUserId},
        license_id = nextval(pg_get_serial_sequence('licenses', 'id'))
      FROM serial_batches b JOIN products p ON p.id = b.product_id
      WHERE s.serial = ${serial} AND s.manufacturer_id = ${manufacturerId} AND s.status = 'unsold' AND b.id = s.batch_id
      RETURNING s.id, s.batch_id, s.license_id, b.product_id, p.name AS product_name, b.license_type
    ), license AS (
      INSERT INTO licenses (id, manufacturer_id, product_id, user_id, license_type, serial)
      SELECT c.license_id, ${manufacturerId}, c.product_id, ${endUserId}, c.license_type, ${serial} FROM claimed c
      RETURNING *
    ), counted AS (
      UPDATE serial_batches b SET redeemed_count = b.redeemed_count + 1 FROM claimed c WHERE b.id = c.batch_id
    )
    SELECT l.*, c.id AS redeemed_serial_id, c.batch_id AS redeemed_batch_id, c.product_name AS redeemed_product_name
    FROM license l JOIN claimed c ON true
  `.execute(trx);
  if (!rows[0]) return undefined;
  const { redeemed_serial_id, redeemed_batch_id, redeemed_product_name, ...license } = rows[0];
  return {
    claimed: {
      id: redeemed_serial_id,
      batch_id: redeemed_batch_id,
      product_id: license.product_id,
      product_name: redeemed_product_name,
      license_type: license.license_type as LicenseType,
    },
    license: license as RedeemedLicense,
  };
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
