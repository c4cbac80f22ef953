import { isEmail, type PortalSession } from 'shared-kit/contract';
import type { ServerConfig } from '../config';
import type { Db } from '../db/database';
import { HttpError } from '../lib/http-error';
import { recordAudit } from '../audit/queries/audit-log';
import { findEndUser } from '../people/queries/end-users';
import type { Customer } from './customer-authentication';
import { createCustomerSession } from './customer-sessions';
import { mailSignInCode } from './sign-in-mail';
import {
  emailKeyOf,
  issueSignInCode,
  redeemCode,
  redeemLink,
  type IssuedCode,
  type SignInOutcome,
} from './sign-in-codes';
import * as words from './sign-in-words';

export interface PortalRef {
  id: number;
  name: string;
  portal_slug: string;
}

/** The end user of an address within a manufacturer (emails are unique regardless of case), or undefined. */
async function endUserByEmail(db: Db, manufacturerId: number, emailKey: string) {
  return db
    .selectFrom('end_users')
    .select(['id', 'email'])
    .where('manufacturer_id', '=', manufacturerId)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', emailKey))
    .executeTakeFirst();
}

/** The sign-in mail of `issued` to an address of the portal, in the caller's transaction. */
const mailCode = (trx: Db, config: ServerConfig, portal: PortalRef, to: string, issued: IssuedCode, byStaff: boolean) =>
  mailSignInCode(
    trx,
    config.publicUrl,
    { manufacturerId: portal.id, manufacturerName: portal.name, slug: portal.portal_slug, to },
    issued,
    byStaff,
  );

/**
 * A customer asked for a code: a code row is written for the address whether or not it belongs to a customer, and
 * only a customer's is mailed. The route answers before this runs, so neither the answer nor its timing says which.
 */
export async function issueCodeOnRequest(
  db: Db,
  codeKey: Buffer,
  config: ServerConfig,
  portal: PortalRef,
  email: string,
): Promise<void> {
  const emailKey = emailKeyOf(email);
  await db.transaction().execute(async (trx) => {
    const user = await endUserByEmail(trx, portal.id, emailKey);
    const issued = await issueSignInCode(trx, codeKey, {
      manufacturerId: portal.id,
      emailKey,
      endUserId: user?.id ?? null,
      requestedBy: 'customer',
    });
    if (user) await mailCode(trx, config, portal, user.email, issued, false);
  });
}

/** Staff sent an end user a sign-in mail: the same mail, audited on the end user with the staff member as actor. */
export async function sendSignInLinkByStaff(
  db: Db,
  codeKey: Buffer,
  config: ServerConfig,
  portal: PortalRef,
  user: { id: number; email: string },
  audit: (trx: Db, issued: IssuedCode) => Promise<void>,
): Promise<IssuedCode> {
  return db.transaction().execute(async (trx) => {
    const issued = await issueSignInCode(trx, codeKey, {
      manufacturerId: portal.id,
      emailKey: emailKeyOf(user.email),
      endUserId: user.id,
      requestedBy: 'staff',
    });
    await mailCode(trx, config, portal, user.email, issued, true);
    await audit(trx, issued);
    return issued;
  });
}

export type SignInCredentials = { kind: 'code'; email: string; code: string } | { kind: 'link'; token: string };

const CODE_PATTERN = /^\d{6}$/;

type Refusal = Extract<SignInOutcome, { ok: false }>;

/** The audit actions of the portal, on the end user (History). */
export const PORTAL_SIGN_IN_ACTION = 'end_user.portal_sign_in';
export const PORTAL_SIGN_IN_LINK_SENT_ACTION = 'end_user.portal_sign_in_link_sent';

/** What the body asks: a code with its address, or a link's token; a person's spaces in the code are forgiven. */
export function credentialsOf(body: { email?: string; code?: string; token?: string }): SignInCredentials {
  const token = body.token?.trim();
  const email = body.email?.trim();
  const code = body.code?.replace(/\s+/g, '');
  if (token && (email || code)) throw new HttpError(400, words.CODE_AND_LINK_TOGETHER);
  if (token) return { kind: 'link', token };
  if (!email || !code) throw new HttpError(400, words.CODE_OR_LINK_REQUIRED);
  if (!CODE_PATTERN.test(code)) throw new HttpError(400, words.CODE_FORMAT);
  // No code is ever issued for an address the code request refuses: say why, as that request does.
  if (!isEmail(email)) throw new HttpError(400, words.EMAIL_NOT_VALID);
  return { kind: 'code', email, code };
}

function refusalMessage(credentials: SignInCredentials, outcome: Refusal): string {
  const link = credentials.kind === 'link';
  switch (outcome.reason) {
    case 'wrong':
      return outcome.triesLeft > 0 ? words.CODE_WRONG(outcome.triesLeft) : words.CODE_WRONG_LAST_TRY;
    case 'expired':
      return link ? words.LINK_EXPIRED : words.CODE_EXPIRED;
    case 'used':
      return link ? words.LINK_USED : words.CODE_USED;
    case 'replaced':
      return link ? words.LINK_REPLACED : words.CODE_REPLACED;
    case 'too-many-tries':
      return words.CODE_TOO_MANY_TRIES;
    case 'unknown-link':
      return words.LINK_UNKNOWN;
    case 'no-code':
      return words.CODE_NOT_RIGHT_ASK_AGAIN;
  }
}

/**
 * Signs a customer in with a code or a link, in one transaction: the code is used up, the session created and the
 * sign-in audited on the end user with the customer as actor. A refusal commits too (a wrong code's try counts),
 * then answers 401 in plain words.
 */
export async function signIn(
  db: Db,
  codeKey: Buffer,
  idleMinutes: number,
  portal: PortalRef,
  credentials: SignInCredentials,
): Promise<PortalSession> {
  const result = await db.transaction().execute(async (trx): Promise<Refusal | { ok: true; answer: PortalSession }> => {
    const outcome =
      credentials.kind === 'code'
        ? await redeemCode(trx, codeKey, portal.id, emailKeyOf(credentials.email), credentials.code)
        : await redeemLink(trx, portal.id, credentials.token);
    if (!outcome.ok) return outcome;
    const user = await findEndUser(trx, portal.id, outcome.endUserId);
    if (!user) return { ok: false, reason: credentials.kind === 'link' ? 'unknown-link' : 'no-code' };
    const session = await createCustomerSession(trx, portal.id, user.id);
    const customer: Customer = {
      sessionId: session.id,
      endUserId: user.id,
      email: user.email,
      manufacturerId: portal.id,
      manufacturerName: portal.name,
      slug: portal.portal_slug,
    };
    await recordAudit(trx, customer, {
      manufacturerId: portal.id,
      action: PORTAL_SIGN_IN_ACTION,
      entityType: 'end_user',
      entityId: user.id,
      after: { method: credentials.kind },
    });
    return {
      ok: true,
      answer: {
        token: session.token,
        expires_at: session.expiresAt.toISOString(),
        idle_timeout_minutes: idleMinutes,
        user: {
          id: user.id,
          email: user.email,
          manufacturer: { id: portal.id, name: portal.name, slug: portal.portal_slug },
        },
      },
    };
  });
  if (!result.ok) throw new HttpError(401, refusalMessage(credentials, result));
  return result.answer;
}
