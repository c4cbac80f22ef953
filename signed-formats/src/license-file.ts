import { checkBindings } from './bindings';
import type { LicenseType, SignatureSeedVersion } from './documented-values';
import {
  parseObject,
  reject,
  verifySignedDocument,
  type DocumentFormat,
  type FORMAT_VERSION,
  type PublicKeyInput,
  type Verification,
} from './signed-document';
import { signedTimeMs } from './signed-time';

// The licence file (`.ops`) of docs/licence-file.md: format version 1, and version 2, which adds the policy facts a
// plugin needs offline. A plugin asks for version 2; every other caller gets version 1, byte for byte as before.
export const LICENSE_FILE_FORMAT = {
  label: 'license file',
  context: 'producthub-license-v1',
  fields: [
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
  ],
} as const satisfies DocumentFormat;

export const LICENSE_FILE_V2_VERSION = 2;

/** Version 2: version 1's members, then the licence's terms (docs/licence-file.md "Format version 2"). */
export const LICENSE_FILE_V2_FORMAT = {
  label: 'license file',
  context: 'producthub-license-v2',
  version: LICENSE_FILE_V2_VERSION,
  fields: [
    ...LICENSE_FILE_FORMAT.fields,
    ['expires_at', 'nullable-text'],
    ['grace_days', 'integer'],
    ['maintenance_ends_at', 'nullable-text'],
    ['edition', 'nullable-text'],
    ['features', { items: [['key', 'text']] }],
  ],
} as const satisfies DocumentFormat;

/** The signed part of a licence file, version 1. */
export interface LicenseFileClaims {
  format_version: typeof FORMAT_VERSION;
  serial: string;
  license_type: LicenseType;
  product_identifier: string;
  user_id: number;
  user_email: string;
  hardware_fingerprint: string;
  hardware_fingerprint_version: number;
  signature_seed_version: SignatureSeedVersion;
  issued_at: string;
}

/** The signed part of a licence file, version 2: the terms the licence had when the file was signed. */
export interface LicenseFileV2Claims extends Omit<LicenseFileClaims, 'format_version'> {
  format_version: typeof LICENSE_FILE_V2_VERSION;
  /** When the licence ends (it still works `grace_days` after); null: it never does. */
  expires_at: string | null;
  grace_days: number;
  /** The last moment a release may have been published to be installed under it; null: no window. */
  maintenance_ends_at: string | null;
  /** The licence's edition name; null: none. */
  edition: string | null;
  /** The features its edition unlocks, in key order. */
  features: { key: string }[];
}

export type LicenseFile = LicenseFileClaims & { signature: string };
export type LicenseFileV2 = LicenseFileV2Claims & { signature: string };
/** Either version: read `format_version` (or use the helpers below) before a version 2 member. */
export type AnyLicenseFileClaims = LicenseFileClaims | LicenseFileV2Claims;

/** What the verifying machine expects besides a good signature. */
export interface MachineExpectations {
  /** This machine's hardware fingerprint: the document must carry exactly this one. */
  hardwareFingerprint?: string;
  /** The identifier of the product that reads the document. */
  productIdentifier?: string;
}

const V2_TIMES = ['expires_at', 'maintenance_ends_at'] as const;

function verifyEitherVersion(file: string | object, publicKey: PublicKeyInput): Verification<AnyLicenseFileClaims> {
  const { document } = parseObject(file);
  const version = document?.format_version;
  if (document && version !== 1 && version !== LICENSE_FILE_V2_VERSION) {
    return reject(
      'unsupported-version',
      `Unsupported license file format version ${JSON.stringify(version ?? null)}: this verifier reads versions 1 and 2.`,
    );
  }
  if (version !== LICENSE_FILE_V2_VERSION)
    return verifySignedDocument<LicenseFileClaims>(file, publicKey, LICENSE_FILE_FORMAT);
  const result = verifySignedDocument<LicenseFileV2Claims>(file, publicKey, LICENSE_FILE_V2_FORMAT);
  if (!result.valid) return result;
  for (const member of V2_TIMES) {
    const value = result.document[member];
    if (value !== null && Number.isNaN(signedTimeMs(value)))
      return reject(
        'malformed',
        `The file is not a license file: ${member} must be a time YYYY-MM-DDTHH:MM:SSZ or null.`,
      );
  }
  return result;
}

/** Checks a licence file (version 1 or 2) offline, in the order docs/licence-file.md gives, with the product's public key. */
export function verifyLicenseFile(
  file: string | object,
  publicKey: PublicKeyInput,
  expected: MachineExpectations = {},
): Verification<AnyLicenseFileClaims> {
  return checkBindings(
    verifyEitherVersion(file, publicKey),
    { hardware_fingerprint: expected.hardwareFingerprint, product_identifier: expected.productIdentifier },
    'license',
  );
}
