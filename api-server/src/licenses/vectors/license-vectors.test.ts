/** @jest-environment node */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  LICENSE_FILE_FORMAT,
  LICENSE_FILE_V2_FORMAT,
  canonicalBytes,
  productPublicKey,
  verifyLicenseFile,
} from 'signed-formats';
import { buildLicenseVectors, licenseFileText, type VectorCase } from './license-vectors';

const VECTORS_DIR = join(__dirname, '../../../../docs/licence-file-vectors');

describe('test vectors (docs/licence-file-vectors)', () => {
  const vectors = buildLicenseVectors();

  // UPDATE_LICENSE_VECTORS=1 rewrites the committed vectors, e.g. after a deliberate format change.
  if (process.env.UPDATE_LICENSE_VECTORS === '1') {
    mkdirSync(VECTORS_DIR, { recursive: true });
    for (const [name, content] of Object.entries(vectors.files)) writeFileSync(join(VECTORS_DIR, name), content);
    writeFileSync(join(VECTORS_DIR, 'vectors.json'), licenseFileText(vectors.manifest));
  }

  const manifest = JSON.parse(readFileSync(join(VECTORS_DIR, 'vectors.json'), 'utf8')) as typeof vectors.manifest;

  it('are exactly what this signer produces', () => {
    expect(manifest).toEqual(vectors.manifest);
    for (const [name, content] of Object.entries(vectors.files))
      expect(readFileSync(join(VECTORS_DIR, name), 'utf8')).toBe(content);
  });

  it('cover a valid file, a tampered payload, a wrong key and a wrong fingerprint', () => {
    expect(manifest.cases.map((c) => c.reason ?? c.expect)).toEqual(
      expect.arrayContaining(['valid', 'bad-signature', 'wrong-fingerprint']),
    );
    expect(manifest.cases.filter((c) => c.file === 'valid.ops').map((c) => c.name)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^wrong key/)]),
    );
  });

  it.each(manifest.cases.map((c): [string, VectorCase] => [c.name, c]))('%s', (_name, vector) => {
    const text = readFileSync(join(VECTORS_DIR, vector.file), 'utf8');
    const result = verifyLicenseFile(text, productPublicKey(vector.public_key), {
      hardwareFingerprint: vector.hardware_fingerprint,
      productIdentifier: vector.product_identifier,
    });
    if (vector.expect === 'valid') {
      expect(result.valid).toBe(true);
      const document = JSON.parse(text) as Record<string, unknown>;
      const format = document.format_version === 2 ? LICENSE_FILE_V2_FORMAT : LICENSE_FILE_FORMAT;
      expect(canonicalBytes(format.context, format.fields, document).toString('utf8')).toBe(
        readFileSync(join(VECTORS_DIR, vector.canonical!), 'utf8'),
      );
    } else {
      expect(result).toMatchObject({ valid: false, reason: vector.reason });
    }
  });
});
