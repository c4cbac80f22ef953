import { sql, type RawBuilder } from 'kysely';
import type { BuyerMail } from 'shared-kit/contract';
import type { Db } from '../../db/database';
import { executeNamed } from '../../db/named-statements';
import type { OrderInput, OrderRow } from '../order-shape';

// An order is two statements in its transaction (docs/performance.md, "Orders: where the time went"): the first
// claims the key and reads what the order needs, the second writes every row. Both have one text whatever the
// order's size (its lists travel as arrays), so they are sent as named statements.

/** What the claiming statement read beside the claimed order row. */
export interface ClaimedOrder {
  row: OrderRow;
  /** The manufacturer's products among the order's, by id: their names. */
  products: Map<number, string>;
  /** The manufacturer's end user of the buyer's email (any case), if there is one. */
  buyer: { id: number; email: string } | undefined;
  /** Ids drawn for the order's lines and licences, ascending, in the order they are written. */
  lineIds: number[];
  licenseIds: number[];
  /** The manufacturer's row and mail settings, as `mailBrandOf` (email/brand.ts) reads them. */
  brand: {
    name: string;
    email: string | null;
    sender_name: string | null;
    reply_to: string | null;
    logo_url: string | null;
    brand_color: string | null;
  };
  portal: { portal_slug: string; portal_enabled: boolean };
  /** Whether the manufacturer sends the mail `mail` (no switch set means on). */
  mailOn: boolean;
}

interface ClaimRow extends Omit<OrderRow, 'id'> {
  id: number | null;
  manufacturer_name: string;
  manufacturer_email: string | null;
  sender_name: string | null;
  reply_to: string | null;
  logo_url: string | null;
  brand_color: string | null;
  portal_slug: string;
  portal_enabled: boolean;
  mail_enabled: boolean | null;
  products: { id: number; name: string }[];
  buyer_id: number | null;
  buyer_user_email: string | null;
  line_ids: number[] | null;
  license_ids: number[] | null;
}

/**
 * Claims the manufacturer's Idempotency-Key with a new order row, first thing in the order's transaction: the
 * unique (manufacturer, key) makes a concurrent request with the same key wait for this transaction and then find
 * the key taken. The same statement reads the products, the buyer's end user, the brand, the portal and the mail's
 * switch, and draws the ids of the lines and licences. Undefined when the key is taken (by a committed order).
 */
export async function claimOrder(
  trx: Db,
  manufacturerId: number,
  idempotencyKey: string,
  requestHash: Buffer,
  input: OrderInput,
  mail: BuyerMail,
): Promise<ClaimedOrder | undefined> {
  const productIds = [...new Set(input.lines.map((line) => line.product_id))];
  const licenseCount = input.lines.reduce((sum, line) => sum + line.quantity, 0);
  const { rows } = await executeNamed(
    trx,
    'order_claim',
    sql<ClaimRow>`WITH claim AS (
      INSERT INTO orders (manufacturer_id, idempotency_key, request_hash, store, external_order_id, buyer_email,
        buyer_name, buyer_external_id, amount, currency)
      VALUES (${manufacturerId}::int, ${idempotencyKey}::text, ${requestHash}::bytea, ${input.store}::text,
        ${input.external_order_id}::text, ${input.buyer.email}::text, ${input.buyer.name}::text,
        ${input.buyer.external_id}::text, ${input.amount}::bigint, ${input.currency}::text)
      ON CONFLICT (manufacturer_id, idempotency_key) DO NOTHING
      RETURNING id, manufacturer_id, store, external_order_id, buyer_user_id, buyer_email, buyer_name,
        buyer_external_id, amount, currency, status, refund_reason, refunded_at, created_at, updated_at
    )
    SELECT c.id, c.manufacturer_id, c.store, c.external_order_id, c.buyer_user_id, c.buyer_email, c.buyer_name,
      c.buyer_external_id, c.amount, c.currency, c.status, c.refund_reason, c.refunded_at, c.created_at, c.updated_at,
      m.name AS manufacturer_name, m.email AS manufacturer_email, s.sender_name, s.reply_to, s.logo_url,
      s.brand_color, m.portal_slug, m.portal_enabled,
      (SELECT w.enabled FROM buyer_mail_switches w WHERE w.manufacturer_id = m.id AND w.mail = ${mail}::text)
        AS mail_enabled,
      (SELECT coalesce(json_agg(json_build_object('id', p.id, 'name', p.name)), '[]'::json) FROM products p
        WHERE p.manufacturer_id = m.id AND p.id = ANY (${productIds}::int[])) AS products,
      u.id AS buyer_id, u.email AS buyer_user_email,
      CASE WHEN c.id IS NOT NULL THEN ARRAY(
        SELECT nextval(pg_get_serial_sequence('order_lines', 'id'))::int AS id
        FROM generate_series(1, ${input.lines.length}::int) ORDER BY id) END AS line_ids,
      CASE WHEN c.id IS NOT NULL THEN ARRAY(
        SELECT nextval(pg_get_serial_sequence('licenses', 'id'))::int AS id
        FROM generate_series(1, ${licenseCount}::int) ORDER BY id) END AS license_ids
    FROM manufacturers m
    LEFT JOIN manufacturer_mail_settings s ON s.manufacturer_id = m.id
    LEFT JOIN claim c ON true
    LEFT JOIN end_users u ON u.manufacturer_id = m.id AND lower(u.email) = ${input.buyer.email.toLowerCase()}::text
    WHERE m.id = ${manufacturerId}::int`,
  );
  const found = rows[0];
  if (!found) throw new Error(`no manufacturer ${manufacturerId} to record an order for`);
  if (found.id === null) return undefined;
  return {
    row: {
      id: found.id,
      manufacturer_id: found.manufacturer_id,
      store: found.store,
      external_order_id: found.external_order_id,
      buyer_user_id: found.buyer_user_id,
      buyer_email: found.buyer_email,
      buyer_name: found.buyer_name,
      buyer_external_id: found.buyer_external_id,
      amount: found.amount,
      currency: found.currency,
      status: found.status,
      refund_reason: found.refund_reason,
      refunded_at: found.refunded_at,
      created_at: found.created_at,
      updated_at: found.updated_at,
    },
    products: new Map(found.products.map((product) => [product.id, product.name])),
    buyer: found.buyer_id === null ? undefined : { id: found.buyer_id, email: found.buyer_user_email! },
    lineIds: found.line_ids!,
    licenseIds: found.license_ids!,
    brand: {
      name: found.manufacturer_name,
      email: found.manufacturer_email,
      sender_name: found.sender_name,
      reply_to: found.reply_to,
      logo_url: found.logo_url,
      brand_color: found.brand_color,
    },
    portal: { portal_slug: found.portal_slug, portal_enabled: found.portal_enabled },
    mailOn: found.mail_enabled ?? true,
  };
}

/** Every row an order writes after its claim, with the ids `claimOrder` drew. */
export interface OrderRows {
  orderId: number;
  manufacturerId: number;
  buyerUserId: number;
  lines: { id: number; product_id: number; license_type: string; quantity: number }[];
  licenses: { id: number; product_id: number; license_type: string; serial: string; order_line_id: number }[];
  /** The buyer's mail as its outbox row (email/send-templated-email.tsx `outboxRowOf`), or null when none goes out. */
  mail: {
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
  } | null;
  /** The outbox's wake-up (outbox/wake-ups.ts), a column of the statement: it notifies at commit when a mail is written. */
  mailWakeUp: RawBuilder<string>;
  /** The audit rows' actor columns (`auditActorColumns`). */
  actor: { actor_system_user_id: number | null; actor_end_user_id: number | null; actor_api_key_id: number | null };
  /** The new buyer's end user (`end_user.create`), audited before the licences; null for a known buyer. */
  newBuyer: unknown;
  /** The order as History keeps it (`order.create`), audited after the licences. */
  auditedOrder: unknown;
  /** The create answer a retry with the order's key gets. */
  answer: unknown;
}

/**
 * Writes the order's lines, licences (each audited `license.create` with the row as made, its policy's terms in
 * it), their links, the buyer's mail to the outbox (waking the workers at commit), the audit rows in the order the
 * changes happened, and the order's buyer and answer, in one statement. The licences' audit rows are the rows as
 * PostgreSQL made them, timestamps in the contract's format (db/api-timestamps.ts), as `recordAudits` writes a row.
 */
export async function writeOrderRows(trx: Db, order: OrderRows): Promise<void> {
  const { lines, licenses, mail, actor } = order;
  const timestamp = (column: string) =>
    sql`to_char(${sql.ref(column)} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  await executeNamed(
    trx,
    'order_write',
    sql`WITH line_rows AS (
      INSERT INTO order_lines (id, order_id, product_id, license_type, quantity)
      SELECT x.id, ${order.orderId}::int, x.product_id, x.license_type, x.quantity
      FROM unnest(${lines.map((line) => line.id)}::int[], ${lines.map((line) => line.product_id)}::int[],
        ${lines.map((line) => line.license_type)}::text[], ${lines.map((line) => line.quantity)}::int[])
        AS x (id, product_id, license_type, quantity)
      ORDER BY x.id
      RETURNING id
    ), license_rows AS (
      INSERT INTO licenses (id, manufacturer_id, product_id, user_id, license_type, serial)
      SELECT x.id, ${order.manufacturerId}::int, x.product_id, ${order.buyerUserId}::int, x.license_type, x.serial
      FROM unnest(${licenses.map((license) => license.id)}::int[],
        ${licenses.map((license) => license.product_id)}::int[],
        ${licenses.map((license) => license.license_type)}::text[], ${licenses.map((license) => license.serial)}::text[])
        AS x (id, product_id, license_type, serial)
      ORDER BY x.id
      RETURNING *
    ), links AS (
      INSERT INTO order_licenses (license_id, order_id, order_line_id)
      SELECT l.id, ${order.orderId}::int, x.order_line_id
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
        WHERE ${jsonOrNull(order.newBuyer)}::text IS NOT NULL
        UNION ALL
        SELECT 1, l.id, 'license.create', 'license', l.id::text, to_jsonb(l) || jsonb_build_object(
          'created_at', ${timestamp('l.created_at')}, 'updated_at', ${timestamp('l.updated_at')},
          'expires_at', ${timestamp('l.expires_at')}, 'maintenance_ends_at', ${timestamp('l.maintenance_ends_at')})
        FROM license_rows l
        UNION ALL
        SELECT 2, 0, 'order.create', 'order', ${order.orderId}::int::text, ${JSON.stringify(order.auditedOrder)}::jsonb
      ) a
      ORDER BY a.part, a.n
    ), completed AS (
      UPDATE orders SET buyer_user_id = ${order.buyerUserId}::int, answer = ${JSON.stringify(order.answer)}::jsonb
      WHERE id = ${order.orderId}::int
    )
    SELECT (SELECT ${order.mailWakeUp} FROM mail) AS wake_up`,
  );
}

const jsonOrNull = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));
