import { ConfigError } from '../config';
import { positiveSetting as positive, type OutboxSettings } from '../outbox/settings';
import { checkMailAddress } from './mail-address';

/** Mail delivery settings (README's configuration table; docs/email.md). */
export interface EmailSettings extends OutboxSettings {
  /** Where mails go (smtp://, smtps://, with user:password@); without it mails are kept for staff to read. */
  smtpUrl: string | undefined;
  /** The From address; the display name is the manufacturer's sender name. */
  fromAddress: string;
  /** Connecting, greeting and each SMTP command's answer. */
  timeoutMs: number;
}

export const DEFAULT_FROM_ADDRESS = 'no-reply@producthub.invalid';

export function readEmailSettings(env: NodeJS.ProcessEnv = process.env): EmailSettings {
  const smtpUrl = env.PRODUCTHUB_SMTP_URL || undefined;
  if (smtpUrl && !/^smtps?:\/\/[^/]/.test(smtpUrl))
    throw new ConfigError(
      `PRODUCTHUB_SMTP_URL must start with smtp:// or smtps://, got '${smtpUrl.replace(/\/\/[^@/]*@/, '//…@')}'`,
    );
  const from = env.PRODUCTHUB_MAIL_FROM || undefined;
  if (smtpUrl && !from)
    throw new ConfigError(
      'PRODUCTHUB_MAIL_FROM (the From address, e.g. no-reply@mail.example.com) must be set with PRODUCTHUB_SMTP_URL',
    );
  const checkedFrom = from ? checkMailAddress(from) : undefined;
  if (checkedFrom && !checkedFrom.ok) throw new ConfigError(`PRODUCTHUB_MAIL_FROM '${from}' ${checkedFrom.reason}`);
  const timeoutMs = positive(env, 'PRODUCTHUB_MAIL_TIMEOUT_MS', 30_000);
  return {
    smtpUrl,
    fromAddress: checkedFrom?.ok ? checkedFrom.address : DEFAULT_FROM_ADDRESS,
    timeoutMs,
    maxAttempts: positive(env, 'PRODUCTHUB_MAIL_MAX_ATTEMPTS', 10),
    retryBaseMs: positive(env, 'PRODUCTHUB_MAIL_RETRY_BASE_MS', 30_000),
    pollIntervalMs: positive(env, 'PRODUCTHUB_MAIL_POLL_MS', 1_000),
    leaseMs: timeoutMs * 3 + 5_000,
    batchSize: 16,
  };
}
