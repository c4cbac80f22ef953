// The C++ client library's tests need a compiler, make, libsodium, libcurl and nlohmann/json: Debian packages,
// installed with apt when missing (as ensure-chromium.mjs does for the browser).
import { spawnSync } from 'node:child_process';
import { log, runOrExit } from './lib.mjs';

export const CPP_PACKAGES = ['g++', 'make', 'libsodium-dev', 'libcurl4-openssl-dev', 'nlohmann-json3-dev'];

const installed = (pkg) =>
  spawnSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' }).stdout?.startsWith('install ok installed');

export function ensureCppToolchain() {
  const missing = CPP_PACKAGES.filter((pkg) => !installed(pkg));
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    console.error(
      `✖ The C++ client tests need ${missing.join(', ')}. Install them with: sudo apt-get install -y ${missing.join(' ')}`,
    );
    process.exit(1);
  }
  log(`Installing ${missing.join(', ')} from Debian (apt-get)...`);
  runOrExit('apt-get', ['update', '-qq']);
  runOrExit('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], {
    env: { DEBIAN_FRONTEND: 'noninteractive' },
  });
}
