import { sql, type Kysely } from 'kysely';

/**
 * Fair webhook delivery (docs/webhooks.md, "Fair delivery"): the worker takes each enabled endpoint's oldest due
 * deliveries, so an index by endpoint and due time over pending rows serves it. Every statement inserting
 * deliveries (the audit trigger, Redeliver, "Send test event") notifies `webhook_outbox` at its commit, so the
 * workers send them at once instead of at their next poll; an audited statement that inserted none (the audit
 * trigger's INSERT … SELECT found no subscribed endpoint) notifies nobody.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX webhook_deliveries_endpoint_due_idx ON webhook_deliveries (endpoint_id, next_attempt_at)
      WHERE status = 'pending';

    CREATE FUNCTION webhook_deliveries_wake_up() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM new_deliveries) THEN PERFORM pg_notify('webhook_outbox', ''); END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER webhook_deliveries_wake_up AFTER INSERT ON webhook_deliveries
      REFERENCING NEW TABLE AS new_deliveries FOR EACH STATEMENT EXECUTE FUNCTION webhook_deliveries_wake_up();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER webhook_deliveries_wake_up ON webhook_deliveries;
    DROP FUNCTION webhook_deliveries_wake_up();
    DROP INDEX webhook_deliveries_endpoint_due_idx;
  `.execute(db);
}
