import type { Rejection } from './signed-document';

/** One case of the licence file vectors (docs/licence-file-vectors/vectors.json) every verifier must pass. */
export interface LicenseFileVectorCase {
  name: string;
  file: string;
  public_key: string;
  /** The verifying machine's fingerprint and product. */
  hardware_fingerprint: string;
  product_identifier: string;
  expect: 'valid' | 'invalid';
  reason?: Rejection;
  /** For valid cases: the exact bytes that were signed. */
  canonical?: string;
}

/** The manifest of the licence file vectors: its cases, and the seed of the test key that signed them. */
export interface LicenseFileVectors {
  about: string;
  test_private_key_seed_hex: string;
  cases: LicenseFileVectorCase[];
}
