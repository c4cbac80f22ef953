import type { Db } from '../db/database';
import { findSystemUserByEmail } from '../people/queries/system-users';
import { revokeSessionsOfUser } from '../auth/sessions';
import { recordAudit } from '../audit/queries/audit-log';
import { AdminCommandError } from './create-user';
import { databaseNow } from '../db/now';

/**
 * Disables (or enables again) a system user. Disabling ends every session of the user at once, in the same
 * transaction, so a leaver's open console stops working on its next call.
 */
export async function setSystemUserDisabled(db: Db, email: string, disabled: boolean): Promise<number> {
  const user = await findSystemUserByEmail(db, email);
  if (!user) throw new AdminCommandError(`There is no system user with the email ${email.trim()}.`);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('system_users')
      .set({ disabled, updated_at: databaseNow() })
      .where('id', '=', user.id)
      .execute();
    if (disabled) await revokeSessionsOfUser(trx, user.id);
    await recordAudit(trx, null, {
      manufacturerId: user.manufacturer_id,
      action: disabled ? 'system_user.disable' : 'system_user.enable',
      entityType: 'system_user',
      entityId: user.id,
      before: { disabled: user.disabled },
      after: { disabled },
    });
  });
  return user.id;
}
