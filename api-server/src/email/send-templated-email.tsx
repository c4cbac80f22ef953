import type React from 'react';
import type { Db } from '../db/database';
import { readMailBrand, type MailBrand } from './brand';
import { EmailFrame } from './email-frame';
import { normalizedMailAddress } from './mail-address';
import { maskSecrets } from './mask-secrets';
import { renderEmail } from './render-email';
import { outboxWakeUp } from '../outbox/wake-ups';
import { EMAIL_OUTBOX_CHANNEL, emailDb } from './tables';

export interface TemplatedEmail {
  manufacturerId: number;
  to: string;
  /** What sent it, dotted: 'portal.sign-in-code'; the Emails log filters by it. */
  kind: string;
  subject: string;
  /** false: not a transactional mail, gets List-Unsubscribe. */
  transactional: boolean;
  /** Preview text mail clients show beside the subject. */
  preview?: string;
  /** The mail's own content (JSX); the branded frame (logo, colour, name, footer) is put around it. */
  body: React.ReactElement;
  /**
   * One-time secrets the mail carries (a sign-in code, a link's token): staff see them masked in the Emails log, and
   * they are removed from the outbox once the mail is final (mask-secrets.ts). Kept mails stay whole.
   */
  secrets?: readonly string[];
  /** The manufacturer's brand when the caller has read it already (buyer mails do): one statement less per mail. */
  brand?: MailBrand;
}

/**
 * Renders (HTML + plain text) and writes the mail to the outbox with the caller's db or transaction: the mail
 * exists exactly when the caller's change commits, and the same statement wakes every instance's outbox worker at
 * that commit. The worker sends it (or keeps it, without SMTP).
 * An address that cannot receive mail throws InvalidMailAddress (mail-address.ts: check it first to answer a 400).
 */
export async function sendTemplatedEmail(db: Db, email: TemplatedEmail): Promise<{ id: string }> {
  const brand = email.brand ?? (await readMailBrand(db, email.manufacturerId));
  if (!brand) throw new Error(`no manufacturer ${email.manufacturerId} to send a mail for`);
  const row = await emailDb(db)
    .with('written', (trx) => trx.insertInto('email_outbox').values(outboxRowOf(email, brand)).returning('id'))
    .selectFrom('written')
    .select(['written.id', outboxWakeUp(EMAIL_OUTBOX_CHANNEL).as('wake_up')])
    .executeTakeFirstOrThrow();
  return { id: String(row.id) };
}

/** The mail's HTML and plain text in the manufacturer's brand (its content in the branded frame). */
export function renderTemplatedEmail(
  email: Pick<TemplatedEmail, 'preview' | 'transactional' | 'body'>,
  brand: MailBrand,
): { html: string; text: string } {
  return renderEmail(
    <EmailFrame brand={brand} preview={email.preview} transactional={email.transactional}>
      {email.body}
    </EmailFrame>,
  );
}

/**
 * The mail rendered (HTML + plain text) in the manufacturer's brand: the outbox row that sends it. `rendered`: the
 * caller's own `renderTemplatedEmail` of the same mail, when it has one.
 */
export function outboxRowOf(
  email: TemplatedEmail,
  brand: MailBrand,
  rendered: { html: string; text: string } = renderTemplatedEmail(email, brand),
) {
  const to = normalizedMailAddress(email.to);
  const { html, text } = rendered;
  const masked = email.secrets?.length ? maskSecrets({ subject: email.subject, html, text }, email.secrets) : null;
  return {
    manufacturer_id: email.manufacturerId,
    to_address: to,
    kind: email.kind,
    subject: email.subject,
    sender_name: brand.senderName,
    reply_to: brand.replyTo,
    html,
    text,
    masked_subject: masked?.subject ?? null,
    masked_html: masked?.html ?? null,
    masked_text: masked?.text ?? null,
    transactional: email.transactional,
  };
}

/** An outbox row as `outboxRowOf` makes it. */
export type OutboxRow = ReturnType<typeof outboxRowOf>;
