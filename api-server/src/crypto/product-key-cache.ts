import type { DocumentSigner } from 'signed-formats';
import { decryptProductPrivateKey } from './product-keys';
import { ed25519Signer } from './product-signer';

/**
 * Product keys, decrypted and ready to sign, by their encrypted form (AES-GCM plus a PKCS#8 parse per activation is
 * most of its CPU). Keyed by the ciphertext itself, so a product whose key is replaced simply misses: nothing to
 * evict. Bounded, least recently used out first.
 */
export function createProductKeyCache(masterKey: Buffer, maxEntries = 1000) {
  const signers = new Map<string, DocumentSigner>();
  return (encrypted: string): DocumentSigner => {
    let signer = signers.get(encrypted);
    if (signer) {
      signers.delete(encrypted);
    } else {
      signer = ed25519Signer(decryptProductPrivateKey(encrypted, masterKey));
      if (signers.size >= maxEntries) signers.delete(signers.keys().next().value as string);
    }
    signers.set(encrypted, signer);
    return signer;
  };
}

export type ProductKeyOf = ReturnType<typeof createProductKeyCache>;
