import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { compiledOncePerShape } from '../../db/compiled-once';
import { countedRead, type RateLimit } from '../../auth/rate-limits';
import { licenseExpiredSql } from '../../policies/queries/license-terms';

/** Its product's policy for its type makes it floating: it lends seats and is never activated node-locked. */
const licenseFloatingSql = sql<boolean>`EXISTS (SELECT 1 FROM license_policies fp
  WHERE fp.product_id = l.product_id AND fp.license_type = l.license_type AND fp.model = 'floating')`;

/** How a caller names a licence: staff by its id within their manufacturer, a plugin (or a customer) by its serial within a product. */
export type LicenseKey = { id: number; manufacturerId: number } | { productId: number; serial: string };

/** What signing a licence file reads: the licence (`l`), its owner (`u`) and its product (`p`). */
const SIGNING_COLUMNS = [
  'l.id',
  'l.manufacturer_id',
  'l.serial',
  'l.license_type',
  'l.disabled',
  'l.disabled_reason',
  'l.user_id',
  'u.email as user_email',
  'p.identifier as product_identifier',
  'p.private_key_encrypted',
  'p.machine_limit',
  'l.expires_at',
] as const;

/**
 * The one read of a licence for signing: the licence, its owner, the product's identifier, key and machine limit,
 * whether it has expired (its expiry plus grace days passed) and whether it is floating (docs/licensing.md).
 * A serial of another product is answered like an unknown one, another manufacturer's id like a missing one.
 * `lock` holds the licence row for the rest of the transaction.
 */
export function licenseForSigning(db: Db, key: LicenseKey, { lock = false }: { lock?: boolean } = {}) {
  let query = db
    .selectFrom('licenses as l')
    .innerJoin('end_users as u', 'u.id', 'l.user_id')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .select(SIGNING_COLUMNS)
    .select(licenseExpiredSql.as('expired'))
    .select(licenseFloatingSql.as('floating'));
  query =
    'id' in key
      ? query.where('l.id', '=', key.id).where('l.manufacturer_id', '=', key.manufacturerId)
      : query.where('l.serial', '=', key.serial).where('l.product_id', '=', key.productId);
  return lock ? query.forUpdate('l') : query;
}

export type LicenseForSigning = NonNullable<
  Awaited<ReturnType<ReturnType<typeof licenseForSigning>['executeTakeFirst']>>
>;

/** How the read names the licence (LicenseKey) and the machine, as bound values. */
type MachineReadValues = LicenseKey & { hardwareFingerprint: string };
type MachineReadShape = 'by-id' | 'by-serial';

const machineReadShape = (key: LicenseKey): MachineReadShape => ('id' in key ? 'by-id' : 'by-serial');
const machineReadValues = (key: LicenseKey, hardwareFingerprint: string): MachineReadValues =>
  'id' in key
    ? { id: key.id, manufacturerId: key.manufacturerId, hardwareFingerprint }
    : { productId: key.productId, serial: key.serial, hardwareFingerprint };

/**
 * The read with this machine's place on the licence, without locks: whether the machine holds a slot (null: never
 * activated here) and how many machines do. The shape follows from the values (machineReadShape).
 */
function licenseAndMachine(db: Db, _shape: MachineReadShape, values: MachineReadValues) {
  const query = licenseForSigning(db, values).select([
    sql<
      boolean | null
    >`(SELECT m.deactivated_at IS NULL FROM license_machines m WHERE m.license_id = l.id AND m.hardware_fingerprint = ${values.hardwareFingerprint})`.as(
      'holds_slot',
    ),
    sql<number>`(SELECT count(*) FROM license_machines m WHERE m.license_id = l.id AND m.deactivated_at IS NULL)::integer`.as(
      'active_machines',
    ),
  ]);
  return sql<NonNullable<Awaited<ReturnType<typeof query.executeTakeFirst>>>>`${query}`;
}

export type LicenseAndMachine = LicenseForSigning & { holds_slot: boolean | null; active_machines: number };

// Built and compiled once per shape and sent by name: a plugin's validation and activation run them hot.
const machineRead = compiledOncePerShape(licenseAndMachine, { named: 'license_machine_read' });
const countedMachineRead = countedRead(
  'license_machine_guarded_read',
  (db: Db, shape: MachineReadShape, values: MachineReadValues) => ({
    read: licenseAndMachine(db, shape, values),
  }),
);

/** The licence with this machine's place on it. */
export async function readLicenseAndMachine(
  db: Db,
  key: LicenseKey,
  hardwareFingerprint: string,
): Promise<LicenseAndMachine | undefined> {
  return (await machineRead(db, machineReadShape(key), machineReadValues(key, hardwareFingerprint))).rows[0];
}

/** The same read with a call's rate-limit counting, in one statement (one round trip). */
export const countAndReadLicenseAndMachine = (
  db: Db,
  limits: RateLimit[],
  key: LicenseKey,
  hardwareFingerprint: string,
) => countedMachineRead(db, limits, machineReadShape(key), machineReadValues(key, hardwareFingerprint));
