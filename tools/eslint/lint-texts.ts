import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/** The repository's root, where eslint.config.mjs is. */
export const repoRoot = join(__dirname, '../..');

/** Lints each text as the file at `filePath` (relative to the repository) would be; for each, the rules that fired. */
export const lintTexts = (texts: { filePath: string; code: string }[]): string[][] =>
  JSON.parse(
    execFileSync(process.execPath, [join(__dirname, 'lint-texts.mjs')], {
      cwd: repoRoot,
      input: JSON.stringify(texts),
      encoding: 'utf8',
    }),
  );
