import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { compiledOncePerShape } from '../../db/compiled-once';
import type { CustomerActor, SystemUserActor } from '../../auth/actor';

/** Everything the signed licence file was made from: the write happens only if the licence still says the same. */
export interface SignedLicense {
  id: number;
  serial: string;
  license_type: string;
  user_id: number;
  user_email: string;
  product_identifier: string;
  private_key_encrypted: string;
}

export interface ActivationRecord {
  manufacturerId: number;
  license: SignedLicense;
  hardwareFingerprint: string;
  hardwareFingerprintVersion: number;
  signatureSeedVersion: number;
  issuedAt: Date;
  /** The audit entry's `after`, without the two values only the write knows (activation id, fingerprint added). */
  auditAfter: Record<string, unknown>;
}

/**
 * A staff activation (no machine limit, audited as `license.activate` by the staff user).
 * Records an issued licence file in one statement (atomic on its own, one commit): an activation row every
 * time, the fingerprint on the end user once (activating the same machine again adds no second one), and the
 * audit entry. It writes only if the licence is still enabled and every signed value is unchanged, with the
 * licence row locked (a deactivation committing meanwhile is re-checked on its new version); otherwise it
 * writes nothing and answers undefined, and the caller reads the licence again.
 */
export async function recordActivation(db: Db, actor: SystemUserActor, activation: ActivationRecord) {
  const { license, manufacturerId } = activation;
  const result = await sql<{ activation_id: number; fingerprint_added: boolean }>`
    WITH license AS (
      SELECT l.id, l.user_id FROM licenses l
      JOIN end_users u ON u.id = l.user_id
      JOIN products p ON p.id = l.product_id
      WHERE l.id = ${license.id} AND l.manufacturer_id = ${manufacturerId} AND NOT l.disabled
        AND l.serial = ${license.serial} AND l.license_type = ${license.license_type} AND l.user_id = ${license.user_id}
        AND u.email = ${license.user_email} AND p.identifier = ${license.product_identifier}
        AND p.private_key_encrypted = ${license.private_key_encrypted}
      FOR UPDATE OF l
    ),
    fingerprint AS (
      INSERT INTO fingerprints (manufacturer_id, user_id, hardware_fingerprint)
      SELECT ${manufacturerId}::integer, user_id, ${activation.hardwareFingerprint}::text FROM license
      ON CONFLICT (user_id, hardware_fingerprint) DO NOTHING
      RETURNING id
    ),
    activation AS (
      INSERT INTO license_activations (manufacturer_id, license_id, hardware_fingerprint, hardware_fingerprint_version, signature_seed_version, created_at)
      SELECT ${manufacturerId}::integer, id, ${activation.hardwareFingerprint}::text, ${activation.hardwareFingerprintVersion}::integer,
        ${activation.signatureSeedVersion}::integer, ${activation.issuedAt}::timestamptz
      FROM license
      RETURNING id
    ),
    audit AS (
      INSERT INTO audit_log (manufacturer_id, actor_system_user_id, action, entity_type, entity_id, after)
      SELECT ${manufacturerId}::integer, ${actor.systemUserId}::integer, 'license.activate', 'license', ${String(license.id)}::text,
        ${JSON.stringify(activation.auditAfter)}::jsonb || jsonb_build_object('activation_id', activation.id, 'fingerprint_added', EXISTS (SELECT 1 FROM fingerprint))
      FROM activation
    )
    SELECT activation.id AS activation_id, EXISTS (SELECT 1 FROM fingerprint) AS fingerprint_added FROM activation`.execute(
    db,
  );
  return result.rows[0];
}

/**
 * A plugin's (or a customer's) activation, held to the product's machine limit and audited as
 * `client.license.activate` with no staff actor (the customer as actor when a customer asked), in one call and one
 * commit (`record_named_client_activation`, migration 0291: the machine's name, when reported, is set in the same call):
 * 'activated' with the activation's id, 'changed' when a signed value or the limit changed since the read,
 * 'limit' when no slot is left. Nothing is written unless 'activated'.
 */
export async function recordLimitedActivation(
  db: Db,
  { license, ...activation }: ActivationRecord & { license: { machine_limit: number } },
  customer: CustomerActor | null,
  machineName: string | null,
) {
  const { rows } = await limitedActivationStatement(db, 'record', {
    licenseId: license.id,
    manufacturerId: activation.manufacturerId,
    serial: license.serial,
    licenseType: license.license_type,
    userId: license.user_id,
    userEmail: license.user_email,
    productIdentifier: license.product_identifier,
    privateKeyEncrypted: license.private_key_encrypted,
    machineLimit: license.machine_limit,
    hardwareFingerprint: activation.hardwareFingerprint,
    hardwareFingerprintVersion: activation.hardwareFingerprintVersion,
    signatureSeedVersion: activation.signatureSeedVersion,
    issuedAt: activation.issuedAt,
    auditAfter: JSON.stringify(activation.auditAfter),
    customerId: customer?.endUserId ?? null,
    machineName,
  });
  return rows[0]!;
}

interface LimitedActivationValues {
  licenseId: number;
  manufacturerId: number;
  serial: string;
  licenseType: string;
  userId: number;
  userEmail: string;
  productIdentifier: string;
  privateKeyEncrypted: string;
  machineLimit: number;
  hardwareFingerprint: string;
  hardwareFingerprintVersion: number;
  signatureSeedVersion: number;
  issuedAt: Date;
  auditAfter: string;
  customerId: number | null;
  machineName: string | null;
}

// Compiled once and sent by name: a plugin's activation runs it hot.
const limitedActivationStatement = compiledOncePerShape(
  (_db: Db, _shape: 'record', v: LimitedActivationValues) =>
    sql<{ outcome: 'activated' | 'changed' | 'limit'; activation_id: number | null; new_machine: boolean | null }>`
    SELECT outcome, activation_id, new_machine FROM record_named_client_activation(
      ${v.licenseId}::integer, ${v.manufacturerId}::integer, ${v.serial}::text, ${v.licenseType}::text, ${v.userId}::integer,
      ${v.userEmail}::text, ${v.productIdentifier}::text, ${v.privateKeyEncrypted}::text, ${v.machineLimit}::integer,
      ${v.hardwareFingerprint}::text, ${v.hardwareFingerprintVersion}::integer, ${v.signatureSeedVersion}::integer,
      ${v.issuedAt}::timestamptz, ${v.auditAfter}::jsonb, ${v.customerId}::integer,
      ${v.machineName}::text)`,
  { named: 'client_activation_write' },
);
