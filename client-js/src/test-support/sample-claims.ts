/** A signed time as the server writes it: UTC to the second. */
export const signedTime = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

export const SAMPLE_SERIAL = '7QK2M-C9XWA-4H1PZ-T8NVE-3RBJD';

/** The claims of a licence file for `hardware_fingerprint`, issued now. */
export const licenseClaims = (hardwareFingerprint: string, overrides: Record<string, unknown> = {}) => ({
  format_version: 1,
  serial: SAMPLE_SERIAL,
  license_type: 'Standard',
  product_identifier: 'com.aurora.reverb',
  user_id: 12,
  user_email: 'user12@aurora.listener.example',
  hardware_fingerprint: hardwareFingerprint,
  hardware_fingerprint_version: 2,
  signature_seed_version: 5,
  issued_at: signedTime(Date.now()),
  ...overrides,
});
