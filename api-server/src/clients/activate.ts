import type { ClientActivateBody, LicenseFile } from 'shared-kit/contract';
import type { Db } from '../db/database';
import type { ProductKeyOf } from '../crypto/product-key-cache';
import { conflict, notFound } from '../lib/http-error';
import { PRODUCT_WITHOUT_IDENTIFIER, deactivatedLicenseMessage, issueLicenseFile } from '../licensing/activate-license';
import { hardwareFingerprintOf } from '../licensing/license-rules';
import { findClientLicense } from '../repositories/client-licenses';
import { countActiveMachines, findLicenseMachine, recordClientActivation } from '../repositories/license-machines';
import { LICENSE_NOT_FOUND, recordClientAudit, secondsNow, serialOf, type ClientCall } from './client-values';

export const machineLimitReached = (limit: number) =>
  `This license is already activated on ${limit} ${limit === 1 ? 'machine' : 'machines'}, the limit of this product: deactivate one of them first.`;

/**
 * Activates a licence by its serial on this machine: the same signed `.ops` file as the staff Download
 * (docs/licence-file.md). The licence row is locked while the machine limit is checked and the activation is
 * written, so two machines activating at once cannot both take the last slot. The same machine again takes no
 * new slot.
 */
export async function activateBySerial(db: Db, productKeyOf: ProductKeyOf, call: ClientCall, body: ClientActivateBody): Promise<LicenseFile> {
  const hardwareFingerprint = hardwareFingerprintOf(body.hardware_fingerprint);
  return db.transaction().execute(async (trx) => {
    const license = await findClientLicense(trx, body.product_id, serialOf(body.serial), true);
    if (!license) throw notFound(LICENSE_NOT_FOUND);
    if (license.disabled) throw conflict(deactivatedLicenseMessage(license.disabled_reason));
    const productIdentifier = license.product_identifier?.trim() ? license.product_identifier : undefined;
    if (!productIdentifier) throw conflict(PRODUCT_WITHOUT_IDENTIFIER);

    const machine = await findLicenseMachine(trx, license.id, hardwareFingerprint);
    const holdsSlot = machine !== undefined && machine.deactivated_at === null;
    if (!holdsSlot && (await countActiveMachines(trx, license.id)) >= license.machine_limit) throw conflict(machineLimitReached(license.machine_limit));

    const issuedAt = secondsNow();
    const file = issueLicenseFile(productKeyOf, { ...license, product_identifier: productIdentifier }, hardwareFingerprint, body, issuedAt);
    const activationId = await recordClientActivation(trx, {
      manufacturerId: license.manufacturer_id,
      licenseId: license.id,
      userId: license.user_id,
      hardwareFingerprint,
      hardwareFingerprintVersion: body.hardware_fingerprint_version,
      signatureSeedVersion: body.signature_seed_version,
      issuedAt,
    });
    await recordClientAudit(trx, call, {
      manufacturerId: license.manufacturer_id,
      action: 'client.license.activate',
      entityType: 'license',
      entityId: license.id,
      after: { activation_id: activationId, hardware_fingerprint: hardwareFingerprint, new_machine: !holdsSlot, issued_at: file.issued_at },
    });
    return file;
  });
}
