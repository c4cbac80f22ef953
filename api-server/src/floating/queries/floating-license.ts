import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { licenseExpiredSql } from '../../policies/queries/license-terms';

/** What the seat calls need of a licence: its state, its floating terms, its product's key, its edition. */
export interface FloatingLicense {
  model: 'node-locked' | 'floating' | null;
  seats: number | null;
  lease_minutes: number | null;
  max_borrow_days: number | null;
  id: number;
  manufacturer_id: number;
  product_id: number;
  serial: string;
  disabled: boolean;
  disabled_reason: string | null;
  expires_at: Date | null;
  expired: boolean;
  private_key_encrypted: string;
  edition: string | null;
  features: string[];
}

/** The edition's name and feature keys of the licence `l`, as the lease carries them. */
export const editionNameSql = sql<string | null>`(SELECT e.name FROM product_editions e WHERE e.id = l.edition_id)`;
export const editionFeaturesSql = sql<string[]>`coalesce((SELECT array_agg(f.key ORDER BY f.key)
  FROM product_edition_features ef JOIN product_features f ON f.id = ef.feature_id WHERE ef.edition_id = l.edition_id), '{}')`;

/** The columns of a FloatingLicense and the tables they come from (`l` the licence, `p` its policy), for a WHERE to follow. */
export const FLOATING_LICENSE = sql`l.id, l.manufacturer_id, l.product_id, l.serial, l.disabled, l.disabled_reason, l.expires_at,
  ${licenseExpiredSql} AS expired, p.model, p.seats, p.lease_minutes, p.max_borrow_days, pr.private_key_encrypted,
  ${editionNameSql} AS edition, ${editionFeaturesSql} AS features
  FROM licenses l JOIN products pr ON pr.id = l.product_id
  LEFT JOIN license_policies p ON p.product_id = l.product_id AND p.license_type = l.license_type`;

/**
 * The licence a plugin names by product and serial. `lock`: its row held until the transaction ends (FOR NO KEY
 * UPDATE: check-outs of one licence wait for each other, on every server instance, while its other readers and the
 * foreign keys pointing at it do not).
 */
export async function findFloatingLicense(
  db: Db,
  key: { productId: number; serial: string },
  lock: boolean,
): Promise<FloatingLicense | undefined> {
  const { rows } = await sql<FloatingLicense>`SELECT ${FLOATING_LICENSE}
    WHERE l.product_id = ${key.productId} AND l.serial = ${key.serial}
    ${lock ? sql`FOR NO KEY UPDATE OF l` : sql``}`.execute(db);
  return rows[0];
}
