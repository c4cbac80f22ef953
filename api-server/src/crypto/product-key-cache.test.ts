import { randomBytes, verify } from 'node:crypto';
import { productPublicKey } from 'signed-formats';
import { generateProductKeyPair } from './product-keys';
import { createProductKeyCache } from './product-key-cache';

describe('product key cache', () => {
  const masterKey = randomBytes(32);

  it('answers the same signer for the same stored key, and each product its own key', () => {
    const keyOf = createProductKeyCache(masterKey);
    const first = generateProductKeyPair(masterKey);
    const second = generateProductKeyPair(masterKey);
    expect(keyOf(first.privateKeyEncrypted)).toBe(keyOf(first.privateKeyEncrypted));
    const signature = keyOf(second.privateKeyEncrypted)(Buffer.from('x'));
    expect(verify(null, Buffer.from('x'), productPublicKey(second.publicKey), signature)).toBe(true);
    expect(verify(null, Buffer.from('x'), productPublicKey(first.publicKey), signature)).toBe(false);
    expect(keyOf(second.privateKeyEncrypted)).not.toBe(keyOf(first.privateKeyEncrypted));
  });

  it('follows a replaced key at once (the stored ciphertext is the cache key) and keeps at most its bound', () => {
    const keyOf = createProductKeyCache(masterKey, 2);
    const [a, b, c] = [
      generateProductKeyPair(masterKey),
      generateProductKeyPair(masterKey),
      generateProductKeyPair(masterKey),
    ];
    const keyA = keyOf(a.privateKeyEncrypted);
    const keyB = keyOf(b.privateKeyEncrypted);
    keyOf(a.privateKeyEncrypted);
    keyOf(c.privateKeyEncrypted);
    // b was the least recently used: dropped (decrypted again), while a stayed.
    expect(keyOf(a.privateKeyEncrypted)).toBe(keyA);
    expect(keyOf(b.privateKeyEncrypted)).not.toBe(keyB);
    // A product's new key is another ciphertext: it can never answer the old key.
    const replaced = generateProductKeyPair(masterKey);
    expect(keyOf(replaced.privateKeyEncrypted)).not.toBe(keyA);
    expect(() => keyOf('v1.bad.bad.bad')).toThrow();
  });
});
