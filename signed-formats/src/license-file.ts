import { checkBindings } from './bindings';
import type { LicenseType, SignatureSeedVersion } from './documented-values';
import {
  verifySignedDocument,
  type DocumentFormat,
  type FORMAT_VERSION,
  type PublicKeyInput,
  type Verification,
} from './signed-document';

// The licence file (`.ops`) of docs/licence-file.md, format version 1.
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

/** The signed part of a licence file. */
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

export type LicenseFile = LicenseFileClaims & { signature: string };

/** What the verifying machine expects besides a good signature. */
export interface MachineExpectations {
  /** This machine's hardware fingerprint: the document must carry exactly this one. */
  hardwareFingerprint?: string;
  /** The identifier of the product that reads the document. */
  productIdentifier?: string;
}

/** Checks a licence file offline, in the order docs/licence-file.md gives, with the product's public key. */
export function verifyLicenseFile(
  file: string | object,
  publicKey: PublicKeyInput,
  expected: MachineExpectations = {},
): Verification<LicenseFileClaims> {
  return checkBindings(
    verifySignedDocument<LicenseFileClaims>(file, publicKey, LICENSE_FILE_FORMAT),
    { hardware_fingerprint: expected.hardwareFingerprint, product_identifier: expected.productIdentifier },
    'license',
  );
}
