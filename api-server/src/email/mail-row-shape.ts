import type { EmailTables } from './tables';

/** The manufacturer's row and its mail settings (null where it set none), as `mailBrandOf` (brand.ts) reads them. */
export interface MailBrandRow {
  name: string;
  email: string | null;
  sender_name: string | null;
  reply_to: string | null;
  logo_url: string | null;
  brand_color: string | null;
}

/** The brand's columns as a statement reads them beside others: the manufacturer's name and email prefixed. */
export interface MailBrandColumns {
  manufacturer_name: string;
  manufacturer_email: string | null;
  sender_name: string | null;
  reply_to: string | null;
  logo_url: string | null;
  brand_color: string | null;
}

export const mailBrandRowOf = (row: MailBrandColumns): MailBrandRow => ({
  name: row.manufacturer_name,
  email: row.manufacturer_email,
  sender_name: row.sender_name,
  reply_to: row.reply_to,
  logo_url: row.logo_url,
  brand_color: row.brand_color,
});

/** A mail as its outbox row (send-templated-email.tsx `outboxRowOf`), but for its manufacturer. */
export type OutboxMailRow = Pick<
  EmailTables['email_outbox'],
  | 'to_address'
  | 'kind'
  | 'subject'
  | 'sender_name'
  | 'reply_to'
  | 'html'
  | 'text'
  | 'masked_subject'
  | 'masked_html'
  | 'masked_text'
  | 'transactional'
>;
