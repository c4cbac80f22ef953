import { sign, verify, type KeyObject } from 'node:crypto';
import { hasControlCharacter } from './license-file';

// The canonical encoding of the client API's signed documents (docs/client-api.md): the licence file's
// encoding (docs/licence-file.md) extended by booleans and lists of objects. Change it only with that document
// and its vectors (docs/client-api-vectors).

export type ScalarKind = 'text' | 'integer' | 'boolean';
export interface ListKind {
  list: readonly DocumentField[];
}
export type DocumentField = readonly [name: string, kind: ScalarKind | ListKind];

export interface DocumentFormat {
  /** The JSON member `format`, e.g. `producthub-trial`. */
  format: string;
  version: number;
  /** The signed members, in the order the encoding writes them. */
  fields: readonly DocumentField[];
}

export type SignedDocument = Record<string, unknown> & { format: string; format_version: number; signature: string };

/** A value the encoding cannot carry: the server never signs it. */
export class DocumentEncodingError extends Error {}

const ED25519_SIGNATURE_BYTES = 64;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** The first line of the signed bytes: `<format>-v<version>`, so one kind of document never verifies as another. */
export const signingContext = (format: DocumentFormat) => `${format.format}-v${format.version}`;

/** Why a value does not fit its kind, or undefined when it does. */
function misfit(name: string, kind: ScalarKind | ListKind, value: unknown): string | undefined {
  if (kind === 'integer') return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? undefined : `${name} must be a whole number`;
  if (kind === 'boolean') return typeof value === 'boolean' ? undefined : `${name} must be true or false`;
  if (kind === 'text') {
    if (typeof value !== 'string') return `${name} must be a text`;
    return hasControlCharacter(value) ? `${name} must not contain line breaks or other control characters` : undefined;
  }
  if (!Array.isArray(value)) return `${name} must be a list`;
  for (const [index, item] of value.entries()) {
    if (!item || typeof item !== 'object' || Array.isArray(item)) return `${name}.${index} must be an object`;
    for (const [member, memberKind] of kind.list) {
      const problem = misfit(`${name}.${index}.${member}`, memberKind, (item as Record<string, unknown>)[member]);
      if (problem) return problem;
    }
  }
  return undefined;
}

function lines(fields: readonly DocumentField[], values: Record<string, unknown>, prefix: string): string[] {
  return fields.flatMap(([name, kind]) => {
    const value = values[name];
    if (typeof kind === 'object') {
      const items = value as Record<string, unknown>[];
      return [`${prefix}${name}=${items.length}`, ...items.flatMap((item, index) => lines(kind.list, item, `${prefix}${name}.${index}.`))];
    }
    return [`${prefix}${name}=${String(value)}`];
  });
}

/** The signed bytes: the context line, then `name=value` per signed member (lists: count, then `name.i.member`), LF each. */
export function canonicalDocumentBytes(format: DocumentFormat, values: Record<string, unknown>): Buffer {
  for (const [name, kind] of format.fields) {
    const problem = misfit(name, kind, values[name]);
    if (problem) throw new DocumentEncodingError(problem);
  }
  return Buffer.from(`${[signingContext(format), ...lines(format.fields, values, '')].join('\n')}\n`, 'utf8');
}

/** The document: `format`, `format_version`, the signed members, and the Ed25519 signature by the product key. */
export function signDocument<T extends Record<string, unknown>>(format: DocumentFormat, values: T, privateKey: KeyObject) {
  const signature = sign(null, canonicalDocumentBytes(format, values), privateKey).toString('base64');
  return { format: format.format, format_version: format.version, ...values, signature };
}

export type DocumentRejection = 'malformed' | 'wrong-format' | 'unsupported-version' | 'bad-signature';
export type DocumentVerification = { valid: true; document: SignedDocument } | { valid: false; reason: DocumentRejection; message: string };

const reject = (reason: DocumentRejection, message: string): DocumentVerification => ({ valid: false, reason, message });

/** Checks a document as docs/client-api.md tells a plugin to: kind, version, member types, then the signature. */
export function verifyDocument(format: DocumentFormat, text: string, publicKey: KeyObject): DocumentVerification {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return reject('malformed', 'The document is not JSON.');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return reject('malformed', 'The document is not a JSON object.');
  const document = parsed as Record<string, unknown>;
  if (document.format !== format.format) return reject('wrong-format', `The document is a ${JSON.stringify(document.format ?? null)}, not a ${format.format}.`);
  if (document.format_version !== format.version)
    return reject('unsupported-version', `Unsupported format version ${JSON.stringify(document.format_version ?? null)} of ${format.format}.`);
  for (const [name, kind] of format.fields) {
    const problem = misfit(name, kind, document[name]);
    if (problem) return reject('malformed', `The document is malformed: ${problem}.`);
  }
  const signatureText = typeof document.signature === 'string' ? document.signature : '';
  const signature = BASE64.test(signatureText) ? Buffer.from(signatureText, 'base64') : Buffer.alloc(0);
  if (signature.length !== ED25519_SIGNATURE_BYTES) return reject('malformed', 'The document is malformed: signature must be 64 bytes in base64.');
  if (!verify(null, canonicalDocumentBytes(format, document), publicKey, signature)) {
    return reject('bad-signature', 'The signature does not match: the document was changed after it was signed, or it was signed for another product.');
  }
  return { valid: true, document: document as SignedDocument };
}
