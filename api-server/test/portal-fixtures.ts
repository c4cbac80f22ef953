import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { PORTAL_AUTH_SCHEME } from 'shared-kit/contract';
import type { Db } from '../src/db/database';

/** The header of a customer session. */
export const customerAuth = (token: string) => ({ authorization: `${PORTAL_AUTH_SCHEME} ${token}` });

export interface StoredMail {
  to_address: string;
  kind: string;
  subject: string;
  text: string;
  html: string;
}

/** The mails the outbox holds for an address, oldest first. */
export async function mailsTo(db: Db, address: string): Promise<StoredMail[]> {
  const result =
    await sql<StoredMail>`SELECT to_address, kind, subject, text, html FROM email_outbox WHERE lower(to_address) = lower(${address}) ORDER BY id`.execute(
      db,
    );
  return result.rows;
}

/** The code and the magic link's token of a sign-in mail, read from its plain-text part as a customer would. */
export function signInSecretsOf(mail: StoredMail): { code: string; token: string; link: string } {
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  const link = /(https?:\/\/\S+\/sign-in\?token=[A-Za-z0-9_%-]+)/.exec(mail.text)?.[1];
  if (!code || !link) throw new Error(`no code or link in the mail: ${mail.text}`);
  return { code, link, token: decodeURIComponent(new URL(link).searchParams.get('token') ?? '') };
}

/** Asks for a code and waits until the server has issued it (codes are issued after the answer). */
export async function requestCode(app: FastifyInstance, slug: string, email: string, remoteAddress = '127.0.0.1') {
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1/portal/${slug}/sign-in/code`,
    payload: { email },
    remoteAddress,
  });
  await app.backgroundWork.settled();
  return response;
}

export async function signInWith(
  app: FastifyInstance,
  slug: string,
  body: Record<string, unknown>,
  remoteAddress = '127.0.0.1',
) {
  return app.inject({ method: 'POST', url: `/api/v1/portal/${slug}/sign-in`, payload: body, remoteAddress });
}

/** Signs a customer in through the real mail: asks for a code, reads it from the outbox, signs in. */
export async function signInThroughMail(app: FastifyInstance, db: Db, slug: string, email: string): Promise<string> {
  const asked = await requestCode(app, slug, email);
  if (asked.statusCode !== 202) throw new Error(`code request failed: ${asked.statusCode} ${asked.body}`);
  const mail = (await mailsTo(db, email)).at(-1);
  if (!mail) throw new Error(`no mail to ${email}`);
  const response = await signInWith(app, slug, { email, code: signInSecretsOf(mail).code });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return response.json().token as string;
}
