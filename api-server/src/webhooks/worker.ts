import { sql } from 'kysely';
import type { Db } from '../db/database';
import { decrypt } from '../crypto/product-keys';
import { retryDelayMs } from './backoff';
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

/**
 * Claims due deliveries: rows another worker holds are skipped (SKIP LOCKED), and a claimed row is pushed a
 * lease into the future and counted as an attempt in the same statement, so it stays invisible to every
 * worker while this one sends it. A worker dying mid-delivery leaves the row pending: it is due again when the
 * lease ends and another worker delivers it. A disabled endpoint's deliveries wait until it is enabled again.
 */
export async function claimDueDeliveries(db: Db, settings: WebhookSettings): Promise<ClaimedDelivery[]> {
  const result = await sql<ClaimedDelivery>`
    WITH due AS (
      SELECT d.id FROM webhook_deliveries d
      JOIN webhook_endpoints ep ON ep.id = d.endpoint_id AND ep.enabled
      WHERE d.status = 'pending' AND d.next_attempt_at <= now()
      ORDER BY d.next_attempt_at
      LIMIT ${settings.batchSize}
      FOR UPDATE OF d SKIP LOCKED
    ), claimed AS (
      UPDATE webhook_deliveries d
      SET attempts = d.attempts + 1, next_attempt_at = now() + ${settings.leaseMs} * interval '1 millisecond', last_attempt_at = now()
      FROM due WHERE d.id = due.id
      RETURNING d.id, d.attempts, d.event_id, d.endpoint_id
    )
    SELECT claimed.id, claimed.attempts, claimed.event_id, e.payload, e.created_at, ep.url, ep.secret_encrypted
    FROM claimed
    JOIN webhook_events e ON e.id = claimed.event_id
    JOIN webhook_endpoints ep ON ep.id = claimed.endpoint_id`.execute(db);
  return result.rows;
}

/** Records one attempt's outcome, unless the lease ran out and another worker claimed the row meanwhile. */
async function recordOutcome(db: Db, settings: WebhookSettings, delivery: ClaimedDelivery, result: SendResult): Promise<void> {
  const succeeded = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
  const status = succeeded ? 'succeeded' : delivery.attempts >= settings.maxAttempts ? 'failed' : 'pending';
  const delay = status === 'pending' ? retryDelayMs(delivery.attempts, settings.retryBaseMs) : 0;
  const error = succeeded ? null : (result.error ?? `HTTP ${result.statusCode}`);
  await sql`
    UPDATE webhook_deliveries
    SET status = ${status}, response_code = ${result.statusCode}, duration_ms = ${result.durationMs}, last_error = ${error},
      next_attempt_at = now() + ${delay} * interval '1 millisecond'
    WHERE id = ${delivery.id} AND attempts = ${delivery.attempts} AND status = 'pending'`.execute(db);
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
      'webhook-signature': signatureHeader(decrypt(delivery.secret_encrypted, masterKey).toString(), messageId, timestamp, body),
      'user-agent': 'ProductHub-Webhooks/1',
    },
  });
  await recordOutcome(db, settings, delivery, result);
}

/** One pass: claims what is due, delivers it; answers how many deliveries were claimed. */
export async function deliverDue(db: Db, masterKey: Buffer, settings: WebhookSettings, onError: (error: unknown) => void = () => undefined): Promise<number> {
  const claimed = await claimDueDeliveries(db, settings);
  await Promise.all(claimed.map((delivery) => deliver(db, masterKey, settings, delivery).catch(onError)));
  return claimed.length;
}

export interface WebhookWorker {
  /** Stops polling and waits for the deliveries in flight (each bounded by the time-out). */
  stop: () => Promise<void>;
}

export function startWebhookWorker(db: Db, masterKey: Buffer, settings: WebhookSettings, onError: (error: unknown) => void = () => undefined): WebhookWorker {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();

  const runOnce = () => deliverDue(db, masterKey, settings, onError);

  const tick = () => {
    running = runOnce()
      .catch((error: unknown) => {
        onError(error);
        return 0;
      })
      .then((count) => {
        // A full batch means more may be due: go on at once.
        if (!stopped) timer = setTimeout(tick, count >= settings.batchSize ? 0 : settings.pollIntervalMs);
      });
  };
  timer = setTimeout(tick, 0);

  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
