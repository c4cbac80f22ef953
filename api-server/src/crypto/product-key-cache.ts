import type { KeyObject } from 'node:crypto';
import { decryptProductPrivateKey } from './product-keys';

/**
 * Decrypted product keys by their encrypted form (AES-GCM plus a PKCS#8 parse per activation is most of its
 * CPU). Keyed by the ciphertext itself, so a product whose key is replaced simply misses: nothing to evict.
 * Bounded, least recently used out first.
 */
export function createProductKeyCache(masterKey: Buffer, maxEntries = 1000) {
  const keys = new Map<string, KeyObject>();
  return (encrypted: string): KeyObject => {
    let key = keys.get(encrypted);
    if (key) {
      keys.delete(encrypted);
    } else {
      key = decryptProductPrivateKey(encrypted, masterKey);
      if (keys.size >= maxEntries) keys.delete(keys.keys().next().value as string);
    }
    keys.set(encrypted, key);
    return key;
  };
}

export type ProductKeyOf = ReturnType<typeof createProductKeyCache>;
