import type { ClientActivateBody, LicenseFile } from 'shared-kit/contract';
import type { Db } from '../db/database';
import type { ProductKeyOf } from '../crypto/product-key-cache';
import { conflict, notFound } from '../lib/http-error';
import { LICENSE_KEEPS_CHANGING, PRODUCT_WITHOUT_IDENTIFIER, deactivatedLicenseMessage, issueLicenseFile } from '../licenses/activation/activate-machine';
import { hardwareFingerprintOf } from '../licenses/license-rules';
import { countAndReadClientActivation, readClientActivation, writeClientActivation } from '../repositories/client-activations';
import { LICENSE_NOT_FOUND, countedSerialOf, secondsNow, type GuardedClientCall } from './client-values';

export const machineLimitReached = (limit: number) =>
  `This license is already activated on ${limit} ${limit === 1 ? 'machine' : 'machines'}, the limit of this product: deactivate one of them first.`;

/** Reads of a licence that changed between reading and writing before the activation gives up (each read is fresh). */
const ATTEMPTS = 3;

/** The first read also counts the call against its rate limits (same statement); a read again only reads. */
async function readLicense(db: Db, call: GuardedClientCall, attempt: number, productId: number, serial: string, hardwareFingerprint: string) {
  if (attempt > 0) return readClientActivation(db, productId, serial, hardwareFingerprint);
  const { decision, row } = await countAndReadClientActivation(db, call.limits, productId, serial, hardwareFingerprint);
  call.admit(decision);
  return row;
}

/**
 * Activates a licence by its serial on this machine: the same signed `.ops` file as the staff Download
 * (docs/licence-file.md). Two round trips: one read of everything the file and the checks need (with the call's
 * rate-limit counting in the same statement), then, after signing, one write that locks the licence, re-checks the signed values and the machine limit, and records the
 * activation and its audit entry (migration 0012): two machines activating at once cannot both take the last
 * slot, and the same machine again takes no new slot.
 */
export async function activateBySerial(db: Db, productKeyOf: ProductKeyOf, call: GuardedClientCall, body: ClientActivateBody): Promise<LicenseFile> {
  const hardwareFingerprint = hardwareFingerprintOf(body.hardware_fingerprint);
  const serial = await countedSerialOf(db, call, body.serial);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const license = await readLicense(db, call, attempt, body.product_id, serial, hardwareFingerprint);
    if (!license) throw notFound(LICENSE_NOT_FOUND);
    if (license.disabled) throw conflict(deactivatedLicenseMessage(license.disabled_reason));
    const productIdentifier = license.product_identifier?.trim() ? license.product_identifier : undefined;
    if (!productIdentifier) throw conflict(PRODUCT_WITHOUT_IDENTIFIER);
    if (license.holds_slot !== true && license.active_machines >= license.machine_limit) throw conflict(machineLimitReached(license.machine_limit));

    const issuedAt = secondsNow();
    const signed = { ...license, product_identifier: productIdentifier };
    const file = issueLicenseFile(productKeyOf, signed, hardwareFingerprint, body, issuedAt);
    const written = await writeClientActivation(db, {
      license: signed,
      hardwareFingerprint,
      hardwareFingerprintVersion: body.hardware_fingerprint_version,
      signatureSeedVersion: body.signature_seed_version,
      issuedAt,
      auditAfter: { actor: 'client', address: call.address, hardware_fingerprint: hardwareFingerprint, issued_at: file.issued_at },
    });
    if (written.outcome === 'activated') return file;
    if (written.outcome === 'limit') throw conflict(machineLimitReached(license.machine_limit));
  }
  throw conflict(LICENSE_KEEPS_CHANGING);
}
