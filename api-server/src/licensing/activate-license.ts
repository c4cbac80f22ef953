import { LICENSE_FILE_FORMAT_VERSION, type ActivateLicenseBody, type LicenseFile } from 'shared-kit/contract';
import type { Db } from '../db/database';
import { decryptProductPrivateKey } from '../crypto/product-keys';
import { conflict, notFound } from '../lib/http-error';
import type { Principal } from '../plugins/auth';
import { recordActivation } from '../repositories/activations';
import { recordAudit } from '../repositories/audit-log';
import { LicenseEncodingError, formatIssuedAt, signLicenseFile } from './license-file';
import { hardwareFingerprintOf } from './license-rules';

export const LICENSE_NOT_FOUND = 'License';
export const deactivatedLicenseMessage = (reason: string | null) =>
  `This license is deactivated${reason ? ` (${reason})` : ''}: it cannot be activated on a machine until it is activated again.`;
export const PRODUCT_WITHOUT_IDENTIFIER = 'The product has no identifier: give it one before activating its licenses, because the license file names the product by it.';

/**
 * Issues the signed licence file of a licence for one machine (docs/licence-file.md), records the activation and
 * the machine's fingerprint on the licence's owner, and audits it — all or nothing.
 */
export async function activateLicense(
  db: Db,
  masterKey: Buffer,
  principal: Principal & { manufacturerId: number },
  licenseId: number,
  body: ActivateLicenseBody,
): Promise<LicenseFile> {
  const hardwareFingerprint = hardwareFingerprintOf(body.hardware_fingerprint);
  return db.transaction().execute(async (trx) => {
    // Locking the licence row keeps a deactivation from slipping in between the check and the signature.
    const license = await trx
      .selectFrom('licenses as l')
      .innerJoin('end_users as u', 'u.id', 'l.user_id')
      .innerJoin('products as p', 'p.id', 'l.product_id')
      .select(['l.id', 'l.serial', 'l.license_type', 'l.disabled', 'l.disabled_reason', 'l.user_id', 'u.email as user_email', 'p.identifier as product_identifier', 'p.private_key_encrypted'])
      .where('l.id', '=', licenseId)
      .where('l.manufacturer_id', '=', principal.manufacturerId)
      .forUpdate('l')
      .executeTakeFirst();
    if (!license) throw notFound(LICENSE_NOT_FOUND);
    if (license.disabled) throw conflict(deactivatedLicenseMessage(license.disabled_reason));
    if (!license.product_identifier?.trim()) throw conflict(PRODUCT_WITHOUT_IDENTIFIER);

    const issuedAt = new Date(Math.floor(Date.now() / 1000) * 1000);
    let file: LicenseFile;
    try {
      file = signLicenseFile(
        {
          format_version: LICENSE_FILE_FORMAT_VERSION,
          serial: license.serial,
          license_type: license.license_type,
          product_identifier: license.product_identifier,
          user_id: license.user_id,
          user_email: license.user_email,
          hardware_fingerprint: hardwareFingerprint,
          hardware_fingerprint_version: body.hardware_fingerprint_version,
          signature_seed_version: body.signature_seed_version,
          issued_at: formatIssuedAt(issuedAt),
        },
        decryptProductPrivateKey(license.private_key_encrypted, masterKey),
      );
    } catch (error) {
      if (error instanceof LicenseEncodingError) throw conflict(`The license cannot be signed: ${error.message}.`);
      throw error;
    }

    const { activation, fingerprintAdded } = await recordActivation(trx, {
      manufacturerId: principal.manufacturerId,
      licenseId: license.id,
      userId: license.user_id,
      hardwareFingerprint,
      hardwareFingerprintVersion: body.hardware_fingerprint_version,
      signatureSeedVersion: body.signature_seed_version,
      issuedAt,
    });
    await recordAudit(trx, principal, {
      manufacturerId: principal.manufacturerId,
      action: 'license.activate',
      entityType: 'license',
      entityId: license.id,
      after: { activation_id: activation.id, user_id: license.user_id, hardware_fingerprint: hardwareFingerprint, hardware_fingerprint_version: body.hardware_fingerprint_version, signature_seed_version: body.signature_seed_version, issued_at: file.issued_at, fingerprint_added: fingerprintAdded },
    });
    return file;
  });
}
