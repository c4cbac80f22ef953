// Fills a bench database with the bench tenant mix (at --scale 1: 100 manufacturers, 10,000 products,
// 200,000 builds with files, 100,000 end users, 1,000,000 licences, 200,000 trials). Seeded and repeatable:
// every row derives from its index (and --seed), so two runs give the same data. Bulk rows are made by
// PostgreSQL itself (generate_series); only the products' Ed25519 keys are made in Node, one per product.
// Above scale 1 (--scale 10 is ten million licences) builds, build files and the history stay at
// their scale-1 size: they are not what the growth bench measures, and ten times them would not fit the disk.
//
//   node api-server/bench/seed.mjs [--scale 0.1] [--seed 8] [--data-dir api-server/bench/.data] [--pg-port 54386]
import { createHmac } from 'node:crypto';
import { createPrivateKey, createPublicKey, createCipheriv } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import { withoutSecondaryIndexes } from './bulk-load.mjs';
import {
  benchSettings,
  BENCH_PASSWORD,
  BENCH_PORTAL_CUSTOMER_EMAIL,
  BENCH_PORTAL_CUSTOMER_LICENCES,
  benchStaffEmail,
  BENCH_SUPERUSER_EMAIL,
} from './settings.mjs';

const require = createRequire(import.meta.url);
const { startEmbeddedPostgres } = require('../dist/db/embedded-postgres.js');
const { createDatabase } = require('../dist/db/database.js');
const { migrateToLatest } = require('../dist/db/migrate.js');
const { REFILL: AUDIT_EVENT_TOTALS_REFILL } = require('../dist/db/migrations/0018-audit-event-totals.js');
const { loadMasterKey } = require('../dist/crypto/master-key.js');
const { hashPassword } = require('../dist/auth/password.js');
const { sql } = require('kysely');

const { values: args } = parseArgs({
  options: {
    scale: { type: 'string' },
    seed: { type: 'string' },
    'data-dir': { type: 'string' },
    'pg-port': { type: 'string' },
  },
});
const settings = benchSettings(args);
const { scale, seed, dataDir, pgPort } = settings;

const held = Math.min(scale, 1);
const counts = {
  manufacturers: Math.max(2, Math.round(100 * scale)),
  products: Math.max(4, Math.round(10_000 * scale)),
  builds: Math.round(200_000 * held),
  endUsers: Math.max(10, Math.round(100_000 * scale)),
  licenses: Math.round(1_000_000 * scale),
  trials: Math.round(200_000 * scale),
  auditEvents: Math.round(10_000_000 * held),
};
// The bench tenant's first product holds the big list (100,000 licences at scale 1).
const bigProductLicenses = Math.round(100_000 * scale);
const bigTables = [
  'end_users',
  'channel_memberships',
  'fingerprints',
  'licenses',
  'license_transfers',
  'trials',
  'audit_log',
];

const started = Date.now();
const step = (label) => console.log(`${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s  ${label}`);

rmSync(dataDir, { recursive: true, force: true });
const embedded = await startEmbeddedPostgres(dataDir, pgPort, (line) => console.error(line));
const pool = createDatabase(embedded.connectionString, 4);
try {
  await migrateToLatest(pool);
  // Fewer checkpoints during the load; reset before the seed ends, so the bench runs on the defaults. Not more: the
  // WAL segments a checkpoint recycles ahead stay in the folder afterwards (8 GB left 8 GB of them beside the 10M set).
  await sql`ALTER SYSTEM SET max_wal_size = '2GB'`.execute(pool);
  await sql`ALTER SYSTEM SET checkpoint_timeout = '30min'`.execute(pool);
  await sql`SELECT pg_reload_conf()`.execute(pool);
  // One connection for the whole seed, so its session settings hold for every statement.
  await pool.connection().execute((db) => seedAll(db));
  await sql`ALTER SYSTEM RESET max_wal_size`.execute(pool);
  await sql`ALTER SYSTEM RESET checkpoint_timeout`.execute(pool);
  await sql`SELECT pg_reload_conf()`.execute(pool);
  await sql`CHECKPOINT`.execute(pool);
  const { rows } = await sql`SELECT pg_size_pretty(pg_database_size(current_database())) AS size`.execute(pool);
  step(`done: database ${rows[0].size}`);
  console.log(JSON.stringify({ scale, seed, counts: { ...counts, bigProductLicenses } }));
} finally {
  await pool.destroy();
  await embedded.stop();
}

async function seedAll(db) {
  const masterKey = loadMasterKey(undefined, dataDir);
  step(`database ready in ${dataDir} (scale ${scale}, seed ${seed})`);
  await sql`SET synchronous_commit = off`.execute(db);
  await sql`SET maintenance_work_mem = '512MB'`.execute(db);

  const passwordHash = await hashPassword(BENCH_PASSWORD);
  await sql`
    INSERT INTO manufacturers (id, name, email, country_code)
    SELECT m, 'Bench Manufacturer ' || m, 'office' || m || '@bench.example', 'DE' FROM generate_series(1, ${counts.manufacturers}::int) m;
    `.execute(db);
  // One staff login per manufacturer (same password, so one scrypt hash serves all: hashing is the slow part).
  await sql`
    INSERT INTO system_users (email, password_hash, access_level, manufacturer_id, staff_role)
    SELECT replace(${benchStaffEmail(0)}, '0@', m || '@'), ${passwordHash}, 'manufacturer', m, 'owner' FROM generate_series(1, ${counts.manufacturers}::int) m
  `.execute(db);
  await sql`
    INSERT INTO system_users (email, password_hash, access_level) VALUES (${BENCH_SUPERUSER_EMAIL}, ${passwordHash}, 'superuser')
  `.execute(db);
  await sql`
    INSERT INTO distribution_channels (manufacturer_id, type, name)
    SELECT m, t.type, t.type FROM generate_series(1, ${counts.manufacturers}::int) m CROSS JOIN (VALUES ('Release'), ('Beta')) t(type)
  `.execute(db);
  step(`${counts.manufacturers} manufacturers, staff logins, channels`);

  // Products: a real Ed25519 key each, derived from the seed (repeatable), encrypted with the master key.
  const pkcs8Prefix = Buffer.from('302e020100300506032b657004220420', 'hex');
  const batch = 1000;
  for (let first = 1; first <= counts.products; first += batch) {
    const ids = [];
    const publicKeys = [];
    const privateKeys = [];
    for (let id = first; id < Math.min(first + batch, counts.products + 1); id++) {
      const keySeed = createHmac('sha256', `producthub-bench-${seed}`).update(`product-key-${id}`).digest();
      const privateKey = createPrivateKey({ key: Buffer.concat([pkcs8Prefix, keySeed]), format: 'der', type: 'pkcs8' });
      const rawPublic = createPublicKey(privateKey).export({ format: 'jwk' }).x;
      ids.push(id);
      publicKeys.push(Buffer.from(rawPublic, 'base64url').toString('base64'));
      privateKeys.push(encrypt(privateKey.export({ format: 'der', type: 'pkcs8' }), masterKey, keySeed));
    }
    await sql`
      INSERT INTO products (id, manufacturer_id, name, type, public_key, private_key_encrypted, plugin_name, identifier, series, trial_days)
      SELECT id, (id - 1) % ${counts.manufacturers}::int + 1, 'Bench Plugin ' || id,
        (ARRAY['Full', 'PluginOnly', 'ContentOnly'])[id % 3 + 1], pub, priv, 'BenchPlugin' || id,
        'com.bench.plugin' || lpad(id::text, 6, '0'), 'Series ' || (id % 7), 14
      FROM unnest(${ids}::int[], ${publicKeys}::text[], ${privateKeys}::text[]) AS k(id, pub, priv)
    `.execute(db);
  }
  step(`${counts.products} products with their own Ed25519 keys`);

  await sql`
    INSERT INTO builds (id, manufacturer_id, product_id, os, major, minor, revision, build_number, upload_confirmed)
    SELECT b, p.manufacturer_id, p.id, (ARRAY['macOS', 'Windows', 'any'])[b % 3 + 1], 1 + b % 3, b % 10, b % 5, b, true
    FROM generate_series(1, ${counts.builds}::int) b JOIN products p ON p.id = (b - 1) % ${counts.products}::int + 1
  `.execute(db);
  await sql`
    INSERT INTO build_files (manufacturer_id, build_id, name, size, sha256, storage_key, uploaded_at)
    SELECT manufacturer_id, id, 'BenchPlugin-' || id || '.zip', 1000000 + id, encode(sha256(id::text::bytea), 'hex'), 'bench/' || id, now() FROM builds
  `.execute(db);
  await sql`
    INSERT INTO releases (manufacturer_id, product_id, description)
    SELECT manufacturer_id, id, 'Release ' || r || ' of ' || name FROM products CROSS JOIN generate_series(1, 2) r
  `.execute(db);
  await sql`
    INSERT INTO release_builds (manufacturer_id, release_id, build_id)
    SELECT r.manufacturer_id, r.id, b.id FROM releases r JOIN LATERAL (SELECT id FROM builds WHERE product_id = r.product_id ORDER BY id LIMIT 3) b ON true
  `.execute(db);
  step(`${counts.builds} builds with files, ${counts.products * 2} releases`);

  await withoutSecondaryIndexes(
    db,
    bigTables,
    async () => {
      await sql`
      INSERT INTO end_users (id, manufacturer_id, email, external_id)
      SELECT u, (u - 1) % ${counts.manufacturers}::int + 1, 'user' || lpad(u::text, 7, '0') || '@customer' || (u % 97) || '.example', 'ext-' || u
      FROM generate_series(1, ${counts.endUsers}::int) u
    `.execute(db);
      await sql`
      INSERT INTO channel_memberships (manufacturer_id, channel_id, user_id)
      SELECT u.manufacturer_id, c.id, u.id FROM end_users u JOIN distribution_channels c
        ON c.manufacturer_id = u.manufacturer_id AND (c.type = 'Release' OR u.id % 10 = 0)
    `.execute(db);
      await sql`
      INSERT INTO fingerprints (manufacturer_id, user_id, hardware_fingerprint)
      SELECT manufacturer_id, id, 'fp-' || md5(${seed}::text || '-user-' || id) FROM end_users WHERE id % 4 = 0
    `.execute(db);
      step(`${counts.endUsers} end users, channel memberships, fingerprints`);

      // Licences: the first `bigProductLicenses` go to product 1 (bench tenant 1), the rest spread over all
      // products; each owner is a user of the product's manufacturer. Serials are 20 hex digits (all Crockford
      // base32 characters) of a keyed hash of the index, in the XXXXX-XXXXX-XXXXX-XXXXX form.
      for (const [first, last] of chunks(counts.licenses)) {
        await sql`
      INSERT INTO licenses (id, manufacturer_id, product_id, user_id, serial, license_type, disabled, disabled_reason)
      SELECT l, p.manufacturer_id, p.id,
        (abs(hashtext(${seed}::text || '-owner-' || l)) % (${counts.endUsers}::int / ${counts.manufacturers}::int)) * ${counts.manufacturers}::int + p.manufacturer_id,
        upper(substr(h, 1, 5) || '-' || substr(h, 6, 5) || '-' || substr(h, 11, 5) || '-' || substr(h, 16, 5)),
        (ARRAY['Standard', 'Standard', 'Standard', 'NFR', 'Free'])[l % 5 + 1],
        l % 37 = 0, CASE WHEN l % 37 = 0 THEN (ARRAY['DuplicateOrder', 'CancelledOrder', 'FraudulentUse'])[l % 3 + 1] END
      FROM generate_series(${first}::int, ${last}::int) l
      CROSS JOIN LATERAL (SELECT md5(${seed}::text || '-licence-' || l) AS h) serial
      JOIN products p ON p.id = CASE WHEN l <= ${bigProductLicenses}::int THEN 1 ELSE (l - 1) % ${counts.products}::int + 1 END
    `.execute(db);
        if (last < counts.licenses) step(`${last} licences`);
      }
      await sql`
      INSERT INTO license_transfers (manufacturer_id, license_id, from_user_id, to_user_id)
      SELECT l.manufacturer_id, l.id, u.id, l.user_id FROM licenses l
      JOIN end_users u ON u.id = CASE WHEN l.user_id + ${counts.manufacturers}::int <= ${counts.endUsers}::int THEN l.user_id + ${counts.manufacturers}::int ELSE l.manufacturer_id END
      WHERE l.id % 100 = 0
    `.execute(db);
      step(`${counts.licenses} licences (1 in 37 disabled, 1 in 100 transferred)`);

      // The portal's customer (bench portal rows): a user of manufacturer 1 who owns 50 of its licences, one of each
      // of 50 products outside the big one and none transferred, every second one activated on a machine.
      const customer = counts.endUsers + 1;
      await sql`
      INSERT INTO end_users (id, manufacturer_id, email, external_id) VALUES (${customer}, 1, ${BENCH_PORTAL_CUSTOMER_EMAIL}, 'ext-portal')
    `.execute(db);
      await sql`
      UPDATE licenses SET user_id = ${customer} WHERE id IN (
        SELECT min(id) FROM licenses WHERE manufacturer_id = 1 AND product_id <> 1 AND id % 100 <> 0
        GROUP BY product_id ORDER BY product_id LIMIT ${BENCH_PORTAL_CUSTOMER_LICENCES})
    `.execute(db);
      await sql`
      INSERT INTO license_machines (manufacturer_id, license_id, product_id, hardware_fingerprint, first_activated_at, last_activated_at)
      SELECT manufacturer_id, id, product_id, 'fp-portal-' || id, now() - interval '30 days', now() - interval '1 day'
      FROM (SELECT *, row_number() OVER (ORDER BY id) AS n FROM licenses WHERE user_id = ${customer}) mine WHERE n % 2 = 0
    `.execute(db);
      step(`the portal's customer: ${BENCH_PORTAL_CUSTOMER_EMAIL}, ${BENCH_PORTAL_CUSTOMER_LICENCES} licences`);

      for (const [first, last] of chunks(counts.trials)) {
        await sql`
      INSERT INTO trials (manufacturer_id, product_id, hardware_fingerprint)
      SELECT p.manufacturer_id, p.id, 'fp-' || md5(${seed}::text || '-trial-' || t)
      FROM generate_series(${first}::int, ${last}::int) t JOIN products p ON p.id = (t - 1) % ${counts.products}::int + 1
      ORDER BY t;
    `.execute(db);
      }
      step(`${counts.trials} trials`);

      // History: half of all events belong to the bench tenant (5 million at scale 1), the rest spread
      // over the others; a quarter are plugin calls (no actor). One licence of 1,000 collects a long history each.
      // Without the webhook trigger (migration 0009): the bench has no endpoints, so it would add nothing, yet its ten
      // million queued row calls took longer than the insert itself.
      // Its foreign keys are checked when withoutSecondaryIndexes restores them; in index order, so ids follow time.
      await sql`SET session_replication_role = replica`.execute(db);
      await sql`
        INSERT INTO audit_log (manufacturer_id, actor_system_user_id, action, entity_type, entity_id, before, after, created_at)
        SELECT e.m, CASE WHEN e.a % 4 = 0 THEN NULL ELSE s.id END,
          (ARRAY['license.disable', 'license.enable', 'product.update', 'end_user.update'])[e.a % 4 + 1],
          (ARRAY['license', 'license', 'product', 'end_user'])[e.a % 4 + 1], (e.a % 1000 + 1)::text,
          jsonb_build_object('disabled', false, 'disabled_reason', NULL), jsonb_build_object('disabled', true, 'disabled_reason', 'CancelledOrder'),
          now() - (${counts.auditEvents}::int - e.a) * interval '1 second'
        FROM (SELECT a, CASE WHEN a % 2 = 0 THEN 1 ELSE a % ${counts.manufacturers}::int + 1 END AS m FROM generate_series(1, ${counts.auditEvents}::int) a) e
        JOIN system_users s ON s.manufacturer_id = e.m
        ORDER BY e.a
      `.execute(db);
      await sql`RESET session_replication_role`.execute(db);
      // The kept History totals (migration 0018) were off with the triggers: counted once, set-based.
      await sql.raw(AUDIT_EVENT_TOTALS_REFILL).execute(db);
      step(`${counts.auditEvents} audit events`);
    },
    step,
  );

  // Identity sequences continue after the explicit ids; statistics for the planner.
  for (const table of ['manufacturers', 'products', 'builds', 'end_users', 'licenses']) {
    await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), (SELECT max(id) FROM ${sql.table(table)}))`.execute(
      db,
    );
  }
  await sql`VACUUM ANALYZE`.execute(db);
  step('sequences set, VACUUM ANALYZE done');
}

/** [first, last] ranges of 1 to `count`, a million at a time: progress to show, and each statement's trigger tables stay small. */
function chunks(count, size = 1_000_000) {
  const ranges = [];
  for (let first = 1; first <= count; first += size) ranges.push([first, Math.min(count, first + size - 1)]);
  return ranges;
}

// The server's own format (crypto/product-keys.ts): AES-256-GCM, v1.<iv>.<tag>.<ciphertext>; the IV derives
// from the key seed so the output is repeatable and still unique per product.
function encrypt(plain, key, keySeed) {
  const iv = createHmac('sha256', keySeed).update('iv').digest().subarray(0, 12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join(
    '.',
  );
}
