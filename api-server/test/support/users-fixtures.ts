import type { Db } from '../../src/db/database';
import { newLicenseSerial } from '../../src/licenses/serial';

/** A manufacturer's Release and Beta channels, as every manufacturer has them. */
export async function createChannels(db: Db, manufacturerId: number) {
  const rows = await db
    .insertInto('distribution_channels')
    .values([
      { manufacturer_id: manufacturerId, type: 'Release', name: 'Release' },
      { manufacturer_id: manufacturerId, type: 'Beta', name: 'Beta testers' },
    ])
    .returning(['id', 'type', 'name'])
    .execute();
  return { release: rows.find((row) => row.type === 'Release')!, beta: rows.find((row) => row.type === 'Beta')! };
}

export async function createEndUser(db: Db, manufacturerId: number, email: string, externalId: string | null = null) {
  return db
    .insertInto('end_users')
    .values({ manufacturer_id: manufacturerId, email, external_id: externalId })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function createProduct(db: Db, manufacturerId: number, name: string) {
  return db
    .insertInto('products')
    .values({
      manufacturer_id: manufacturerId,
      name,
      type: 'Full',
      plugin_name: name.replace(/\s+/g, ''),
      public_key: 'cHVibGlj',
      private_key_encrypted: 'v1.x.y.z',
      identifier: `com.test.${name.toLowerCase().replace(/\s+/g, '-')}`,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A licence of `fromUserId` that was transferred to `toUserId`, with its transfer row. */
export async function transferLicense(
  db: Db,
  manufacturerId: number,
  productId: number,
  fromUserId: number,
  toUserId: number,
) {
  const license = await db
    .insertInto('licenses')
    .values({
      manufacturer_id: manufacturerId,
      product_id: productId,
      user_id: toUserId,
      serial: newLicenseSerial(),
      license_type: 'Standard',
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const transfer = await db
    .insertInto('license_transfers')
    .values({ manufacturer_id: manufacturerId, license_id: license.id, from_user_id: fromUserId, to_user_id: toUserId })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { license, transfer };
}
