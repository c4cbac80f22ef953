import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { VectorCase } from '../src/licenses/vectors/license-vectors';

// The machine is shared: starting a database and hashing passwords (scrypt) can be slow under load.
jest.setTimeout(60_000);

// The real command as `npm run admin -- verify-license …` runs it (the built CLI), against the committed vectors.
const REPO = join(__dirname, '../..');
const CLI = join(REPO, 'api-server/dist/admin/cli.js');
const VECTORS = join(REPO, 'docs/licence-file-vectors');
const manifest = JSON.parse(readFileSync(join(VECTORS, 'vectors.json'), 'utf8')) as { cases: VectorCase[] };

function verifyLicense(args: string[], cwd = REPO) {
  const result = spawnSync(process.execPath, [CLI, 'verify-license', ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, INIT_CWD: cwd },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('npm run admin -- verify-license', () => {
  it.each(manifest.cases.map((c): [string, VectorCase] => [c.name, c]))('vector: %s', (_name, vector) => {
    const result = verifyLicense([
      join(VECTORS, vector.file),
      '--public-key',
      vector.public_key,
      '--fingerprint',
      vector.hardware_fingerprint,
      '--product',
      vector.product_identifier,
    ]);
    if (vector.expect === 'valid') {
      expect(result.status).toBe(0);
      expect(result.stdout).toContain('VALID:');
      expect(result.stdout).toContain(`hardware fingerprint: ${vector.hardware_fingerprint} (version 2)`);
    } else {
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(/^INVALID: /);
    }
  });

  it('says why a file is refused', () => {
    const [valid, , tampered, wrongKey, wrongFingerprint] = manifest.cases;
    expect(verifyLicense([join(VECTORS, tampered.file), '--public-key', tampered.public_key]).stderr).toContain(
      'The signature does not match',
    );
    expect(verifyLicense([join(VECTORS, wrongKey.file), '--public-key', wrongKey.public_key]).stderr).toContain(
      'signed for another product',
    );
    expect(
      verifyLicense([
        join(VECTORS, valid.file),
        '--public-key',
        valid.public_key,
        '--fingerprint',
        wrongFingerprint.hardware_fingerprint,
      ]).stderr,
    ).toContain(
      `The license is for the hardware fingerprint "${valid.hardware_fingerprint}", not "${wrongFingerprint.hardware_fingerprint}".`,
    );
    expect(
      verifyLicense([join(VECTORS, valid.file), '--public-key', valid.public_key, '--product', 'com.other.product'])
        .status,
    ).toBe(1);
  });

  it('checks the signature alone when no machine is named, and reads paths from where it was typed', () => {
    const [valid] = manifest.cases;
    const result = verifyLicense(
      [join('licence-file-vectors', valid.file), '--public-key', valid.public_key],
      join(REPO, 'docs'),
    );
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('serial:               7QK2M-C9XWA-4H1PZ-T8NVE-3RBJD');
  });

  it('reads the public key from a file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'verify-license-'));
    try {
      const [valid] = manifest.cases;
      writeFileSync(join(dir, 'reverb.pub'), `${valid.public_key}\n`);
      expect(verifyLicense([join(VECTORS, valid.file), '--public-key', join(dir, 'reverb.pub')]).status).toBe(0);
      writeFileSync(join(dir, 'broken.ops'), '{"format_version": 1');
      const broken = verifyLicense([join(dir, 'broken.ops'), '--public-key', valid.public_key]);
      expect(broken.status).toBe(1);
      expect(broken.stderr).toContain('it is not JSON');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each([
    [['--public-key', 'x'], 'needs the license file'],
    [['a.ops'], 'needs --public-key'],
    [['a.ops', 'b.ops', '--public-key', 'x'], 'one license file at a time'],
    [['a.ops', '--public-key', 'x', '--colour', 'red'], "Unknown option '--colour'"],
    [[join(VECTORS, 'valid.ops'), '--public-key', 'not-a-key'], '32 bytes in base64'],
    [['missing.ops', '--public-key', manifest.cases[0].public_key], 'cannot read the license file missing.ops'],
  ])('exits 2 with a clear message for %j', (args, message) => {
    const result = verifyLicense(args);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(message);
  });
});
