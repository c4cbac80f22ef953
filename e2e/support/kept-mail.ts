import { Client } from 'pg';
import { E2E_PG_PORT } from './stack';

/** The embedded PostgreSQL of the e2e stack (api-server/src/db/embedded-postgres.ts). */
export const E2E_DATABASE_URL = `postgres://postgres:producthub-embedded@127.0.0.1:${E2E_PG_PORT}/producthub`;

export interface KeptMail {
  subject: string;
  text: string;
}

/**
 * The newest mail of `kind` to `to` written after `afterId` in the email outbox, where `npm start` keeps every mail
 * without SMTP (docs/email.md): what the customer would have received. Waits for it, since a sign-in code is
 * issued after the answer.
 */
export async function waitForKeptMail(
  to: string,
  kind: string,
  afterId = '0',
  timeoutMs = 10_000,
): Promise<KeptMail & { id: string }> {
  const client = new Client({ connectionString: E2E_DATABASE_URL });
  await client.connect();
  try {
    for (let waited = 0; waited <= timeoutMs; waited += 200) {
      const { rows } = await client.query<{ id: string; subject: string; text: string }>(
        'SELECT id::text, subject, text FROM email_outbox WHERE lower(to_address) = lower($1) AND kind = $2 AND id > $3::bigint ORDER BY id DESC LIMIT 1',
        [to, kind, afterId],
      );
      if (rows[0]) return rows[0];
      await new Promise((done) => setTimeout(done, 200));
    }
    throw new Error(`No ${kind} mail to ${to} within ${timeoutMs} ms`);
  } finally {
    await client.end();
  }
}

/** The id of the newest mail in the outbox ('0' for none): later mails are the ones a step caused. */
export async function lastMailId(): Promise<string> {
  const client = new Client({ connectionString: E2E_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string | null }>('SELECT max(id)::text AS id FROM email_outbox');
    return rows[0].id ?? '0';
  } finally {
    await client.end();
  }
}

/** The 6-digit code and the sign-in link of a portal sign-in mail. */
export function signInMailParts(mail: KeptMail): { code: string; link: URL } {
  const code = /\b(\d{6})\b/.exec(mail.subject)?.[1];
  const link = /(https?:\/\/\S+\/portal\/[a-z0-9-]+\/sign-in\?token=[^\s)\]>"]+)/.exec(mail.text)?.[1];
  if (!code || !link) throw new Error(`Not a sign-in mail: ${mail.subject}\n${mail.text}`);
  return { code, link: new URL(link) };
}
