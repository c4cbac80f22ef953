import { sign, type KeyObject } from 'node:crypto';
import type { DocumentSigner } from 'signed-formats';

type Sodium = typeof import('sodium-native');

/**
 * libsodium, when sodium-native's prebuilt addon loads on this platform (Linux, macOS and Windows on x64 and arm64);
 * null elsewhere, where node:crypto signs instead: the same bytes, at about twice the CPU.
 */
export const libsodium: Sodium | null = (() => {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only where its addon exists
    return require('sodium-native') as Sodium;
  } catch {
    return null;
  }
})();

/**
 * A product's Ed25519 key as libsodium signs with it. node:crypto's one-shot `sign` sets up an OpenSSL 3 context per
 * call and costs about twice libsodium's CPU per signature, which every signed client answer pays
 * (docs/performance.md). Ed25519 signatures are deterministic: both answer the same 64 bytes for the same key and input.
 */
export function ed25519Signer(privateKey: KeyObject, sodium: Sodium | null = libsodium): DocumentSigner {
  if (!sodium) return (signingInput) => sign(null, signingInput, privateKey);
  const seed = Buffer.from(privateKey.export({ format: 'jwk' }).d as string, 'base64url');
  const publicKey = Buffer.alloc(sodium.crypto_sign_PUBLICKEYBYTES);
  const secretKey = Buffer.alloc(sodium.crypto_sign_SECRETKEYBYTES);
  sodium.crypto_sign_seed_keypair(publicKey, secretKey, seed);
  seed.fill(0);
  return (signingInput) => {
    const signature = Buffer.allocUnsafe(sodium.crypto_sign_BYTES);
    sodium.crypto_sign_detached(signature, signingInput, secretKey);
    return signature;
  };
}
