import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildClientVectors } from './client-vectors';
import { licenseFileText } from './license-vectors';

/** Writes docs/client-api-vectors: `npm run vectors:client -w api-server` (after a build). Only a deliberate format change needs it. */
const directory = join(__dirname, '../../../../docs/client-api-vectors');
const vectors = buildClientVectors();
mkdirSync(directory, { recursive: true });
for (const [name, content] of Object.entries(vectors.files)) writeFileSync(join(directory, name), content);
writeFileSync(join(directory, 'vectors.json'), licenseFileText(vectors.manifest));
console.log(`wrote ${Object.keys(vectors.files).length + 1} files to ${directory}`);
