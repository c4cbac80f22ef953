import { sql, type Kysely } from 'kysely';

/**
 * The licence file version a plugin asked for when it started a browser activation (docs/licence-file.md, "Format
 * version 2"): the approval signs that version for the poll to deliver. Requests made before it asked for version 1.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE browser_activations
      ADD COLUMN license_file_version smallint NOT NULL DEFAULT 1 CHECK (license_file_version IN (1, 2))
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE browser_activations DROP COLUMN license_file_version`.execute(db);
}
