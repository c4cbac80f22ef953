import { sql, type Kysely } from 'kysely';

/**
 * Every change that can end or alter a signed-in principal (a session revoked, expired early or deleted; a
 * system user disabled, changed or deleted; a manufacturer renamed or deleted) is announced on the channel
 * `principal_changes` at commit, whoever makes it (the API, `admin disable-user`, a hand-written statement).
 * Each server instance listens and evicts its cached sessions (src/auth/session-cache.ts).
 */
export const PRINCIPAL_CHANGES_CHANNEL = 'principal_changes';

const SOURCES = [
  { table: 'sessions', kind: 'session' },
  { table: 'system_users', kind: 'user' },
  { table: 'manufacturers', kind: 'manufacturer' },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const { table, kind } of SOURCES) {
    await sql
      .raw(
        `CREATE FUNCTION ${table}_principal_changes() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN
           PERFORM pg_notify('${PRINCIPAL_CHANGES_CHANNEL}', '${kind}:' || OLD.id);
           RETURN NULL;
         END $$;
         CREATE TRIGGER ${table}_principal_changes AFTER UPDATE OR DELETE ON ${table}
           FOR EACH ROW EXECUTE FUNCTION ${table}_principal_changes();`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { table } of SOURCES) {
    await sql
      .raw(`DROP TRIGGER ${table}_principal_changes ON ${table}; DROP FUNCTION ${table}_principal_changes();`)
      .execute(db);
  }
}
