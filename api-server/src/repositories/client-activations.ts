import { sql } from 'kysely';
import type { Db } from '../db/database';
import { executeNamed } from '../db/named-statements';
import { consumeRateLimitsWithRead, type RateLimit } from './rate-limits';

/**
 * Everything a client activation checks and signs, in one statement without locks: the licence of this
 * product by serial (another product's serial is answered like an unknown one), its owner, the product's key
 * and machine limit, whether this machine holds a slot (null: never activated here) and how many machines do.
 */
function activationRead(productId: number, serial: string, hardwareFingerprint: string) {
  return sql<{
    id: number;
    manufacturer_id: number;
    serial: string;
    license_type: 'NFR' | 'Standard' | 'Free';
    disabled: boolean;
    disabled_reason: string | null;
    user_id: number;
    user_email: string;
    product_identifier: string | null;
    private_key_encrypted: string;
    machine_limit: number;
    holds_slot: boolean | null;
    active_machines: number;
  }>`
    SELECT l.id, l.manufacturer_id, l.serial, l.license_type, l.disabled, l.disabled_reason, l.user_id, u.email AS user_email,
      p.identifier AS product_identifier, p.private_key_encrypted, p.machine_limit,
      (SELECT m.deactivated_at IS NULL FROM license_machines m WHERE m.license_id = l.id AND m.hardware_fingerprint = ${hardwareFingerprint}) AS holds_slot,
      (SELECT count(*) FROM license_machines m WHERE m.license_id = l.id AND m.deactivated_at IS NULL)::integer AS active_machines
    FROM licenses l
    JOIN end_users u ON u.id = l.user_id
    JOIN products p ON p.id = l.product_id
    WHERE l.serial = ${serial} AND l.product_id = ${productId}`;
}

/** The read on its own (a read again after the licence changed). */
export async function readClientActivation(db: Db, productId: number, serial: string, hardwareFingerprint: string) {
  return (await executeNamed(db, 'client_activation_read', activationRead(productId, serial, hardwareFingerprint))).rows[0];
}

/** The read with the call's rate-limit counting, in one statement (one round trip). */
export const countAndReadClientActivation = (db: Db, limits: RateLimit[], productId: number, serial: string, hardwareFingerprint: string) =>
  consumeRateLimitsWithRead(db, 'client_activation_guarded_read', limits, activationRead(productId, serial, hardwareFingerprint));

export type ClientActivationRead = NonNullable<Awaited<ReturnType<typeof readClientActivation>>>;

export interface ClientActivationWrite {
  license: ClientActivationRead & { product_identifier: string };
  hardwareFingerprint: string;
  hardwareFingerprintVersion: number;
  signatureSeedVersion: number;
  issuedAt: Date;
  /** The audit entry's `after`, without what only the write knows (activation id, new machine or not). */
  auditAfter: Record<string, unknown>;
}

/**
 * Records a signed activation in one call and one commit (migration 0012's function): 'activated' with the
 * activation's id, 'changed' when a signed value or the limit changed since the read, 'limit' when no slot is
 * left. Nothing is written unless 'activated'.
 */
export async function writeClientActivation(db: Db, { license, ...activation }: ClientActivationWrite) {
  const { rows } = await executeNamed(
    db,
    'client_activation_write',
    sql<{ outcome: 'activated' | 'changed' | 'limit'; activation_id: number | null; new_machine: boolean | null }>`
    SELECT outcome, activation_id, new_machine FROM record_client_activation(
      ${license.id}::integer, ${license.manufacturer_id}::integer, ${license.serial}::text, ${license.license_type}::text, ${license.user_id}::integer,
      ${license.user_email}::text, ${license.product_identifier}::text, ${license.private_key_encrypted}::text, ${license.machine_limit}::integer,
      ${activation.hardwareFingerprint}::text, ${activation.hardwareFingerprintVersion}::integer, ${activation.signatureSeedVersion}::integer,
      ${activation.issuedAt}::timestamptz, ${JSON.stringify(activation.auditAfter)}::jsonb)`,
  );
  return rows[0]!;
}
