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
  /** Failed logins per 15 minutes for one account from all addresses it has not signed in from (distributed guessing). */
  loginAccountFailuresPer15Minutes: number;
  /** Password checks (scrypt) running at once in this process; more are refused with 503. */
  passwordCheckConcurrency: number;
  /** A session unused this long is ended, besides its absolute lifetime. */
  sessionIdleMinutes: number;
  /** Load balancers (addresses or CIDR ranges) whose X-Forwarded-For names the client; none by default. */
  trustedProxies: string[];
  /** Origins allowed to call the API from a browser (remotes embedded elsewhere). */
  corsOrigins: string[];
  /** JSON served as /config/remotes.json: where the shell loads each remote from. */
  remotesConfig: string | undefined;
  masterKey: string | undefined;
  timeouts: RequestTimeouts;
  /** Where people reach this server: the portal's sign-in links and its address start with it (no trailing slash). */
  publicUrl: string;
  portal: PortalLimits;
  /** User codes of browser activation a customer session, and a network address, may try per ten minutes. */
  browserActivationCodeTries: { perSession: number; perAddress: number };
  /** Batch serials a customer, and a network address, may try to redeem in the portal per hour. */
  serialRedeemTries: { perCustomer: number; perAddress: number };
}

/** Limits of the customer portal's sign-in, counted in PostgreSQL (shared by every instance). */
export interface PortalLimits {
  /** Sign-in codes asked for one address (email) of one manufacturer per hour. */
  codesPerEmailPerHour: number;
  /** Sign-in codes asked from one network address per hour, whatever the email. */
  codesPerAddressPerHour: number;
  /** Codes or links tried from one network address per minute. */
  signInsPerAddressPerMinute: number;
  /** Offline activation requests uploaded in one customer session per hour. */
  offlineActivationsPerSessionPerHour: number;
  /** Offline activation requests uploaded from one network address per hour, whatever the session. */
  offlineActivationsPerAddressPerHour: number;
}

/** Time limits (milliseconds) so that a slow or silent client cannot hold a connection. */
export interface RequestTimeouts {
  /** The request line and headers must have arrived within this time. */
  headersMs: number;
  /** The whole request, headers and body, must have arrived within this time (0: no limit). */
  requestMs: number;
  /** A connection on which nothing moves for this long is closed, also in the middle of a body (not while a handler works). */
  idleMs: number;
  /** An idle keep-alive connection is closed after this time. */
  keepAliveMs: number;
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
    appsDir:
      env.PRODUCTHUB_APPS_DIR === '' ? undefined : resolve(env.PRODUCTHUB_APPS_DIR || resolve(__dirname, '../..')),
    loginRateLimitPerMinute: integer('PRODUCTHUB_LOGIN_RATE_LIMIT', 10, env),
    loginAddressRateLimitPerMinute: integer('PRODUCTHUB_LOGIN_ADDRESS_RATE_LIMIT', 30, env),
    loginAccountFailuresPer15Minutes: integer('PRODUCTHUB_LOGIN_ACCOUNT_FAILURE_LIMIT', 20, env),
    passwordCheckConcurrency: positive('PRODUCTHUB_PASSWORD_CHECK_CONCURRENCY', 4, env),
    sessionIdleMinutes: positive('PRODUCTHUB_SESSION_IDLE_MINUTES', 30, env),
    trustedProxies: list(env.PRODUCTHUB_TRUST_PROXY),
    corsOrigins: list(env.PRODUCTHUB_CORS_ORIGINS),
    remotesConfig: env.PRODUCTHUB_REMOTES || undefined,
    masterKey: env.PRODUCTHUB_MASTER_KEY || undefined,
    timeouts: readTimeouts(env),
    publicUrl: readPublicUrl(env, port),
    portal: {
      codesPerEmailPerHour: positive('PRODUCTHUB_PORTAL_CODE_RATE_LIMIT', 5, env),
      codesPerAddressPerHour: positive('PRODUCTHUB_PORTAL_CODE_ADDRESS_RATE_LIMIT', 30, env),
      signInsPerAddressPerMinute: positive('PRODUCTHUB_PORTAL_SIGN_IN_ADDRESS_RATE_LIMIT', 30, env),
      offlineActivationsPerSessionPerHour: positive('PRODUCTHUB_PORTAL_OFFLINE_RATE_LIMIT', 10, env),
      offlineActivationsPerAddressPerHour: positive('PRODUCTHUB_PORTAL_OFFLINE_ADDRESS_RATE_LIMIT', 30, env),
    },
    browserActivationCodeTries: {
      perSession: positive('PRODUCTHUB_PORTAL_ACTIVATION_CODE_RATE_LIMIT', 20, env),
      perAddress: positive('PRODUCTHUB_PORTAL_ACTIVATION_CODE_ADDRESS_RATE_LIMIT', 60, env),
    },
    serialRedeemTries: {
      perCustomer: positive('PRODUCTHUB_PORTAL_REDEEM_RATE_LIMIT', 10, env),
      perAddress: positive('PRODUCTHUB_PORTAL_REDEEM_ADDRESS_RATE_LIMIT', 30, env),
    },
  };
}

function readPublicUrl(env: NodeJS.ProcessEnv, port: number): string {
  const raw = env.PRODUCTHUB_PUBLIC_URL || `http://127.0.0.1:${port}`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`PRODUCTHUB_PUBLIC_URL must be an http:// or https:// address, got '${raw}'`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ConfigError(`PRODUCTHUB_PUBLIC_URL must be an http:// or https:// address, got '${raw}'`);
  if (url.search || url.hash)
    throw new ConfigError(`PRODUCTHUB_PUBLIC_URL must not have a query or fragment, got '${raw}'`);
  return url.href.replace(/\/+$/, '');
}

function list(raw: string | undefined): string[] {
  return (raw || '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

function readTimeouts(env: NodeJS.ProcessEnv): RequestTimeouts {
  const timeouts = {
    headersMs: integer('PRODUCTHUB_HEADERS_TIMEOUT_MS', 10_000, env),
    // Room for a large build upload on a modest line; the idle limit catches a stalled one much sooner.
    requestMs: integer('PRODUCTHUB_REQUEST_TIMEOUT_MS', 600_000, env),
    idleMs: integer('PRODUCTHUB_IDLE_TIMEOUT_MS', 30_000, env),
    // Above the 60 s idle timeout of common load balancers, so they never reuse a connection being closed.
    keepAliveMs: integer('PRODUCTHUB_KEEP_ALIVE_TIMEOUT_MS', 72_000, env),
  };
  if (timeouts.headersMs === 0) throw new ConfigError('PRODUCTHUB_HEADERS_TIMEOUT_MS must be more than 0');
  if (timeouts.requestMs !== 0 && timeouts.headersMs > timeouts.requestMs) {
    throw new ConfigError('PRODUCTHUB_HEADERS_TIMEOUT_MS must not be more than PRODUCTHUB_REQUEST_TIMEOUT_MS');
  }
  return timeouts;
}

function readPackageVersion(): string {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return (require('../package.json') as { version: string }).version;
  } catch {
    return '0.0.0';
  }
}
