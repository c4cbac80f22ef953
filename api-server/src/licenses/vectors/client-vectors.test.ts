/** @jest-environment node */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLIENT_API_FORMATS, CLIENT_API_V2_FORMATS, productPublicKey, verifySignedDocument } from 'signed-formats';
import { buildClientVectors } from './client-vectors';
import { licenseFileText } from './license-vectors';

const VECTORS_DIR = join(__dirname, '../../../../docs/client-api-vectors');
const read = (name: string) => readFileSync(join(VECTORS_DIR, name), 'utf8');
/** The case's format, of the version its document carries (a version 2 answer relabelled 1 is read as version 1). */
const formatOf = (name: string, text: string) => {
  const version = (JSON.parse(text) as { format_version?: unknown }).format_version;
  const formats = version === 2 ? CLIENT_API_V2_FORMATS : CLIENT_API_FORMATS;
  return (
    formats.find((format) => format.format === name) ?? CLIENT_API_FORMATS.find((format) => format.format === name)!
  );
};

function opensslAvailable(): boolean {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('client API test vectors (docs/client-api-vectors)', () => {
  const vectors = buildClientVectors();
  const manifest = JSON.parse(read('vectors.json')) as typeof vectors.manifest;

  it('are exactly what this signer produces (npm run vectors:client -w api-server rewrites them)', () => {
    expect(read('vectors.json')).toBe(licenseFileText(vectors.manifest));
    for (const [name, content] of Object.entries(vectors.files)) expect(read(name)).toBe(content);
  });

  it('cover every document kind, valid and each way of being invalid', () => {
    expect(new Set(manifest.cases.filter((c) => c.expect === 'valid').map((c) => c.format))).toEqual(
      new Set(CLIENT_API_FORMATS.map((format) => format.format)),
    );
    expect(
      new Set(manifest.cases.filter((c) => c.expect === 'valid' && c.format_version === 2).map((c) => c.format)),
    ).toEqual(new Set(CLIENT_API_V2_FORMATS.map((format) => format.format)));
    expect(new Set(manifest.cases.map((c) => c.reason).filter(Boolean))).toEqual(
      new Set(['bad-signature', 'wrong-format', 'unsupported-version']),
    );
  });

  for (const vector of manifest.cases) {
    it(`${vector.name}: ${vector.expect}${vector.reason ? ` (${vector.reason})` : ''}`, () => {
      const result = verifySignedDocument(
        read(vector.file),
        productPublicKey(vector.public_key),
        formatOf(vector.format, read(vector.file)),
      );
      if (vector.expect === 'valid') {
        expect(result).toMatchObject({ valid: true });
      } else {
        expect(result).toMatchObject({ valid: false, reason: vector.reason });
      }
    });
  }

  const openssl = opensslAvailable() ? it : it.skip;
  openssl('verify with OpenSSL (openssl pkeyutl -verify -rawin) over the canonical bytes', () => {
    const dir = mkdtempSync(join(tmpdir(), 'client-vectors-'));
    try {
      for (const vector of manifest.cases.filter((c) => c.canonical)) {
        const document = JSON.parse(read(vector.file)) as { signature: string };
        writeFileSync(join(dir, 'sig.bin'), Buffer.from(document.signature, 'base64'));
        const verify = (data: string) =>
          execFileSync(
            'openssl',
            [
              'pkeyutl',
              '-verify',
              '-pubin',
              '-inkey',
              join(VECTORS_DIR, manifest.public_key_pem),
              '-rawin',
              '-in',
              data,
              '-sigfile',
              join(dir, 'sig.bin'),
            ],
            {
              encoding: 'utf8',
            },
          );
        expect(verify(join(VECTORS_DIR, vector.canonical!))).toMatch(/Signature Verified Successfully/);
        writeFileSync(join(dir, 'changed.txt'), `${read(vector.canonical!)}x`);
        expect(() => verify(join(dir, 'changed.txt'))).toThrow();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
