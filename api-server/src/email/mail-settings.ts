import { sql } from 'kysely';
import { BRAND_COLOR_PATTERN, type MailSettings, type UpdateMailSettingsBody } from 'shared-kit/contract';
import type { Db } from '../db/database';
import { badRequest } from '../lib/http-error';
import { checkMailAddress } from './mail-address';
import { emailDb } from './tables';

export async function readMailSettings(db: Db, manufacturerId: number): Promise<MailSettings | undefined> {
  const row = await emailDb(db)
    .selectFrom('manufacturers as m')
    .leftJoin('manufacturer_mail_settings as s', 's.manufacturer_id', 'm.id')
    .select(['m.id', 'm.name', 'm.email', 's.sender_name', 's.reply_to', 's.logo_url', 's.brand_color', 's.updated_at'])
    .where('m.id', '=', manufacturerId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    manufacturer_id: row.id,
    sender_name: row.sender_name,
    reply_to: row.reply_to,
    logo_url: row.logo_url,
    brand_color: row.brand_color,
    default_sender_name: row.name,
    default_reply_to: row.email,
    updated_at: row.updated_at?.toISOString() ?? null,
  };
}

/** The settings as stored: reply-to as an address mail can reach, logo over https, colour `#rrggbb` lower case. */
export function checkedMailSettings(body: UpdateMailSettingsBody): UpdateMailSettingsBody {
  const senderName = body.sender_name?.trim() || null;
  if (senderName && /[\p{Cc}]/u.test(senderName)) throw badRequest('Sender name cannot hold control characters.');
  let replyTo: string | null = null;
  if (body.reply_to !== null && body.reply_to.trim()) {
    const checked = checkMailAddress(body.reply_to);
    if (!checked.ok) throw badRequest(`Reply-to email ${checked.reason}.`);
    replyTo = checked.address;
  }
  const logoUrl = body.logo_url?.trim() || null;
  if (logoUrl && !/^https:\/\/[^\s/?#]+\S*$/i.test(logoUrl)) throw badRequest('Logo URL must be an https:// address.');
  const brandColor = body.brand_color?.trim() || null;
  if (brandColor && !BRAND_COLOR_PATTERN.test(brandColor))
    throw badRequest('Brand colour must be #rrggbb, e.g. #1f4f99.');
  return {
    sender_name: senderName,
    reply_to: replyTo,
    logo_url: logoUrl,
    brand_color: brandColor?.toLowerCase() ?? null,
  };
}

export async function saveMailSettings(
  db: Db,
  manufacturerId: number,
  settings: UpdateMailSettingsBody,
): Promise<void> {
  await emailDb(db)
    .insertInto('manufacturer_mail_settings')
    .values({ manufacturer_id: manufacturerId, ...settings })
    .onConflict((conflict) => conflict.column('manufacturer_id').doUpdateSet({ ...settings, updated_at: sql`now()` }))
    .execute();
}
