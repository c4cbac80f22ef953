import type { Db } from '../db/database';
import { emailDb } from './tables';
import type { MailBrandRow } from './mail-row-shape';

/** What a manufacturer's mails look like and who they come from, its settings filled in with its own details. */
export interface MailBrand {
  manufacturerName: string;
  senderName: string;
  /** The manufacturer's support address: its reply-to setting, else its email; null when it has neither. */
  replyTo: string | null;
  logoUrl: string | null;
  brandColor: string;
}

export const DEFAULT_BRAND_COLOR = '#1f4f99';

export async function readMailBrand(db: Db, manufacturerId: number): Promise<MailBrand | undefined> {
  const row = await emailDb(db)
    .selectFrom('manufacturers as m')
    .leftJoin('manufacturer_mail_settings as s', 's.manufacturer_id', 'm.id')
    .select(['m.name', 'm.email', 's.sender_name', 's.reply_to', 's.logo_url', 's.brand_color'])
    .where('m.id', '=', manufacturerId)
    .executeTakeFirst();
  return row && mailBrandOf(row);
}

/** The brand from the manufacturer's row and its mail settings (null where it set none). */
export function mailBrandOf(row: MailBrandRow): MailBrand {
  return {
    manufacturerName: row.name,
    senderName: row.sender_name || row.name,
    replyTo: row.reply_to || row.email || null,
    logoUrl: row.logo_url,
    brandColor: row.brand_color || DEFAULT_BRAND_COLOR,
  };
}
