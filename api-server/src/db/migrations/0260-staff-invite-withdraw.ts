import { sql, type Kysely } from 'kysely';

/** Withdrawing a staff invite (docs/staff-access.md, "Managing staff") is sent to webhooks like the other changes. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    INSERT INTO webhook_event_types (audit_action, event_type) VALUES ('staff.invite_withdraw', 'staff.invite_withdrawn');
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM webhook_event_types WHERE audit_action = 'staff.invite_withdraw'`.execute(db);
}
