// The "clients" suite of npm test: client-js's tests, the C++ vector tests, the C++ example plugin against a
// loopback server and the JUCE module (client-juce). Answers one { suite, passed, failed } per part for the final
// "N passed, N failed" line.
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

/** A test program whose last line is "N passed, N failed" (client-cpp's vector test, client-juce's runners). */
function countedProgram(suite, command, args) {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  process.stdout.write(result.stdout ?? '');
  process.stderr.write(result.stderr ?? '');
  const counts = /(\d+) passed, (\d+) failed\s*$/.exec(result.stdout ?? '');
  const passed = counts ? Number(counts[1]) : 0;
  const failed = counts ? Number(counts[2]) : 0;
  return { suite, passed, failed: result.status !== 0 && failed === 0 ? 1 : failed };
}

function cppVectors() {
  log('Clients: C++ library against every signed-document vector (make -C client-cpp test)');
  return countedProgram('client-cpp', 'make', ['-s', '-C', join(root, 'client-cpp'), 'test']);
}

/**
 * The JUCE module: one cmake build directory (client-juce/build, reused; ccache under it) with the example Standalone
 * app, the gate's real-time test, the screen's snapshots, then the controller driven against a loopback server by jest.
 */
export function juceSuites(outputDir) {
  // The example Standalone app is built here too: e2e/tests/juce-standalone.spec.ts runs it after this suite.
  log('Clients: JUCE module and its example Standalone app (cmake build of client-juce, ccache)');
  const source = join(root, 'client-juce');
  const build = join(source, 'build');
  const began = Date.now();
  const built =
    run('cmake', ['-S', source, '-B', build, '-DCMAKE_BUILD_TYPE=Release', '--log-level=WARNING']) === 0 &&
    run('cmake', ['--build', build, '--parallel', '2']) === 0;
  log(`Clients: JUCE module built in ${Math.round((Date.now() - began) / 1000)} s`);
  if (!built) return [{ suite: 'client-juce', passed: 0, failed: 1 }];
  log('Clients: JUCE module, the licence gate on the audio thread and the activation screen against its snapshots');
  return [
    countedProgram('client-juce', join(build, 'producthub_gate_test'), []),
    countedProgram('juce-screen', join(build, 'producthub_component_snapshot_test'), [
      join(source, 'test', 'snapshots'),
    ]),
    jestSuite('juce-controller', 'client-juce/jest.config.js', outputDir),
  ];
}

export function runClientSuites(outputDir) {
  return [
    jestSuite('client-js', 'client-js/jest.config.js', outputDir),
    cppVectors(),
    jestSuite('cpp-plugin', 'client-cpp/jest.config.js', outputDir),
    ...juceSuites(outputDir),
  ];
}
