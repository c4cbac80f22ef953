import { sql } from 'kysely';
import type { Db } from '../db/database';
import { claimDue, type OutboxTable } from '../outbox/claim';
import { startPollLoop, type OutboxWorker } from '../outbox/poll-loop';
import { nextState, recordAttempt } from '../outbox/record-attempt';
import type { EmailSettings } from './settings';
import { createSmtpTransport, type MailTransport } from './transport';

interface ClaimedEmail {
  id: string;
  attempts: number;
  to_address: string;
  subject: string;
  sender_name: string;
  reply_to: string | null;
  html: string;
  text: string;
  transactional: boolean;
}

const EMAILS: OutboxTable<ClaimedEmail> = {
  table: 'email_outbox',
  selectClaimed: sql<ClaimedEmail>`
    SELECT id, attempts, to_address, subject, sender_name, reply_to, html, text, transactional FROM claimed`,
};

/** A final mail keeps only its masked copy: no one-time secret stays in the outbox once it is sent or has failed. */
const FORGET_SECRETS = sql`subject = coalesce(masked_subject, subject), html = coalesce(masked_html, html), text = coalesce(masked_text, text)`;

/** The same on every attempt of one outbox row: a receiver (or a person) sees a resend after a crash is one mail. */
export function messageIdOf(emailId: string, fromAddress: string): string {
  return `<email-${emailId}@${fromAddress.slice(fromAddress.lastIndexOf('@') + 1)}>`;
}

export function claimDueEmails(db: Db, settings: EmailSettings): Promise<ClaimedEmail[]> {
  return claimDue(db, EMAILS, settings);
}

function describeError(error: unknown): string {
  const smtp = error as { responseCode?: number; response?: string; message?: string };
  const text = smtp.response ?? smtp.message ?? String(error);
  return (
    smtp.responseCode && !text.startsWith(String(smtp.responseCode)) ? `${smtp.responseCode} ${text}` : text
  ).slice(0, 1000);
}

async function send(db: Db, settings: EmailSettings, transport: MailTransport, email: ClaimedEmail): Promise<void> {
  let error: string | null = null;
  try {
    await transport.send({
      fromName: email.sender_name,
      fromAddress: settings.fromAddress,
      to: email.to_address,
      replyTo: email.reply_to,
      subject: email.subject,
      html: email.html,
      text: email.text,
      messageId: messageIdOf(email.id, settings.fromAddress),
      unsubscribeTo: email.transactional ? null : (email.reply_to ?? settings.fromAddress),
    });
  } catch (sendError) {
    error = describeError(sendError);
  }
  const final = error === null || nextState(settings, email.attempts, { error }).status !== 'pending';
  const set = final ? sql`${error === null ? sql`sent_at = now(), ` : sql``}${FORGET_SECRETS}` : undefined;
  await recordAttempt(
    db,
    EMAILS.table,
    settings,
    email,
    error === null ? { finalStatus: 'sent', set } : { error, set },
  );
}

/** One pass with SMTP: claims what is due and sends it; answers how many mails were claimed. */
export async function sendDueEmails(
  db: Db,
  settings: EmailSettings,
  transport: MailTransport,
  onError: (error: unknown) => void = () => undefined,
): Promise<number> {
  const claimed = await claimDueEmails(db, settings);
  await Promise.all(claimed.map((email) => send(db, settings, transport, email).catch(onError)));
  return claimed.length;
}

/** One pass without SMTP: due mails become `kept`, for staff to read in the Emails log; they are never retried. */
export async function keepDueEmails(db: Db, settings: EmailSettings): Promise<number> {
  const result = await sql`
    WITH due AS (
      SELECT id FROM email_outbox WHERE status = 'pending' AND next_attempt_at <= now()
      ORDER BY next_attempt_at LIMIT ${settings.batchSize} FOR UPDATE SKIP LOCKED
    )
    UPDATE email_outbox o SET status = 'kept' FROM due WHERE o.id = due.id`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** The poll loop of this instance (woken by new mails, outbox/wake-ups.ts): sends through SMTP when a URL is set, else keeps the mails. */
export function startEmailWorker(
  db: Db,
  settings: EmailSettings,
  onError: (error: unknown) => void = () => undefined,
): OutboxWorker {
  const transport = settings.smtpUrl ? createSmtpTransport({ ...settings, smtpUrl: settings.smtpUrl }) : undefined;
  const loop = startPollLoop(
    () => (transport ? sendDueEmails(db, settings, transport, onError) : keepDueEmails(db, settings)),
    settings,
    onError,
  );
  return {
    wake: loop.wake,
    stop: async () => {
      await loop.stop();
      transport?.close();
    },
  };
}
