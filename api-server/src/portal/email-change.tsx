import { createHmac, hkdfSync, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import { isEmail, type PortalEmailChangeRequested, type PortalMe } from 'shared-kit/contract';
import type { Db } from '../db/database';
import { sendTemplatedEmail } from '../email/send-templated-email';
import { HttpError, TooManyRequests, badRequest, conflict } from '../lib/http-error';
import { recordAudit } from '../audit/queries/audit-log';
import { isEmailTaken } from '../people/queries/end-users';
import { consumeRateLimits } from '../auth/rate-limits';
import type { Customer } from './customer-authentication';
import * as words from './email-change-words';
import {
  EmailChangeCodeMail,
  EmailChangedMail,
  emailChangeCodeSubject,
  emailChangedSubject,
} from './mails/email-change-mails';
import { emailKeyOf } from './sign-in-codes';
import { EMAIL_NOT_VALID } from './sign-in-words';

// A customer changes their email (docs/portal.md): a code to the new address confirms it, the old one is told.

export const EMAIL_CHANGE_CODE_MAIL_KIND = 'portal.email-change-code';
export const EMAIL_CHANGED_MAIL_KIND = 'portal.email-changed';
const REQUESTS_PER_HOUR = 5;
const UNIQUE_VIOLATION = '23505';

/** The key the codes are hashed with: derived from the master key, so a database alone does not let anyone test codes. */
export const emailChangeCodeKey = (masterKey: Buffer) =>
  Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'producthub portal email change code v1', 32));

const codeMac = (key: Buffer, salt: string, code: string) =>
  createHmac('sha256', key).update(`producthub-portal-email-change-v1\n${salt}\n${code}\n`).digest('hex');

/** Records the request (earlier ones of the customer no longer confirm) and mails the code to the new address, in one transaction. */
export async function requestEmailChange(
  db: Db,
  key: Buffer,
  customer: Customer,
  rawEmail: string,
): Promise<PortalEmailChangeRequested> {
  const newEmail = rawEmail.trim();
  if (!isEmail(newEmail)) throw badRequest(EMAIL_NOT_VALID);
  if (emailKeyOf(newEmail) === emailKeyOf(customer.email)) throw badRequest(words.EMAIL_UNCHANGED);
  const decision = await consumeRateLimits(db, [
    { bucket: `portal:email-change:${customer.endUserId}`, limit: REQUESTS_PER_HOUR, windowSeconds: 3600 },
  ]);
  if (!decision.allowed)
    throw new TooManyRequests(words.TOO_MANY_CHANGE_REQUESTS(decision.retryAfterSeconds), decision.retryAfterSeconds);
  if (await isEmailTaken(db, customer.manufacturerId, newEmail, customer.endUserId))
    throw conflict(words.EMAIL_TAKEN(newEmail));
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const salt = randomBytes(16).toString('hex');
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('portal_email_changes')
      .set({ replaced_at: sql<Date>`now()` })
      .where('end_user_id', '=', customer.endUserId)
      .where('used_at', 'is', null)
      .where('replaced_at', 'is', null)
      .execute();
    await trx
      .insertInto('portal_email_changes')
      .values({
        manufacturer_id: customer.manufacturerId,
        end_user_id: customer.endUserId,
        new_email: newEmail,
        code_salt: salt,
        code_hash: codeMac(key, salt, code),
        expires_at: sql<Date>`now() + make_interval(mins => ${words.PORTAL_EMAIL_CHANGE_TTL_MINUTES})`,
      })
      .execute();
    await sendTemplatedEmail(trx, {
      manufacturerId: customer.manufacturerId,
      to: newEmail,
      kind: EMAIL_CHANGE_CODE_MAIL_KIND,
      subject: emailChangeCodeSubject(customer.manufacturerName, code),
      transactional: true,
      secrets: [code],
      preview: `Your code is ${code}.`,
      body: <EmailChangeCodeMail manufacturerName={customer.manufacturerName} code={code} />,
    });
    await recordAudit(trx, customer, {
      manufacturerId: customer.manufacturerId,
      action: 'end_user.portal_email_change_request',
      entityType: 'end_user',
      entityId: customer.endUserId,
      after: { new_email: newEmail },
    });
  });
  return {
    notice: words.EMAIL_CHANGE_SENT(newEmail),
    sent_to: newEmail,
    expires_in_seconds: words.PORTAL_EMAIL_CHANGE_TTL_MINUTES * 60,
  };
}

type Confirmation = { ok: true; oldEmail: string; newEmail: string } | { ok: false; error: HttpError };

async function confirmInTransaction(trx: Db, key: Buffer, customer: Customer, code: string): Promise<Confirmation> {
  const change = await trx
    .selectFrom('portal_email_changes')
    .selectAll()
    .select(sql<boolean>`expires_at <= now()`.as('expired'))
    .where('end_user_id', '=', customer.endUserId)
    .where('replaced_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
  const refuse = (message: string) => ({ ok: false as const, error: badRequest(message) });
  if (!change) return refuse(words.CHANGE_NOT_ASKED);
  if (change.used_at !== null) return refuse(words.CHANGE_CODE_USED);
  if (change.tries >= words.PORTAL_EMAIL_CHANGE_MAX_TRIES) return refuse(words.CHANGE_CODE_TOO_MANY_TRIES);
  if (change.expired) return refuse(words.CHANGE_CODE_EXPIRED);
  const given = Buffer.from(codeMac(key, change.code_salt, code), 'hex');
  if (!timingSafeEqual(given, Buffer.from(change.code_hash, 'hex'))) {
    const tries = change.tries + 1;
    await trx.updateTable('portal_email_changes').set({ tries }).where('id', '=', change.id).execute();
    const left = words.PORTAL_EMAIL_CHANGE_MAX_TRIES - tries;
    return refuse(left > 0 ? words.CHANGE_CODE_WRONG(left) : words.CHANGE_CODE_WRONG_LAST_TRY);
  }
  const before = await trx
    .selectFrom('end_users')
    .select(['id', 'email', 'external_id'])
    .where('id', '=', customer.endUserId)
    .where('manufacturer_id', '=', customer.manufacturerId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (await isEmailTaken(trx, customer.manufacturerId, change.new_email, customer.endUserId))
    return { ok: false, error: conflict(words.EMAIL_TAKEN(change.new_email)) };
  await trx
    .updateTable('end_users')
    .set({ email: change.new_email, updated_at: sql<Date>`now()` })
    .where('id', '=', customer.endUserId)
    .execute();
  await trx
    .updateTable('portal_email_changes')
    .set({ used_at: sql<Date>`now()` })
    .where('id', '=', change.id)
    .execute();
  await recordAudit(trx, customer, {
    manufacturerId: customer.manufacturerId,
    action: 'end_user.update',
    entityType: 'end_user',
    entityId: customer.endUserId,
    before,
    after: { ...before, email: change.new_email },
  });
  await sendTemplatedEmail(trx, {
    manufacturerId: customer.manufacturerId,
    to: before.email,
    kind: EMAIL_CHANGED_MAIL_KIND,
    subject: emailChangedSubject(customer.manufacturerName),
    transactional: true,
    body: <EmailChangedMail manufacturerName={customer.manufacturerName} newEmail={change.new_email} />,
  });
  return { ok: true, oldEmail: before.email, newEmail: change.new_email };
}

/**
 * Confirms the customer's newest change with the code from the new address: the end user's email changes, the old
 * address is told, the change is audited (`end_user.update`, the customer as actor). A wrong code counts a try.
 */
export async function confirmEmailChange(db: Db, key: Buffer, customer: Customer, rawCode: string): Promise<PortalMe> {
  const code = rawCode.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(code)) throw badRequest(words.CHANGE_CODE_FORMAT);
  const outcome = await db
    .transaction()
    .execute((trx) => confirmInTransaction(trx, key, customer, code))
    .catch(async (error: unknown) => {
      if ((error as { code?: unknown } | null)?.code !== UNIQUE_VIOLATION) throw error;
      return { ok: false as const, error: conflict(words.EMAIL_TAKEN('that address')) };
    });
  // A wrong code's try is kept (committed above) and only then refused.
  if (!outcome.ok) throw outcome.error;
  return {
    id: customer.endUserId,
    email: outcome.newEmail,
    manufacturer: { id: customer.manufacturerId, name: customer.manufacturerName, slug: customer.slug },
  };
}
