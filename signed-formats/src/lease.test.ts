/** @jest-environment node */
import { LEASE_FORMAT, leaseHasFeature, verifyLease, type Lease } from './lease';
import { signDocument } from './signed-document';
import { testProductKey } from './test-support/test-key';

const key = testProductKey();
const lease: Lease = {
  product_id: 7,
  serial: '7QK2M-C9XWA-4H1PZ-T8NVE',
  hardware_fingerprint: 'F',
  lease_id: '3f0c2b0e-5d3a-4c1e-9a57-0c7f6d1b2a90',
  borrowed: false,
  expires_at: '2026-03-01T00:15:00Z',
  edition: 'Pro',
  features: [{ key: 'stems' }, { key: 'surround' }],
  issued_at: '2026-03-01T00:00:00Z',
};
const signed = JSON.stringify(signDocument(LEASE_FORMAT, lease, key.privateKey));

describe('verifyLease offline', () => {
  it('holds for its own product, serial and machine until the second it expires', () => {
    const before = new Date('2026-03-01T00:14:59Z');
    expect(
      verifyLease(signed, key.publicKeyBase64, {
        productId: 7,
        serial: lease.serial,
        hardwareFingerprint: 'F',
        at: before,
      }),
    ).toEqual({ valid: true, document: lease });
    expect(verifyLease(signed, key.publicKeyBase64, { at: new Date('2026-03-01T00:15:00Z') })).toMatchObject({
      valid: false,
      reason: 'expired',
    });
  });

  it('refuses another machine’s lease and a changed one', () => {
    expect(verifyLease(signed, key.publicKeyBase64, { hardwareFingerprint: 'G', at: null })).toMatchObject({
      valid: false,
      reason: 'wrong-fingerprint',
    });
    const longer = JSON.stringify({ ...JSON.parse(signed), expires_at: '2027-03-01T00:15:00Z' });
    expect(verifyLease(longer, key.publicKeyBase64, { at: null })).toMatchObject({
      valid: false,
      reason: 'bad-signature',
    });
    const more = JSON.stringify({ ...JSON.parse(signed), features: [...lease.features, { key: 'atmos' }] });
    expect(verifyLease(more, key.publicKeyBase64, { at: null })).toMatchObject({
      valid: false,
      reason: 'bad-signature',
    });
  });

  it('refuses an expiry written any other way, even signed', () => {
    const odd = signDocument(LEASE_FORMAT, { ...lease, expires_at: '2026-03-01 00:15' }, key.privateKey);
    expect(verifyLease(odd, key.publicKeyBase64, { at: null })).toMatchObject({ valid: false, reason: 'malformed' });
  });

  it('says which features the edition unlocks', () => {
    expect(leaseHasFeature(lease, 'stems')).toBe(true);
    expect(leaseHasFeature(lease, 'atmos')).toBe(false);
  });
});
