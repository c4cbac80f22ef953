import { sql, type ExpressionBuilder } from 'kysely';
import type { DisableReason, License } from 'shared-kit/contract';
import type { Database } from '../db/schema';
import { apiTimestampSql } from '../db/api-timestamps';

/** A licence joined with its owner (`u`) and product (`p`). */
export type LicenseJoin = Database & { l: Database['licenses']; u: Database['end_users']; p: Database['products'] };

/**
 * The one definition of the API's `License`: its columns, in the schema's order, timestamps in the contract's
 * format. A page or a licence answered as PostgreSQL's JSON text and a licence read as a row (then serialised by
 * Fastify) both select these, so the two cannot drift apart.
 */
export function licenseColumns(eb: ExpressionBuilder<LicenseJoin, 'l' | 'u' | 'p'>) {
  return [
    'l.id',
    'l.serial',
    'l.license_type',
    'l.disabled',
    'l.disabled_reason',
    apiTimestampSql(eb.ref('l.created_at')).as('created_at'),
    apiTimestampSql(eb.ref('l.updated_at')).as('updated_at'),
    'l.user_id',
    sql<License['user']>`json_build_object('email', u.email)`.as('user'),
    'l.product_id',
    sql<
      License['product']
    >`json_build_object('id', p.id, 'name', p.name, 'identifier', p.identifier, 'series', p.series)`.as('product'),
  ] as const;
}

/** A licence's state: enabled, or disabled with a reason. */
export interface LicenseState {
  disabled: boolean;
  disabled_reason: DisableReason | null;
}
