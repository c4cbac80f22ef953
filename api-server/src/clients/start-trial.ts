import type { StartTrialBody, TrialFile } from 'shared-kit/contract';
import type { Db } from '../db/database';
import type { ProductKeyOf } from '../crypto/product-key-cache';
import { conflict, notFound } from '../lib/http-error';
import { hardwareFingerprintOf } from '../licensing/license-rules';
import { TRIAL_DOCUMENT } from '../licensing/client-documents';
import { signDocument } from '../licensing/signed-document';
import { findClientProduct } from '../repositories/client-licenses';
import { startOrFindTrial } from '../repositories/client-trials';
import { PRODUCT_NOT_FOUND, documentTime, recordClientAudit, secondsNow, type ClientCall } from './client-values';

export const PRODUCT_HAS_NO_TRIAL = 'This product has no trial (its trial days are 0).';

/** The machine's trial of the product as a signed trial file: started now, or the one it already has. */
export async function startTrial(db: Db, productKeyOf: ProductKeyOf, call: ClientCall, body: StartTrialBody): Promise<{ file: TrialFile; created: boolean }> {
  const hardwareFingerprint = hardwareFingerprintOf(body.hardware_fingerprint);
  const product = await findClientProduct(db, body.product_id);
  if (!product) throw notFound(PRODUCT_NOT_FOUND);
  if (product.trial_days === 0) throw conflict(PRODUCT_HAS_NO_TRIAL);
  return db.transaction().execute(async (trx) => {
    const trial = await startOrFindTrial(trx, product, hardwareFingerprint);
    const file = signDocument(
      TRIAL_DOCUMENT,
      {
        product_id: product.id,
        hardware_fingerprint: hardwareFingerprint,
        started_at: documentTime(trial.created_at),
        expires_at: documentTime(trial.expires_at),
        issued_at: documentTime(secondsNow()),
      },
      productKeyOf(product.private_key_encrypted),
    );
    await recordClientAudit(trx, call, {
      manufacturerId: product.manufacturer_id,
      action: trial.created ? 'client.trial.start' : 'client.trial.reissue',
      entityType: 'trial',
      entityId: trial.id,
      after: { product_id: product.id, hardware_fingerprint: hardwareFingerprint, expires_at: file.expires_at },
    });
    return { file, created: trial.created };
  });
}
