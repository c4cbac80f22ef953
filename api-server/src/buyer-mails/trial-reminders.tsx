import { sql } from 'kysely';
import { BUYER_MAIL_KINDS } from 'shared-kit/contract';
import type { Db } from '../db/database';
import { sendTemplatedEmail } from '../email/send-templated-email';
import { TrialMail, trialMailSubject } from '../email/templates/trial-mail';
import { startPollLoop, type OutboxWorker } from '../outbox/poll-loop';
import { buyerAddress, buyerMailContext } from './buyer-mail-target';
import { inWordsUtc } from './machine-freed';
import { buyerMailOn } from './queries/switches';

/** "Ends in 3 days" is due this long before a trial's end. */
export const TRIAL_ENDING_NOTICE_DAYS = 3;
/**
 * "Ended" is written for trials that ended at most this long ago: one that ended while no instance ran still gets
 * it; trials that ended long before (before these mails existed) never do.
 */
export const TRIAL_ENDED_WITHIN_DAYS = 7;
/** How often each instance looks for trials due a mail. */
export const TRIAL_MAIL_POLL_MS = 5 * 60_000;
const BATCH = 50;

type TrialMail = 'trial_ending' | 'trial_ended';

interface ClaimedTrial {
  id: number;
  manufacturer_id: number;
  product_id: number;
  product_name: string;
  expires_at: Date;
  /** The machine's owner: the customer whose licence recorded its fingerprint, with an email and no licence of the product. */
  owner_email: string | null;
}

/**
 * Marks up to BATCH trials due `mail` as mailed and answers them with their owner: one UPDATE over the rows it
 * locks with SKIP LOCKED, so two instances never claim one trial; the mark commits with the outbox rows written in
 * the same transaction, or neither does (a pass that dies before its commit leaves the trials to the next pass).
 */
export async function claimDueTrials(trx: Db, mail: TrialMail): Promise<ClaimedTrial[]> {
  const mark = mail === 'trial_ending' ? sql.raw('ending_mailed_at') : sql.raw('ended_mailed_at');
  const due =
    mail === 'trial_ending'
      ? sql`t.expires_at > now() AND t.expires_at <= now() + make_interval(days => ${TRIAL_ENDING_NOTICE_DAYS})`
      : sql`t.expires_at <= now() AND t.expires_at > now() - make_interval(days => ${TRIAL_ENDED_WITHIN_DAYS})`;
  const { rows } = await sql<ClaimedTrial>`
    WITH due AS (
      SELECT t.id FROM trials t WHERE t.${mark} IS NULL AND ${due}
      ORDER BY t.expires_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED
    ), marked AS (
      UPDATE trials t SET ${mark} = now() FROM due WHERE t.id = due.id
      RETURNING t.id, t.manufacturer_id, t.product_id, t.hardware_fingerprint, t.expires_at
    )
    SELECT m.id, m.manufacturer_id, m.product_id, p.name AS product_name, m.expires_at, (
      SELECT e.email FROM fingerprints f JOIN end_users e ON e.id = f.user_id
      WHERE f.manufacturer_id = m.manufacturer_id AND f.hardware_fingerprint = m.hardware_fingerprint
        AND e.email IS NOT NULL AND e.email <> ''
        AND NOT EXISTS (SELECT 1 FROM licenses l WHERE l.user_id = e.id AND l.product_id = m.product_id AND NOT l.disabled)
      ORDER BY f.id DESC LIMIT 1
    ) AS owner_email
    FROM marked m JOIN products p ON p.id = m.product_id
    ORDER BY m.id`.execute(trx);
  return rows;
}

/** Writes `mail` for the claimed trials whose machine has an owner, where the manufacturer has the mail on. */
async function mailClaimedTrials(trx: Db, publicUrl: string, mail: TrialMail, trials: ClaimedTrial[]): Promise<number> {
  let written = 0;
  for (const trial of trials) {
    const to = buyerAddress(trial.owner_email);
    if (!to || !(await buyerMailOn(trx, trial.manufacturer_id, mail))) continue;
    const { brand, portalPage } = await buyerMailContext(trx, publicUrl, trial.manufacturer_id);
    const ended = mail === 'trial_ended';
    await sendTemplatedEmail(trx, {
      brand,
      manufacturerId: trial.manufacturer_id,
      to,
      kind: BUYER_MAIL_KINDS[mail],
      subject: trialMailSubject(trial.product_name, ended),
      transactional: true,
      body: (
        <TrialMail
          manufacturerName={brand.manufacturerName}
          brandColor={brand.brandColor}
          productName={trial.product_name}
          endsAt={inWordsUtc(trial.expires_at)}
          ended={ended}
          portalLink={portalPage('licenses')}
        />
      ),
    });
    written++;
  }
  return written;
}

/** One pass: each mail's due trials claimed and mailed in one transaction; answers how many trials it claimed. */
export async function mailDueTrials(db: Db, publicUrl: string): Promise<number> {
  let claimed = 0;
  for (const mail of ['trial_ending', 'trial_ended'] as const) {
    claimed += await db.transaction().execute(async (trx) => {
      const trials = await claimDueTrials(trx, mail);
      await mailClaimedTrials(trx, publicUrl, mail, trials);
      return trials.length;
    });
  }
  return claimed;
}

/** Every instance runs the pass every TRIAL_MAIL_POLL_MS (at once again after a full batch); the claims keep them apart. */
export function startTrialMailPass(
  db: Db,
  publicUrl: string,
  onError: (error: unknown) => void = () => undefined,
): OutboxWorker {
  return startPollLoop(
    () => mailDueTrials(db, publicUrl),
    { pollIntervalMs: TRIAL_MAIL_POLL_MS, batchSize: BATCH },
    onError,
  );
}
