// Starts one embedded PostgreSQL for the API suite and builds a migrated template database; each test file
// then gets its own database cloned from it (see test-app.ts), so files cannot see each other's data.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export default async function globalSetup() {
  if (process.env.PRODUCTHUB_TEST_DATABASE_URL) return;
  const { startEmbeddedPostgres } = require('../../dist/db/embedded-postgres.js');
  const dataDir = mkdtempSync(join(tmpdir(), 'producthub-api-test-'));
  const port = 55000 + Math.floor(Math.random() * 5000);
  const embedded = await startEmbeddedPostgres(dataDir, port, () => undefined);
  globalThis.__PRODUCTHUB_EMBEDDED__ = embedded;
  process.env.PRODUCTHUB_TEST_DATABASE_URL = embedded.connectionString;
  process.env.PRODUCTHUB_TEST_DATA_DIR = dataDir;
}
