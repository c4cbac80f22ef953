/** The manufacturer's row and its mail settings (null where it set none), as `mailBrandOf` (brand.ts) reads them. */
export interface MailBrandRow {
  name: string;
  email: string | null;
  sender_name: string | null;
  reply_to: string | null;
  logo_url: string | null;
  brand_color: string | null;
}

/** A mail as its outbox row (send-templated-email.tsx `outboxRowOf`), but for its manufacturer. */
export interface OutboxMailRow {
  to_address: string;
  kind: string;
  subject: string;
  sender_name: string;
  reply_to: string | null;
  html: string;
  text: string;
  masked_subject: string | null;
  masked_html: string | null;
  masked_text: string | null;
  transactional: boolean;
}
