import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LicenseFileVectors } from 'signed-formats';
import { canonicalBytes, LICENSE_FILE_FORMAT, LICENSE_FILE_V2_FORMAT, verifyLicenseFile } from './index';

const vectorsDir = join(__dirname, '..', '..', 'docs', 'licence-file-vectors');
const vectors = JSON.parse(readFileSync(join(vectorsDir, 'vectors.json'), 'utf8')) as LicenseFileVectors;
const read = (file: string) => readFileSync(join(vectorsDir, file), 'utf8');
const validCase = vectors.cases.find((c) => c.name === 'valid')!;

describe('licence file vectors (docs/licence-file-vectors)', () => {
  it.each(vectors.cases.map((c) => [c.name, c] as const))('%s', (_name, vector) => {
    const result = verifyLicenseFile(read(vector.file), vector.public_key, {
      hardwareFingerprint: vector.hardware_fingerprint,
      productIdentifier: vector.product_identifier,
    });
    if (vector.expect === 'valid') {
      expect(result).toMatchObject({ valid: true });
      const format =
        result.valid && result.document.format_version === 2 ? LICENSE_FILE_V2_FORMAT : LICENSE_FILE_FORMAT;
      if (result.valid)
        expect(canonicalBytes(format.context, format.fields, result.document).toString('utf8')).toBe(
          read(vector.canonical!),
        );
    } else {
      expect(result).toMatchObject({ valid: false, reason: vector.reason });
    }
  });
});

describe('verifyLicenseFile beyond the vectors', () => {
  const valid = JSON.parse(read(validCase.file)) as Record<string, unknown>;
  const verifyChanged = (change: Record<string, unknown>) =>
    verifyLicenseFile(JSON.stringify({ ...valid, ...change }), validCase.public_key);

  it('refuses every signed member changed, one at a time', () => {
    for (const [name, kind] of LICENSE_FILE_FORMAT.fields) {
      if (name === 'format_version') continue;
      const changed = kind === 'integer' ? (valid[name] as number) + 1 : `${valid[name] as string}x`;
      expect(verifyChanged({ [name]: changed })).toMatchObject({ valid: false, reason: 'bad-signature' });
    }
  });

  it('ignores unsigned members and the order of members', () => {
    const reordered = Object.fromEntries(Object.entries({ ...valid, note: 'not signed' }).reverse());
    expect(verifyLicenseFile(reordered, validCase.public_key)).toMatchObject({ valid: true });
  });

  it.each([
    ['not JSON', '{'],
    ['an array', '[]'],
    ['a missing member', JSON.stringify({ ...valid, user_id: undefined })],
    ['a number as text', JSON.stringify({ ...valid, user_id: '12' })],
    ['a negative number', JSON.stringify({ ...valid, user_id: -12 })],
    ['a fraction', JSON.stringify({ ...valid, user_id: 12.5 })],
    ['a control character', JSON.stringify({ ...valid, user_email: 'a\nb' })],
    ['a short signature', JSON.stringify({ ...valid, signature: 'AAAA' })],
    ['a signature that is not base64', JSON.stringify({ ...valid, signature: '*'.repeat(88) })],
  ])('refuses %s as malformed', (_name, text) => {
    expect(verifyLicenseFile(text, validCase.public_key)).toMatchObject({ valid: false, reason: 'malformed' });
  });

  it('refuses a file for another product identifier', () => {
    expect(
      verifyLicenseFile(read(validCase.file), validCase.public_key, { productIdentifier: 'com.aurora.delay' }),
    ).toMatchObject({ valid: false, reason: 'wrong-product' });
  });

  it('refuses a public key that is not 32 bytes', () => {
    expect(() => verifyLicenseFile(read(validCase.file), 'AAAA')).toThrow(/32 bytes/);
  });
});
