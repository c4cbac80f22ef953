import { sql, type Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { BrowserActivationsTable } from '../db/schema';

/** What a request needs of its product: its manufacturer's portal (the page the customer opens) and identifier. */
export function findProductForRequest(db: Db, productId: number) {
  return db
    .selectFrom('products')
    .innerJoin('manufacturers', 'manufacturers.id', 'products.manufacturer_id')
    .select([
      'products.id',
      'products.manufacturer_id',
      'products.identifier',
      'manufacturers.portal_slug',
      'manufacturers.portal_enabled',
    ])
    .where('products.id', '=', productId)
    .executeTakeFirst();
}

export interface NewRequest {
  manufacturerId: number;
  productId: number;
  deviceCodeHash: string;
  userCode: string;
  hardwareFingerprint: string;
  hardwareFingerprintVersion: number;
  signatureSeedVersion: number;
  licenseFileVersion: 1 | 2;
  machineName: string | null;
  intervalSeconds: number;
  ttlSeconds: number;
}

/** Inserts a request; false when its user code is taken (the caller draws another). */
export async function insertRequest(db: Db, request: NewRequest): Promise<boolean> {
  const row = await db
    .insertInto('browser_activations')
    .values({
      manufacturer_id: request.manufacturerId,
      product_id: request.productId,
      device_code_hash: request.deviceCodeHash,
      user_code: request.userCode,
      hardware_fingerprint: request.hardwareFingerprint,
      hardware_fingerprint_version: request.hardwareFingerprintVersion,
      signature_seed_version: request.signatureSeedVersion,
      license_file_version: request.licenseFileVersion,
      machine_name: request.machineName,
      interval_seconds: request.intervalSeconds,
      expires_at: sql<Date>`now() + make_interval(secs => ${request.ttlSeconds})`,
    })
    .onConflict((conflict) => conflict.column('user_code').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Removes a few requests that expired over a day ago (kept that long so a late poll still hears `expired_token`). */
export async function pruneOldRequests(db: Db): Promise<void> {
  await sql`
    DELETE FROM browser_activations WHERE id IN (
      SELECT id FROM browser_activations WHERE expires_at < now() - interval '1 day' LIMIT 10 FOR UPDATE SKIP LOCKED)
  `.execute(db);
}

export type RequestRow = Pick<
  Selectable<BrowserActivationsTable>,
  | 'manufacturer_id'
  | 'product_id'
  | 'user_code'
  | 'hardware_fingerprint'
  | 'hardware_fingerprint_version'
  | 'signature_seed_version'
  | 'license_file_version'
  | 'machine_name'
  | 'interval_seconds'
  | 'last_polled_at'
  | 'expires_at'
  | 'status'
  | 'license_file'
> & { id: number; expired: boolean; polled_too_soon: boolean };

const requestColumns = [
  'id',
  'manufacturer_id',
  'product_id',
  'user_code',
  'hardware_fingerprint',
  'hardware_fingerprint_version',
  'signature_seed_version',
  'license_file_version',
  'machine_name',
  'interval_seconds',
  'last_polled_at',
  'expires_at',
  'status',
  'license_file',
] as const;

/** The request of a device code, locked for the poll that reads it (the database's clock decides expiry and pace). */
export function lockRequestByDeviceCode(db: Db, hash: string): Promise<RequestRow | undefined> {
  return db
    .selectFrom('browser_activations')
    .select(requestColumns)
    .select([
      sql<boolean>`expires_at <= now()`.as('expired'),
      sql<boolean>`coalesce(last_polled_at > now() - make_interval(secs => interval_seconds), false)`.as(
        'polled_too_soon',
      ),
    ])
    .where('device_code_hash', '=', hash)
    .forUpdate()
    .executeTakeFirst();
}

/** Records a poll: its time, and the interval it leaves (grown after a `slow_down`). */
export async function recordPoll(db: Db, id: number, intervalSeconds: number): Promise<void> {
  await db
    .updateTable('browser_activations')
    .set({ last_polled_at: sql<Date>`now()`, interval_seconds: intervalSeconds })
    .where('id', '=', id)
    .execute();
}

/** Hands the file out once: the request is delivered and no longer holds it. */
export async function markDelivered(db: Db, id: number): Promise<void> {
  await db
    .updateTable('browser_activations')
    .set({ status: 'delivered', license_file: null, last_polled_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

/** A request of a user code within one manufacturer (another manufacturer's is unknown here), locked when asked. */
export function findRequestByUserCode(db: Db, manufacturerId: number, userCode: string, { lock = false } = {}) {
  const query = db
    .selectFrom('browser_activations')
    .innerJoin('products', 'products.id', 'browser_activations.product_id')
    .select([
      'browser_activations.id',
      'browser_activations.user_code',
      'browser_activations.status',
      'browser_activations.product_id',
      'products.name as product_name',
      'browser_activations.hardware_fingerprint',
      'browser_activations.hardware_fingerprint_version',
      'browser_activations.signature_seed_version',
      'browser_activations.license_file_version',
      'browser_activations.machine_name',
      'browser_activations.expires_at',
      sql<boolean>`browser_activations.expires_at <= now()`.as('expired'),
    ])
    .where('browser_activations.user_code', '=', userCode)
    .where('browser_activations.manufacturer_id', '=', manufacturerId);
  return (lock ? query.forUpdate('browser_activations') : query).executeTakeFirst();
}

/**
 * The customer's enabled licences of a product that can take the machine: it already holds the machine, or it has
 * a free slot under the product's machine limit.
 */
export function licensesThatCanTake(
  db: Db,
  customer: { manufacturerId: number; endUserId: number },
  productId: number,
  hardwareFingerprint: string,
) {
  return db
    .selectFrom('licenses')
    .innerJoin('products', 'products.id', 'licenses.product_id')
    .select([
      'licenses.id',
      'licenses.serial',
      'licenses.license_type',
      'products.machine_limit',
      (eb) =>
        eb
          .selectFrom('license_machines')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('license_machines.license_id', '=', 'licenses.id')
          .where('license_machines.deactivated_at', 'is', null)
          .as('active_machines'),
      (eb) =>
        eb
          .exists(
            eb
              .selectFrom('license_machines')
              .select('license_machines.id')
              .whereRef('license_machines.license_id', '=', 'licenses.id')
              .where('license_machines.deactivated_at', 'is', null)
              .where('license_machines.hardware_fingerprint', '=', hardwareFingerprint),
          )
          .as('holds_this_machine'),
    ])
    .where('licenses.manufacturer_id', '=', customer.manufacturerId)
    .where('licenses.user_id', '=', customer.endUserId)
    .where('licenses.product_id', '=', productId)
    .where('licenses.disabled', '=', false)
    .orderBy('licenses.id', 'desc')
    .execute()
    .then((rows) =>
      rows
        .map((row) => ({ ...row, active_machines: Number(row.active_machines ?? 0) }))
        .filter((row) => row.holds_this_machine || row.active_machines < row.machine_limit),
    );
}

/** The customer's own licence of the product; another customer's, or another product's, is unknown. */
export function findMyLicenseOfProduct(
  db: Db,
  customer: { manufacturerId: number; endUserId: number },
  licenseId: number,
  productId: number,
) {
  return db
    .selectFrom('licenses')
    .select(['id', 'serial'])
    .where('id', '=', licenseId)
    .where('user_id', '=', customer.endUserId)
    .where('manufacturer_id', '=', customer.manufacturerId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
}

export async function recordDecision(
  db: Db,
  id: number,
  decision:
    | { status: 'approved'; endUserId: number; licenseId: number; licenseFile: string }
    | { status: 'denied'; endUserId: number },
): Promise<void> {
  await db
    .updateTable('browser_activations')
    .set({
      status: decision.status,
      decided_at: sql<Date>`now()`,
      decided_by_end_user_id: decision.endUserId,
      license_id: decision.status === 'approved' ? decision.licenseId : null,
      license_file: decision.status === 'approved' ? decision.licenseFile : null,
    })
    .where('id', '=', id)
    .execute();
}
