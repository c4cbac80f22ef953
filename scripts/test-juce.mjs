// The JUCE module's suites alone (what npm test's clients suite runs for client-juce), ending with the same
// "N passed, N failed" line: node scripts/test-juce.mjs
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ensureCppToolchain } from './ensure-cpp-toolchain.mjs';
import { ensureJuce } from './ensure-juce.mjs';
import { root } from './lib.mjs';
import { juceSuites } from './test-clients.mjs';

ensureCppToolchain();
ensureJuce();
const outputDir = join(root, '.test-output');
mkdirSync(outputDir, { recursive: true });
const results = juceSuites(outputDir);
for (const { suite, passed, failed } of results) console.log(`${suite}: ${passed} passed, ${failed} failed`);
const passed = results.reduce((sum, result) => sum + result.passed, 0);
const failed = results.reduce((sum, result) => sum + result.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
