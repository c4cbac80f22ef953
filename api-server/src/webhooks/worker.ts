import { sql } from 'kysely';
import type { Db } from '../db/database';
import { decrypt } from '../crypto/product-keys';
import { startPollLoop, type OutboxWorker } from '../outbox/poll-loop';
import { recordAttempt } from '../outbox/record-attempt';
import { claimFairly, type ClaimedDelivery } from './fair-claim';
import { sendWebhook, type SendResult } from './send';
import type { WebhookSettings } from './settings';
import { signatureHeader } from './signature';
import { messageIdOf, webhookBody } from './tables';

const TABLE = 'webhook_deliveries';

/** Claims due deliveries fairly (fair-claim.ts), as many as a whole batch, with nothing in flight. */
export function claimDueDeliveries(db: Db, settings: WebhookSettings): Promise<ClaimedDelivery[]> {
  return claimFairly(db, {
    free: settings.batchSize,
    perManufacturer: settings.perManufacturer,
    busy: new Map(),
    leaseMs: settings.leaseMs,
  });
}

function recordOutcome(
  db: Db,
  settings: WebhookSettings,
  delivery: ClaimedDelivery,
  result: SendResult,
): Promise<void> {
  const succeeded = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
  return recordAttempt(db, TABLE, settings, delivery, {
    finalStatus: succeeded ? 'succeeded' : undefined,
    error: succeeded ? null : (result.error ?? `HTTP ${result.statusCode}`),
    set: sql`response_code = ${result.statusCode}, duration_ms = ${result.durationMs}`,
  });
}

async function deliver(db: Db, masterKey: Buffer, settings: WebhookSettings, delivery: ClaimedDelivery): Promise<void> {
  const messageId = messageIdOf(delivery.event_id);
  const timestamp = Math.floor(Date.now() / 1000);
  const body = webhookBody(delivery.payload);
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

/** One pass: claims what is due (fairly), delivers it and waits; answers how many deliveries were claimed. */
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

/**
 * A pool of `batchSize` sending slots: a slot freed by a finished send takes the next due delivery at once (the
 * finish wakes the loop), so no send waits for the slowest of a batch; a manufacturer holds at most
 * `perManufacturer` slots, so one tenant's endpoint that never answers cannot delay another's deliveries by more
 * than the time to claim them (docs/webhooks.md, "Fair delivery").
 */
export function startWebhookWorker(
  db: Db,
  masterKey: Buffer,
  settings: WebhookSettings,
  onError: (error: unknown) => void = () => undefined,
): WebhookWorker {
  const busy = new Map<number, number>();
  const sending = new Set<Promise<void>>();
  const take = (manufacturerId: number, delta: number) => {
    const count = (busy.get(manufacturerId) ?? 0) + delta;
    if (count > 0) busy.set(manufacturerId, count);
    else busy.delete(manufacturerId);
  };
  const fillFreeSlots = async () => {
    const claimed = await claimFairly(db, {
      free: settings.batchSize - sending.size,
      perManufacturer: settings.perManufacturer,
      busy,
      leaseMs: settings.leaseMs,
    });
    for (const delivery of claimed) {
      take(delivery.manufacturer_id, 1);
      const send: Promise<void> = deliver(db, masterKey, settings, delivery)
        .catch(onError)
        .finally(() => {
          sending.delete(send);
          take(delivery.manufacturer_id, -1);
          loop.wake();
        });
      sending.add(send);
    }
    return claimed.length;
  };
  // A pass that filled every slot is not followed at once by another: the next freed slot wakes the loop.
  const loop = startPollLoop(fillFreeSlots, { pollIntervalMs: settings.pollIntervalMs, batchSize: Infinity }, onError);
  return {
    wake: loop.wake,
    stop: async () => {
      await loop.stop();
      await Promise.all([...sending]);
    },
  };
}
