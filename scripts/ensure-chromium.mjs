// The e2e suite drives Debian's Chromium (a test tool's own browser download cannot work here).
import { existsSync } from 'node:fs';
import { log, runOrExit } from './lib.mjs';

export const CHROMIUM = process.env.PRODUCTHUB_CHROMIUM || '/usr/bin/chromium';

export function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0) {
    console.error(
      `✖ ${CHROMIUM} is missing. Install it with: sudo apt-get install -y chromium (or set PRODUCTHUB_CHROMIUM).`,
    );
    process.exit(1);
  }
  log('Installing Chromium from Debian (apt-get)...');
  runOrExit('apt-get', ['update', '-qq']);
  runOrExit('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium', 'fonts-liberation'], {
    env: { DEBIAN_FRONTEND: 'noninteractive' },
  });
}
