import { sql, type Kysely } from 'kysely';

/**
 * Sessions record when they were last used (idle timeout, ASVS 7.3.1), and rate-limit counters live in the
 * database so that every server instance counts the same attempts.
 *
 * Recording use must not evict the cached sessions of every instance each minute: the sessions trigger now
 * fires only when a column that can end or alter a principal changes (or on DELETE), never for last_used_at.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE sessions ADD COLUMN last_used_at timestamptz NOT NULL DEFAULT now();

    CREATE TABLE rate_limits (
      bucket text PRIMARY KEY,
      hits integer NOT NULL,
      window_ends_at timestamptz NOT NULL
    );
    CREATE INDEX rate_limits_window_ends_at_idx ON rate_limits (window_ends_at);

    DROP TRIGGER sessions_principal_changes ON sessions;
    CREATE TRIGGER sessions_principal_changes AFTER UPDATE OF id, token_hash, system_user_id, expires_at, revoked_at OR DELETE ON sessions
      FOR EACH ROW EXECUTE FUNCTION sessions_principal_changes();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER sessions_principal_changes ON sessions;
    CREATE TRIGGER sessions_principal_changes AFTER UPDATE OR DELETE ON sessions
      FOR EACH ROW EXECUTE FUNCTION sessions_principal_changes();
    DROP TABLE rate_limits;
    ALTER TABLE sessions DROP COLUMN last_used_at;
  `.execute(db);
}
