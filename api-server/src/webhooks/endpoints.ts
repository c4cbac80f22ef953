import { sql } from 'kysely';
import type { WebhookEndpoint, WebhookDelivery } from 'shared-kit/contract';
import type { Db } from '../db/database';
import { encrypt } from '../crypto/product-keys';
import { messageIdOf, webhookBody, webhookDb } from './tables';

const PUBLIC_COLUMNS = ['id', 'manufacturer_id', 'url', 'event_types', 'enabled', 'created_at', 'updated_at'] as const;

type EndpointRow = {
  id: number;
  manufacturer_id: number;
  url: string;
  event_types: string[];
  enabled: boolean;
  created_at: Date;
  updated_at: Date;
};

export function toWebhookEndpoint(row: EndpointRow): WebhookEndpoint {
  return { ...row, created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString() };
}

export async function listEndpoints(db: Db, manufacturerId: number) {
  const rows = await webhookDb(db)
    .selectFrom('webhook_endpoints')
    .select(PUBLIC_COLUMNS)
    .where('manufacturer_id', '=', manufacturerId)
    .orderBy('id')
    .execute();
  return rows.map(toWebhookEndpoint);
}

export async function findEndpoint(db: Db, manufacturerId: number, endpointId: number) {
  return webhookDb(db)
    .selectFrom('webhook_endpoints')
    .select(PUBLIC_COLUMNS)
    .where('manufacturer_id', '=', manufacturerId)
    .where('id', '=', endpointId)
    .executeTakeFirst();
}

/**
 * The manufacturer's endpoints, counted under a lock of its row (FOR NO KEY UPDATE: other writers that merely
 * reference it go on), so two creates at once cannot both pass the cap. Call inside the creating transaction.
 */
export async function countEndpointsLocked(db: Db, manufacturerId: number): Promise<number> {
  await db.selectFrom('manufacturers').select('id').where('id', '=', manufacturerId).forNoKeyUpdate().execute();
  const row = await webhookDb(db)
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .where('manufacturer_id', '=', manufacturerId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function insertEndpoint(
  db: Db,
  masterKey: Buffer,
  {
    secret,
    ...values
  }: { manufacturer_id: number; url: string; secret: string; event_types: string[]; enabled: boolean },
) {
  return webhookDb(db)
    .insertInto('webhook_endpoints')
    .values({ ...values, secret_encrypted: encrypt(Buffer.from(secret), masterKey) })
    .returning(PUBLIC_COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function updateEndpoint(
  db: Db,
  manufacturerId: number,
  endpointId: number,
  changes: { url?: string; event_types?: string[]; enabled?: boolean },
) {
  return webhookDb(db)
    .updateTable('webhook_endpoints')
    .set({ ...changes, updated_at: sql`now()` })
    .where('manufacturer_id', '=', manufacturerId)
    .where('id', '=', endpointId)
    .returning(PUBLIC_COLUMNS)
    .executeTakeFirst();
}

export async function deleteEndpoint(db: Db, manufacturerId: number, endpointId: number) {
  return webhookDb(db)
    .deleteFrom('webhook_endpoints')
    .where('manufacturer_id', '=', manufacturerId)
    .where('id', '=', endpointId)
    .returning(PUBLIC_COLUMNS)
    .executeTakeFirst();
}

/** A new delivery of the event to the endpoint, due now (redeliver keeps the event, so its message id). */
export async function enqueueDelivery(db: Db, eventId: string, endpointId: number): Promise<string> {
  const row = await webhookDb(db)
    .insertInto('webhook_deliveries')
    .values({ event_id: eventId, endpoint_id: endpointId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertEvent(db: Db, manufacturerId: number, type: string, payload: unknown): Promise<string> {
  const row = await webhookDb(db)
    .insertInto('webhook_events')
    .values({ manufacturer_id: manufacturerId, type, payload: JSON.stringify(payload) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const deliveryColumns = (db: Db) =>
  webhookDb(db)
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
    .select([
      'd.id',
      'd.endpoint_id',
      'd.event_id',
      'e.type as event_type',
      'e.payload',
      'd.status',
      'd.attempts',
      'd.response_code',
      'd.duration_ms',
      'd.last_error',
      'd.last_attempt_at',
      'd.next_attempt_at',
      'd.created_at',
    ]);

type DeliveryRow = Awaited<ReturnType<ReturnType<typeof deliveryColumns>['executeTakeFirstOrThrow']>>;

export function toWebhookDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: Number(row.id),
    endpoint_id: row.endpoint_id,
    message_id: messageIdOf(row.event_id),
    event_type: row.event_type,
    payload: webhookBody(row.payload),
    status: row.status,
    attempts: row.attempts,
    response_code: row.response_code,
    duration_ms: row.duration_ms,
    last_error: row.last_error,
    last_attempt_at: row.last_attempt_at?.toISOString() ?? null,
    next_attempt_at: row.status === 'pending' ? row.next_attempt_at.toISOString() : null,
    created_at: row.created_at.toISOString(),
  };
}

export async function findDelivery(db: Db, endpointId: number, deliveryId: number) {
  return deliveryColumns(db)
    .where('d.endpoint_id', '=', endpointId)
    .where('d.id', '=', String(deliveryId))
    .executeTakeFirst();
}

export async function listDeliveries(db: Db, endpointId: number, page: { perPage: number; offset: number }) {
  const [rows, total] = await Promise.all([
    deliveryColumns(db)
      .where('d.endpoint_id', '=', endpointId)
      .orderBy('d.id', 'desc')
      .limit(page.perPage)
      .offset(page.offset)
      .execute(),
    webhookDb(db)
      .selectFrom('webhook_deliveries')
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .where('endpoint_id', '=', endpointId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(toWebhookDelivery), total: Number(total.total) };
}
