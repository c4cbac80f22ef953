// The "clients" suite of npm test: client-js's tests, the C++ vector tests and the C++ example plugin against a
// loopback server. Answers one { suite, passed, failed } per part for the final "N passed, N failed" line.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { log, root, run } from './lib.mjs';

function jestSuite(suite, config, outputDir) {
  log(`Clients: ${suite}`);
  const file = join(outputDir, `jest-${suite}.json`);
  const code = run('npx', ['jest', '--config', config, '--ci', '--json', `--outputFile=${file}`]);
  const report = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
  const failed = (report?.numFailedTests ?? 0) + (report?.numRuntimeErrorTestSuites ?? 0);
  return { suite, passed: report?.numPassedTests ?? 0, failed: code !== 0 && failed === 0 ? 1 : failed };
}

function cppVectors() {
  log('Clients: C++ library against every signed-document vector (make -C client-cpp test)');
  const result = spawnSync('make', ['-s', '-C', join(root, 'client-cpp'), 'test'], { encoding: 'utf8' });
  process.stdout.write(result.stdout ?? '');
  process.stderr.write(result.stderr ?? '');
  const counts = /(\d+) passed, (\d+) failed\s*$/.exec(result.stdout ?? '');
  const passed = counts ? Number(counts[1]) : 0;
  const failed = counts ? Number(counts[2]) : 0;
  return { suite: 'client-cpp', passed, failed: result.status !== 0 && failed === 0 ? 1 : failed };
}

export function runClientSuites(outputDir) {
  return [
    jestSuite('client-js', 'client-js/jest.config.js', outputDir),
    cppVectors(),
    jestSuite('cpp-plugin', 'client-cpp/jest.config.js', outputDir),
  ];
}
