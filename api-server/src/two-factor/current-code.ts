import type { Db } from '../db/database';
import { findTotpFactor, takeTotpStep } from './queries';
import { decryptTotpSecret, totpStepOf } from './totp';

/**
 * The authenticator app's current code, taken so it cannot be used again: false when it is wrong, already used, or
 * the user has no confirmed app.
 */
export async function takeCurrentCode(db: Db, masterKey: Buffer, systemUserId: number, code: string): Promise<boolean> {
  const factor = await findTotpFactor(db, systemUserId);
  const step = factor?.confirmed_at ? totpStepOf(decryptTotpSecret(factor.secret_encrypted, masterKey), code) : null;
  return step !== null && (await takeTotpStep(db, systemUserId, step, false));
}
