import type { TestApp } from './support/test-app';
import { createTenants } from './support/fixtures';
import { insertTestProduct } from './catalog-fixtures';
import { newLicenseSerial } from '../src/licenses/serial';
import type { Db } from '../src/db/database';

type LicenseType = 'NFR' | 'Standard' | 'Free';

export function createProduct(
  t: TestApp,
  manufacturerId: number,
  name: string,
  identifier: string | null,
  series: string | null = 'Studio',
) {
  return insertTestProduct(t.db, t.masterKey, manufacturerId, { name, identifier, series });
}

export async function createEndUser(db: Db, manufacturerId: number, email: string) {
  return db
    .insertInto('end_users')
    .values({ manufacturer_id: manufacturerId, email })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function createLicense(
  db: Db,
  values: {
    manufacturerId: number;
    productId: number;
    userId: number;
    type?: LicenseType;
    disabledReason?: 'DuplicateOrder' | 'CancelledOrder' | 'FraudulentUse';
  },
) {
  return db
    .insertInto('licenses')
    .values({
      manufacturer_id: values.manufacturerId,
      product_id: values.productId,
      user_id: values.userId,
      serial: newLicenseSerial(),
      license_type: values.type ?? 'Standard',
      disabled: values.disabledReason !== undefined,
      disabled_reason: values.disabledReason ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function createTrial(db: Db, manufacturerId: number, productId: number, fingerprint: string) {
  return db
    .insertInto('trials')
    .values({ manufacturer_id: manufacturerId, product_id: productId, hardware_fingerprint: fingerprint })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Alpha Audio: Alpha Synth (with identifier) and Alpha Drums (without), end users ann, bob and cy, licences of
 * each state; Beta Sound: one product, one end user, one licence and one trial, to prove tenant isolation.
 */
export async function createLicensingWorld(t: TestApp) {
  const tenants = await createTenants(t.app, t.db);
  const alpha = tenants.manufacturerA.id;
  const beta = tenants.manufacturerB.id;
  const synth = await createProduct(t, alpha, 'Alpha Synth', 'com.alpha.synth', 'Engines');
  const drums = await createProduct(t, alpha, 'Alpha Drums', null, null);
  const ann = await createEndUser(t.db, alpha, 'ann@listener.example');
  const bob = await createEndUser(t.db, alpha, 'bob@listener.example');
  const cy = await createEndUser(t.db, alpha, 'cy_100%@listener.example');
  const annSynth = await createLicense(t.db, {
    manufacturerId: alpha,
    productId: synth.id,
    userId: ann.id,
    type: 'NFR',
  });
  const bobSynth = await createLicense(t.db, {
    manufacturerId: alpha,
    productId: synth.id,
    userId: bob.id,
    type: 'Standard',
  });
  const cySynthDisabled = await createLicense(t.db, {
    manufacturerId: alpha,
    productId: synth.id,
    userId: cy.id,
    type: 'Free',
    disabledReason: 'FraudulentUse',
  });
  const annDrums = await createLicense(t.db, { manufacturerId: alpha, productId: drums.id, userId: ann.id });

  const betaProduct = await createProduct(t, beta, 'Beta Bass', 'com.beta.bass');
  const betaUser = await createEndUser(t.db, beta, 'dee@player.example');
  const betaLicense = await createLicense(t.db, {
    manufacturerId: beta,
    productId: betaProduct.id,
    userId: betaUser.id,
  });
  const betaTrial = await createTrial(t.db, beta, betaProduct.id, 'BETA-FP-1');

  return {
    ...tenants,
    synth,
    drums,
    ann,
    bob,
    cy,
    annSynth,
    bobSynth,
    cySynthDisabled,
    annDrums,
    betaProduct,
    betaUser,
    betaLicense,
    betaTrial,
  };
}

export type LicensingWorld = Awaited<ReturnType<typeof createLicensingWorld>>;

export async function auditRows(db: Db, entityType: string, entityId: number) {
  return db
    .selectFrom('audit_log')
    .selectAll()
    .where('entity_type', '=', entityType)
    .where('entity_id', '=', String(entityId))
    .orderBy('id')
    .execute();
}
