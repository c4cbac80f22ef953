import { sql } from 'kysely';
import type { BuyerMail, LicenseType } from 'shared-kit/contract';
import type { Db } from '../../db/database';
import { compiledOncePerShape } from '../../db/compiled-once';
import { licenseAuditJsonSql } from '../../licenses/queries/license-audit-json';
import { countedRead, type RateLimit, type RateLimitDecision } from '../../auth/rate-limits';
import {
  mailBrandRowOf,
  type MailBrandColumns,
  type MailBrandRow,
  type OutboxMailRow,
} from '../../email/mail-row-shape';

/** The serial as the manufacturer has it (no row: no such serial), and what its licence-issued mail needs. */
export interface RedeemContext {
  serial: {
    status: string;
    redeemed_by_end_user_id: number | null;
    product_name: string;
  } | null;
  /** The manufacturer's row and mail settings, as `mailBrandOf` (email/brand.ts) reads them. */
  brand: MailBrandRow;
  portal: { portal_slug: string; portal_enabled: boolean };
  /** Whether the manufacturer sends the mail asked for (no switch set means on). */
  mailOn: boolean;
  /** The redeeming end user's email, null when the manufacturer has no such end user. */
  email: string | null;
}

interface ContextRow extends MailBrandColumns {
  status: string | null;
  redeemed_by_end_user_id: number | null;
  product_name: string | null;
  portal_slug: string;
  portal_enabled: boolean;
  mail_enabled: boolean | null;
  end_user_email: string | null;
}

interface ContextValues {
  manufacturerId: number;
  serial: string;
  endUserId: number;
  mail: BuyerMail;
}

const countedContextRead = countedRead('redeem_read', (_db: Db, _shape: 'serial', values: ContextValues) => ({
  read: sql<ContextRow>`SELECT s.status, s.redeemed_by_end_user_id, p.name AS product_name,
    m.name AS manufacturer_name, m.email AS manufacturer_email, ms.sender_name, ms.reply_to, ms.logo_url,
    ms.brand_color, m.portal_slug, m.portal_enabled,
    (SELECT w.enabled FROM buyer_mail_switches w WHERE w.manufacturer_id = m.id AND w.mail = ${values.mail}::text)
      AS mail_enabled,
    u.email AS end_user_email
  FROM manufacturers m
  LEFT JOIN manufacturer_mail_settings ms ON ms.manufacturer_id = m.id
  LEFT JOIN end_users u ON u.id = ${values.endUserId}::int AND u.manufacturer_id = m.id
  LEFT JOIN batch_serials s ON s.serial = ${values.serial}::text AND s.manufacturer_id = m.id
  LEFT JOIN serial_batches b ON b.id = s.batch_id
  LEFT JOIN products p ON p.id = b.product_id
  WHERE m.id = ${values.manufacturerId}::int`,
}));

/**
 * Counts the redeem try against `limits` and reads, in the same statement, the manufacturer's serial (its status,
 * who redeemed it, its batch's product) and what the end user's licence-issued mail needs: the brand, the portal,
 * the mail's switch and the end user's address. No context when the try is refused.
 */
export async function readRedeemContext(
  db: Db,
  limits: RateLimit[],
  values: ContextValues,
): Promise<{ decision: RateLimitDecision; context: RedeemContext | undefined }> {
  const { decision, row: found } = await countedContextRead(db, limits, 'serial', values);
  if (!decision.allowed) return { decision, context: undefined };
  if (!found) throw new Error(`no manufacturer ${values.manufacturerId} to redeem a serial of`);
  return {
    decision,
    context: {
      serial:
        found.status === null
          ? null
          : {
              status: found.status,
              redeemed_by_end_user_id: found.redeemed_by_end_user_id,
              product_name: found.product_name!,
            },
      brand: mailBrandRowOf(found),
      portal: { portal_slug: found.portal_slug, portal_enabled: found.portal_enabled },
      mailOn: found.mail_enabled ?? true,
      email: found.end_user_email,
    },
  };
}

export interface ClaimedSerial {
  id: string;
  batch_id: number;
  license_id: number;
  product_id: number;
  product_name: string;
  license_type: LicenseType;
}

/** What a redeem writes beside the serial and its licence. */
export interface RedeemWrite {
  manufacturerId: number;
  serial: string;
  endUserId: number;
  /** The end user's licence-issued mail as its outbox row (email/send-templated-email.tsx `outboxRowOf`), or null. */
  mail: OutboxMailRow | null;
  /**
   * The outbox's channel: the statement notifies it when it writes the mail, delivered at commit (outbox/wake-ups.ts
   * `outboxWakeUp`, here with the channel a bound value so the text is the same for every call).
   */
  mailChannel: string;
  /** The audit rows' actor columns (audit-log.ts `auditActorColumns`). */
  actor: { actor_system_user_id: number | null; actor_end_user_id: number | null; actor_api_key_id: number | null };
}

/**
 * Redeems an unsold serial of the manufacturer for the end user, in one statement: the serial is marked redeemed and
 * linked to a new licence of the end user (the same serial, the batch's product and licence type; the policy's terms
 * come with the insert), the batch counts it, the end user's mail goes to the outbox (waking the workers at commit)
 * and the audit rows are written in the order the changes happened: `license.create` with the licence as made, then
 * `batch_serial.redeem`. Undefined when the serial is not unsold, and then nothing is written. The row lock decides
 * between two customers redeeming one serial at once: the second re-reads it as redeemed and claims nothing. The
 * licence's id is drawn first, so the serial's one update links it (a row is updated once per statement). The
 * licence's audit row is the row as PostgreSQL made it, timestamps in the contract's format (db/api-timestamps.ts),
 * as `recordAudits` writes a row.
 */
export async function redeemUnsoldSerial(db: Db, redeem: RedeemWrite): Promise<ClaimedSerial | undefined> {
  const { manufacturerId, serial, endUserId, mail, actor } = redeem;
  const values = {
    manufacturerId,
    serial,
    endUserId,
    actorSystemUserId: actor.actor_system_user_id,
    actorEndUserId: actor.actor_end_user_id,
    actorApiKeyId: actor.actor_api_key_id,
  };
  const { rows } = mail
    ? await redeemStatement(db, 'with-mail', {
        ...values,
        to_address: mail.to_address,
        kind: mail.kind,
        subject: mail.subject,
        sender_name: mail.sender_name,
        reply_to: mail.reply_to,
        html: mail.html,
        text: mail.text,
        masked_subject: mail.masked_subject,
        masked_html: mail.masked_html,
        masked_text: mail.masked_text,
        transactional: mail.transactional,
        mailChannel: redeem.mailChannel,
      })
    : await redeemStatement(db, 'without-mail', values);
  return rows[0];
}

type RedeemValues = {
  manufacturerId: number;
  serial: string;
  endUserId: number;
  actorSystemUserId: number | null;
  actorEndUserId: number | null;
  actorApiKeyId: number | null;
} & Partial<NonNullable<RedeemWrite['mail']> & { mailChannel: string }>;

// Built and compiled once per shape (with the mail or without) and sent by name (db/compiled-once.ts).
const redeemStatement = compiledOncePerShape(
  (_db: Db, shape: 'with-mail' | 'without-mail', v: RedeemValues) => sql<ClaimedSerial>`WITH claimed AS (
      UPDATE batch_serials s
      SET status = 'redeemed', redeemed_at = now(), redeemed_by_end_user_id = ${v.endUserId}::int,
        license_id = nextval(pg_get_serial_sequence('licenses', 'id'))
      FROM serial_batches b JOIN products p ON p.id = b.product_id
      WHERE s.serial = ${v.serial}::text AND s.manufacturer_id = ${v.manufacturerId}::int AND s.status = 'unsold'
        AND b.id = s.batch_id
      RETURNING s.id, s.batch_id, s.license_id, b.product_id, p.name AS product_name, b.license_type
    ), license AS (
      INSERT INTO licenses (id, manufacturer_id, product_id, user_id, license_type, serial)
      SELECT c.license_id, ${v.manufacturerId}::int, c.product_id, ${v.endUserId}::int, c.license_type, ${v.serial}::text
      FROM claimed c
      RETURNING *
    ), counted AS (
      UPDATE serial_batches b SET redeemed_count = b.redeemed_count + 1 FROM claimed c WHERE b.id = c.batch_id
    ), ${
      shape === 'with-mail'
        ? sql`mail AS (
      INSERT INTO email_outbox (manufacturer_id, to_address, kind, subject, sender_name, reply_to, html, text,
        masked_subject, masked_html, masked_text, transactional)
      SELECT ${v.manufacturerId}::int, ${v.to_address}::text, ${v.kind}::text, ${v.subject}::text,
        ${v.sender_name}::text, ${v.reply_to}::text, ${v.html}::text, ${v.text}::text, ${v.masked_subject}::text,
        ${v.masked_html}::text, ${v.masked_text}::text, ${v.transactional}::boolean
      FROM claimed
      RETURNING id
    ), `
        : sql``
    }audits AS (
      INSERT INTO audit_log (manufacturer_id, actor_system_user_id, actor_end_user_id, actor_api_key_id, action,
        entity_type, entity_id, after)
      SELECT ${v.manufacturerId}::int, ${v.actorSystemUserId}::int, ${v.actorEndUserId}::int, ${v.actorApiKeyId}::int,
        a.action, a.entity_type, a.entity_id, a.after
      FROM (
        SELECT 1 AS part, 'license.create' AS action, 'license' AS entity_type, l.id::text AS entity_id,
          ${licenseAuditJsonSql('l')} AS after
        FROM license l
        UNION ALL
        SELECT 2, 'batch_serial.redeem', 'batch_serial', c.id::text, jsonb_build_object('serial', ${v.serial}::text,
          'batch_id', c.batch_id, 'license_id', c.license_id, 'end_user_id', ${v.endUserId}::int)
        FROM claimed c
      ) a
      ORDER BY a.part
    )
    SELECT c.id, c.batch_id, l.id AS license_id, c.product_id, c.product_name, c.license_type${
      shape === 'with-mail' ? sql`, (SELECT pg_notify(${v.mailChannel}::text, '') FROM mail) AS wake_up` : sql``
    }
    FROM license l JOIN claimed c ON true`,
  { named: 'redeem_write' },
);

/** Why a serial could not be claimed: its status and who redeemed it, or undefined when the manufacturer has no such serial. */
export async function findSerialState(db: Db, manufacturerId: number, serial: string) {
  return db
    .selectFrom('batch_serials')
    .select(['status', 'redeemed_by_end_user_id'])
    .where('manufacturer_id', '=', manufacturerId)
    .where('serial', '=', serial)
    .executeTakeFirst();
}
