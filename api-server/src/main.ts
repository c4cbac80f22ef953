import './production-mode';
import { buildApp } from './app';
import type { Principal } from './auth/principal';
import { ConfigError, readConfig } from './config';
import { createDatabase } from './db/database';
import { createSessionCache } from './auth/session-cache';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded-postgres';
import { migrateToLatest } from './db/migrate';
import { withStartUpLock } from './db/start-up-lock';
import { loadMasterKey } from './crypto/master-key';
import { checkMasterKeyOpensProductKeys } from './crypto/master-key-check';
import { createLocalFileStorage } from './storage/file-storage';
import { isDatabaseEmpty, seedDemoData } from './seed/demo-data';
import { STAFF_ROLE_NAMES } from 'shared-kit/contract';
import { DEMO_LOGINS, DEMO_STAFF_ROLE_LOGINS } from './seed/demo-logins';
import { DEMO_TWO_FACTOR_LOGIN } from './seed/two-factor-demo';
import { demoPortalLines } from './seed/demo-portals';
import { readWebhookSettings } from './webhooks/settings';
import { startWebhookWorker } from './webhooks/worker';
import { WEBHOOK_OUTBOX_CHANNEL } from './webhooks/tables';
import { readEmailSettings } from './email/settings';
import { startEmailWorker } from './email/worker';
import { startTrialMailPass } from './buyer-mails/trial-reminders';
import { EMAIL_OUTBOX_CHANNEL } from './email/tables';
import { listenForOutboxWakeUps } from './outbox/wake-ups';
import { startPollLoop } from './outbox/poll-loop';
import { pruneExpiredRateLimits, RATE_LIMIT_SWEEP } from './auth/rate-limit-sweep';

/**
 * Connections of the background work (the webhook and mail workers, trial mails, the rate-limit sweep), beside the
 * request pool's.
 */
const OUTBOX_CONNECTIONS = 3;

async function main(): Promise<void> {
  const config = readConfig();
  const webhookSettings = readWebhookSettings();
  const emailSettings = readEmailSettings();
  let embedded: EmbeddedDatabase | undefined;
  let connectionString = config.databaseUrl;
  if (!connectionString) {
    embedded = await startEmbeddedPostgres(config.dataDir, config.embeddedPostgresPort, (line) => console.error(line));
    connectionString = embedded.connectionString;
  }
  const db = createDatabase(connectionString);
  const masterKey = loadMasterKey(config.masterKey, config.dataDir);
  const storage = createLocalFileStorage(config.storageDir);

  const seeded = await withStartUpLock(db, async () => {
    await migrateToLatest(db);
    if (process.env.PRODUCTHUB_SEED === 'false' || !(await isDatabaseEmpty(db))) return false;
    await seedDemoData(db, masterKey, storage, config.publicUrl);
    return true;
  });
  await checkMasterKeyOpensProductKeys(db, masterKey);

  const sessionCache = createSessionCache<Principal>(connectionString);
  const app = await buildApp({
    config,
    db,
    masterKey,
    storage,
    sessionCache,
    logger: { level: process.env.LOG_LEVEL || 'warn' },
  });
  await app.listen({ port: config.port, host: config.host });
  // The outbox workers have connections of their own: a burst of requests queued for the request pool (a hundred
  // sign-in codes at once) must not hold back the sends of what they wrote.
  const outboxDb = createDatabase(connectionString, OUTBOX_CONNECTIONS);
  const webhookWorker = startWebhookWorker(outboxDb, masterKey, webhookSettings, (error) =>
    app.log.error(error, 'webhook delivery'),
  );
  const emailWorker = startEmailWorker(outboxDb, emailSettings, (error) => app.log.error(error, 'email delivery'));
  // Counting calls touch only their own buckets: this removes the expired ones, off the request pool like the rest
  // of the background work.
  const rateLimitSweep = startPollLoop(
    () => pruneExpiredRateLimits(outboxDb),
    RATE_LIMIT_SWEEP,
    (error) => app.log.error(error, 'rate-limit sweep'),
  );
  const trialMails = startTrialMailPass(outboxDb, config.publicUrl, (error) => app.log.error(error, 'trial mails'));
  const outboxWakeUps = listenForOutboxWakeUps(
    connectionString,
    { [EMAIL_OUTBOX_CHANNEL]: emailWorker.wake, [WEBHOOK_OUTBOX_CHANNEL]: webhookWorker.wake },
    (error) => app.log.warn(error, 'outbox wake-ups: listening again shortly; the poll finds new rows meanwhile'),
  );

  const url = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${config.port}/`;
  console.log(`ProductHub is running at ${url}`);
  console.log(
    `  database: ${embedded ? `embedded PostgreSQL (data in ${config.dataDir})` : 'DATABASE_URL'}; environment: ${config.environment}`,
  );
  console.log(
    `  email: ${emailSettings.smtpUrl ? `sent through PRODUCTHUB_SMTP_URL from ${emailSettings.fromAddress}` : 'kept and shown in the console (set PRODUCTHUB_SMTP_URL to send)'}`,
  );
  console.log(seeded ? '  demo data seeded. Demo logins:' : '  demo logins (if the demo data is still there):');
  for (const login of DEMO_LOGINS) {
    const who = login.role === 'superuser' ? 'Super User' : login.manufacturer;
    console.log(`    ${who.padEnd(20)} ${login.email}  /  ${login.password}`);
  }
  for (const login of DEMO_STAFF_ROLE_LOGINS)
    console.log(
      `    ${'Aurora Audio'.padEnd(20)} ${login.email}  /  ${login.password}  (${STAFF_ROLE_NAMES[login.role]})`,
    );
  const twoFactor = DEMO_TWO_FACTOR_LOGIN;
  console.log(
    `    ${twoFactor.manufacturer.padEnd(20)} ${twoFactor.email}  /  ${twoFactor.password}  + TOTP secret ${twoFactor.totpSecret}`,
  );
  for (const line of await demoPortalLines(db, config.publicUrl, !emailSettings.smtpUrl)) console.log(line);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: finishing requests in flight and stopping...`);
    // Deliveries in flight finish (or time out) first; one cut short stays pending and is delivered later.
    await Promise.all([
      outboxWakeUps.close(),
      webhookWorker.stop(),
      emailWorker.stop(),
      trialMails.stop(),
      rateLimitSweep.stop(),
    ]).catch((error: unknown) => console.error(error));
    // app.close() stops accepting connections and waits for in-flight requests.
    await app.close().catch((error: unknown) => console.error(error));
    await Promise.all([db.destroy(), outboxDb.destroy()]).catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
  process.exit(1);
});
