import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { readConfig, type ServerConfig } from '../../src/config';
import { createDatabase, type Db } from '../../src/db/database';
import { createSessionCache } from '../../src/auth/session-cache';
import type { Principal, PrincipalCache } from '../../src/auth/principal';
import { migrateToLatest } from '../../src/db/migrate';
import { createLocalFileStorage, type FileStorage } from '../../src/storage/file-storage';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  masterKey: Buffer;
  storage: FileStorage;
  databaseUrl: string;
  sessionCache: PrincipalCache;
  close: () => Promise<void>;
}

function serverUrl(): string {
  const url = process.env.PRODUCTHUB_TEST_DATABASE_URL;
  if (!url) throw new Error('PRODUCTHUB_TEST_DATABASE_URL is not set: run the API suite through jest (global setup)');
  return url;
}

/** A fresh, migrated database of its own and the real app on it (no network port: inject()). */
export async function createTestApp(overrides: Partial<ServerConfig> = {}): Promise<TestApp> {
  const base = serverUrl();
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();

  const databaseUrl = base.replace(/\/[^/?]+(\?.*)?$/, `/${name}`);
  const db = createDatabase(databaseUrl, 4);
  await migrateToLatest(db);
  const filesDir = mkdtempSync(join(tmpdir(), 'producthub-files-'));
  // Limits far above what a test reaches; the tests of the limits set their own.
  const config: ServerConfig = {
    ...readConfig({ PRODUCTHUB_APPS_DIR: '' }),
    loginRateLimitPerMinute: 1000,
    loginAddressRateLimitPerMinute: 1000,
    loginAccountFailuresPer15Minutes: 1000,
    passwordCheckConcurrency: 64,
    portal: {
      codesPerEmailPerHour: 1000,
      codesPerAddressPerHour: 1000,
      signInsPerAddressPerMinute: 1000,
      offlineActivationsPerSessionPerHour: 1000,
      offlineActivationsPerAddressPerHour: 1000,
    },
    browserActivationCodeTries: { perSession: 1000, perAddress: 1000 },
    serialRedeemTries: { perCustomer: 1000, perAddress: 1000 },
    ...overrides,
  };
  const masterKey = randomBytes(32);
  const storage = createLocalFileStorage(filesDir);
  // The session cache is on, as in production: every test of logout, disabling and tenancy runs through it.
  const sessionCache = createSessionCache<Principal>(databaseUrl);
  const app = await buildApp({ config, db, masterKey, storage, sessionCache });
  await app.ready();

  return {
    app,
    db,
    masterKey,
    storage,
    databaseUrl,
    sessionCache,
    close: async () => {
      await app.close();
      await db.destroy();
      rmSync(filesDir, { recursive: true, force: true });
      const cleanup = new Client({ connectionString: base });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/** What a describe block's tests share: its app, and what was built on it before the first test. */
export interface SuiteApp<World> {
  t: TestApp;
  world: World;
}

/**
 * One app for the describe block this is called in, closed after the block, with `build` run on it first.
 * The answer's fields are set in a beforeAll hook: read them inside hooks and tests, not at the block's top level.
 */
export function appForSuite<World>(build: (t: TestApp) => Promise<World>): SuiteApp<World> {
  const suite = {} as SuiteApp<World>;
  // A fresh database and its world take seconds, more on a busy machine: room beyond a single test's budget.
  beforeAll(async () => {
    suite.t = await createTestApp();
    suite.world = await build(suite.t);
  }, 120_000);
  afterAll(() => suite.t?.close());
  return suite;
}
