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

export interface LintCase {
  name: string;
  filePath: string;
  code: string;
  fires: boolean;
  /** The rule that fires, where it is not the block's. */
  rule?: string;
}

/** A test per case, all linted at once: the rule fires on a case that says it fires, and nothing fires on the others. */
export function describeLintCases(title: string, cases: LintCase[], rule: string) {
  describe(title, () => {
    let fired: string[][];
    beforeAll(() => {
      fired = lintTexts(cases);
    });

    it.each(cases.map((testCase, index) => [testCase.name, testCase.fires, index] as const))(
      '%s: fires %s',
      (_name, fires, index) => {
        if (fires) expect(fired[index]).toContain(cases[index].rule ?? rule);
        else expect(fired[index]).toEqual([]);
      },
    );
  });
}
