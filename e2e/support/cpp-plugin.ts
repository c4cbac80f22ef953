import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect } from '@playwright/test';

const CLIENT_CPP = resolve(__dirname, '../../client-cpp');
/** The C++ example plugin (client-cpp/README.md, "The example plugin") as `make -C client-cpp all` builds it. */
export const CPP_PLUGIN = join(CLIENT_CPP, 'build/producthub-plugin');

/** One run of the example plugin: its exit code and the one JSON object it prints on stdout. */
export interface PluginRun {
  exit: number | null;
  output: Record<string, unknown>;
}

/**
 * Builds the example plugin, for a spec's beforeAll (it can take minutes the first time). `npm test` installs the
 * toolchain first (scripts/ensure-cpp-toolchain.mjs); make rebuilds only what changed.
 */
export function buildCppPlugin(): void {
  const make = spawnSync('make', ['-C', CLIENT_CPP, 'all'], { encoding: 'utf8', timeout: 280_000 });
  expect(make.status, make.stderr).toBe(0);
  expect(existsSync(CPP_PLUGIN)).toBe(true);
}

/** The options every command of one machine's plugin passes (`--server` only for the commands that go online). */
export function pluginMachine(machine: {
  server?: string;
  productId: number;
  publicKey: string;
  fingerprint: string;
  stateDir: string;
  productIdentifier?: string;
}): string[] {
  return [
    ...(machine.server ? ['--server', machine.server] : []),
    '--product-id',
    String(machine.productId),
    '--public-key',
    machine.publicKey,
    '--fingerprint',
    machine.fingerprint,
    '--state-dir',
    machine.stateDir,
    ...(machine.productIdentifier ? ['--product-identifier', machine.productIdentifier] : []),
  ];
}

/** Runs the example plugin as a plugin's licensing code would: one JSON object on stdout, a meaningful exit code. */
export function plugin(machine: string[], command: string, ...options: string[]): PluginRun {
  const run = spawnSync(CPP_PLUGIN, [command, ...machine, ...options], { encoding: 'utf8', timeout: 30_000 });
  expect(run.error).toBeUndefined();
  const output = JSON.parse(run.stdout.trim().split('\n').pop() || '{}') as Record<string, unknown>;
  return { exit: run.status, output };
}
