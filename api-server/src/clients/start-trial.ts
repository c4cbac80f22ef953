import type { StartTrialBody, TrialFile } from 'shared-kit/contract';
import { TRIAL_FILE_FORMAT, signDocument } from 'signed-formats';
import type { Db } from '../db/database';
import type { ProductKeyOf } from '../crypto/product-key-cache';
import { conflict, notFound } from '../lib/http-error';
import { hardwareFingerprintOf } from '../licenses/license-rules';
import { machineHasTrial, startOrFindTrial } from './queries/client-trials';
import { PRODUCT_NOT_FOUND, documentTime, secondsNow, type ClientCall } from './client-values';

export const PRODUCT_HAS_NO_TRIAL = 'This product has no trial (its trial days are 0).';

export interface TrialCall extends ClientCall {
  /** Counts a new trial against its limit (clients/routes/client-guard.ts); refuses it with a 429 when over. */
  admitNewTrial: () => Promise<void>;
}

/**
 * The machine's trial of the product as a signed trial file: started now, or the one it already has. One
 * statement reads the product, starts or finds the trial and audits it; the file is signed from what it answers
 * (asking again signs the same trial again, so a lost answer costs nothing). Only a machine without a trial of
 * the product counts against the new-trial limit, before anything is written (a refused call leaves no trial, no
 * audit row and so no webhook delivery).
 */
export async function startTrial(
  db: Db,
  productKeyOf: ProductKeyOf,
  call: TrialCall,
  body: StartTrialBody,
): Promise<{ file: TrialFile; created: boolean }> {
  const hardwareFingerprint = hardwareFingerprintOf(body.hardware_fingerprint);
  if (!(await machineHasTrial(db, body.product_id, hardwareFingerprint))) await call.admitNewTrial();
  const found = await startOrFindTrial(db, body.product_id, hardwareFingerprint, {
    actor: 'client',
    address: call.address,
    hardware_fingerprint: hardwareFingerprint,
  });
  if (!found) throw notFound(PRODUCT_NOT_FOUND);
  if (found.trial_days === 0 || found.trial_id === null || found.created_at === null || found.expires_at === null)
    throw conflict(PRODUCT_HAS_NO_TRIAL);
  const file = signDocument(
    TRIAL_FILE_FORMAT,
    {
      product_id: found.id,
      hardware_fingerprint: hardwareFingerprint,
      started_at: documentTime(found.created_at),
      expires_at: documentTime(found.expires_at),
      issued_at: documentTime(secondsNow()),
    },
    productKeyOf(found.private_key_encrypted),
  );
  return { file, created: found.created === true };
}
