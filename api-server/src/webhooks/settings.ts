import { positiveSetting as positive, type OutboxSettings } from '../outbox/settings';

/** Webhook delivery settings (README's configuration table; docs/webhooks.md); the lease outlasts the timeout. */
export interface WebhookSettings extends OutboxSettings {
  /** Allow loopback, private, link-local targets (tests, an operator's own network). */
  allowPrivateTargets: boolean;
  timeoutMs: number;
  /** Sends one manufacturer may have in flight on one instance, of its `batchSize` slots (docs/webhooks.md). */
  perManufacturer: number;
}

export function readWebhookSettings(env: NodeJS.ProcessEnv = process.env): WebhookSettings {
  const timeoutMs = positive(env, 'PRODUCTHUB_WEBHOOK_TIMEOUT_MS', 10_000);
  return {
    allowPrivateTargets: env.PRODUCTHUB_WEBHOOK_ALLOW_PRIVATE === 'true',
    timeoutMs,
    maxAttempts: positive(env, 'PRODUCTHUB_WEBHOOK_MAX_ATTEMPTS', 15),
    retryBaseMs: positive(env, 'PRODUCTHUB_WEBHOOK_RETRY_BASE_MS', 5_000),
    pollIntervalMs: positive(env, 'PRODUCTHUB_WEBHOOK_POLL_MS', 1_000),
    leaseMs: timeoutMs * 3 + 5_000,
    batchSize: 16,
    perManufacturer: 4,
  };
}
