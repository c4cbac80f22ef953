import { sql } from 'kysely';
import type { PortalTrial } from 'shared-kit/contract';
import type { Db } from '../db/database';
import type { PageRequest } from '../lib/paging';
import { apiTimestampSql } from '../db/api-timestamps';
import type { Customer } from './customer-authentication';

/**
 * A page of the trials on the customer's machines (newest first), and their total. A trial belongs to a product and
 * a hardware fingerprint, not to a person: the customer's machines are the fingerprints recorded for them (every
 * activation of their licences records one), within their manufacturer. A machine is named as its plugin last named
 * it on one of the customer's licences (a trial carries no name of its own).
 */
export async function listMyTrials(
  db: Db,
  customer: Customer,
  page: PageRequest,
): Promise<{ rows: PortalTrial[]; total: number }> {
  const mine = db
    .selectFrom('trials')
    .where('trials.manufacturer_id', '=', customer.manufacturerId)
    .where('trials.hardware_fingerprint', 'in', (qb) =>
      qb
        .selectFrom('fingerprints')
        .select('fingerprints.hardware_fingerprint')
        .where('fingerprints.user_id', '=', customer.endUserId)
        .where('fingerprints.manufacturer_id', '=', customer.manufacturerId),
    );
  const ends = sql<Date>`coalesce(trials.expires_at, trials.created_at + make_interval(days => products.trial_days))`;
  const [rows, count] = await Promise.all([
    mine
      .innerJoin('products', 'products.id', 'trials.product_id')
      .select([
        'trials.id',
        sql<PortalTrial['product']>`json_build_object('id', products.id, 'name', products.name)`.as('product'),
        sql<PortalTrial['machine']>`json_build_object('name', (
          SELECT m.name FROM license_machines m JOIN licenses l ON l.id = m.license_id
          WHERE l.user_id = ${customer.endUserId} AND l.manufacturer_id = ${customer.manufacturerId}
            AND m.hardware_fingerprint = trials.hardware_fingerprint AND m.name IS NOT NULL
          ORDER BY m.last_activated_at DESC LIMIT 1), 'hardware_fingerprint', trials.hardware_fingerprint)`.as(
          'machine',
        ),
        apiTimestampSql(sql.ref('trials.created_at')).as('started_at'),
        apiTimestampSql(ends).as('ends_at'),
        sql<boolean>`${ends} > now()`.as('running'),
      ])
      .orderBy('trials.id', 'desc')
      .limit(page.perPage)
      .offset(page.offset)
      .execute(),
    mine.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}
