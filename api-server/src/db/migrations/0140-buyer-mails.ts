import { sql, type Kysely } from 'kysely';

/**
 * The mails a buyer gets (docs/email.md, "Mails to buyers"): a manufacturer's switches, one row per mail switched
 * (no row: on), and on each trial when its "ends in 3 days" and "ended" mails were written, so the scheduled pass
 * writes each once: the UPDATE that sets the mark and the outbox row commit together.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE buyer_mail_switches (
      manufacturer_id integer NOT NULL REFERENCES manufacturers (id) ON DELETE CASCADE,
      mail text NOT NULL,
      enabled boolean NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (manufacturer_id, mail)
    );

    ALTER TABLE trials ADD COLUMN ending_mailed_at timestamptz, ADD COLUMN ended_mailed_at timestamptz;
    CREATE INDEX trials_ending_unmailed_idx ON trials (expires_at) WHERE ending_mailed_at IS NULL;
    CREATE INDEX trials_ended_unmailed_idx ON trials (expires_at) WHERE ended_mailed_at IS NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX trials_ended_unmailed_idx;
    DROP INDEX trials_ending_unmailed_idx;
    ALTER TABLE trials DROP COLUMN ended_mailed_at, DROP COLUMN ending_mailed_at;
    DROP TABLE buyer_mail_switches;
  `.execute(db);
}
