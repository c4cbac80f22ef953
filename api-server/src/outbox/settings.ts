import { ConfigError } from '../config';

/** How an outbox is worked: every instance runs the same loop over the same table. */
export interface OutboxSettings {
  maxAttempts: number;
  /** The first retry's delay; each later one doubles it (with jitter). */
  retryBaseMs: number;
  pollIntervalMs: number;
  /** How long a claimed row stays invisible to other workers: longer than one send can take. */
  leaseMs: number;
  batchSize: number;
}

export function positiveSetting(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new ConfigError(`${name} must be a whole number of at least 1, got '${raw}'`);
  return value;
}
