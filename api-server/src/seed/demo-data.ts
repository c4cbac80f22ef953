import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { hashPassword } from '../auth/password';
import { generateProductKeyPair } from '../crypto/product-keys';
import { newLicenseSerial } from '../licenses/serial';
import type { FileStorage } from '../storage/file-storage';
import { DEMO_LOGINS } from './demo-logins';
import { seedTwoFactorDemo } from './two-factor-demo';
import { seedStaffRolesDemo } from './staff-roles-demo';
import { seedClientActivity } from './client-activity';
import { seedDemoHistory } from './demo-history';
import { seedWebhookDemo } from './webhook-demo';
import { seedEmailDemo } from './email-demo';
import { seedApiKeysDemo } from './api-keys-demo';
import { seedPolicyDemo } from './policy-demo';
import { seedFloatingDemo } from './floating-demo';
import { seedOrdersDemo } from './orders';
import { seedBatchesDemo } from './batches-demo';
import { seedBuyerMailsDemo } from './buyer-mails-demo';
import { seedStoresDemo } from './stores-demo';
import { readConfig } from '../config';

interface ManufacturerPlan {
  name: string;
  email: string;
  country: string;
  address: string;
  phone: string;
  vat: string;
  prefix: string;
  emailDomain: string;
  products: { name: string; type: 'Full' | 'PluginOnly' | 'ContentOnly'; identifier: string; series: string }[];
}

const PLANS: ManufacturerPlan[] = [
  {
    name: 'Aurora Audio',
    email: 'hello@aurora-audio.example',
    country: 'DE',
    address: 'Schlesische Str. 12\n10997 Berlin\nGermany',
    phone: '+49 30 1234567',
    vat: 'DE123456789',
    prefix: 'aurora',
    emailDomain: 'listener.example',
    products: [
      { name: 'Aurora Reverb', type: 'Full', identifier: 'com.aurora.reverb', series: 'Studio' },
      { name: 'Aurora Synth Engine', type: 'PluginOnly', identifier: 'com.aurora.synth-engine', series: 'Engine' },
      { name: 'Aurora Vintage Keys', type: 'ContentOnly', identifier: 'com.aurora.vintage-keys', series: 'Expansions' },
      { name: 'Aurora Drum Engine', type: 'PluginOnly', identifier: 'com.aurora.drum-engine', series: 'Engine' },
      { name: 'Aurora Compressor', type: 'Full', identifier: 'com.aurora.compressor', series: 'Studio' },
    ],
  },
  {
    name: 'Nimbus Instruments',
    email: 'contact@nimbus-instruments.example',
    country: 'US',
    address: '500 Market St\nSan Francisco, CA 94105\nUSA',
    phone: '+1 415 555 0100',
    vat: 'US-EIN-12-3456789',
    prefix: 'nimbus',
    emailDomain: 'player.example',
    products: [
      { name: 'Nimbus Strings', type: 'Full', identifier: 'com.nimbus.strings', series: 'Orchestral' },
      { name: 'Nimbus Sampler', type: 'PluginOnly', identifier: 'com.nimbus.sampler', series: 'Core' },
      { name: 'Nimbus Choir Library', type: 'ContentOnly', identifier: 'com.nimbus.choir', series: 'Libraries' },
    ],
  },
];

const LICENSE_TYPES = ['NFR', 'Standard', 'Free'] as const;
const DISABLE_REASONS = ['DuplicateOrder', 'CancelledOrder', 'FraudulentUse'] as const;
const USERS_PER_MANUFACTURER = 40;

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('system_users')
    .select(sql<string>`count(*)`.as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count) === 0;
}

/** Fills an empty database with a realistic small world: both roles, every entity, every state. */
export async function seedDemoData(
  db: Db,
  masterKey: Buffer,
  storage: FileStorage,
  publicUrl = readConfig({}).publicUrl,
): Promise<void> {
  const superuser = DEMO_LOGINS[0];
  await db
    .insertInto('system_users')
    .values({
      email: superuser.email,
      password_hash: await hashPassword(superuser.password),
      access_level: 'superuser',
      manufacturer_id: null,
      staff_role: null,
    })
    .execute();

  const seeded: { id: number; prefix: string }[] = [];
  for (const [index, plan] of PLANS.entries()) {
    const login = DEMO_LOGINS[index + 1];
    const files: { key: string; data: Buffer }[] = [];
    await db.transaction().execute(async (trx) => {
      const manufacturer = await trx
        .insertInto('manufacturers')
        .values({
          name: plan.name,
          email: plan.email,
          country_code: plan.country,
          address: plan.address,
          phone: plan.phone,
          vat_id: plan.vat,
          manufacturer_pool_id: `pool-${plan.prefix}-eu-1`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const manufacturerId = manufacturer.id;
      seeded.push({ id: manufacturerId, prefix: plan.prefix });
      await trx
        .insertInto('system_users')
        .values({
          email: login.email,
          password_hash: await hashPassword(login.password),
          access_level: 'manufacturer',
          manufacturer_id: manufacturerId,
          staff_role: 'owner',
        })
        .execute();

      const channels = await trx
        .insertInto('distribution_channels')
        .values([
          { manufacturer_id: manufacturerId, type: 'Release', name: 'Release' },
          { manufacturer_id: manufacturerId, type: 'Beta', name: 'Beta' },
        ])
        .returning(['id', 'type'])
        .execute();
      const releaseChannel = channels.find((channel) => channel.type === 'Release')!;
      const betaChannel = channels.find((channel) => channel.type === 'Beta')!;

      const users = await trx
        .insertInto('end_users')
        .values(
          Array.from({ length: USERS_PER_MANUFACTURER }, (_, i) => ({
            manufacturer_id: manufacturerId,
            email: `user${String(i + 1).padStart(2, '0')}@${plan.prefix}.${plan.emailDomain}`,
            external_id: i % 3 === 0 ? `ext-${plan.prefix}-${1000 + i}` : null,
          })),
        )
        .returning('id')
        .execute();

      const productIds: number[] = [];
      let pluginOnlyId: number | null = null;
      for (const [p, product] of plan.products.entries()) {
        const keys = generateProductKeyPair(masterKey);
        const created = await trx
          .insertInto('products')
          .values({
            manufacturer_id: manufacturerId,
            name: product.name,
            type: product.type,
            public_key: keys.publicKey,
            private_key_encrypted: keys.privateKeyEncrypted,
            plugin_name: product.name.replace(/\s+/g, ''),
            identifier: product.identifier,
            series: product.series,
            trial_days: product.type === 'Full' ? 14 : 0,
            tagline: `${product.name}: made by ${plan.name}`,
            page: `https://${plan.prefix}.example/products/${product.identifier.split('.').pop()}`,
            dependency_id: product.type === 'ContentOnly' ? pluginOnlyId : null,
            content_base_directory:
              product.type === 'PluginOnly' ? `${product.name.replace(/\s+/g, '')}/Content` : null,
            app_featured: p === 0,
            app_sort_order: p + 1,
            app_sort_order_featured: 1,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (product.type === 'PluginOnly' && pluginOnlyId === null) pluginOnlyId = created.id;
        productIds.push(created.id);

        const buildIds: Record<string, number[]> = { macOS: [], Windows: [], any: [] };
        for (const [b, os] of (['macOS', 'Windows', 'any', 'macOS', 'Windows'] as const).entries()) {
          const build = await trx
            .insertInto('builds')
            .values({
              manufacturer_id: manufacturerId,
              product_id: created.id,
              os,
              major: 1,
              minor: b < 3 ? 0 : 1,
              revision: b % 3,
              build_number: 100 + b,
              upload_confirmed: b !== 4,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          buildIds[os].push(build.id);
          const extension = os === 'macOS' ? 'pkg' : os === 'Windows' ? 'exe' : 'zip';
          for (const name of [`${product.identifier}-${os}.${extension}`, 'README.txt']) {
            const data = Buffer.from(
              `${product.name} ${os} build ${100 + b}: ${name}\n`.repeat(name === 'README.txt' ? 3 : 2000),
            );
            const key = `builds/${build.id}/${name}`;
            files.push({ key, data });
            await trx
              .insertInto('build_files')
              .values({
                manufacturer_id: manufacturerId,
                build_id: build.id,
                name,
                size: data.length,
                sha256: createHash('sha256').update(data).digest('hex'),
                storage_key: key,
                uploaded_at: b !== 4 ? new Date() : null,
              })
              .execute();
          }
        }

        for (const [r, builds] of [[buildIds.macOS[0], buildIds.Windows[0]], [buildIds.any[0]]].entries()) {
          const release = await trx
            .insertInto('releases')
            .values({
              manufacturer_id: manufacturerId,
              product_id: created.id,
              description: `${product.name} 1.${r}.0`,
              unlocks_wo_license: r === 1,
              manual: `https://${plan.prefix}.example/manuals/${created.id}.pdf`,
              app_version_min: '1.0.0',
              app_version_max: r === 0 ? '1.9.9' : null,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await trx
            .insertInto('release_builds')
            .values(
              builds.map((buildId) => ({ manufacturer_id: manufacturerId, release_id: release.id, build_id: buildId })),
            )
            .execute();
          await trx
            .insertInto('release_distributions')
            .values({
              manufacturer_id: manufacturerId,
              channel_id: r === 0 ? releaseChannel.id : betaChannel.id,
              release_id: release.id,
            })
            .execute();
        }

        await trx
          .insertInto('trials')
          .values(
            Array.from({ length: 8 }, (_, t) => ({
              manufacturer_id: manufacturerId,
              product_id: created.id,
              hardware_fingerprint: `HWFP-${plan.prefix.toUpperCase()}-${created.id}-${String(t + 1).padStart(4, '0')}`,
            })),
          )
          .execute();
      }

      const licenses = await trx
        .insertInto('licenses')
        .values(
          users.flatMap((user, u) =>
            productIds
              .filter((_, p) => (u + p) % 2 === 0)
              .map((productId, k) => {
                const disabled = (u + k) % 9 === 4;
                return {
                  manufacturer_id: manufacturerId,
                  product_id: productId,
                  user_id: user.id,
                  serial: newLicenseSerial(),
                  license_type: LICENSE_TYPES[(u + k) % 3],
                  disabled,
                  disabled_reason: disabled ? DISABLE_REASONS[(u + k) % 3] : null,
                };
              }),
          ),
        )
        .returning(['id', 'user_id'])
        .execute();

      await trx
        .insertInto('fingerprints')
        .values(
          users.slice(0, 10).flatMap((user, u) =>
            Array.from({ length: (u % 3) + 1 }, (_, f) => ({
              manufacturer_id: manufacturerId,
              user_id: user.id,
              hardware_fingerprint: `FP-${plan.prefix.toUpperCase()}-${user.id}-${f + 1}`,
            })),
          ),
        )
        .execute();

      await trx
        .insertInto('channel_memberships')
        .values(
          users.flatMap((user, u) => [
            { manufacturer_id: manufacturerId, channel_id: releaseChannel.id, user_id: user.id },
            ...(u % 4 === 0 ? [{ manufacturer_id: manufacturerId, channel_id: betaChannel.id, user_id: user.id }] : []),
          ]),
        )
        .execute();

      // A few licences changed hands: the transfer rows and the new owner agree.
      for (const [t, license] of licenses.slice(0, 4).entries()) {
        const toUser = users[(users.findIndex((user) => user.id === license.user_id) + 7 + t) % users.length];
        await trx.updateTable('licenses').set({ user_id: toUser.id }).where('id', '=', license.id).execute();
        await trx
          .insertInto('license_transfers')
          .values({
            manufacturer_id: manufacturerId,
            license_id: license.id,
            from_user_id: license.user_id,
            to_user_id: toUser.id,
          })
          .execute();
      }
    });
    for (const file of files) await storage.write(file.key, file.data);
  }
  await seedClientActivity(db, masterKey);
  await seedDemoHistory(db);
  // Before the webhook endpoints exist: the demo's orders leave no deliveries pending for the worker.
  await seedOrdersDemo(db, seeded, publicUrl);
  await seedBatchesDemo(db, publicUrl);
  await seedStoresDemo(db, masterKey, publicUrl);
  await seedWebhookDemo(db, masterKey, seeded);
  await seedEmailDemo(db, seeded);
  await seedBuyerMailsDemo(db, seeded);
  await seedApiKeysDemo(db, seeded);
  await seedPolicyDemo(db);
  await seedFloatingDemo(db);
  await seedTwoFactorDemo(db, masterKey);
  await seedStaffRolesDemo(db);
}
