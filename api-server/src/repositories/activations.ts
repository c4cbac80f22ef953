import type { Db } from '../db/database';

export interface ActivationRecord {
  manufacturerId: number;
  licenseId: number;
  userId: number;
  hardwareFingerprint: string;
  hardwareFingerprintVersion: number;
  signatureSeedVersion: number;
  issuedAt: Date;
}

/**
 * Records an issued licence file: an activation row every time, and the fingerprint on the end user once
 * (activating the same machine again adds no second fingerprint).
 */
export async function recordActivation(trx: Db, activation: ActivationRecord) {
  const fingerprint = await trx
    .insertInto('fingerprints')
    .values({ manufacturer_id: activation.manufacturerId, user_id: activation.userId, hardware_fingerprint: activation.hardwareFingerprint })
    .onConflict((conflict) => conflict.columns(['user_id', 'hardware_fingerprint']).doNothing())
    .returning('id')
    .executeTakeFirst();
  const row = await trx
    .insertInto('license_activations')
    .values({
      manufacturer_id: activation.manufacturerId,
      license_id: activation.licenseId,
      hardware_fingerprint: activation.hardwareFingerprint,
      hardware_fingerprint_version: activation.hardwareFingerprintVersion,
      signature_seed_version: activation.signatureSeedVersion,
      created_at: activation.issuedAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { activation: row, fingerprintAdded: fingerprint !== undefined };
}
