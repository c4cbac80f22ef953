// client-js ships no runtime dependency (docs/client-api.md): after `tsc -b`, this copies the compiled
// signed-formats package into dist/signed-formats and points dist's imports of it there, so the published
// library carries the same format code the server runs and needs nothing but Node.
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const clientDist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const formatsDist = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'signed-formats', 'dist');
const embedded = join(clientDist, 'signed-formats');
const PACKAGE_IMPORT = /(require\(|from )(["'])signed-formats\2/g;
const SOURCE_MAP_COMMENT = /\n\/\/# sourceMappingURL=\S+\s*$/;

if (!existsSync(join(formatsDist, 'index.js')))
  throw new Error(`signed-formats is not built: ${formatsDist}/index.js is missing (tsc -b builds it first).`);

rmSync(embedded, { recursive: true, force: true });
mkdirSync(embedded);
for (const file of readdirSync(formatsDist)) {
  if (file.endsWith('.js'))
    writeFileSync(
      join(embedded, file),
      readFileSync(join(formatsDist, file), 'utf8').replace(SOURCE_MAP_COMMENT, '\n'),
    );
  else if (file.endsWith('.d.ts')) copyFileSync(join(formatsDist, file), join(embedded, file));
}

for (const file of readdirSync(clientDist)) {
  if (!file.endsWith('.js') && !file.endsWith('.d.ts')) continue;
  const path = join(clientDist, file);
  const text = readFileSync(path, 'utf8');
  const embeddedText = text.replace(
    PACKAGE_IMPORT,
    (_match, keyword, quote) => `${keyword}${quote}./signed-formats${quote}`,
  );
  if (embeddedText !== text) writeFileSync(path, embeddedText);
}
console.log(`client-js: signed-formats embedded in ${embedded}`);
