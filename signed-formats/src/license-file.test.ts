/** @jest-environment node */
import { createPublicKey } from 'node:crypto';
import { UnsignableValueError, canonicalBytes } from './canonical';
import {
  LICENSE_FILE_FORMAT,
  LICENSE_FILE_V2_FORMAT,
  verifyLicenseFile,
  type LicenseFileClaims,
  type LicenseFileV2Claims,
} from './license-file';
import {
  licenseCoversRelease,
  licenseExpiresAt,
  licenseHasFeature,
  licenseIsExpired,
  licenseMaintenanceEndsAt,
} from './license-terms';
import { PublicKeyFormatError, productPublicKey } from './public-key';
import { signDocument } from './signed-document';
import { formatSignedTime } from './signed-time';
import { testProductKey } from './test-support/test-key';

const claims: LicenseFileClaims = {
  format_version: 1,
  serial: 'ABCDE-FGHJK-MNPQR-STVWX-YZ012',
  license_type: 'Standard',
  product_identifier: 'com.example.synth',
  user_id: 42,
  user_email: 'player@example.com',
  hardware_fingerprint: 'FP-1234',
  hardware_fingerprint_version: 2,
  signature_seed_version: 5,
  issued_at: '2026-01-02T03:04:05Z',
};

const canonicalLicenseBytes = (values: Record<string, unknown>) =>
  canonicalBytes(LICENSE_FILE_FORMAT.context, LICENSE_FILE_FORMAT.fields, values);
const licenseFileText = (file: unknown) => `${JSON.stringify(file, null, 2)}\n`;

describe('canonical encoding', () => {
  it('is the context line then name=value lines in the documented order, each ended by LF', () => {
    expect(canonicalLicenseBytes(claims).toString('utf8')).toBe(
      [
        'producthub-license-v1',
        'format_version=1',
        'serial=ABCDE-FGHJK-MNPQR-STVWX-YZ012',
        'license_type=Standard',
        'product_identifier=com.example.synth',
        'user_id=42',
        'user_email=player@example.com',
        'hardware_fingerprint=FP-1234',
        'hardware_fingerprint_version=2',
        'signature_seed_version=5',
        'issued_at=2026-01-02T03:04:05Z',
        '',
      ].join('\n'),
    );
  });

  it('does not depend on the order of the members in the object', () => {
    const reversed = Object.fromEntries(Object.entries(claims).reverse());
    expect(canonicalLicenseBytes(reversed).equals(canonicalLicenseBytes(claims))).toBe(true);
  });

  it('writes texts as UTF-8 bytes, unchanged', () => {
    const bytes = canonicalLicenseBytes({ ...claims, user_email: 'jörg@example.de' });
    expect(bytes.includes(Buffer.from('user_email=j\xc3\xb6rg@example.de\n', 'latin1'))).toBe(true);
  });

  it.each(['a\nb', 'a\rb', 'tab\there', 'nul\u0000', 'del\u007f'])(
    'refuses a value with a control character (%j)',
    (fingerprint) => {
      expect(() => canonicalLicenseBytes({ ...claims, hardware_fingerprint: fingerprint })).toThrow(
        UnsignableValueError,
      );
    },
  );

  it('refuses integers that are not whole non-negative numbers', () => {
    expect(() => canonicalLicenseBytes({ ...claims, user_id: 1.5 })).toThrow('user_id must be a whole number');
    expect(() => canonicalLicenseBytes({ ...claims, user_id: -1 })).toThrow(UnsignableValueError);
  });

  it('formats the issue time in UTC to the second', () => {
    expect(formatSignedTime(new Date('2026-03-05T14:07:09.987Z'))).toBe('2026-03-05T14:07:09Z');
  });
});

describe('signing and verifying', () => {
  const keys = testProductKey();
  const publicKey = productPublicKey(keys.publicKeyBase64);
  const file = signDocument(LICENSE_FILE_FORMAT, claims, keys.privateKey);

  it('signs every field with a 64-byte Ed25519 signature that verifies with the public key', () => {
    expect(Buffer.from(file.signature, 'base64')).toHaveLength(64);
    expect(
      verifyLicenseFile(JSON.stringify(file), publicKey, {
        hardwareFingerprint: 'FP-1234',
        productIdentifier: 'com.example.synth',
      }),
    ).toEqual({
      valid: true,
      document: claims,
    });
  });

  it('ignores whitespace and member order of the JSON', () => {
    const reordered = Object.fromEntries(Object.entries(file).reverse());
    expect(verifyLicenseFile(licenseFileText(reordered), publicKey).valid).toBe(true);
  });

  it.each(LICENSE_FILE_FORMAT.fields.filter(([name]) => name !== 'format_version'))(
    'detects a change of %s',
    (name, kind) => {
      const value = (file as Record<string, unknown>)[name];
      const changed = { ...file, [name]: kind === 'integer' ? (value as number) + 1 : `${value as string}x` };
      expect(verifyLicenseFile(JSON.stringify(changed), publicKey)).toMatchObject({
        valid: false,
        reason: 'bad-signature',
      });
    },
  );

  it('detects a changed signature and a file signed by another key', () => {
    const signature = Buffer.from(file.signature, 'base64');
    signature[10] ^= 1;
    expect(
      verifyLicenseFile(JSON.stringify({ ...file, signature: signature.toString('base64') }), publicKey).valid,
    ).toBe(false);
    const other = signDocument(LICENSE_FILE_FORMAT, claims, testProductKey().privateKey);
    expect(verifyLicenseFile(JSON.stringify(other), publicKey)).toMatchObject({
      valid: false,
      reason: 'bad-signature',
    });
  });

  it('refuses a valid file for another machine or another product', () => {
    expect(verifyLicenseFile(JSON.stringify(file), publicKey, { hardwareFingerprint: 'FP-9999' })).toEqual({
      valid: false,
      reason: 'wrong-fingerprint',
      message: 'The license is for the hardware fingerprint "FP-1234", not "FP-9999".',
    });
    expect(
      verifyLicenseFile(JSON.stringify(file), publicKey, { productIdentifier: 'com.example.other' }),
    ).toMatchObject({ valid: false, reason: 'wrong-product' });
  });

  it.each([
    ['not JSON', 'hello', 'it is not JSON'],
    ['an array', '[]', 'it is not a JSON object'],
    ['a missing field', JSON.stringify({ ...file, serial: undefined }), 'serial must be a text'],
    ['a number as text', JSON.stringify({ ...file, user_id: '42' }), 'user_id must be a whole number'],
    ['a control character', JSON.stringify({ ...file, user_email: 'a\nb' }), 'user_email contains a control character'],
    ['a short signature', JSON.stringify({ ...file, signature: 'AAAA' }), 'signature must be 64 bytes in base64'],
    [
      'a signature that is not base64',
      JSON.stringify({ ...file, signature: `${file.signature.slice(0, -4)}!!!!` }),
      'signature must be 64 bytes',
    ],
  ])('says what is wrong with %s', (_label, text, message) => {
    const result = verifyLicenseFile(text, publicKey);
    expect(result).toMatchObject({ valid: false, reason: 'malformed' });
    expect(!result.valid && result.message).toContain(message);
  });

  it('refuses a format version it does not know before anything else', () => {
    expect(verifyLicenseFile(JSON.stringify({ ...file, format_version: 3 }), publicKey)).toMatchObject({
      valid: false,
      reason: 'unsupported-version',
    });
    expect(verifyLicenseFile('{}', publicKey)).toMatchObject({ valid: false, reason: 'unsupported-version' });
  });

  it('reads a public key only as 32 bytes of base64', () => {
    expect(productPublicKey(`  ${keys.publicKeyBase64}\n`).equals(createPublicKey(keys.privateKey))).toBe(true);
    for (const bad of [
      '',
      'abc',
      Buffer.alloc(31).toString('base64'),
      Buffer.alloc(33).toString('base64'),
      `${keys.publicKeyBase64.slice(0, -2)}**`,
    ]) {
      expect(() => productPublicKey(bad)).toThrow(PublicKeyFormatError);
    }
  });
});

describe('format version 2', () => {
  const keys = testProductKey();
  const publicKey = keys.publicKeyBase64;
  const v2: LicenseFileV2Claims = {
    ...claims,
    format_version: 2,
    expires_at: '2027-01-02T03:04:05Z',
    grace_days: 14,
    maintenance_ends_at: '2026-07-02T03:04:05Z',
    edition: 'Pro',
    features: [{ key: 'stems' }, { key: 'surround' }],
  };
  const signed = signDocument(LICENSE_FILE_V2_FORMAT, v2, keys.privateKey);
  const verifiedTerms = () => {
    const result = verifyLicenseFile(JSON.stringify(signed), publicKey);
    if (!result.valid) throw new Error(result.message);
    return result.document;
  };

  it('signs the terms after the version 1 members, under its own context, null as an empty value', () => {
    const perpetual = { ...v2, expires_at: null, maintenance_ends_at: null, edition: null, features: [] };
    const bytes = canonicalBytes(LICENSE_FILE_V2_FORMAT.context, LICENSE_FILE_V2_FORMAT.fields, perpetual);
    expect(bytes.toString('utf8')).toMatch(
      /^producthub-license-v2\nformat_version=2\n[^]*issued_at=2026-01-02T03:04:05Z\nexpires_at=\ngrace_days=14\nmaintenance_ends_at=\nedition=\nfeatures=0\n$/,
    );
  });

  it('verifies and reads the terms: features, expiry with grace, maintenance end', () => {
    const document = verifiedTerms();
    expect(licenseHasFeature(document, 'surround')).toBe(true);
    expect(licenseHasFeature(document, 'granular')).toBe(false);
    expect(licenseExpiresAt(document)?.toISOString()).toBe('2027-01-02T03:04:05.000Z');
    expect(licenseIsExpired(document, new Date('2027-01-16T03:04:05Z'))).toBe(false);
    expect(licenseIsExpired(document, new Date('2027-01-16T03:04:06Z'))).toBe(true);
    expect(licenseMaintenanceEndsAt(document)?.toISOString()).toBe('2026-07-02T03:04:05.000Z');
    expect(licenseCoversRelease(document, new Date('2026-07-01T00:00:00Z'))).toBe(true);
    expect(licenseCoversRelease(document, new Date('2026-07-03T00:00:00Z'))).toBe(false);
  });

  it('reads a version 1 file as perpetual, without a window or features', () => {
    const v1 = verifyLicenseFile(JSON.stringify(signDocument(LICENSE_FILE_FORMAT, claims, keys.privateKey)), publicKey);
    if (!v1.valid) throw new Error(v1.message);
    expect([
      licenseHasFeature(v1.document, 'stems'),
      licenseExpiresAt(v1.document),
      licenseIsExpired(v1.document),
    ]).toEqual([false, null, false]);
    expect(licenseCoversRelease(v1.document, new Date('2099-01-01T00:00:00Z'))).toBe(true);
  });

  it.each([
    ['an empty text for null', { expires_at: '' }],
    ['a feature that is not an object', { features: ['stems'] }],
    ['missing terms', { grace_days: undefined }],
  ])('refuses %s as malformed', (_name, change) => {
    const changed = { ...v2, ...change };
    const text = JSON.stringify({ ...changed, signature: signed.signature });
    expect(verifyLicenseFile(text, publicKey)).toMatchObject({ valid: false, reason: 'malformed' });
  });

  it('refuses a signed time written another way as malformed', () => {
    const odd = signDocument(LICENSE_FILE_V2_FORMAT, { ...v2, maintenance_ends_at: '2027-01-02' }, keys.privateKey);
    expect(verifyLicenseFile(odd, publicKey)).toMatchObject({ valid: false, reason: 'malformed' });
  });

  it('refuses a version 2 file whose terms were changed', () => {
    for (const change of [{ edition: 'Standard' }, { features: [{ key: 'stems' }] }, { maintenance_ends_at: null }])
      expect(verifyLicenseFile({ ...signed, ...change }, publicKey)).toMatchObject({
        valid: false,
        reason: 'bad-signature',
      });
  });

  it('is never signed with an empty text where null is meant', () => {
    expect(() => signDocument(LICENSE_FILE_V2_FORMAT, { ...v2, edition: '' }, keys.privateKey)).toThrow(
      UnsignableValueError,
    );
  });
});
