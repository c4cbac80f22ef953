/** @jest-environment node */
import {
  licenseCoversRelease,
  licenseExpiresAt,
  licenseGraceEndsAt,
  licenseHasFeature,
  licenseIsExpired,
  licenseIsInGrace,
  licenseMaintenanceEndsAt,
  licenseTermsOf,
} from './license-terms';
import { LICENSE_FILE_FORMAT, verifyLicenseFile } from './license-file';
import { signDocument } from './signed-document';
import { STATE_DOCUMENT_FORMAT, STATE_DOCUMENT_V2_FORMAT, verifyStateDocument } from './state-document';
import { testProductKey } from './test-support/test-key';

describe("the licence's terms, read from a verified licence file or state answer", () => {
  const keys = testProductKey();
  const state = {
    product_id: 7,
    serial: 'ABCDE-FGHJK-MNPQR-STVWX-YZ012',
    hardware_fingerprint: 'FP-1234',
    nonce: 'nonce-0123456789abcdef',
    license_enabled: true,
    disabled_reason: '',
    machine_activated: true,
    issued_at: '2027-01-05T00:00:00Z',
  };
  const terms = {
    expires_at: '2027-01-02T03:04:05Z',
    grace_days: 14,
    maintenance_ends_at: '2026-07-02T03:04:05Z',
    edition: 'Pro',
    features: [{ key: 'stems' }, { key: 'surround' }],
  };
  const verified = <T>(result: { valid: true; document: T } | { valid: false; message: string }) => {
    if (!result.valid) throw new Error(result.message);
    return result.document;
  };
  const stateV2 = verified(
    verifyStateDocument(
      signDocument(STATE_DOCUMENT_V2_FORMAT, { ...state, ...terms }, keys.privateKey),
      keys.publicKey,
    ),
  );
  const stateV1 = verified(
    verifyStateDocument(signDocument(STATE_DOCUMENT_FORMAT, state, keys.privateKey), keys.publicKey),
  );

  it('reads the terms of a version 2 state answer as of a version 2 licence file', () => {
    expect(licenseTermsOf(stateV2)).toEqual(terms);
    expect(licenseHasFeature(stateV2, 'surround')).toBe(true);
    expect(licenseHasFeature(stateV2, 'granular')).toBe(false);
    expect(licenseExpiresAt(stateV2)?.toISOString()).toBe('2027-01-02T03:04:05.000Z');
    expect(licenseMaintenanceEndsAt(stateV2)?.toISOString()).toBe('2026-07-02T03:04:05.000Z');
    expect(licenseCoversRelease(stateV2, new Date('2026-07-03T00:00:00Z'))).toBe(false);
  });

  it('is in its grace after the expiry until expiry plus grace days, then expired', () => {
    expect(licenseGraceEndsAt(stateV2)?.toISOString()).toBe('2027-01-16T03:04:05.000Z');
    const at = (time: string) => [licenseIsInGrace(stateV2, new Date(time)), licenseIsExpired(stateV2, new Date(time))];
    expect(at('2027-01-02T03:04:05Z')).toEqual([false, false]);
    expect(at('2027-01-02T03:04:06Z')).toEqual([true, false]);
    expect(at('2027-01-16T03:04:05Z')).toEqual([true, false]);
    expect(at('2027-01-16T03:04:06Z')).toEqual([false, true]);
  });

  it('without grace days a licence goes from valid to expired, never in grace', () => {
    const noGrace = { ...stateV2, grace_days: 0 };
    expect(licenseGraceEndsAt(noGrace)?.toISOString()).toBe('2027-01-02T03:04:05.000Z');
    expect(licenseIsInGrace(noGrace, new Date('2027-01-02T03:04:06Z'))).toBe(false);
    expect(licenseIsExpired(noGrace, new Date('2027-01-02T03:04:06Z'))).toBe(true);
  });

  it('a perpetual licence never expires and is never in grace', () => {
    const perpetual = { ...stateV2, expires_at: null, maintenance_ends_at: null };
    expect([licenseGraceEndsAt(perpetual), licenseIsInGrace(perpetual), licenseIsExpired(perpetual)]).toEqual([
      null,
      false,
      false,
    ]);
    expect(licenseCoversRelease(perpetual, new Date('2099-01-01T00:00:00Z'))).toBe(true);
  });

  it('reads no terms from a version 1 state answer or licence file', () => {
    const fileV1 = verified(
      verifyLicenseFile(
        signDocument(
          LICENSE_FILE_FORMAT,
          {
            format_version: 1,
            serial: state.serial,
            license_type: 'Standard',
            product_identifier: 'com.example.synth',
            user_id: 42,
            user_email: 'player@example.com',
            hardware_fingerprint: state.hardware_fingerprint,
            hardware_fingerprint_version: 2,
            signature_seed_version: 5,
            issued_at: state.issued_at,
          },
          keys.privateKey,
        ),
        keys.publicKey,
      ),
    );
    const none = { expires_at: null, grace_days: 0, maintenance_ends_at: null, edition: null, features: [] };
    for (const document of [stateV1, fileV1]) {
      expect(licenseTermsOf(document)).toEqual(none);
      expect([licenseHasFeature(document, 'stems'), licenseGraceEndsAt(document), licenseIsInGrace(document)]).toEqual([
        false,
        null,
        false,
      ]);
    }
  });
});
