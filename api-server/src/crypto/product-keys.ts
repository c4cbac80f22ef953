import {
  createCipheriv,
  createDecipheriv,
  createPrivateKey,
  generateKeyPairSync,
  randomBytes,
  type KeyObject,
} from 'node:crypto';

export interface ProductKeyPair {
  /** The raw 32-byte Ed25519 public key, base64: what the console shows and a plugin embeds. */
  publicKey: string;
  privateKeyEncrypted: string;
}

/** A new Ed25519 key pair for a product; the private key leaves this function only encrypted. */
export function generateProductKeyPair(masterKey: Buffer): ProductKeyPair {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const rawPublic = publicKey.export({ format: 'jwk' }).x as string;
  const der = privateKey.export({ format: 'der', type: 'pkcs8' });
  return {
    publicKey: Buffer.from(rawPublic, 'base64url').toString('base64'),
    privateKeyEncrypted: encrypt(der, masterKey),
  };
}

export function decryptProductPrivateKey(encrypted: string, masterKey: Buffer): KeyObject {
  return createPrivateKey({ key: decrypt(encrypted, masterKey), format: 'der', type: 'pkcs8' });
}

// AES-256-GCM, stored as v1.<iv>.<tag>.<ciphertext> in base64url (also webhook signing secrets).
export function encrypt(plain: Buffer, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

export function decrypt(encrypted: string, key: Buffer): Buffer {
  const [version, iv, tag, body] = encrypted.split('.');
  if (version !== 'v1' || !iv || !tag || !body) throw new Error('Unknown private key encoding');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
}
