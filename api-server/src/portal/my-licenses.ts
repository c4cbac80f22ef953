import { sql } from 'kysely';
import type { PortalLicense } from 'shared-kit/contract';
import type { Db } from '../db/database';
import type { PageRequest } from '../lib/paging';
import { apiTimestampSql } from '../db/api-timestamps';
import type { Customer } from './customer-authentication';

/**
 * A page of the customer's own licences (newest first), each with the machines it is activated on now, and their
 * total. Every row is the signed-in end user's within their manufacturer: nobody else's licence can be named here.
 */
export async function listMyLicenses(
  db: Db,
  customer: Customer,
  page: PageRequest,
): Promise<{ rows: PortalLicense[]; total: number }> {
  const mine = db
    .selectFrom('licenses')
    .where('licenses.user_id', '=', customer.endUserId)
    .where('licenses.manufacturer_id', '=', customer.manufacturerId);
  const [rows, count] = await Promise.all([
    mine
      .innerJoin('products', 'products.id', 'licenses.product_id')
      .select([
        'licenses.id',
        'licenses.serial',
        'licenses.license_type',
        sql<PortalLicense['state']>`CASE WHEN licenses.disabled THEN 'disabled' ELSE 'active' END`.as('state'),
        'licenses.disabled_reason',
        sql<
          PortalLicense['product']
        >`json_build_object('id', products.id, 'name', products.name, 'identifier', products.identifier)`.as('product'),
        'products.machine_limit',
        sql<PortalLicense['machines']>`coalesce((
          SELECT json_agg(json_build_object(
                   'id', m.id, 'name', m.name, 'hardware_fingerprint', m.hardware_fingerprint,
                   'activated_at', ${apiTimestampSql(sql.ref('m.first_activated_at'))},
                   'last_seen_at', ${apiTimestampSql(sql.ref('m.last_activated_at'))}) ORDER BY m.first_activated_at, m.id)
          FROM license_machines m
          WHERE m.license_id = licenses.id AND m.deactivated_at IS NULL), '[]'::json)`.as('machines'),
        apiTimestampSql(sql.ref('licenses.created_at')).as('created_at'),
      ])
      .orderBy('licenses.id', 'desc')
      .limit(page.perPage)
      .offset(page.offset)
      .execute(),
    mine.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map(({ machine_limit, ...row }) => ({ ...row, machines_in_use: row.machines.length, machine_limit })),
    total: Number(count.total),
  };
}
