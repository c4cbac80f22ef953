import { sql, type RawBuilder } from 'kysely';
import type { BuyerMail } from 'shared-kit/contract';
import type { Db } from '../../db/database';
import { apiTimestampSql } from '../../db/api-timestamps';
import { executeNamed } from '../../db/named-statements';
import { licenseAuditJsonSql } from '../../licenses/queries/license-audit-json';
import type { OrderInput } from '../order-shape';
import {
  mailBrandRowOf,
  type MailBrandColumns,
  type MailBrandRow,
  type OutboxMailRow,
} from '../../email/mail-row-shape';

// An order of a known buyer is two statements and no transaction of its own (docs/performance.md, "Orders: where
// the time went"): the first reads what the order needs, the second claims the key and writes every row, all or
// nothing as one statement is. Both have one text whatever the order's size (its lists travel as arrays), so they
// are sent as named statements.

/** What an order needs to know before it writes: the key's order if it has one, else the ids its rows will take. */
export interface OrderContext {
  /** The committed order holding the Idempotency-Key: its request's hash and the answer it was given. */
  taken: { request_hash: Buffer; answer: unknown } | undefined;
  /** The manufacturer's products among the order's, by id: their names. */
  products: Map<number, string>;
  /** The manufacturer's end user of the buyer's email (any case), if there is one. */
  buyer: { id: number; email: string } | undefined;
  /** Ids drawn for the order, its lines and its licences (ascending, in the order they are written). */
  orderId: number;
  lineIds: number[];
  licenseIds: number[];
  /** The manufacturer's row and mail settings, as `mailBrandOf` (email/brand.ts) reads them. */
  brand: MailBrandRow;
  portal: { portal_slug: string; portal_enabled: boolean };
  /** Whether the manufacturer sends the mail asked for (no switch set means on). */
  mailOn: boolean;
}

interface ContextRow extends MailBrandColumns {
  taken_hash: Buffer | null;
  taken_answer: unknown;
  portal_slug: string;
  portal_enabled: boolean;
  mail_enabled: boolean | null;
  products: { id: number; name: string }[];
  buyer_id: number | null;
  buyer_email: string | null;
  ids: { order: number; lines: number[]; licenses: number[] } | null;
}

/** An id of `table` drawn from its sequence, as its insert would draw it. */
const drawnIds = (table: string, count: RawBuilder<number>) =>
  sql`ARRAY(SELECT nextval(pg_get_serial_sequence(${table}::text, 'id'))::int AS id
    FROM generate_series(1, ${count}) ORDER BY id)`;

/**
 * Reads, in one statement, the committed order of the manufacturer's Idempotency-Key if there is one; else the
 * products, the buyer's end user, the brand, the portal, the mail's switch, and the ids the order's rows will take.
 */
export async function readOrderContext(
  db: Db,
  manufacturerId: number,
  idempotencyKey: string,
  input: OrderInput,
  mail: BuyerMail,
): Promise<OrderContext> {
  const productIds = [...new Set(input.lines.map((line) => line.product_id))];
  const licenseCount = input.lines.reduce((sum, line) => sum + line.quantity, 0);
  const { rows } = await executeNamed(
    db,
    'order_read',
    sql<ContextRow>`SELECT t.request_hash AS taken_hash, t.answer AS taken_answer,
      m.name AS manufacturer_name, m.email AS manufacturer_email, s.sender_name, s.reply_to, s.logo_url,
      s.brand_color, m.portal_slug, m.portal_enabled,
      (SELECT w.enabled FROM buyer_mail_switches w WHERE w.manufacturer_id = m.id AND w.mail = ${mail}::text)
        AS mail_enabled,
      (SELECT coalesce(json_agg(json_build_object('id', p.id, 'name', p.name)), '[]'::json) FROM products p
        WHERE p.manufacturer_id = m.id AND p.id = ANY (${productIds}::int[])) AS products,
      u.id AS buyer_id, u.email AS buyer_email,
      CASE WHEN t.id IS NULL THEN json_build_object(
        'order', nextval(pg_get_serial_sequence('orders', 'id')),
        'lines', ${drawnIds('order_lines', sql`${input.lines.length}::int`)},
        'licenses', ${drawnIds('licenses', sql`${licenseCount}::int`)}) END AS ids
    FROM manufacturers m
    LEFT JOIN manufacturer_mail_settings s ON s.manufacturer_id = m.id
    LEFT JOIN orders t ON t.manufacturer_id = m.id AND t.idempotency_key = ${idempotencyKey}::text
    LEFT JOIN end_users u ON u.manufacturer_id = m.id AND lower(u.email) = ${input.buyer.email.toLowerCase()}::text
    WHERE m.id = ${manufacturerId}::int`,
  );
  const found = rows[0];
  if (!found) throw new Error(`no manufacturer ${manufacturerId} to record an order for`);
  return {
    taken: found.taken_hash === null ? undefined : { request_hash: found.taken_hash, answer: found.taken_answer },
    products: new Map(found.products.map((product) => [product.id, product.name])),
    buyer: found.buyer_id === null ? undefined : { id: found.buyer_id, email: found.buyer_email! },
    orderId: found.ids?.order ?? 0,
    lineIds: found.ids?.lines ?? [],
    licenseIds: found.ids?.licenses ?? [],
    brand: mailBrandRowOf(found),
    portal: { portal_slug: found.portal_slug, portal_enabled: found.portal_enabled },
    mailOn: found.mail_enabled ?? true,
  };
}

/** Every row an order writes, with the ids `readOrderContext` drew. */
export interface OrderRows {
  orderId: number;
  manufacturerId: number;
  idempotencyKey: string;
  requestHash: Buffer;
  input: OrderInput;
  buyerUserId: number;
  lines: { id: number; product_id: number; license_type: string; quantity: number }[];
  licenses: { id: number; product_id: number; license_type: string; serial: string; order_line_id: number }[];
  /** The buyer's mail as its outbox row (email/send-templated-email.tsx `outboxRowOf`), or null when none goes out. */
  mail: OutboxMailRow | null;
  /** The outbox's wake-up (outbox/wake-ups.ts), a column of the statement: it notifies at commit when a mail is written. */
  mailWakeUp: RawBuilder<string>;
  /** The audit rows' actor columns (`auditActorColumns`). */
  actor: { actor_system_user_id: number | null; actor_end_user_id: number | null; actor_api_key_id: number | null };
  /** The new buyer's end user (`end_user.create`), audited before the licences; null for a known buyer. */
  newBuyer: unknown;
  /** The order as History keeps it (`order.create`), audited after the licences. */
  auditedOrder: unknown;
  /** The create answer a retry with the order's key gets; its creation and change times are the statement's. */
  answer: unknown;
}

/**
 * Claims the manufacturer's Idempotency-Key with the order row and, only when it got the key, writes the order's
 * lines, licences (each audited `license.create` with the row as made, its policy's terms in it), their links,
 * the buyer's mail to the outbox (waking the workers at commit) and the audit rows in the order the changes
 * happened, in one statement. A concurrent request with the same key waits on the unique (manufacturer, key) for
 * this one to commit, then writes nothing. Answers the order's creation time in the contract's format (the answer
 * stored has it too), or undefined when the key was taken. The licences' audit rows are the rows as PostgreSQL made
 * them, timestamps in the contract's format (db/api-timestamps.ts), as `recordAudits` writes a row.
 */
export async function writeOrder(db: Db, order: OrderRows): Promise<string | undefined> {
  const { input, lines, licenses, mail, actor } = order;
  const now = apiTimestampSql(sql<Date>`now()`);
  const { rows } = await executeNamed(
    db,
    'order_write',
    sql<{ created_at: string }>`WITH claim AS (
      INSERT INTO orders (id, manufacturer_id, idempotency_key, request_hash, store, external_order_id, buyer_user_id,
        buyer_email, buyer_name, buyer_external_id, amount, currency, answer)
      VALUES (${order.orderId}::int, ${order.manufacturerId}::int, ${order.idempotencyKey}::text,
        ${order.requestHash}::bytea, ${input.store}::text, ${input.external_order_id}::text, ${order.buyerUserId}::int,
        ${input.buyer.email}::text, ${input.buyer.name}::text, ${input.buyer.external_id}::text,
        ${input.amount}::bigint, ${input.currency}::text,
        ${JSON.stringify(order.answer)}::jsonb
          || jsonb_build_object('created_at', ${now}, 'updated_at', ${now}))
      ON CONFLICT (manufacturer_id, idempotency_key) DO NOTHING
      RETURNING id
    ), line_rows AS (
      INSERT INTO order_lines (id, order_id, product_id, license_type, quantity)
      SELECT x.id, c.id, x.product_id, x.license_type, x.quantity
      FROM claim c CROSS JOIN unnest(${lines.map((line) => line.id)}::int[],
        ${lines.map((line) => line.product_id)}::int[], ${lines.map((line) => line.license_type)}::text[],
        ${lines.map((line) => line.quantity)}::int[]) AS x (id, product_id, license_type, quantity)
      ORDER BY x.id
      RETURNING id
    ), license_rows AS (
      INSERT INTO licenses (id, manufacturer_id, product_id, user_id, license_type, serial)
      SELECT x.id, ${order.manufacturerId}::int, x.product_id, ${order.buyerUserId}::int, x.license_type, x.serial
      FROM claim c CROSS JOIN unnest(${licenses.map((license) => license.id)}::int[],
        ${licenses.map((license) => license.product_id)}::int[],
        ${licenses.map((license) => license.license_type)}::text[], ${licenses.map((license) => license.serial)}::text[])
        AS x (id, product_id, license_type, serial)
      ORDER BY x.id
      RETURNING *
    ), links AS (
      INSERT INTO order_licenses (license_id, order_id, order_line_id)
      SELECT l.id, ${order.orderId}::int, ol.id
      FROM license_rows l
      JOIN unnest(${licenses.map((license) => license.id)}::int[], ${licenses.map((license) => license.order_line_id)}::int[])
        AS x (license_id, order_line_id) ON x.license_id = l.id
      JOIN line_rows ol ON ol.id = x.order_line_id
    ), mail AS (
      INSERT INTO email_outbox (manufacturer_id, to_address, kind, subject, sender_name, reply_to, html, text,
        masked_subject, masked_html, masked_text, transactional)
      SELECT ${order.manufacturerId}::int, ${mail?.to_address ?? null}::text, ${mail?.kind ?? null}::text,
        ${mail?.subject ?? null}::text, ${mail?.sender_name ?? null}::text, ${mail?.reply_to ?? null}::text,
        ${mail?.html ?? null}::text, ${mail?.text ?? null}::text, ${mail?.masked_subject ?? null}::text,
        ${mail?.masked_html ?? null}::text, ${mail?.masked_text ?? null}::text, ${mail?.transactional ?? null}::boolean
      FROM claim
      WHERE ${mail === null}::boolean IS FALSE
      RETURNING id
    ), audits AS (
      INSERT INTO audit_log (manufacturer_id, actor_system_user_id, actor_end_user_id, actor_api_key_id, action,
        entity_type, entity_id, after)
      SELECT ${order.manufacturerId}::int, ${actor.actor_system_user_id}::int, ${actor.actor_end_user_id}::int,
        ${actor.actor_api_key_id}::int, a.action, a.entity_type, a.entity_id, a.after
      FROM (
        SELECT 0 AS part, 0 AS n, 'end_user.create' AS action, 'end_user' AS entity_type,
          ${order.buyerUserId}::int::text AS entity_id, ${jsonOrNull(order.newBuyer)}::jsonb AS after
        FROM claim
        WHERE ${jsonOrNull(order.newBuyer)}::text IS NOT NULL
        UNION ALL
        SELECT 1, l.id, 'license.create', 'license', l.id::text, ${licenseAuditJsonSql('l')}
        FROM license_rows l
        UNION ALL
        SELECT 2, 0, 'order.create', 'order', ${order.orderId}::int::text, ${JSON.stringify(order.auditedOrder)}::jsonb
        FROM claim
      ) a
      ORDER BY a.part, a.n
    )
    SELECT ${now} AS created_at, (SELECT ${order.mailWakeUp} FROM mail) AS wake_up FROM claim`,
  );
  return rows[0]?.created_at;
}

const jsonOrNull = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));
