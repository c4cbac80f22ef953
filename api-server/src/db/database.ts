import { Kysely, PostgresDialect } from 'kysely';
import { Pool } from 'pg';
import Cursor from 'pg-cursor';
import { nameRegisteredStatements } from './named-statements';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export function createDatabase(connectionString: string, maxConnections = 10): Db {
  const pool = new Pool({ connectionString, max: maxConnections, connectionTimeoutMillis: 5000 });
  // An idle client losing its server (database restart) must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  pool.on('connect', nameRegisteredStatements);
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool, cursor: Cursor }) });
}
