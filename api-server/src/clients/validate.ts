import type { StateDocument, ValidateBody } from 'shared-kit/contract';
import type { Db } from '../db/database';
import type { ProductKeyOf } from '../crypto/product-key-cache';
import { notFound } from '../lib/http-error';
import { hardwareFingerprintOf } from '../licensing/license-rules';
import { STATE_DOCUMENT } from '../licensing/client-documents';
import { signDocument } from '../licensing/signed-document';
import { findClientLicense } from '../repositories/client-licenses';
import { findLicenseMachine } from '../repositories/license-machines';
import { LICENSE_NOT_FOUND, documentTime, recordClientAudit, secondsNow, serialOf, type ClientCall } from './client-values';

/** The licence's current state for this machine, signed and bound to the caller's nonce. */
export async function validateLicense(db: Db, productKeyOf: ProductKeyOf, call: ClientCall, body: ValidateBody): Promise<StateDocument> {
  const hardwareFingerprint = hardwareFingerprintOf(body.hardware_fingerprint);
  const license = await findClientLicense(db, body.product_id, serialOf(body.serial));
  if (!license) throw notFound(LICENSE_NOT_FOUND);
  const machine = await findLicenseMachine(db, license.id, hardwareFingerprint);
  const state = signDocument(
    STATE_DOCUMENT,
    {
      product_id: body.product_id,
      serial: license.serial,
      hardware_fingerprint: hardwareFingerprint,
      nonce: body.nonce,
      license_enabled: !license.disabled,
      disabled_reason: license.disabled ? (license.disabled_reason ?? '') : '',
      machine_activated: machine !== undefined && machine.deactivated_at === null,
      issued_at: documentTime(secondsNow()),
    },
    productKeyOf(license.private_key_encrypted),
  ) as StateDocument;
  await recordClientAudit(db, call, {
    manufacturerId: license.manufacturer_id,
    action: 'client.license.validate',
    entityType: 'license',
    entityId: license.id,
    after: { hardware_fingerprint: hardwareFingerprint, license_enabled: state.license_enabled, machine_activated: state.machine_activated },
  });
  return state;
}
