import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE system_users ADD COLUMN staff_role text DEFAULT 'owner';
    UPDATE system_users SET staff_role = NULL WHERE access_level = 'superuser';`.execute(db);
}
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE system_users DROP COLUMN staff_role`.execute(db);
}
