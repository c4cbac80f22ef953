import type { Db } from '../db/database';
import { hashPassword } from '../auth/password';
import { insertSystemUser } from '../people/queries/system-users';
import { DEMO_STAFF_ROLE_LOGINS } from './demo-logins';

/** Aurora Audio's staff of every role but owner (demo-logins.ts), each signing in with a password. */
export async function seedStaffRolesDemo(db: Db): Promise<void> {
  const manufacturer = await db
    .selectFrom('manufacturers')
    .select('id')
    .where('name', '=', 'Aurora Audio')
    .executeTakeFirstOrThrow();
  for (const login of DEMO_STAFF_ROLE_LOGINS) {
    await insertSystemUser(db, {
      email: login.email,
      passwordHash: await hashPassword(login.password),
      accessLevel: 'manufacturer',
      manufacturerId: manufacturer.id,
      staffRole: login.role,
    });
  }
}
