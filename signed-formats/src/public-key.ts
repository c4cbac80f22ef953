import { createPublicKey, type KeyObject } from 'node:crypto';

const ED25519_PUBLIC_KEY_BYTES = 32;
export const STRICT_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Standard base64 with padding, or an empty buffer when the text is anything else. */
export const decodeBase64 = (text: string): Buffer =>
  STRICT_BASE64.test(text) ? Buffer.from(text, 'base64') : Buffer.alloc(0);

export class PublicKeyFormatError extends Error {}

/**
 * The product's public key as the console shows it: the raw 32-byte Ed25519 key in standard base64. Build it
 * into the plugin; never take a key from a document or from the network.
 */
export function productPublicKey(base64: string): KeyObject {
  const raw = decodeBase64(base64.trim());
  if (raw.length !== ED25519_PUBLIC_KEY_BYTES) {
    throw new PublicKeyFormatError(
      "The public key must be the product's Ed25519 public key: 32 bytes in base64, as the console shows it.",
    );
  }
  return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: raw.toString('base64url') }, format: 'jwk' });
}
