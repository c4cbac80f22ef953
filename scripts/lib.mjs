// Small helpers shared by start, dev and test: run a command, make sure dependencies are installed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export function log(message) {
  console.log(`\x1b[36m▸ ${message}\x1b[0m`);
}

/** Runs a command to completion with inherited output; returns its exit code. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    ...options,
    env: { ...process.env, ...options.env },
  });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

export function runOrExit(command, args, options = {}) {
  const code = run(command, args, options);
  if (code !== 0) {
    console.error(`\n✖ ${command} ${args.join(' ')} failed (exit ${code})`);
    process.exit(code);
  }
}

/** Installs dependencies on a fresh clone, or when package-lock.json changed since the last install. */
export function ensureInstalled() {
  const marker = join(root, 'node_modules', '.package-lock.json');
  const lock = join(root, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  // `npm install` honours package-lock.json like `npm ci`, but npm 11 writes no lock entries for the optional
  // platform binaries of a peer-only dependency (@rspack/binding) and then `npm ci` refuses its own lock.
  log('Installing dependencies (npm install from package-lock.json)...');
  runOrExit('npm', ['install', '--no-audit', '--no-fund']);
}

export function build() {
  log('Building shared-kit, api-server, the shell, the four console remotes and the customer portal...');
  runOrExit('npx', ['lerna', 'run', 'build', '--concurrency', '2', '--loglevel', 'warn'], {
    env: { NX_NO_CLOUD: 'true', NX_DAEMON: 'false' },
  });
}

/** Starts a long-running process and forwards Ctrl-C / SIGTERM to it. */
export function startForwardingSignals(command, args, options = {}) {
  const child = spawn(command, args, {
    cwd: root,
    stdio: 'inherit',
    ...options,
    env: { ...process.env, ...options.env },
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  return child;
}
