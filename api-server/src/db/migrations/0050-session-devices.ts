import { sql, type Kysely } from 'kysely';

/**
 * What a staff member needs to recognise a session of theirs in "My sessions": the browser it was signed in from
 * (its user agent, trimmed) and the client's address at sign-in. Both are null for sessions older than this.
 * The index serves the list of a user's live sessions and the revocation of all of them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE sessions ADD COLUMN user_agent text, ADD COLUMN address text;
    CREATE INDEX sessions_live_by_user ON sessions (system_user_id) WHERE revoked_at IS NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX sessions_live_by_user;
    ALTER TABLE sessions DROP COLUMN user_agent, DROP COLUMN address;
  `.execute(db);
}
