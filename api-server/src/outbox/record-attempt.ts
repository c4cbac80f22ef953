import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database';
import { retryDelayMs } from './backoff';
import { executeNamed } from '../db/named-statements';
import type { OutboxSettings } from './settings';

export interface ClaimedRow {
  id: string;
  /** The attempt this claim is, counted at the claim. */
  attempts: number;
}

/** An attempt's outcome: `finalStatus` ends the row (sent, kept …); without it the row is retried or fails. */
export interface AttemptOutcome {
  finalStatus?: string;
  error?: string | null;
  /** The table's own columns to set with the outcome (response code, sent time …). */
  set?: RawBuilder<unknown>;
}

/** The status a row takes after an attempt: its final one, pending again (with backoff) or failed at the last attempt. */
export function nextState(
  settings: OutboxSettings,
  attempts: number,
  outcome: AttemptOutcome,
): { status: string; delayMs: number } {
  if (outcome.finalStatus) return { status: outcome.finalStatus, delayMs: 0 };
  if (attempts >= settings.maxAttempts) return { status: 'failed', delayMs: 0 };
  return { status: 'pending', delayMs: retryDelayMs(attempts, settings.retryBaseMs) };
}

/** Records one attempt's outcome, unless the lease ran out and another worker claimed the row meanwhile. */
export async function recordAttempt(
  db: Db,
  table: string,
  settings: OutboxSettings,
  row: ClaimedRow,
  outcome: AttemptOutcome,
): Promise<void> {
  const { status, delayMs } = nextState(settings, row.attempts, outcome);
  await executeNamed(
    db,
    `${table}_attempt`,
    sql`
    UPDATE ${sql.table(table)}
    SET status = ${status}, last_error = ${outcome.error ?? null}, next_attempt_at = now() + ${delayMs} * interval '1 millisecond'
      ${outcome.set ? sql`, ${outcome.set}` : sql``}
    WHERE id = ${row.id} AND attempts = ${row.attempts} AND status = 'pending'`,
  );
}
