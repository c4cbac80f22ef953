import type { WebhookSettings } from '../../src/webhooks/settings';

/** Delivery settings for tests against a loopback receiver: private targets allowed, quick retries and polls. */
export const TEST_WEBHOOK_SETTINGS: WebhookSettings = {
  allowPrivateTargets: true,
  timeoutMs: 2_000,
  maxAttempts: 3,
  retryBaseMs: 1,
  pollIntervalMs: 20,
  leaseMs: 5_000,
  batchSize: 8,
  perManufacturer: 4,
};
