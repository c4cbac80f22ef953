/** @jest-environment node */
import { randomBytes, sign, verify, createPublicKey } from 'node:crypto';
import { decryptProductPrivateKey, generateProductKeyPair } from './product-keys';

describe('product keys', () => {
  const masterKey = randomBytes(32);

  it('generates an Ed25519 pair whose private key only decrypts with the master key', () => {
    const pair = generateProductKeyPair(masterKey);
    expect(Buffer.from(pair.publicKey, 'base64')).toHaveLength(32);
    const privateKey = decryptProductPrivateKey(pair.privateKeyEncrypted, masterKey);
    const signature = sign(null, Buffer.from('hello'), privateKey);
    const publicKey = createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(pair.publicKey, 'base64').toString('base64url') },
      format: 'jwk',
    });
    expect(verify(null, Buffer.from('hello'), publicKey, signature)).toBe(true);
    expect(() => decryptProductPrivateKey(pair.privateKeyEncrypted, randomBytes(32))).toThrow();
  });

  it('never stores the private key in the clear', () => {
    const pair = generateProductKeyPair(masterKey);
    expect(pair.privateKeyEncrypted.startsWith('v1.')).toBe(true);
    expect(pair.privateKeyEncrypted).not.toContain('PRIVATE KEY');
  });
});
