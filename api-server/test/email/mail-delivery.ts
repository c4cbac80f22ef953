import type { Db } from '../../src/db/database';
import { readEmailSettings } from '../../src/email/settings';
import { emailDb } from '../../src/email/tables';
import { createSmtpTransport } from '../../src/email/transport';
import { sendDueEmails } from '../../src/email/worker';
import { startSmtpTestServer, type SmtpTestServer } from './smtp-test-server';

/** The outbox worker delivering to an SMTP test server: what tests of the mails people receive send and read. */
export interface MailDelivery {
  smtp: SmtpTestServer;
  /** Sends every due mail of the outbox to the SMTP test server now. */
  deliver: (db: Db) => Promise<void>;
  /** Forgets what arrived and empties the outbox, between tests. */
  reset: (db: Db) => Promise<void>;
  close: () => Promise<void>;
}

export async function startMailDelivery(): Promise<MailDelivery> {
  const smtp = await startSmtpTestServer();
  const settings = {
    ...readEmailSettings({ PRODUCTHUB_SMTP_URL: smtp.url, PRODUCTHUB_MAIL_FROM: 'no-reply@mail.producthub.example' }),
    retryBaseMs: 1,
    timeoutMs: 5_000,
  };
  const transport = createSmtpTransport(settings);
  return {
    smtp,
    deliver: async (db) => {
      await sendDueEmails(db, settings, transport);
    },
    reset: async (db) => {
      smtp.arrived.length = 0;
      await emailDb(db).deleteFrom('email_outbox').execute();
    },
    close: async () => {
      transport.close();
      await smtp.close();
    },
  };
}
