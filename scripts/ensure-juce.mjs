// The JUCE module's tests (client-juce/) and its example app need Debian's JUCE (juce-modules-source, which brings JUCEConfig.cmake and
// the GTK/WebKit development packages its modules include), cmake and ccache: installed with apt when missing, as
// ensure-cpp-toolchain.mjs does for the C++ client.
import { spawnSync } from 'node:child_process';
import { log, runOrExit } from './lib.mjs';

// fonts-dejavu-core: the font the screen's snapshot pictures are drawn with. xvfb and xdotool: the example Standalone
// app's end-to-end test (e2e/tests/juce-standalone.spec.ts) runs it on a virtual display and clicks in its window.
export const JUCE_PACKAGES = ['juce-modules-source', 'cmake', 'ccache', 'fonts-dejavu-core', 'xvfb', 'xdotool'];

const installed = (pkg) =>
  spawnSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' }).stdout?.startsWith('install ok installed');

export function ensureJuce() {
  const missing = JUCE_PACKAGES.filter((pkg) => !installed(pkg));
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    console.error(
      `✖ The JUCE module's tests need ${missing.join(', ')}. Install them with: sudo apt-get install -y ${missing.join(' ')}`,
    );
    process.exit(1);
  }
  log(`Installing ${missing.join(', ')} from Debian (apt-get)...`);
  runOrExit('apt-get', ['update', '-qq']);
  runOrExit('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], {
    env: { DEBIAN_FRONTEND: 'noninteractive' },
  });
}
