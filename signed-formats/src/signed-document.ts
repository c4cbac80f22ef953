import { sign, verify, type KeyObject } from 'node:crypto';
import { canonicalBytes, fieldProblem, signedPart, type SignedFields } from './canonical';
import { decodeBase64, productPublicKey } from './public-key';

const ED25519_SIGNATURE_BYTES = 64;
/** The first version of every format; a newer one (the licence file's 2) is its own format with its own context. */
export const FORMAT_VERSION = 1;

export type Rejection =
  | 'malformed'
  | 'wrong-format'
  | 'unsupported-version'
  | 'bad-signature'
  | 'wrong-fingerprint'
  | 'wrong-product'
  | 'expired'
  | 'wrong-nonce'
  | 'wrong-request'
  | 'stale';

export type Verification<T> = { valid: true; document: T } | { valid: false; reason: Rejection; message: string };

/** How one kind of signed document is told apart and encoded. */
export interface DocumentFormat {
  /** What the messages call it: "license file", "trial file" ... */
  label: string;
  /** The `format` member it must carry; the licence file (the first format) has none. */
  format?: string;
  /** The first line of the signed bytes: `<format>-v<format_version>`, so one kind never verifies as another. */
  context: string;
  /** The signed members, in the order the encoding writes them. */
  fields: SignedFields;
  /** The `format_version` it carries: FORMAT_VERSION unless a format has a newer version beside its first. */
  version?: number;
}

/** A format of the client API: its documents name their format and version in `format` and `format_version`. */
export type ClientApiFormat = DocumentFormat & { format: string };

/** What the server sends: the format members (none for the licence file), the signed members, the signature. */
export type SignedDocument<T> = T & { signature: string };
export type SignedClientApiDocument<T> = T & { format: string; format_version: number; signature: string };

export const reject = <T>(reason: Rejection, message: string): Verification<T> => ({ valid: false, reason, message });

/** A key as the console shows it (base64), or one already made with productPublicKey. */
export type PublicKeyInput = KeyObject | string;
const toKey = (key: PublicKeyInput) => (typeof key === 'string' ? productPublicKey(key) : key);

/**
 * Ed25519 over the signing input with a product's private key, answering the 64-byte signature: any implementation
 * of Ed25519 answers the same bytes for the same key and input (RFC 8032 signatures are deterministic).
 */
export type DocumentSigner = (signingInput: Buffer) => Uint8Array;
/** A private key node:crypto signs with, or a signer of the same key. */
export type PrivateKeyInput = KeyObject | DocumentSigner;

/**
 * The document the server sends for `claims`, signed with the product's Ed25519 private key over the canonical
 * bytes. Throws an UnsignableValueError for a value the encoding cannot carry.
 */
export function signDocument<T extends object>(
  format: ClientApiFormat,
  claims: T,
  privateKey: PrivateKeyInput,
): SignedClientApiDocument<T>;
export function signDocument<T extends object>(
  format: DocumentFormat,
  claims: T,
  privateKey: PrivateKeyInput,
): SignedDocument<T>;
export function signDocument<T extends object>(
  format: DocumentFormat,
  claims: T,
  privateKey: PrivateKeyInput,
): SignedDocument<T> {
  const signingInput = canonicalBytes(format.context, format.fields, claims as Record<string, unknown>);
  const raw = typeof privateKey === 'function' ? privateKey(signingInput) : sign(null, signingInput, privateKey);
  const signature = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString('base64');
  const head =
    format.format === undefined ? {} : { format: format.format, format_version: format.version ?? FORMAT_VERSION };
  return { ...head, ...claims, signature };
}

export function parseObject(input: string | object): { document?: Record<string, unknown>; problem?: string } {
  let parsed: unknown = input;
  if (typeof input === 'string') {
    try {
      parsed = JSON.parse(input);
    } catch {
      return { problem: 'it is not JSON' };
    }
  }
  return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
    ? { document: parsed as Record<string, unknown> }
    : { problem: 'it is not a JSON object' };
}

/**
 * The steps every format shares, in the documented order: a JSON object, the format and version this verifier
 * reads, each signed member with its type, a 64-byte signature, then Ed25519 over the canonical bytes. What
 * only the verifying machine can check (fingerprint, product, expiry) is left to the format's own verifier.
 */
export function verifySignedDocument<T>(
  input: string | object,
  publicKey: PublicKeyInput,
  format: DocumentFormat,
): Verification<T> {
  const { document, problem } = parseObject(input);
  const notThis = `The file is not a ${format.label}`;
  if (!document) return reject('malformed', `${notThis}: ${problem}.`);
  if (format.format !== undefined && document.format !== format.format) {
    return reject(
      'wrong-format',
      `${notThis}: its format is ${JSON.stringify(document.format ?? null)}, not "${format.format}".`,
    );
  }
  const version = format.version ?? FORMAT_VERSION;
  if (document.format_version !== version) {
    return reject(
      'unsupported-version',
      `Unsupported ${format.label} format version ${JSON.stringify(document.format_version ?? null)}: this verifier reads version ${version}.`,
    );
  }
  for (const [name, kind] of format.fields) {
    const misfit = fieldProblem(name, kind, document[name]);
    if (misfit) return reject('malformed', `${notThis}: ${misfit}.`);
  }
  const signature = decodeBase64(typeof document.signature === 'string' ? document.signature.trim() : '');
  if (signature.length !== ED25519_SIGNATURE_BYTES)
    return reject('malformed', `${notThis}: signature must be 64 bytes in base64.`);

  const signed = signedPart(format.fields, document);
  if (!verify(null, canonicalBytes(format.context, format.fields, signed), toKey(publicKey), signature)) {
    return reject(
      'bad-signature',
      'The signature does not match: the document was changed after it was signed, or it was signed for another product (another key).',
    );
  }
  return { valid: true, document: signed as T };
}
