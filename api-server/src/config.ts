import { join, resolve } from 'node:path';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** Build files; every instance behind one address must share it (a network volume). */
  storageDir: string;
  /** External PostgreSQL; when absent the embedded one is started under dataDir. */
  databaseUrl: string | undefined;
  embeddedPostgresPort: number;
  environment: string;
  version: string;
  /** Folder holding the built shell and remotes (`<app>/dist`), served by `npm start`. */
  appsDir: string | undefined;
  /** Login attempts per minute from one address for one account. */
  loginRateLimitPerMinute: number;
  /** Login attempts per minute from one address, whatever the account (password spraying). */
  loginAddressRateLimitPerMinute: number;
  /** Password checks (scrypt) running at once in this process; more are refused with 503. */
  passwordCheckConcurrency: number;
  /** A session unused this long is ended, besides its absolute lifetime. */
  sessionIdleMinutes: number;
  /** Origins allowed to call the API from a browser (remotes embedded elsewhere). */
  corsOrigins: string[];
  /** JSON served as /config/remotes.json: where the shell loads each remote from. */
  remotesConfig: string | undefined;
  masterKey: string | undefined;
}

export class ConfigError extends Error {}

function integer(name: string, fallback: number, env: NodeJS.ProcessEnv): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new ConfigError(`${name} must be a whole number, got '${raw}'`);
  return value;
}

function positive(name: string, fallback: number, env: NodeJS.ProcessEnv): number {
  const value = integer(name, fallback, env);
  if (value < 1) throw new ConfigError(`${name} must be at least 1, got ${value}`);
  return value;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = integer('PORT', 8080, env);
  if (port > 65535) throw new ConfigError(`PORT must be at most 65535, got ${port}`);
  const dataDir = resolve(env.PRODUCTHUB_DATA_DIR || './data');
  return {
    port,
    host: env.HOST || '127.0.0.1',
    dataDir,
    storageDir: resolve(env.PRODUCTHUB_STORAGE_DIR || join(dataDir, 'files')),
    databaseUrl: env.DATABASE_URL || undefined,
    embeddedPostgresPort: integer('PRODUCTHUB_EMBEDDED_PG_PORT', 54329, env),
    environment: env.PRODUCTHUB_ENV || 'development',
    version: env.PRODUCTHUB_VERSION || readPackageVersion(),
    appsDir: env.PRODUCTHUB_APPS_DIR === '' ? undefined : resolve(env.PRODUCTHUB_APPS_DIR || resolve(__dirname, '../..')),
    loginRateLimitPerMinute: integer('PRODUCTHUB_LOGIN_RATE_LIMIT', 10, env),
    loginAddressRateLimitPerMinute: integer('PRODUCTHUB_LOGIN_ADDRESS_RATE_LIMIT', 30, env),
    passwordCheckConcurrency: positive('PRODUCTHUB_PASSWORD_CHECK_CONCURRENCY', 4, env),
    sessionIdleMinutes: positive('PRODUCTHUB_SESSION_IDLE_MINUTES', 30, env),
    corsOrigins: (env.PRODUCTHUB_CORS_ORIGINS || '').split(',').map((origin) => origin.trim()).filter(Boolean),
    remotesConfig: env.PRODUCTHUB_REMOTES || undefined,
    masterKey: env.PRODUCTHUB_MASTER_KEY || undefined,
  };
}

function readPackageVersion(): string {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return (require('../package.json') as { version: string }).version;
  } catch {
    return '0.0.0';
  }
}
