import type { Generated } from 'kysely';
import type { Db } from '../db/database';

/** Migration 0009's tables, typed here so the shared schema file stays untouched by this area. */
export type WebhookTables = {
  webhook_endpoints: {
    id: Generated<number>;
    manufacturer_id: number;
    url: string;
    /** The signing secret, encrypted with the master key like the product keys. */
    secret_encrypted: string;
    event_types: string[];
    enabled: Generated<boolean>;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  webhook_events: {
    id: Generated<string>;
    manufacturer_id: number;
    type: string;
    payload: unknown;
    created_at: Generated<Date>;
  };
  webhook_deliveries: {
    id: Generated<string>;
    event_id: string;
    endpoint_id: number;
    status: Generated<'pending' | 'succeeded' | 'failed'>;
    attempts: Generated<number>;
    next_attempt_at: Generated<Date>;
    last_attempt_at: Date | null;
    response_code: number | null;
    duration_ms: number | null;
    last_error: string | null;
    created_at: Generated<Date>;
  };
};

export const webhookDb = (db: Db) => db.withTables<WebhookTables>();
export type WebhookDb = ReturnType<typeof webhookDb>;

/** The Standard Webhooks message id of an event: the same on every attempt and every redelivery. */
export const messageIdOf = (eventId: string | number) => `msg_${eventId}`;

/** The body of every attempt at an event: what is signed, sent, and shown in the delivery log. */
export const webhookBody = (payload: unknown): string => JSON.stringify(payload);

/** Notified at the commit of every statement inserting deliveries (migration 0120): the workers wake up. */
export const WEBHOOK_OUTBOX_CHANNEL = 'webhook_outbox';
