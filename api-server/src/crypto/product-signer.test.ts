import { generateKeyPairSync, randomBytes, sign, verify } from 'node:crypto';
import { ed25519Signer, libsodium } from './product-signer';

describe('ed25519Signer', () => {
  it('signs with libsodium here (its prebuilt addon loads on this platform)', () => {
    expect(libsodium).not.toBeNull();
  });

  it.each([
    ['libsodium', libsodium],
    ['node:crypto, where libsodium does not load', null],
  ])('answers the signature node:crypto answers, for keys and inputs of every length (%s)', (_name, sodium) => {
    for (let key = 0; key < 8; key++) {
      const { privateKey, publicKey } = generateKeyPairSync('ed25519');
      const signer = ed25519Signer(privateKey, sodium);
      for (const length of [0, 1, 31, 64, 300, 4096]) {
        const input = randomBytes(length);
        const signature = Buffer.from(signer(input));
        expect(signature.toString('hex')).toBe(sign(null, input, privateKey).toString('hex'));
        expect(verify(null, input, publicKey, signature)).toBe(true);
      }
    }
  });

  it('signs with its own key: another key does not verify it', () => {
    const one = generateKeyPairSync('ed25519');
    const other = generateKeyPairSync('ed25519');
    const input = Buffer.from('producthub-lease-v1\n');
    expect(verify(null, input, other.publicKey, Buffer.from(ed25519Signer(one.privateKey)(input)))).toBe(false);
  });
});
