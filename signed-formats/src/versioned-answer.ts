import {
  parseObject,
  reject,
  verifySignedDocument,
  type DocumentFormat,
  type PublicKeyInput,
  type Verification,
} from './signed-document';
import { signedTimeMs } from './signed-time';

/** The licence's terms as version 2 answers sign them (docs/client-api.md), after their version 1 members. */
export const LICENSE_TERMS_FIELDS = [
  ['expires_at', 'nullable-text'],
  ['grace_days', 'integer'],
  ['maintenance_ends_at', 'nullable-text'],
  ['edition', 'nullable-text'],
  ['features', { items: [['key', 'text']] }],
] as const;

/** The terms a version 2 answer carries: when the licence ends, its grace, its updates' end, its edition. */
export interface LicenseTermsFacts {
  /** When the licence ends (it still works `grace_days` after); null: it never does. */
  expires_at: string | null;
  grace_days: number;
  /** The last moment a release may have been published to be installed under it; null: no window (yet). */
  maintenance_ends_at: string | null;
  /** The licence's edition name; null: none. */
  edition: string | null;
  /** The features its edition unlocks, in key order. */
  features: { key: string }[];
}

/**
 * Verifies a document of a format that has a version 1 and a version 2 (each its own context): the version it
 * carries picks the format; any other version is refused. The nullable members named in `times` must be signed
 * times or null.
 */
export function verifyEitherVersion<V1, V2>(
  input: string | object,
  publicKey: PublicKeyInput,
  v1: DocumentFormat,
  v2: DocumentFormat & { version: number },
  times: readonly string[],
): Verification<V1 | V2> {
  const { document } = parseObject(input);
  const version = document?.format_version;
  if (document && document.format === v1.format && version !== 1 && version !== v2.version) {
    return reject(
      'unsupported-version',
      `Unsupported ${v1.label} format version ${JSON.stringify(version ?? null)}: this verifier reads versions 1 and ${v2.version}.`,
    );
  }
  if (version !== v2.version) return verifySignedDocument<V1>(input, publicKey, v1);
  const result = verifySignedDocument<V2>(input, publicKey, v2);
  if (!result.valid) return result;
  const signed = result.document as Record<string, unknown>;
  for (const member of times) {
    const value = signed[member];
    if (value !== null && (typeof value !== 'string' || Number.isNaN(signedTimeMs(value))))
      return reject(
        'malformed',
        `The file is not a ${v2.label}: ${member} must be a time YYYY-MM-DDTHH:MM:SSZ or null.`,
      );
  }
  return result;
}
