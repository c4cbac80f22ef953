import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * The key that encrypts product private keys at rest: PRODUCTHUB_MASTER_KEY (base64, 32 bytes) in production,
 * else a key generated once into the data folder (embedded mode).
 */
export function loadMasterKey(configured: string | undefined, dataDir: string): Buffer {
  if (configured) {
    const key = Buffer.from(configured, 'base64');
    if (key.length !== 32) throw new Error('PRODUCTHUB_MASTER_KEY must be 32 bytes, base64-encoded');
    return key;
  }
  const file = join(dataDir, 'master.key');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
  }
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
}
