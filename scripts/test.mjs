// npm test: every suite (type check, lint, unit, API against a real PostgreSQL, reliability, e2e in Chromium over the built stack),
// ending with one line "N passed, N failed" that counts every test run.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build, ensureInstalled, log, root, run } from './lib.mjs';
import { ensureChromium } from './ensure-chromium.mjs';
import { ensureCppToolchain } from './ensure-cpp-toolchain.mjs';
import { ensureJuce } from './ensure-juce.mjs';
import { runClientSuites } from './test-clients.mjs';

const outputDir = join(root, '.test-output');
// Where the run's minutes go: each phase's wall time, printed after the counts.
const timings = [];
let phaseStart = Date.now();
const timed = (phase) => {
  timings.push({ phase, seconds: Math.round((Date.now() - phaseStart) / 1000) });
  phaseStart = Date.now();
};
rmSync(outputDir, { recursive: true, force: true });
mkdirSync(outputDir, { recursive: true });

ensureInstalled();
ensureChromium();
ensureCppToolchain();
ensureJuce();
build();
timed('install, toolchains, build');

const results = [];
const readJson = (file) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
};

log('Type check (tsc -b)');
const typecheck = run('npx', ['tsc', '-b', 'tsconfig.json']);
results.push({ suite: 'typecheck', passed: typecheck === 0 ? 1 : 0, failed: typecheck === 0 ? 0 : 1 });
timed('typecheck');

// lint: ESLint (boundaries, cycles, hooks, typescript-eslint; any warning fails) and Prettier, on the sources.
log('Lint (eslint + prettier --check)');
const lint = run('npm', ['run', 'lint', '--silent']);
results.push({ suite: 'lint', passed: lint === 0 ? 1 : 0, failed: lint === 0 ? 0 : 1 });
timed('lint');

// reliability: real server processes crashed (kill -9), cut off from their database and stopped under load.
for (const project of ['lint-rules', 'unit', 'api', 'reliability', 'budget']) {
  log(`Jest: ${project}`);
  const file = join(outputDir, `jest-${project}.json`);
  // Jest gives 2 cores one worker; the API files each have their own database and wait on PostgreSQL half the time,
  // so two run side by side. Reliability kills and starves real processes: one at a time.
  const workers = { reliability: ['--runInBand'], api: ['--maxWorkers=2'] }[project] ?? [];
  const code = run('npx', ['jest', '--selectProjects', project, '--ci', ...workers, '--json', `--outputFile=${file}`]);
  const report = readJson(file);
  const failed = (report?.numFailedTests ?? 0) + (report?.numRuntimeErrorTestSuites ?? 0);
  // A run that failed without a failing test (global setup crashed, no report) still counts as a failure.
  results.push({
    suite: project,
    passed: report?.numPassedTests ?? 0,
    failed: code !== 0 && failed === 0 ? 1 : failed,
  });
  timed(project);
}

// clients: the TypeScript and C++ client libraries and the JUCE module (client-js/, client-cpp/, client-juce/).
results.push(...runClientSuites(outputDir));
timed('clients (js, C++, JUCE)');

log('End-to-end: Playwright in Chromium over the built stack');
const e2eFile = join(outputDir, 'e2e.json');
const e2eCode = run('npx', ['playwright', 'test'], {
  cwd: join(root, 'e2e'),
  env: { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eFile },
});
const e2e = readJson(e2eFile);
const e2eFailed = (e2e?.stats?.unexpected ?? 0) + (e2e?.errors?.length ?? 0);
results.push({
  suite: 'e2e',
  passed: (e2e?.stats?.expected ?? 0) + (e2e?.stats?.flaky ?? 0),
  failed: e2eCode !== 0 && e2eFailed === 0 ? 1 : e2eFailed,
});
timed('e2e');

console.log('');
const minutes = (spent) => `${Math.floor(spent / 60)}m${String(spent % 60).padStart(2, '0')}s`;
for (const { phase, seconds } of timings) console.log(`  time: ${phase.padEnd(28)} ${minutes(seconds)}`);
for (const { suite, passed, failed } of results) console.log(`  ${suite.padEnd(10)} ${passed} ok / ${failed} failing`);
const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
