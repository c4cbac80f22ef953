import { sql } from 'kysely';
import type { Db } from '../db/database';
import { decrypt } from '../crypto/product-keys';
import { claimDue, type OutboxTable } from '../outbox/claim';
import { startPollLoop, type OutboxWorker } from '../outbox/poll-loop';
import { recordAttempt } from '../outbox/record-attempt';
import { sendWebhook, type SendResult } from './send';
import type { WebhookSettings } from './settings';
import { signatureHeader } from './signature';
import { messageIdOf } from './tables';

interface ClaimedDelivery {
  id: string;
  attempts: number;
  event_id: string;
  payload: unknown;
  created_at: Date;
  url: string;
  secret_encrypted: string;
}

/** The deliveries outbox: a disabled endpoint's deliveries wait until it is enabled again. */
const DELIVERIES: OutboxTable<ClaimedDelivery> = {
  table: 'webhook_deliveries',
  dueWhen: sql`EXISTS (SELECT 1 FROM webhook_endpoints ep WHERE ep.id = o.endpoint_id AND ep.enabled)`,
  selectClaimed: sql<ClaimedDelivery>`
    SELECT claimed.id, claimed.attempts, claimed.event_id, e.payload, e.created_at, ep.url, ep.secret_encrypted
    FROM claimed
    JOIN webhook_events e ON e.id = claimed.event_id
    JOIN webhook_endpoints ep ON ep.id = claimed.endpoint_id`,
};

/** Claims due deliveries with the outbox's lease (outbox/claim.ts). */
export function claimDueDeliveries(db: Db, settings: WebhookSettings): Promise<ClaimedDelivery[]> {
  return claimDue(db, DELIVERIES, settings);
}

function recordOutcome(
  db: Db,
  settings: WebhookSettings,
  delivery: ClaimedDelivery,
  result: SendResult,
): Promise<void> {
  const succeeded = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
  return recordAttempt(db, DELIVERIES.table, settings, delivery, {
    finalStatus: succeeded ? 'succeeded' : undefined,
    error: succeeded ? null : (result.error ?? `HTTP ${result.statusCode}`),
    set: sql`response_code = ${result.statusCode}, duration_ms = ${result.durationMs}`,
  });
}

async function deliver(db: Db, masterKey: Buffer, settings: WebhookSettings, delivery: ClaimedDelivery): Promise<void> {
  const messageId = messageIdOf(delivery.event_id);
  const timestamp = Math.floor(Date.now() / 1000);
  const body = JSON.stringify(delivery.payload);
  const result = await sendWebhook({
    url: delivery.url,
    body,
    timeoutMs: settings.timeoutMs,
    allowPrivate: settings.allowPrivateTargets,
    headers: {
      'webhook-id': messageId,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signatureHeader(
        decrypt(delivery.secret_encrypted, masterKey).toString(),
        messageId,
        timestamp,
        body,
      ),
      'user-agent': 'ProductHub-Webhooks/1',
    },
  });
  await recordOutcome(db, settings, delivery, result);
}

/** One pass: claims what is due, delivers it; answers how many deliveries were claimed. */
export async function deliverDue(
  db: Db,
  masterKey: Buffer,
  settings: WebhookSettings,
  onError: (error: unknown) => void = () => undefined,
): Promise<number> {
  const claimed = await claimDueDeliveries(db, settings);
  await Promise.all(claimed.map((delivery) => deliver(db, masterKey, settings, delivery).catch(onError)));
  return claimed.length;
}

export type WebhookWorker = OutboxWorker;

export function startWebhookWorker(
  db: Db,
  masterKey: Buffer,
  settings: WebhookSettings,
  onError: (error: unknown) => void = () => undefined,
): WebhookWorker {
  return startPollLoop(() => deliverDue(db, masterKey, settings, onError), settings, onError);
}
