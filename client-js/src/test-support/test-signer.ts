import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { canonicalBytes } from '../canonical';
import { FORMAT_VERSION, type DocumentFormat } from '../signed-document';

/** A product key pair made for one test run, its public half in base64 as the console shows it. */
export function testProductKey(): { privateKey: KeyObject; publicKeyBase64: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url');
  return { privateKey, publicKeyBase64: raw.toString('base64') };
}

/** Signs `claims` the way the server does: the format members, the claims, the Ed25519 signature. */
export function signDocument(format: DocumentFormat, claims: Record<string, unknown>, privateKey: KeyObject): Record<string, unknown> {
  const head = format.format === undefined ? {} : { format: format.format, format_version: FORMAT_VERSION };
  const signature = sign(null, canonicalBytes(format.context, format.fields, claims), privateKey).toString('base64');
  return { ...head, ...claims, signature };
}
