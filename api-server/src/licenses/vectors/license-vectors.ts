import { createHash, createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import type { LicenseFile, LicenseFileClaims, LicenseFileV2Claims } from 'shared-kit/contract';
import {
  LICENSE_FILE_FORMAT,
  LICENSE_FILE_V2_FORMAT,
  canonicalBytes,
  signDocument,
  type LicenseFileVectorCase,
  type LicenseFileVectors,
} from 'signed-formats';

// The test vectors of docs/licence-file.md, built from fixed keys so they come out byte for byte the same on
// every run (Ed25519 signatures are deterministic). The test suite checks the committed files against them.

/** A PKCS#8 DER wrapper of a raw 32-byte Ed25519 seed (RFC 8410). */
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/** Test keys only: derived from public text, so anybody can sign with them. Never use them for a product. */
export function testVectorKey(label: string): { seed: Buffer; privateKey: KeyObject; publicKeyBase64: string } {
  const seed = createHash('sha256').update(`producthub licence file test vector key: ${label}`).digest();
  const privateKey = createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]),
    format: 'der',
    type: 'pkcs8',
  });
  const jwk = createPublicKey(privateKey).export({ format: 'jwk' });
  return { seed, privateKey, publicKeyBase64: Buffer.from(jwk.x as string, 'base64url').toString('base64') };
}

export type VectorCase = LicenseFileVectorCase;

export interface VectorSet {
  manifest: LicenseFileVectors;
  /** File name → content. */
  files: Record<string, string>;
}

const VALID: LicenseFileClaims = {
  format_version: 1,
  serial: '7QK2M-C9XWA-4H1PZ-T8NVE-3RBJD',
  license_type: 'Free',
  product_identifier: 'com.aurora.reverb',
  user_id: 12,
  user_email: 'user12@aurora.listener.example',
  hardware_fingerprint: 'HWFP2-3F9A-77C1-0B5E-D24C',
  hardware_fingerprint_version: 2,
  signature_seed_version: 5,
  issued_at: '2026-03-05T14:07:00Z',
};

const NON_ASCII: LicenseFileClaims = {
  ...VALID,
  serial: 'K3VZ0-8MWQ1-PX7D2-HN4RT-5GC9A',
  license_type: 'NFR',
  user_id: 2147483647,
  user_email: 'jörg.müller@beispiel.example',
  hardware_fingerprint: 'Mac=Pro | ÄÖÜ | 機械 | 🎹',
  signature_seed_version: 4,
};

/** Version 2: a subscription with grace, a maintenance window and an edition of two features. */
const VALID_V2: LicenseFileV2Claims = {
  ...VALID,
  format_version: 2,
  license_type: 'Standard',
  expires_at: '2027-03-05T14:07:00Z',
  grace_days: 14,
  maintenance_ends_at: '2027-03-05T14:07:00Z',
  edition: 'Pro',
  features: [{ key: 'stems' }, { key: 'surround' }],
};

/** Version 2 of a perpetual licence without a window or an edition: every term null, no features. */
const PERPETUAL_V2: LicenseFileV2Claims = {
  ...VALID_V2,
  expires_at: null,
  grace_days: 0,
  maintenance_ends_at: null,
  edition: null,
  features: [],
};

/** How the console saves an answer: pretty-printed JSON. Whitespace is not part of the signature. */
export const licenseFileText = (file: unknown) => `${JSON.stringify(file, null, 2)}\n`;

const signLicenseFile = (claims: LicenseFileClaims, privateKey: KeyObject): LicenseFile =>
  signDocument(LICENSE_FILE_FORMAT, claims, privateKey);
const canonicalLicenseBytes = (claims: LicenseFileClaims) =>
  canonicalBytes(LICENSE_FILE_FORMAT.context, LICENSE_FILE_FORMAT.fields, claims);
const signLicenseFileV2 = (claims: LicenseFileV2Claims, privateKey: KeyObject) =>
  signDocument(LICENSE_FILE_V2_FORMAT, claims, privateKey);
const canonicalLicenseV2Bytes = (claims: LicenseFileV2Claims) =>
  canonicalBytes(LICENSE_FILE_V2_FORMAT.context, LICENSE_FILE_V2_FORMAT.fields, claims);

export function buildLicenseVectors(): VectorSet {
  const key = testVectorKey('product');
  const otherKey = testVectorKey('another product');
  const valid = signLicenseFile(VALID, key.privateKey);
  const nonAscii = signLicenseFile(NON_ASCII, key.privateKey);
  const tampered: LicenseFile = { ...valid, license_type: 'Standard' };
  const futureVersion = { ...valid, format_version: 3 };
  const validV2 = signLicenseFileV2(VALID_V2, key.privateKey);
  const perpetualV2 = signLicenseFileV2(PERPETUAL_V2, key.privateKey);
  const tamperedFeature = { ...perpetualV2, features: [{ key: 'surround' }] };
  const tamperedExpiry = { ...validV2, expires_at: null };
  // A version 1 file relabelled 2: its signature covers other bytes, and it lacks version 2's members.
  const relabelled = { ...valid, format_version: 2 };
  const machine = { hardware_fingerprint: VALID.hardware_fingerprint, product_identifier: VALID.product_identifier };

  const cases: VectorCase[] = [
    {
      name: 'valid',
      file: 'valid.ops',
      public_key: key.publicKeyBase64,
      ...machine,
      expect: 'valid',
      canonical: 'valid.canonical.txt',
    },
    {
      name: 'valid, with non-ASCII text and "=" in values',
      file: 'valid-non-ascii.ops',
      public_key: key.publicKeyBase64,
      hardware_fingerprint: NON_ASCII.hardware_fingerprint,
      product_identifier: NON_ASCII.product_identifier,
      expect: 'valid',
      canonical: 'valid-non-ascii.canonical.txt',
    },
    {
      name: 'tampered payload (license_type Free changed to Standard)',
      file: 'tampered-payload.ops',
      public_key: key.publicKeyBase64,
      ...machine,
      expect: 'invalid',
      reason: 'bad-signature',
    },
    {
      name: "wrong key (verified with another product's public key)",
      file: 'valid.ops',
      public_key: otherKey.publicKeyBase64,
      ...machine,
      expect: 'invalid',
      reason: 'bad-signature',
    },
    {
      name: 'wrong fingerprint (a valid file on another machine)',
      file: 'valid.ops',
      public_key: key.publicKeyBase64,
      hardware_fingerprint: 'HWFP2-0000-1111-2222-3333',
      product_identifier: VALID.product_identifier,
      expect: 'invalid',
      reason: 'wrong-fingerprint',
    },
    {
      name: 'unsupported format version (3)',
      file: 'unsupported-version.ops',
      public_key: key.publicKeyBase64,
      ...machine,
      expect: 'invalid',
      reason: 'unsupported-version',
    },
    {
      name: 'version 2: expiry, grace, maintenance end, edition and features',
      file: 'valid-v2.ops',
      public_key: key.publicKeyBase64,
      ...machine,
      expect: 'valid',
      canonical: 'valid-v2.canonical.txt',
    },
    {
      name: 'version 2: perpetual, no maintenance window, no edition, features empty (null terms)',
      file: 'valid-v2-perpetual.ops',
      public_key: key.publicKeyBase64,
      ...machine,
      expect: 'valid',
      canonical: 'valid-v2-perpetual.canonical.txt',
    },
    {
      name: 'version 2: tampered feature (surround added to a licence without features)',
      file: 'tampered-feature-v2.ops',
      public_key: key.publicKeyBase64,
      ...machine,
      expect: 'invalid',
      reason: 'bad-signature',
    },
    {
      name: 'version 2: tampered expiry (expires_at set to null)',
      file: 'tampered-expiry-v2.ops',
      public_key: key.publicKeyBase64,
      ...machine,
      expect: 'invalid',
      reason: 'bad-signature',
    },
    {
      name: 'version 2: wrong fingerprint',
      file: 'valid-v2.ops',
      public_key: key.publicKeyBase64,
      hardware_fingerprint: 'HWFP2-0000-1111-2222-3333',
      product_identifier: VALID.product_identifier,
      expect: 'invalid',
      reason: 'wrong-fingerprint',
    },
    {
      name: 'a version 1 file relabelled version 2 (its terms missing)',
      file: 'relabelled-v2.ops',
      public_key: key.publicKeyBase64,
      ...machine,
      expect: 'invalid',
      reason: 'malformed',
    },
  ];

  return {
    manifest: {
      about:
        'Test vectors of the ProductHub licence file, format versions 1 and 2: see docs/licence-file.md. The key seed is public: test only.',
      test_private_key_seed_hex: key.seed.toString('hex'),
      cases,
    },
    files: {
      'valid.ops': licenseFileText(valid),
      'valid.canonical.txt': canonicalLicenseBytes(VALID).toString('utf8'),
      'valid-non-ascii.ops': licenseFileText(nonAscii),
      'valid-non-ascii.canonical.txt': canonicalLicenseBytes(NON_ASCII).toString('utf8'),
      'tampered-payload.ops': licenseFileText(tampered),
      'unsupported-version.ops': licenseFileText(futureVersion),
      'valid-v2.ops': licenseFileText(validV2),
      'valid-v2.canonical.txt': canonicalLicenseV2Bytes(VALID_V2).toString('utf8'),
      'valid-v2-perpetual.ops': licenseFileText(perpetualV2),
      'valid-v2-perpetual.canonical.txt': canonicalLicenseV2Bytes(PERPETUAL_V2).toString('utf8'),
      'tampered-feature-v2.ops': licenseFileText(tamperedFeature),
      'tampered-expiry-v2.ops': licenseFileText(tamperedExpiry),
      'relabelled-v2.ops': licenseFileText(relabelled),
    },
  };
}
