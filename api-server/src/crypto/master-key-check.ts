import { ConfigError } from '../config';
import type { Db } from '../db/database';
import { decryptProductPrivateKey } from './product-keys';

export const MASTER_KEY_MISMATCH =
  'The master key does not open the product keys stored in this database. Every server on one database needs the same PRODUCTHUB_MASTER_KEY.';

/**
 * An instance with another master key (one generated into its own data folder, say) would start, then answer
 * 500 on every licence activation. Refuse to start instead, by opening one stored product key.
 */
export async function checkMasterKeyOpensProductKeys(db: Db, masterKey: Buffer): Promise<void> {
  const product = await db
    .selectFrom('products')
    .select('private_key_encrypted')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (!product) return;
  try {
    decryptProductPrivateKey(product.private_key_encrypted, masterKey);
  } catch {
    throw new ConfigError(MASTER_KEY_MISMATCH);
  }
}
