import { LICENSE_FILE_FORMAT_VERSION, type ActivateLicenseBody, type LicenseFile } from 'shared-kit/contract';
import { LICENSE_FILE_FORMAT, UnsignableValueError, formatSignedTime, signDocument } from 'signed-formats';
import type { Db } from '../../db/database';
import type { ProductKeyOf } from '../../crypto/product-key-cache';
import { conflict, notFound } from '../../lib/http-error';
import type { Principal } from '../../auth/principal';
import { recordActivation } from './queries';
import { hardwareFingerprintOf } from '../license-rules';

export const LICENSE_NOT_FOUND = 'License';
export const deactivatedLicenseMessage = (reason: string | null) =>
  `This license is deactivated${reason ? ` (${reason})` : ''}: it cannot be activated on a machine until it is activated again.`;
export const PRODUCT_WITHOUT_IDENTIFIER = 'The product has no identifier: give it one before activating its licenses, because the license file names the product by it.';
export const LICENSE_KEEPS_CHANGING = 'The license changed while it was being activated. Please try again.';

/** The licence's signed file for one machine; a value the encoding cannot carry is a 409. */
export function issueLicenseFile(
  productKeyOf: ProductKeyOf,
  license: { serial: string; license_type: LicenseFile['license_type']; product_identifier: string; user_id: number; user_email: string; private_key_encrypted: string },
  hardwareFingerprint: string,
  body: Pick<ActivateLicenseBody, 'hardware_fingerprint_version' | 'signature_seed_version'>,
  issuedAt: Date,
): LicenseFile {
  try {
    return signDocument(
      LICENSE_FILE_FORMAT,
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
        issued_at: formatSignedTime(issuedAt),
      },
      productKeyOf(license.private_key_encrypted),
    );
  } catch (error) {
    if (error instanceof UnsignableValueError) throw conflict(`The license cannot be signed: ${error.message}.`);
    throw error;
  }
}

/** Reads of a licence that changed between reading and writing before the activation gives up (each read is fresh). */
const ATTEMPTS = 3;

/**
 * Issues the signed licence file of a licence for one machine (docs/licence-file.md), records the activation and
 * the machine's fingerprint on the licence's owner, and audits it — all or nothing. Two round trips: read and
 * check the licence, sign, then one statement that writes only if the licence still says what was signed
 * (a deactivation or transfer in between is caught there, and the licence is read again).
 */
export async function activateLicense(
  db: Db,
  productKeyOf: ProductKeyOf,
  principal: Principal & { manufacturerId: number },
  licenseId: number,
  body: ActivateLicenseBody,
): Promise<LicenseFile> {
  const hardwareFingerprint = hardwareFingerprintOf(body.hardware_fingerprint);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const license = await db
      .selectFrom('licenses as l')
      .innerJoin('end_users as u', 'u.id', 'l.user_id')
      .innerJoin('products as p', 'p.id', 'l.product_id')
      .select([
        'l.id',
        'l.serial',
        'l.license_type',
        'l.disabled',
        'l.disabled_reason',
        'l.user_id',
        'u.email as user_email',
        'p.identifier as product_identifier',
        'p.private_key_encrypted',
      ])
      .where('l.id', '=', licenseId)
      .where('l.manufacturer_id', '=', principal.manufacturerId)
      .executeTakeFirst();
    if (!license) throw notFound(LICENSE_NOT_FOUND);
    if (license.disabled) throw conflict(deactivatedLicenseMessage(license.disabled_reason));
    const productIdentifier = license.product_identifier;
    if (!productIdentifier?.trim()) throw conflict(PRODUCT_WITHOUT_IDENTIFIER);

    const issuedAt = new Date(Math.floor(Date.now() / 1000) * 1000);
    const file = issueLicenseFile(productKeyOf, { ...license, product_identifier: productIdentifier }, hardwareFingerprint, body, issuedAt);

    const recorded = await recordActivation(db, principal, {
      manufacturerId: principal.manufacturerId,
      license: { ...license, product_identifier: productIdentifier },
      hardwareFingerprint,
      hardwareFingerprintVersion: body.hardware_fingerprint_version,
      signatureSeedVersion: body.signature_seed_version,
      issuedAt,
      auditAfter: {
        user_id: license.user_id,
        hardware_fingerprint: hardwareFingerprint,
        hardware_fingerprint_version: body.hardware_fingerprint_version,
        signature_seed_version: body.signature_seed_version,
        issued_at: file.issued_at,
      },
    });
    if (recorded) return file;
  }
  throw conflict(LICENSE_KEEPS_CHANGING);
}
