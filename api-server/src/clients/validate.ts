import type { StateDocument, ValidateBody } from 'shared-kit/contract';
import { STATE_DOCUMENT_FORMAT, signDocument } from 'signed-formats';
import type { Db } from '../db/database';
import type { ProductKeyOf } from '../crypto/product-key-cache';
import { conflict, notFound } from '../lib/http-error';
import { hardwareFingerprintOf } from '../licenses/license-rules';
import { FLOATING_LICENSE_NOT_ACTIVATED, licenseExpiredMessage } from '../licenses/activation/activate-machine';
import { readLicenseAndMachine } from '../licenses/queries/license-for-signing';
import { LICENSE_NOT_FOUND, documentTime, secondsNow, serialOf } from './client-values';

/**
 * The licence's current state for this machine, signed and bound to the caller's nonce: one read and no write, so
 * it is not audited (docs/client-api.md). A licence past its expiry and grace is a 409 "expired", a floating one a
 * 409 that sends the plugin to check out a seat (docs/licensing.md).
 */
export async function validateLicense(db: Db, productKeyOf: ProductKeyOf, body: ValidateBody): Promise<StateDocument> {
  const hardwareFingerprint = hardwareFingerprintOf(body.hardware_fingerprint);
  const license = await readLicenseAndMachine(
    db,
    { productId: body.product_id, serial: serialOf(body.serial) },
    hardwareFingerprint,
  );
  if (!license) throw notFound(LICENSE_NOT_FOUND);
  if (license.floating) throw conflict(FLOATING_LICENSE_NOT_ACTIVATED);
  if (license.expired) throw conflict(licenseExpiredMessage(license.expires_at));
  const state = signDocument(
    STATE_DOCUMENT_FORMAT,
    {
      product_id: body.product_id,
      serial: license.serial,
      hardware_fingerprint: hardwareFingerprint,
      nonce: body.nonce,
      license_enabled: !license.disabled,
      disabled_reason: license.disabled ? (license.disabled_reason ?? '') : '',
      machine_activated: license.holds_slot === true,
      issued_at: documentTime(secondsNow()),
    },
    productKeyOf(license.private_key_encrypted),
  ) as StateDocument;
  return state;
}
