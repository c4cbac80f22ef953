import type { Db } from '../../db/database';

/** The manufacturer's licence with its policy's seats (null: not floating); undefined when it is not theirs. */
export function findStaffLicenseSeats(db: Db, manufacturerId: number, licenseId: number) {
  return db
    .selectFrom('licenses as l')
    .leftJoin('license_policies as p', (join) =>
      join
        .onRef('p.product_id', '=', 'l.product_id')
        .onRef('p.license_type', '=', 'l.license_type')
        .on('p.model', '=', 'floating'),
    )
    .select(['l.id', 'p.seats'])
    .where('l.id', '=', licenseId)
    .where('l.manufacturer_id', '=', manufacturerId)
    .executeTakeFirst();
}
