import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The library as npm ships it (package.json `files`: dist): alone in an empty folder it loads and verifies with
// nothing but Node, because its build carries signed-formats in dist/signed-formats. Needs `npm run build -w client-js`.
const packageDir = join(__dirname, '..');
const dist = join(packageDir, 'dist');
const vectorsDir = join(packageDir, '..', 'docs', 'licence-file-vectors');

describe('the built package', () => {
  beforeAll(() => {
    if (!existsSync(join(dist, 'index.js')) || !existsSync(join(dist, 'signed-formats', 'index.js'))) {
      throw new Error('client-js/dist is not built with signed-formats in it: run `npm run build -w client-js` first.');
    }
  });

  it('requires nothing at run time but Node and its own files', () => {
    const files = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js'));
    const required = files.flatMap((file) =>
      [...readFileSync(join(dist, file), 'utf8').matchAll(/require\("([^"]+)"\)/g)].map((match) => match[1]),
    );
    expect(required).toContain('./signed-formats');
    expect(required.filter((name) => !name.startsWith('node:') && !name.startsWith('./'))).toEqual([]);
  });

  it('loads alone in an empty folder and verifies a licence vector', () => {
    const folder = mkdtempSync(join(tmpdir(), 'producthub-client-'));
    try {
      const installed = join(folder, 'node_modules', '@producthub', 'client');
      mkdirSync(installed, { recursive: true });
      cpSync(join(packageDir, 'package.json'), join(installed, 'package.json'));
      cpSync(dist, join(installed, 'dist'), { recursive: true });
      const vectors = JSON.parse(readFileSync(join(vectorsDir, 'vectors.json'), 'utf8')) as {
        cases: { name: string; file: string; public_key: string }[];
      };
      const valid = vectors.cases.find((vector) => vector.name === 'valid')!;
      const script = `const client = require('@producthub/client');
        const result = client.verifyLicenseFile(require('node:fs').readFileSync(process.argv[1], 'utf8'), process.argv[2]);
        console.log(JSON.stringify({ valid: result.valid, exports: Object.keys(client).sort() }));`;
      const run = spawnSync(process.execPath, ['-e', script, join(vectorsDir, valid.file), valid.public_key], {
        cwd: folder,
        encoding: 'utf8',
        env: { PATH: process.env.PATH },
      });
      expect(run.stderr).toBe('');
      const answer = JSON.parse(run.stdout) as { valid: boolean; exports: string[] };
      expect(answer.valid).toBe(true);
      expect(answer.exports).toEqual(
        expect.arrayContaining([
          'ProductHubClient',
          'verifyLicenseFile',
          'verifyUpdateAnswer',
          'findWithdrawal',
          'canonicalBytes',
        ]),
      );
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
