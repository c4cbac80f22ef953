// Lints source texts as if they were files of the repo (with the repo's eslint.config.mjs) and prints, for each,
// the rules that fired. Input on stdin: [{ "filePath": "<relative to the repo>", "code": "..." }].
// The boundary tests run it as a child process: ESLint loads its flat config with import(), which Jest's
// module sandbox does not offer.
import { ESLint } from 'eslint';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const texts = JSON.parse(readFileSync(0, 'utf8'));
const eslint = new ESLint({ cwd: root });
const fired = [];
for (const { filePath, code } of texts) {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  fired.push(result.messages.map((message) => message.ruleId ?? message.message));
}
process.stdout.write(JSON.stringify(fired));
