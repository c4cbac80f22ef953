import type { Generated } from 'kysely';
import type { Db } from '../db/database';

export type EmailStatus = 'pending' | 'sent' | 'failed' | 'kept';

/** Migration 0020's tables, typed here so the shared schema file stays untouched by this area. */
export type EmailTables = {
  manufacturer_mail_settings: {
    manufacturer_id: number;
    sender_name: string | null;
    reply_to: string | null;
    logo_url: string | null;
    /** `#rrggbb`, lower case. */
    brand_color: string | null;
    updated_at: Generated<Date>;
  };
  email_outbox: {
    id: Generated<string>;
    manufacturer_id: number;
    to_address: string;
    kind: string;
    subject: string;
    sender_name: string;
    reply_to: string | null;
    html: string;
    text: string;
    /** With a one-time secret in the mail: the same with the secret masked (what staff see; what stays once final). */
    masked_subject: string | null;
    masked_html: string | null;
    masked_text: string | null;
    transactional: boolean;
    status: Generated<EmailStatus>;
    attempts: Generated<number>;
    next_attempt_at: Generated<Date>;
    last_attempt_at: Date | null;
    last_error: string | null;
    sent_at: Date | null;
    created_at: Generated<Date>;
  };
};

export const emailDb = (db: Db) => db.withTables<EmailTables>();

/** The channel a new outbox row notifies at commit, waking the workers (outbox/wake-ups.ts). */
export const EMAIL_OUTBOX_CHANNEL = 'email_outbox';
export type EmailDb = ReturnType<typeof emailDb>;
