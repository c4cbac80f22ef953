import { createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { LICENSE_FILE_FORMAT_VERSION, type LicenseFile, type LicenseFileClaims } from 'shared-kit/contract';

// The licence file format of docs/licence-file.md. Change it only together with that document, its test
// vectors (docs/licence-file-vectors) and LICENSE_FILE_FORMAT_VERSION.

/** The first line of the signed bytes: keeps a licence signature from ever meaning anything else. */
export const LICENSE_SIGNING_CONTEXT = 'producthub-license-v1';

type FieldKind = 'text' | 'integer';

/** The signed fields, in the order the canonical encoding writes them. */
export const SIGNED_FIELDS: readonly (readonly [keyof LicenseFileClaims, FieldKind])[] = [
  ['format_version', 'integer'],
  ['serial', 'text'],
  ['license_type', 'text'],
  ['product_identifier', 'text'],
  ['user_id', 'integer'],
  ['user_email', 'text'],
  ['hardware_fingerprint', 'text'],
  ['hardware_fingerprint_version', 'integer'],
  ['signature_seed_version', 'integer'],
  ['issued_at', 'text'],
];

const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;
const ED25519_PUBLIC_KEY_BYTES = 32;
const ED25519_SIGNATURE_BYTES = 64;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** A value the canonical encoding cannot carry: the server never signs such a licence. */
export class LicenseEncodingError extends Error {}

export const hasControlCharacter = (text: string) => CONTROL_CHARACTER.test(text);

/**
 * The bytes that are signed: the context line, then one `name=value` line per signed field in SIGNED_FIELDS
 * order, each ended by LF, as UTF-8. Integers are written in decimal; texts as they are.
 */
export function canonicalLicenseBytes(claims: LicenseFileClaims): Buffer {
  const lines = [LICENSE_SIGNING_CONTEXT];
  for (const [name, kind] of SIGNED_FIELDS) {
    const value = claims[name];
    if (kind === 'integer') {
      if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) throw new LicenseEncodingError(`${name} must be a whole number`);
      lines.push(`${name}=${value}`);
    } else {
      if (typeof value !== 'string') throw new LicenseEncodingError(`${name} must be a text`);
      if (hasControlCharacter(value)) throw new LicenseEncodingError(`${name} must not contain line breaks or other control characters`);
      lines.push(`${name}=${value}`);
    }
  }
  return Buffer.from(`${lines.join('\n')}\n`, 'utf8');
}

/** The licence file for `claims`, signed with the product's Ed25519 private key. */
export function signLicenseFile(claims: LicenseFileClaims, privateKey: KeyObject): LicenseFile {
  const signature = sign(null, canonicalLicenseBytes(claims), privateKey);
  return { ...claims, signature: signature.toString('base64') };
}

/** `issued_at`: UTC to the second, `YYYY-MM-DDTHH:MM:SSZ`. */
export const formatIssuedAt = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** A product's public key as the console shows it (32 raw bytes, base64) is not usable. */
export class PublicKeyFormatError extends Error {}

export function ed25519PublicKey(base64: string): KeyObject {
  const text = base64.trim();
  const raw = BASE64.test(text) ? Buffer.from(text, 'base64') : Buffer.alloc(0);
  if (raw.length !== ED25519_PUBLIC_KEY_BYTES) {
    throw new PublicKeyFormatError("The public key must be the product's Ed25519 public key: 32 bytes in base64, as the console shows it.");
  }
  return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: raw.toString('base64url') }, format: 'jwk' });
}

export type LicenseRejection = 'malformed' | 'unsupported-version' | 'bad-signature' | 'wrong-fingerprint' | 'wrong-product';

export type LicenseVerification = { valid: true; license: LicenseFileClaims } | { valid: false; reason: LicenseRejection; message: string };

/** What the verifying machine expects besides a good signature. */
export interface LicenseExpectations {
  /** This machine's hardware fingerprint: the file must carry exactly this one. */
  hardwareFingerprint?: string;
  /** The identifier of the product that reads the file. */
  productIdentifier?: string;
}

const reject = (reason: LicenseRejection, message: string): LicenseVerification => ({ valid: false, reason, message });

/**
 * Checks a licence file the way docs/licence-file.md tells a plugin to: shape, format version, the Ed25519
 * signature over the canonical encoding with the product's public key, then the machine and the product.
 */
export function verifyLicenseFile(fileText: string, publicKey: KeyObject, expected: LicenseExpectations = {}): LicenseVerification {
  let parsed: unknown;
  try {
    parsed = JSON.parse(fileText);
  } catch {
    return reject('malformed', 'The file is not a license file: it is not JSON.');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return reject('malformed', 'The file is not a license file: it is not a JSON object.');
  const file = parsed as Record<string, unknown>;

  if (file.format_version !== LICENSE_FILE_FORMAT_VERSION) {
    return reject(
      'unsupported-version',
      `Unsupported license file format version ${JSON.stringify(file.format_version ?? null)}: this verifier reads version ${LICENSE_FILE_FORMAT_VERSION}.`,
    );
  }
  for (const [name, kind] of SIGNED_FIELDS) {
    const value = file[name];
    const fits = kind === 'integer' ? typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 : typeof value === 'string';
    if (!fits) return reject('malformed', `The file is not a license file: ${name} must be ${kind === 'integer' ? 'a whole number' : 'a text'}.`);
    if (kind === 'text' && hasControlCharacter(value as string)) return reject('malformed', `The file is not a license file: ${name} contains a control character.`);
  }
  const signatureText = typeof file.signature === 'string' ? file.signature.trim() : '';
  const signature = BASE64.test(signatureText) ? Buffer.from(signatureText, 'base64') : Buffer.alloc(0);
  if (signature.length !== ED25519_SIGNATURE_BYTES) return reject('malformed', 'The file is not a license file: signature must be 64 bytes in base64.');

  const claims = Object.fromEntries(SIGNED_FIELDS.map(([name]) => [name, file[name]])) as LicenseFileClaims;
  if (!verify(null, canonicalLicenseBytes(claims), publicKey, signature)) {
    return reject('bad-signature', 'The signature does not match: the file was changed after it was signed, or it was signed for another product (another key).');
  }
  if (expected.hardwareFingerprint !== undefined && claims.hardware_fingerprint !== expected.hardwareFingerprint) {
    return reject('wrong-fingerprint', `The license is for the hardware fingerprint "${claims.hardware_fingerprint}", not "${expected.hardwareFingerprint}".`);
  }
  if (expected.productIdentifier !== undefined && claims.product_identifier !== expected.productIdentifier) {
    return reject('wrong-product', `The license is for the product "${claims.product_identifier}", not "${expected.productIdentifier}".`);
  }
  return { valid: true, license: claims };
}
