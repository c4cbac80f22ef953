/** @jest-environment node */
import { LEASE_FORMAT, verifyLease } from './lease';
import { LICENSE_FILE_FORMAT, verifyLicenseFile } from './license-file';
import { REVOCATION_LIST_FORMAT, verifyRevocationList } from './revocation-list';
import { signDocument, type DocumentFormat, type PublicKeyInput, type Verification } from './signed-document';
import { STATE_DOCUMENT_FORMAT, stateAllowsUse, verifyStateDocument, type StateDocument } from './state-document';
import { EMPTY_REVOCATION_LIST, NO_UPDATE_ANSWER } from './test-support/empty-documents';
import { testProductKey } from './test-support/test-key';
import { TRIAL_FILE_FORMAT, verifyTrialFile } from './trial-file';
import { UPDATE_ANSWER_FORMAT, verifyUpdateAnswer } from './update-answer';

const key = testProductKey();
const trial = {
  product_id: 7,
  hardware_fingerprint: 'F',
  started_at: '2026-03-01T00:00:00Z',
  expires_at: '2026-03-15T00:00:00Z',
  issued_at: '2026-03-01T00:00:00Z',
};

describe('verifyTrialFile offline', () => {
  const file = JSON.stringify(signDocument(TRIAL_FILE_FORMAT, trial, key.privateKey));

  it('holds until the second it expires', () => {
    expect(
      verifyTrialFile(file, key.publicKeyBase64, {
        productId: 7,
        hardwareFingerprint: 'F',
        at: new Date('2026-03-14T23:59:59Z'),
      }),
    ).toMatchObject({ valid: true });
    expect(verifyTrialFile(file, key.publicKeyBase64, { at: new Date('2026-03-15T00:00:00Z') })).toMatchObject({
      valid: false,
      reason: 'expired',
    });
    expect(verifyTrialFile(file, key.publicKeyBase64, { at: null })).toMatchObject({ valid: true });
  });

  it('refuses an expiry written any other way, even signed', () => {
    const odd = JSON.stringify(
      signDocument(TRIAL_FILE_FORMAT, { ...trial, expires_at: '2026-03-15 00:00' }, key.privateKey),
    );
    expect(verifyTrialFile(odd, key.publicKeyBase64, { at: null })).toMatchObject({
      valid: false,
      reason: 'malformed',
    });
  });

  it('refuses a newer format version', () => {
    expect(
      verifyTrialFile(JSON.stringify({ ...JSON.parse(file), format_version: 2 }), key.publicKeyBase64),
    ).toMatchObject({ valid: false, reason: 'unsupported-version' });
  });
});

describe('one kind of document never verifies as another', () => {
  const state: StateDocument = {
    product_id: 7,
    serial: 'S',
    hardware_fingerprint: 'F',
    nonce: 'n',
    license_enabled: true,
    disabled_reason: '',
    machine_activated: true,
    issued_at: 'T',
  };
  const samples: [DocumentFormat, Record<string, unknown>][] = [
    [TRIAL_FILE_FORMAT, trial],
    [STATE_DOCUMENT_FORMAT, { ...state }],
    [REVOCATION_LIST_FORMAT, EMPTY_REVOCATION_LIST],
    [UPDATE_ANSWER_FORMAT, NO_UPDATE_ANSWER],
    [
      LEASE_FORMAT,
      {
        product_id: 7,
        serial: 'S',
        hardware_fingerprint: 'F',
        lease_id: 'L',
        borrowed: false,
        expires_at: '2026-03-01T00:15:00Z',
        edition: '',
        features: [],
        issued_at: '2026-03-01T00:00:00Z',
      },
    ],
  ];
  const verifiers: [DocumentFormat, (document: object, key: PublicKeyInput) => Verification<unknown>][] = [
    [LICENSE_FILE_FORMAT, verifyLicenseFile],
    [TRIAL_FILE_FORMAT, (document, publicKey) => verifyTrialFile(document, publicKey, { at: null })],
    [STATE_DOCUMENT_FORMAT, verifyStateDocument],
    [REVOCATION_LIST_FORMAT, verifyRevocationList],
    [UPDATE_ANSWER_FORMAT, verifyUpdateAnswer],
    [LEASE_FORMAT, (document, publicKey) => verifyLease(document, publicKey, { at: null })],
  ];

  it.each(samples.map(([format, claims]) => [format.format!, format, claims] as const))(
    'a %s verifies only as itself',
    (_name, format, claims) => {
      const document = signDocument(format, claims, key.privateKey);
      for (const [verifierFormat, verifier] of verifiers) {
        const result = verifier(document, key.publicKeyBase64);
        expect([verifierFormat.label, result.valid]).toEqual([verifierFormat.label, verifierFormat === format]);
        // Relabelled as the other kind, its bytes are the other kind's and its signature no longer holds.
        if (verifierFormat !== format && verifierFormat.format)
          expect(verifier({ ...document, format: verifierFormat.format }, key.publicKeyBase64)).toMatchObject({
            valid: false,
          });
      }
    },
  );

  it('says whether a state lets the licence be used here', () => {
    expect(stateAllowsUse(state)).toBe(true);
    expect(stateAllowsUse({ ...state, machine_activated: false })).toBe(false);
    expect(stateAllowsUse({ ...state, license_enabled: false, disabled_reason: 'FraudulentUse' })).toBe(false);
  });
});
