import { BUYER_MAIL_KINDS } from 'shared-kit/contract';
import type { Db } from '../db/database';
import { saveBuyerMailSwitches } from '../buyer-mails/queries/switches';
import { emailDb } from '../email/tables';

/**
 * The buyer mails the demo's orders wrote are kept (as without an SMTP server), so a demo started with
 * PRODUCTHUB_SMTP_URL mails none of its made-up buyers; the second manufacturer mails no "trial ended".
 */
export async function seedBuyerMailsDemo(db: Db, manufacturers: { id: number; prefix: string }[]): Promise<void> {
  await emailDb(db)
    .updateTable('email_outbox')
    .set({ status: 'kept' })
    .where('status', '=', 'pending')
    .where('kind', 'in', Object.values(BUYER_MAIL_KINDS))
    .execute();
  const nimbus = manufacturers.find((manufacturer) => manufacturer.prefix === 'nimbus');
  if (nimbus) await saveBuyerMailSwitches(db, nimbus.id, { trial_ended: false });
}
