import { ConfigError } from '../config';

/** Webhook delivery settings (README's configuration table; docs/webhooks.md). */
export interface WebhookSettings {
  /** Allow loopback, private, link-local targets (tests, an operator's own network). */
  allowPrivateTargets: boolean;
  timeoutMs: number;
  maxAttempts: number;
  /** The first retry's delay; each later one doubles it (with jitter). */
  retryBaseMs: number;
  pollIntervalMs: number;
  /** How long a claimed delivery stays invisible to other workers: longer than the timeout. */
  leaseMs: number;
  batchSize: number;
}

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new ConfigError(`${name} must be a whole number of at least 1, got '${raw}'`);
  return value;
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
    batchSize: 8,
  };
}
