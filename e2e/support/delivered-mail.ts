import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deliveredMailDir } from './stack';

/** A message as the run's SMTP capture received it (support/smtp-capture.mjs). */
export interface DeliveredMail {
  /** Its place in the order of arrival, from 1. */
  number: number;
  envelope: { from: string; to: string[] };
  from: { name: string; address: string } | null;
  replyTo: { name: string; address: string } | null;
  messageId: string | null;
  subject: string;
  text: string;
  html: string;
}

/**
 * The kinds of mail the specs wait for, told apart by subject: a delivered mail carries no header naming its kind
 * (docs/email.md, "What every mail carries"). The subjects are the templates' own: signInMailSubject,
 * emailChangeCodeSubject, emailChangedSubject, the staff invite's, licenseIssuedSubject and licenseDisabledSubject.
 */
const SUBJECT_OF_KIND = {
  'portal.sign-in-code': /^\d{6} is your .+ sign-in code$/,
  'portal.email-change-code': /^\d{6} confirms your new .+ email address$/,
  'portal.email-changed': /^Your .+ email address was changed$/,
  'staff.invite': /^You are invited to the ProductHub console of .+$/,
  'buyer.license-issued': /^Your .+ licences? from .+$/,
  'buyer.license-disabled': /^Your .+ licences? (was|were) disabled$/,
} satisfies Record<string, RegExp>;
export type MailKind = keyof typeof SUBJECT_OF_KIND;

const MESSAGE_FILE = /^(\d+)\.json$/;

function messageNumbers(): number[] {
  const dir = deliveredMailDir();
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .map((name) => Number(MESSAGE_FILE.exec(name)?.[1] ?? 0))
    .filter((number) => number > 0);
}

function readMail(number: number): DeliveredMail {
  const file = join(deliveredMailDir(), `${String(number).padStart(6, '0')}.json`);
  return { number, ...(JSON.parse(readFileSync(file, 'utf8')) as Omit<DeliveredMail, 'number'>) };
}

/** How many messages the SMTP capture has received so far: the ones a later step causes come after it. */
export function deliveredMailCount(): number {
  return Math.max(0, ...messageNumbers());
}

/**
 * The newest mail of `kind` to `to` delivered after message number `after`. Waits for it: the outbox worker sends
 * after the answer that caused the mail.
 */
export async function waitForDeliveredMail(
  to: string,
  kind: MailKind,
  after = 0,
  timeoutMs = 10_000,
): Promise<DeliveredMail> {
  const recipient = to.toLowerCase();
  for (let waited = 0; waited <= timeoutMs; waited += 200) {
    const newest = messageNumbers()
      .filter((number) => number > after)
      .sort((a, b) => b - a)
      .map(readMail)
      .find(
        (mail) =>
          mail.envelope.to.some((address) => address.toLowerCase() === recipient) &&
          SUBJECT_OF_KIND[kind].test(mail.subject),
      );
    if (newest) return newest;
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`No ${kind} mail to ${to} delivered within ${timeoutMs} ms`);
}

/** The 6-digit code and the sign-in link of a portal sign-in mail. */
export function signInMailParts(mail: DeliveredMail): { code: string; link: URL } {
  const code = /\b(\d{6})\b/.exec(mail.subject)?.[1];
  const link = /(https?:\/\/\S+\/portal\/[a-z0-9-]+\/sign-in\?token=[^\s)\]>"]+)/.exec(mail.text)?.[1];
  if (!code || !link) throw new Error(`Not a sign-in mail: ${mail.subject}\n${mail.text}`);
  return { code, link: new URL(link) };
}
