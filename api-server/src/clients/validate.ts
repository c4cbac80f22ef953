import {
  CLIENT_ANSWER_V2_VERSION,
  type AnyStateDocument,
  type StateDocument,
  type ValidateBody,
} from 'shared-kit/contract';
import { STATE_DOCUMENT_FORMAT, STATE_DOCUMENT_V2_FORMAT, signDocument } from 'signed-formats';
import type { Db } from '../db/database';
import type { ProductKeyOf } from '../crypto/product-key-cache';
import { conflict, notFound } from '../lib/http-error';
import { hardwareFingerprintOf } from '../licenses/license-rules';
import { FLOATING_LICENSE_NOT_ACTIVATED, licenseExpiredMessage } from '../licenses/activation/activate-machine';
import { consumeRateLimits } from '../auth/rate-limits';
import {
  countAndReadLicenseAndMachine,
  readLicenseAndMachine,
  type LicenseAndMachine,
} from '../licenses/queries/license-for-signing';
import { findLicenseFileTerms } from '../policies/queries/license-terms';
import {
  LICENSE_NOT_FOUND,
  countedInput,
  documentTime,
  secondsNow,
  serialOf,
  type GuardedClientCall,
} from './client-values';

/**
 * The licence's current state for this machine, signed and bound to the caller's nonce: one read and no write, so
 * it is not audited (docs/client-api.md). A licence past its expiry and grace is a 409 "expired", a floating one a
 * 409 that sends the plugin to check out a seat (docs/licensing.md). With `answer_version: 2` the answer is version 2,
 * carrying the licence's terms (a second read in the same snapshot, paid only by the plugins that ask); without it,
 * version 1. The call is counted against its rate limits first, in the licence's read for version 1 (one round trip).
 */
export async function validateLicense(
  db: Db,
  productKeyOf: ProductKeyOf,
  call: GuardedClientCall,
  body: ValidateBody,
): Promise<AnyStateDocument> {
  if (body.answer_version !== CLIENT_ANSWER_V2_VERSION) {
    const { hardwareFingerprint, serial } = await countedInput(db, call, () => ({
      hardwareFingerprint: hardwareFingerprintOf(body.hardware_fingerprint),
      serial: serialOf(body.serial),
    }));
    const key = { productId: body.product_id, serial };
    const { decision, row } = await countAndReadLicenseAndMachine(db, call.limits, key, hardwareFingerprint);
    call.admit(decision);
    return signState(db, productKeyOf, body, hardwareFingerprint, row, false);
  }
  call.admit(await consumeRateLimits(db, call.limits));
  // The licence's state and its terms from one snapshot: a change committed between the two reads is in both or in neither.
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const hardwareFingerprint = hardwareFingerprintOf(body.hardware_fingerprint);
      const key = { productId: body.product_id, serial: serialOf(body.serial) };
      const license = await readLicenseAndMachine(trx, key, hardwareFingerprint);
      return signState(trx, productKeyOf, body, hardwareFingerprint, license, true);
    });
}

async function signState(
  db: Db,
  productKeyOf: ProductKeyOf,
  body: ValidateBody,
  hardwareFingerprint: string,
  license: LicenseAndMachine | undefined,
  withTerms: boolean,
): Promise<AnyStateDocument> {
  if (!license) throw notFound(LICENSE_NOT_FOUND);
  if (license.floating) throw conflict(FLOATING_LICENSE_NOT_ACTIVATED);
  if (license.expired) throw conflict(licenseExpiredMessage(license.expires_at));
  const claims = {
    product_id: body.product_id,
    serial: license.serial,
    hardware_fingerprint: hardwareFingerprint,
    nonce: body.nonce,
    license_enabled: !license.disabled,
    disabled_reason: (license.disabled ? (license.disabled_reason ?? '') : '') as StateDocument['disabled_reason'],
    machine_activated: license.holds_slot === true,
    issued_at: documentTime(secondsNow()),
  };
  const privateKey = productKeyOf(license.private_key_encrypted);
  if (!withTerms) return signDocument(STATE_DOCUMENT_FORMAT, claims, privateKey);
  const terms = await findLicenseFileTerms(db, license.id);
  return signDocument(STATE_DOCUMENT_V2_FORMAT, { ...claims, ...terms }, privateKey);
}
