import { LAST_FACTOR_REQUIRED } from 'shared-kit/contract';
import type { Db } from '../db/database';
import { HttpError } from '../lib/http-error';
import { hasConfirmedFactor } from './queries';
import { listPasskeys } from './passkey-queries';
import { isTwoFactorRequiredFor } from './requirement-queries';

/** Locks the user's row, so two removals of their factors run one after the other (see refuseLosingLastFactor). */
export async function lockFactorsOf(trx: Db, systemUserId: number): Promise<void> {
  await trx.selectFrom('system_users').select('id').where('id', '=', systemUserId).forUpdate().executeTakeFirst();
}

/**
 * Called in the removal's transaction, after the removal and under lockFactorsOf: where two-factor is required of
 * the user and no factor is left, the removal is refused (409) and rolled back.
 */
export async function refuseLosingLastFactor(
  trx: Db,
  user: { systemUserId: number; manufacturerId: number | null },
): Promise<void> {
  if (await hasConfirmedFactor(trx, user.systemUserId)) return;
  if ((await listPasskeys(trx, user.systemUserId)).length > 0) return;
  if (await isTwoFactorRequiredFor(trx, { manufacturer_id: user.manufacturerId }))
    throw new HttpError(409, LAST_FACTOR_REQUIRED);
}
