import { rmSync } from 'node:fs';

export default async function globalTeardown() {
  const embedded = globalThis.__PRODUCTHUB_EMBEDDED__;
  if (embedded) await embedded.stop();
  if (process.env.PRODUCTHUB_TEST_DATA_DIR)
    rmSync(process.env.PRODUCTHUB_TEST_DATA_DIR, { recursive: true, force: true });
}
