import { sql, type Kysely } from 'kysely';

/**
 * Bulk at 1,000 (docs/performance.md, "Bulk update: set-based, the ids lead, cheaper audit rows"): 0009's outbox
 * trigger ran once per audit row (a mapping lookup, an endpoint probe, two single-row inserts each), so a bulk change
 * of 1,000 licences paid 1,000 function calls even when nobody was subscribed. It becomes a statement trigger over the
 * statement's new audit rows: one INSERT … SELECT of the events of every mapped row whose manufacturer has an enabled
 * endpoint subscribed to it, in audit-row order, then one INSERT … SELECT of their deliveries; when no inserted row's
 * manufacturer has an enabled endpoint at all, it stops after one probe. Events, payloads and deliveries are the same
 * as 0009's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER audit_log_webhook_event ON audit_log;
    DROP FUNCTION audit_log_webhook_event();

    CREATE FUNCTION audit_log_webhook_events() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NOT EXISTS (
        SELECT 1 FROM webhook_endpoints e
        WHERE e.enabled AND e.manufacturer_id IN (SELECT DISTINCT n.manufacturer_id FROM new_audit_rows n)
      ) THEN RETURN NULL; END IF;
      WITH events AS (
        INSERT INTO webhook_events (manufacturer_id, type, payload, created_at)
        SELECT n.manufacturer_id, t.event_type, jsonb_build_object(
          'type', t.event_type,
          'timestamp', to_char(n.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'data', jsonb_build_object(
            'object', n.entity_type,
            'id', n.entity_id,
            'manufacturer_id', n.manufacturer_id,
            'actor_system_user_id', n.actor_system_user_id,
            'before', n.before,
            'after', n.after)), n.created_at
        FROM new_audit_rows n JOIN webhook_event_types t ON t.audit_action = n.action
        WHERE EXISTS (
          SELECT 1 FROM webhook_endpoints e
          WHERE e.manufacturer_id = n.manufacturer_id AND e.enabled AND t.event_type = ANY (e.event_types)
        )
        ORDER BY n.id
        RETURNING id, manufacturer_id, type
      )
      INSERT INTO webhook_deliveries (event_id, endpoint_id)
      SELECT events.id, e.id FROM events JOIN webhook_endpoints e
        ON e.manufacturer_id = events.manufacturer_id AND e.enabled AND events.type = ANY (e.event_types)
      ORDER BY events.id, e.id;
      RETURN NULL;
    END $$;
    CREATE TRIGGER audit_log_webhook_events AFTER INSERT ON audit_log
      REFERENCING NEW TABLE AS new_audit_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_log_webhook_events();
  `.execute(db);
}

/** Back to 0009's row trigger, word for word. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER audit_log_webhook_events ON audit_log;
    DROP FUNCTION audit_log_webhook_events();

    CREATE FUNCTION audit_log_webhook_event() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      mapped text;
      new_event bigint;
    BEGIN
      IF NEW.manufacturer_id IS NULL THEN RETURN NULL; END IF;
      SELECT event_type INTO mapped FROM webhook_event_types WHERE audit_action = NEW.action;
      IF mapped IS NULL OR NOT EXISTS (
        SELECT 1 FROM webhook_endpoints
        WHERE manufacturer_id = NEW.manufacturer_id AND enabled AND mapped = ANY (event_types)
      ) THEN RETURN NULL; END IF;
      INSERT INTO webhook_events (manufacturer_id, type, payload, created_at)
      VALUES (NEW.manufacturer_id, mapped, jsonb_build_object(
        'type', mapped,
        'timestamp', to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'data', jsonb_build_object(
          'object', NEW.entity_type,
          'id', NEW.entity_id,
          'manufacturer_id', NEW.manufacturer_id,
          'actor_system_user_id', NEW.actor_system_user_id,
          'before', NEW.before,
          'after', NEW.after)), NEW.created_at)
      RETURNING id INTO new_event;
      INSERT INTO webhook_deliveries (event_id, endpoint_id)
      SELECT new_event, id FROM webhook_endpoints
      WHERE manufacturer_id = NEW.manufacturer_id AND enabled AND mapped = ANY (event_types);
      RETURN NULL;
    END $$;
    CREATE TRIGGER audit_log_webhook_event AFTER INSERT ON audit_log
      FOR EACH ROW EXECUTE FUNCTION audit_log_webhook_event();
  `.execute(db);
}
