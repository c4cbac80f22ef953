import type { Db } from '../db/database';
import { sendTemplatedEmail } from '../email/send-templated-email';
import { emailDb } from '../email/tables';
import { testEmail } from '../email/templates/test-email';

interface DemoMail {
  to: string;
  hoursAgo: number;
}

const HOUR_MS = 3_600_000;

const DEMO_MAIL: Record<
  string,
  {
    name: string;
    settings: { sender_name: string | null; reply_to: string | null; brand_color: string };
    mails: DemoMail[];
  }
> = {
  aurora: {
    name: 'Aurora Audio',
    settings: { sender_name: 'Aurora Audio Support', reply_to: 'support@aurora-audio.example', brand_color: '#6d28d9' },
    mails: [
      { to: 'staff@aurora-audio.example', hoursAgo: 50 },
      { to: 'releases@aurora-audio.example', hoursAgo: 6 },
    ],
  },
  nimbus: {
    name: 'Nimbus Instruments',
    // No sender name or reply-to of its own: its name and email are used.
    settings: { sender_name: null, reply_to: null, brand_color: '#0f766e' },
    mails: [{ to: 'staff@nimbus-instruments.example', hoursAgo: 20 }],
  },
};

/**
 * Gives the demo manufacturers mail settings and an Emails log of test mails, written as "Send test email" writes
 * them and kept (as without an SMTP server), so that a demo started with PRODUCTHUB_SMTP_URL sends none of them.
 */
export async function seedEmailDemo(db: Db, manufacturers: { id: number; prefix: string }[]): Promise<void> {
  const now = Date.now();
  for (const { id: manufacturerId, prefix } of manufacturers) {
    const plan = DEMO_MAIL[prefix];
    if (!plan) continue;
    await emailDb(db)
      .insertInto('manufacturer_mail_settings')
      .values({ manufacturer_id: manufacturerId, ...plan.settings, logo_url: null })
      .execute();
    for (const mail of plan.mails) {
      const { id } = await sendTemplatedEmail(db, testEmail(manufacturerId, mail.to, plan.name));
      const at = new Date(now - mail.hoursAgo * HOUR_MS);
      await emailDb(db)
        .updateTable('email_outbox')
        .set({ status: 'kept', created_at: at, next_attempt_at: at })
        .where('id', '=', id)
        .execute();
    }
  }
}
