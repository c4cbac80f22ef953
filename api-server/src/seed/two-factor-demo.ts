import { sql } from 'kysely';
import type { Db } from '../db/database';
import { hashPassword } from '../auth/password';
import { insertSystemUser } from '../people/queries/system-users';
import { replaceRecoveryCodes, startTotpEnrolment } from '../two-factor/queries';
import { encryptTotpSecret } from '../two-factor/totp';
import { hashRecoveryCode, newRecoveryCodes } from '../two-factor/recovery-codes';

/**
 * A staff member of Aurora Audio with an authenticator app enrolled, so a person can try the two-step sign-in:
 * `npm start` prints the password and the TOTP secret to add to an authenticator app. Demo only: the secret is
 * public.
 */
export const DEMO_TWO_FACTOR_LOGIN = {
  manufacturer: 'Aurora Audio',
  email: 'security@aurora-audio.example',
  password: 'Aurora-Second-Factor-2026',
  totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
} as const;

export async function seedTwoFactorDemo(db: Db, masterKey: Buffer): Promise<void> {
  const login = DEMO_TWO_FACTOR_LOGIN;
  const manufacturer = await db
    .selectFrom('manufacturers')
    .select('id')
    .where('name', '=', login.manufacturer)
    .executeTakeFirstOrThrow();
  const userId = await insertSystemUser(db, {
    email: login.email,
    passwordHash: await hashPassword(login.password),
    accessLevel: 'manufacturer',
    manufacturerId: manufacturer.id,
  });
  await startTotpEnrolment(db, userId, encryptTotpSecret(login.totpSecret, masterKey));
  await db
    .updateTable('totp_factors')
    .set({ confirmed_at: sql<Date>`now()` })
    .where('system_user_id', '=', userId)
    .execute();
  // Recovery codes nobody was shown: the demo signs in with the app's codes.
  await replaceRecoveryCodes(db, userId, newRecoveryCodes().map(hashRecoveryCode));
}
