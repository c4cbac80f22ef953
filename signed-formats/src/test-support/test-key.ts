import { generateKeyPairSync, type KeyObject } from 'node:crypto';

/** A product key pair made for one test run, its public half in base64 as the console shows it. */
export function testProductKey(): { privateKey: KeyObject; publicKey: KeyObject; publicKeyBase64: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url');
  return { privateKey, publicKey, publicKeyBase64: raw.toString('base64') };
}
