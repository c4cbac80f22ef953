import { sql, type Selectable } from 'kysely';
import type { Email, EmailListQuery, EmailSummary } from 'shared-kit/contract';
import type { Db } from '../db/database';
import { escapeLike } from '../lib/like-pattern';
import type { PageRequest } from '../lib/paging';
import { emailDb, type EmailTables } from './tables';

const HOUR_MS = 60 * 60 * 1000;

/** Staff see a mail's masked copy unless it was kept (no SMTP server: it reached nobody else). */
const shownToStaff = (column: 'subject' | 'html' | 'text') =>
  sql<string>`CASE WHEN status <> 'kept' AND ${sql.ref(`masked_${column}`)} IS NOT NULL THEN ${sql.ref(`masked_${column}`)} ELSE ${sql.ref(column)} END`.as(
    column,
  );

const SUMMARY_COLUMNS = [
  'id',
  'manufacturer_id',
  'to_address',
  'kind',
  shownToStaff('subject'),
  'sender_name',
  'reply_to',
  'transactional',
  'status',
  'attempts',
  'last_error',
  'last_attempt_at',
  'next_attempt_at',
  'sent_at',
  'created_at',
] as const;

/** Every column but the mail's body and its masked copies. */
type SummaryRow = Omit<
  Selectable<EmailTables['email_outbox']>,
  'html' | 'text' | 'masked_subject' | 'masked_html' | 'masked_text'
>;

export function toEmailSummary({ to_address, ...row }: SummaryRow): EmailSummary {
  return {
    ...row,
    id: Number(row.id),
    to: to_address,
    last_attempt_at: row.last_attempt_at?.toISOString() ?? null,
    next_attempt_at: row.status === 'pending' ? row.next_attempt_at.toISOString() : null,
    sent_at: row.sent_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  };
}

/** The manufacturer's mails, newest first, filtered by status, exact kind and part of the recipient. */
export async function listEmails(
  db: Db,
  manufacturerId: number,
  filter: Omit<EmailListQuery, 'page' | 'per_page'>,
  page: PageRequest,
) {
  let query = emailDb(db).selectFrom('email_outbox').where('manufacturer_id', '=', manufacturerId);
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.kind) query = query.where('kind', '=', filter.kind);
  if (filter.recipient) query = query.where('to_address', 'ilike', `%${escapeLike(filter.recipient)}%`);
  const [rows, total] = await Promise.all([
    query.select(SUMMARY_COLUMNS).orderBy('id', 'desc').limit(page.perPage).offset(page.offset).execute(),
    query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(toEmailSummary), total: Number(total.total) };
}

export async function findEmailSummary(
  db: Db,
  manufacturerId: number,
  emailId: number | string,
): Promise<EmailSummary | undefined> {
  const row = await emailDb(db)
    .selectFrom('email_outbox')
    .select(SUMMARY_COLUMNS)
    .where('manufacturer_id', '=', manufacturerId)
    .where('id', '=', String(emailId))
    .executeTakeFirst();
  return row && toEmailSummary(row);
}

export async function findEmail(db: Db, manufacturerId: number, emailId: number): Promise<Email | undefined> {
  const row = await emailDb(db)
    .selectFrom('email_outbox')
    .select([...SUMMARY_COLUMNS, shownToStaff('html'), shownToStaff('text')])
    .where('manufacturer_id', '=', manufacturerId)
    .where('id', '=', String(emailId))
    .executeTakeFirst();
  if (!row) return undefined;
  const { html, text, ...summary } = row;
  return { ...toEmailSummary(summary), html, text };
}

/**
 * Test mails the manufacturer wrote in the last hour ("Send test email" is limited, it reaches any address): how
 * many, and the seconds until the oldest of them leaves the hour, when one more may be sent.
 */
export async function recentTestEmails(
  db: Db,
  manufacturerId: number,
  kind: string,
): Promise<{ count: number; secondsUntilOneLeaves: number }> {
  const now = Date.now();
  const row = await emailDb(db)
    .selectFrom('email_outbox')
    .select((eb) => [eb.fn.countAll<string>().as('count'), eb.fn.min('created_at').as('oldest')])
    .where('manufacturer_id', '=', manufacturerId)
    .where('kind', '=', kind)
    .where('created_at', '>', new Date(now - HOUR_MS))
    .executeTakeFirstOrThrow();
  const oldest = row.oldest === null ? now : new Date(row.oldest).getTime();
  return { count: Number(row.count), secondsUntilOneLeaves: Math.max(1, Math.ceil((oldest + HOUR_MS - now) / 1000)) };
}
