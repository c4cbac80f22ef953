import { createPublicKey } from 'node:crypto';
import {
  CLIENT_API_FORMATS,
  LEASE_FORMAT,
  REVOCATION_LIST_FORMAT,
  STATE_DOCUMENT_FORMAT,
  STATE_DOCUMENT_V2_FORMAT,
  TRIAL_FILE_FORMAT,
  UPDATE_ANSWER_FORMAT,
  UPDATE_ANSWER_V2_FORMAT,
  canonicalBytes,
  signDocument,
  type DocumentFormat,
  type Rejection,
} from 'signed-formats';
import { licenseFileText, testVectorKey } from './license-vectors';

// The test vectors of docs/client-api.md, from fixed keys and values so they come out byte for byte the same on
// every run. `npm run vectors:client -w api-server` writes them; the test suite checks the committed files.

export interface ClientVectorCase {
  name: string;
  /** The kind the verifier expects (`format`). */
  format: string;
  file: string;
  public_key: string;
  expect: 'valid' | 'invalid';
  reason?: Rejection;
  /** For valid cases: the exact signed bytes. */
  canonical?: string;
  /** Set for the version 2 answers (and their cases): the version the document carries picks the format. */
  format_version?: number;
}

export interface ClientVectorSet {
  manifest: { about: string; test_private_key_seed_hex: string; public_key_pem: string; cases: ClientVectorCase[] };
  files: Record<string, string>;
}

const FINGERPRINT = 'HWFP2-3F9A-77C1-0B5E-D24C';
const ISSUED = '2026-03-05T14:07:00Z';

const TRIAL = {
  product_id: 7,
  hardware_fingerprint: FINGERPRINT,
  started_at: '2026-03-01T09:30:00Z',
  expires_at: '2026-03-15T09:30:00Z',
  issued_at: ISSUED,
};
const TRIAL_NON_ASCII = { ...TRIAL, hardware_fingerprint: 'Mac=Pro | ÄÖÜ | 機械 | 🎹' };
const STATE = {
  product_id: 7,
  serial: '7QK2M-C9XWA-4H1PZ-T8NVE',
  hardware_fingerprint: FINGERPRINT,
  nonce: 'q8VxN3b0-KfT2_pLmZr6',
  license_enabled: true,
  disabled_reason: '',
  machine_activated: true,
  issued_at: ISSUED,
};
const STATE_DISABLED = { ...STATE, license_enabled: false, disabled_reason: 'FraudulentUse', machine_activated: false };
const REVOCATIONS = {
  product_id: 7,
  hardware_fingerprint: FINGERPRINT,
  since: '2026-03-01T00:00:00Z',
  issued_at: ISSUED,
  complete: true,
  licenses: [
    {
      serial_sha256: 'b7f0a5c1ad2e1b79e1f6e0de6d4f0f1d2ca8f8d37a6b1b4c3b6b3a0c2e9f7d11',
      disabled_reason: 'CancelledOrder',
      changed_at: '2026-03-02T10:00:00Z',
    },
    {
      serial_sha256: '0c4d1f5e7a9b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5',
      disabled_reason: 'FraudulentUse',
      changed_at: '2026-03-04T18:45:12Z',
    },
  ],
  machines: [
    {
      machine_sha256: '5e884898da28047151d0e56f8dc6292773603d0d6aabbdd62a11ef721d1542d8',
      deactivated_at: '2026-03-03T08:00:00Z',
    },
  ],
};
const REVOCATIONS_EMPTY = { ...REVOCATIONS, since: '', licenses: [], machines: [] };
const UPDATE = {
  product_id: 7,
  hardware_fingerprint: FINGERPRINT,
  current_version: '1.0.2',
  os: 'macOS',
  issued_at: ISSUED,
  update_available: true,
  release_id: 12,
  version: '1.1.0.45',
  unlocks_without_license: false,
  files: [
    {
      name: 'Aurora Reverb.pkg',
      size: 48213377,
      sha256: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
      url: '/api/v1/clients/app/downloads/55?expires=1772723220&signature=3q2-7w',
      url_expires_at: '2026-03-05T15:07:00Z',
    },
    {
      name: 'Handbuch – Überblick.pdf',
      size: 0,
      sha256: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      url: '/api/v1/clients/app/downloads/56?expires=1772723220&signature=AAAA',
      url_expires_at: '2026-03-05T15:07:00Z',
    },
  ],
};
const UPDATE_NONE = { ...UPDATE, update_available: false, release_id: 0, version: '', files: [] };
const LEASE = {
  product_id: 7,
  serial: '7QK2M-C9XWA-4H1PZ-T8NVE',
  hardware_fingerprint: FINGERPRINT,
  lease_id: '3f0c2b0e-5d3a-4c1e-9a57-0c7f6d1b2a90',
  borrowed: false,
  expires_at: '2026-03-05T14:22:00Z',
  edition: '',
  features: [],
  issued_at: ISSUED,
};
const LEASE_BORROWED = {
  ...LEASE,
  lease_id: 'a81d7c44-0b6e-4f2a-8e3d-5c9b1f7e2d60',
  borrowed: true,
  expires_at: '2026-03-12T14:07:00Z',
  edition: 'Pro – Studio',
  features: [{ key: 'stems' }, { key: 'surround' }],
};

const STATE_V2 = {
  ...STATE,
  expires_at: '2027-03-05T00:00:00Z',
  grace_days: 7,
  maintenance_ends_at: '2027-01-31T23:59:59Z',
  edition: 'Pro – Studio',
  features: [{ key: 'stems' }, { key: 'surround' }],
};
const STATE_V2_PERPETUAL = {
  ...STATE,
  expires_at: null,
  grace_days: 0,
  maintenance_ends_at: null,
  edition: null,
  features: [],
};
const UPDATE_V2 = {
  ...UPDATE,
  maintenance_ends_at: '2026-02-01T00:00:00Z',
  newer_beyond_maintenance_version: '2.0.0.3',
  newer_beyond_maintenance_published_at: '2026-02-17T10:00:00Z',
};
const UPDATE_V2_NONE_BEYOND = {
  ...UPDATE,
  maintenance_ends_at: null,
  newer_beyond_maintenance_version: null,
  newer_beyond_maintenance_published_at: null,
};

export function buildClientVectors(): ClientVectorSet {
  const key = testVectorKey('product');
  const otherKey = testVectorKey('another product');
  const files: Record<string, string> = {};
  const cases: ClientVectorCase[] = [];
  const valid = (name: string, format: DocumentFormat, file: string, values: Record<string, unknown>) => {
    files[file] = licenseFileText(signDocument(format, values, key.privateKey));
    files[file.replace(/\.json$/, '.canonical.txt')] = canonicalBytes(format.context, format.fields, values).toString(
      'utf8',
    );
    cases.push({
      name,
      format: format.format!,
      ...(format.version ? { format_version: format.version } : {}),
      file,
      public_key: key.publicKeyBase64,
      expect: 'valid',
      canonical: file.replace(/\.json$/, '.canonical.txt'),
    });
  };
  const invalid = (
    name: string,
    format: DocumentFormat,
    file: string,
    reason: Rejection,
    publicKey = key.publicKeyBase64,
  ) =>
    cases.push({
      name,
      format: format.format!,
      ...(format.version ? { format_version: format.version } : {}),
      file,
      public_key: publicKey,
      expect: 'invalid',
      reason,
    });

  valid('trial', TRIAL_FILE_FORMAT, 'trial.json', TRIAL);
  valid('trial, non-ASCII fingerprint with "="', TRIAL_FILE_FORMAT, 'trial-non-ascii.json', TRIAL_NON_ASCII);
  valid('state, enabled and activated', STATE_DOCUMENT_FORMAT, 'state.json', STATE);
  valid('state, disabled', STATE_DOCUMENT_FORMAT, 'state-disabled.json', STATE_DISABLED);
  valid('revocations', REVOCATION_LIST_FORMAT, 'revocations.json', REVOCATIONS);
  valid('revocations, empty lists', REVOCATION_LIST_FORMAT, 'revocations-empty.json', REVOCATIONS_EMPTY);
  valid('update', UPDATE_ANSWER_FORMAT, 'update.json', UPDATE);
  valid('update, no release', UPDATE_ANSWER_FORMAT, 'update-none.json', UPDATE_NONE);
  valid('lease', LEASE_FORMAT, 'lease.json', LEASE);
  valid('lease, borrowed, with an edition and features', LEASE_FORMAT, 'lease-borrowed.json', LEASE_BORROWED);

  const signedTrial = signDocument(TRIAL_FILE_FORMAT, TRIAL, key.privateKey);
  files['trial-tampered.json'] = licenseFileText({ ...signedTrial, expires_at: '2027-03-15T09:30:00Z' });
  invalid('trial, expiry changed after signing', TRIAL_FILE_FORMAT, 'trial-tampered.json', 'bad-signature');
  invalid(
    "state, verified with another product's key",
    STATE_DOCUMENT_FORMAT,
    'state.json',
    'bad-signature',
    otherKey.publicKeyBase64,
  );
  invalid('a trial presented as a state answer', STATE_DOCUMENT_FORMAT, 'trial.json', 'wrong-format');
  const signedRevocations = signDocument(REVOCATION_LIST_FORMAT, REVOCATIONS, key.privateKey);
  files['revocations-entry-removed.json'] = licenseFileText({
    ...signedRevocations,
    licenses: signedRevocations.licenses.slice(1),
  });
  invalid(
    'revocations, an entry removed after signing',
    REVOCATION_LIST_FORMAT,
    'revocations-entry-removed.json',
    'bad-signature',
  );
  files['update-unsupported-version.json'] = licenseFileText({
    ...signDocument(UPDATE_ANSWER_FORMAT, UPDATE, key.privateKey),
    // 2 is the answer's own version 2: 3 is one no verifier reads.
    format_version: 3,
  });
  invalid(
    'update, unsupported format version',
    UPDATE_ANSWER_FORMAT,
    'update-unsupported-version.json',
    'unsupported-version',
  );

  files['lease-extended.json'] = licenseFileText({
    ...signDocument(LEASE_FORMAT, LEASE, key.privateKey),
    expires_at: '2026-04-05T14:22:00Z',
  });
  invalid('lease, expiry extended after signing', LEASE_FORMAT, 'lease-extended.json', 'bad-signature');

  valid('state version 2, with its terms', STATE_DOCUMENT_V2_FORMAT, 'state-v2.json', STATE_V2);
  valid(
    'state version 2, perpetual: null expiry, window and edition',
    STATE_DOCUMENT_V2_FORMAT,
    'state-v2-perpetual.json',
    STATE_V2_PERPETUAL,
  );
  valid('update version 2, a release beyond maintenance', UPDATE_ANSWER_V2_FORMAT, 'update-v2.json', UPDATE_V2);
  valid(
    'update version 2, nothing beyond maintenance',
    UPDATE_ANSWER_V2_FORMAT,
    'update-v2-none-beyond.json',
    UPDATE_V2_NONE_BEYOND,
  );
  const signedStateV2 = signDocument(STATE_DOCUMENT_V2_FORMAT, STATE_V2, key.privateKey);
  files['state-v2-tampered-feature.json'] = licenseFileText({
    ...signedStateV2,
    features: [...signedStateV2.features, { key: 'atmos' }],
  });
  invalid(
    'state version 2, a feature added after signing',
    STATE_DOCUMENT_V2_FORMAT,
    'state-v2-tampered-feature.json',
    'bad-signature',
  );
  files['state-v2-tampered-expiry.json'] = licenseFileText({ ...signedStateV2, expires_at: null });
  invalid(
    'state version 2, expiry removed after signing',
    STATE_DOCUMENT_V2_FORMAT,
    'state-v2-tampered-expiry.json',
    'bad-signature',
  );
  files['state-v2-relabelled-v1.json'] = licenseFileText({ ...signedStateV2, format_version: 1 });
  invalid(
    'state version 2 relabelled version 1',
    STATE_DOCUMENT_FORMAT,
    'state-v2-relabelled-v1.json',
    'bad-signature',
  );
  const signedUpdateV2 = signDocument(UPDATE_ANSWER_V2_FORMAT, UPDATE_V2, key.privateKey);
  files['update-v2-tampered-beyond.json'] = licenseFileText({
    ...signedUpdateV2,
    newer_beyond_maintenance_version: null,
    newer_beyond_maintenance_published_at: null,
  });
  invalid(
    'update version 2, the release beyond maintenance hidden after signing',
    UPDATE_ANSWER_V2_FORMAT,
    'update-v2-tampered-beyond.json',
    'bad-signature',
  );
  files['update-v2-relabelled-v1.json'] = licenseFileText({ ...signedUpdateV2, format_version: 1 });
  invalid(
    'update version 2 relabelled version 1',
    UPDATE_ANSWER_FORMAT,
    'update-v2-relabelled-v1.json',
    'bad-signature',
  );

  const publicKeyPem = createPublicKey(key.privateKey).export({ format: 'pem', type: 'spki' }).toString();
  files['public-key.pem'] = publicKeyPem;
  return {
    manifest: {
      about: `Test vectors of the ProductHub client API documents (${CLIENT_API_FORMATS.map((format) => format.format).join(', ')}), format version 1, and version 2 of the state and update answers (cases with format_version 2): see docs/client-api.md. The key seed is public: test only.`,
      test_private_key_seed_hex: key.seed.toString('hex'),
      public_key_pem: 'public-key.pem',
      cases,
    },
    files,
  };
}
