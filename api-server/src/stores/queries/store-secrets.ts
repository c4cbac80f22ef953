import { sql } from 'kysely';
import type { StoreName } from 'shared-kit/contract';
import type { Db } from '../../db/database';
import { storeDb } from './store-tables';

export async function findStoreSecret(db: Db, manufacturerId: number, store: StoreName) {
  return storeDb(db)
    .selectFrom('store_secrets')
    .select(['secret_encrypted', 'secret_hint', 'updated_at'])
    .where('manufacturer_id', '=', manufacturerId)
    .where('store', '=', store)
    .executeTakeFirst();
}

export async function saveStoreSecret(
  db: Db,
  manufacturerId: number,
  store: StoreName,
  secretEncrypted: string,
  hint: string,
): Promise<void> {
  await storeDb(db)
    .insertInto('store_secrets')
    .values({ manufacturer_id: manufacturerId, store, secret_encrypted: secretEncrypted, secret_hint: hint })
    .onConflict((oc) =>
      oc
        .columns(['manufacturer_id', 'store'])
        .doUpdateSet({ secret_encrypted: secretEncrypted, secret_hint: hint, updated_at: sql`now()` }),
    )
    .execute();
}
