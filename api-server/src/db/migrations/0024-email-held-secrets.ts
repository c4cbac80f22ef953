import { sql, type Kysely } from 'kysely';

/**
 * A mail that carries a one-time secret (a sign-in code or link, a confirmation) also gets a masked copy of its
 * subject, HTML and text. Staff read the masked copy in the Emails log (they could otherwise sign in as the
 * customer), and once the mail is final (sent, or failed for good) the masked copy replaces the original in the
 * outbox, so no secret stays at rest. Kept mails (no SMTP server) reach nobody else and stay whole.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE email_outbox
      ADD COLUMN masked_subject text,
      ADD COLUMN masked_html text,
      ADD COLUMN masked_text text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE email_outbox DROP COLUMN masked_subject, DROP COLUMN masked_html, DROP COLUMN masked_text`.execute(
    db,
  );
}
