import type { Db } from '../../db/database';
import { escapeLike } from '../../lib/like-pattern';
import type { LicenseScope } from './licenses';
import { sql } from 'kysely';
import { FETCH_ROWS, type CsvColumn } from '../../lib/csv/send-csv';
import { maintenanceEndSql } from '../../policies/queries/license-terms';

/**
 * A product's licences (optionally only owners whose email contains `email`) or an end user's, in id order as
 * their lists show them; the user's list adds the product's columns.
 */
export function licenseExport(db: Db, manufacturerId: number, scope: LicenseScope, email: string | undefined) {
  let query = db
    .selectFrom('licenses as l')
    .innerJoin('end_users as u', 'u.id', 'l.user_id')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .where('l.manufacturer_id', '=', manufacturerId);
  query =
    'productId' in scope
      ? query.where('l.product_id', '=', scope.productId)
      : query.where('l.user_id', '=', scope.userId);
  if (email)
    query = query.where('u.manufacturer_id', '=', manufacturerId).where('u.email', 'ilike', `%${escapeLike(email)}%`);
  const rows = query
    .select([
      'l.id',
      'l.serial',
      'l.license_type',
      'l.disabled',
      'l.disabled_reason',
      'l.created_at',
      'l.updated_at',
      'u.email',
      'p.name',
      'p.identifier',
      'p.series',
      sql<string | null>`(SELECT e.name FROM product_editions e WHERE e.id = l.edition_id)`.as('edition'),
      'l.expires_at',
      maintenanceEndSql.as('maintenance_ends_at'),
    ])
    .orderBy('l.id');
  type Row = Awaited<ReturnType<typeof rows.executeTakeFirstOrThrow>>;
  const productColumns: CsvColumn<Row>[] =
    'userId' in scope
      ? [
          { header: 'Product Series', value: (row) => row.series },
          { header: 'Product Identifier', value: (row) => row.identifier },
          { header: 'Product Name', value: (row) => row.name },
        ]
      : [];
  const columns: CsvColumn<Row>[] = [
    { header: 'ID', value: (row) => row.id },
    ...productColumns,
    { header: 'Email', value: (row) => row.email },
    { header: 'Type', value: (row) => row.license_type },
    { header: 'Serial', value: (row) => row.serial },
    { header: 'Deactivated', value: (row) => row.disabled },
    { header: 'Deactivation Reason', value: (row) => row.disabled_reason },
    { header: 'Created At', value: (row) => row.created_at },
    { header: 'Updated At', value: (row) => row.updated_at },
    // The licence's terms (docs/licensing.md), after the columns the lists show.
    { header: 'Edition', value: (row) => row.edition },
    { header: 'Expires At', value: (row) => row.expires_at },
    { header: 'Maintenance Ends At', value: (row) => row.maintenance_ends_at },
  ];
  return { columns, open: () => rows.stream(FETCH_ROWS) };
}

/** A product's trials (GET /products/{id}/trials, same fingerprint search), in id order. */
export function trialExport(db: Db, manufacturerId: number, productId: number, fingerprint: string | undefined) {
  let query = db.selectFrom('trials').where('manufacturer_id', '=', manufacturerId).where('product_id', '=', productId);
  if (fingerprint) query = query.where('hardware_fingerprint', 'ilike', `%${escapeLike(fingerprint)}%`);
  const rows = query.select(['id', 'hardware_fingerprint', 'created_at']).orderBy('id');
  type Row = Awaited<ReturnType<typeof rows.executeTakeFirstOrThrow>>;
  const columns: CsvColumn<Row>[] = [
    { header: 'ID', value: (row) => row.id },
    { header: 'Hardware Fingerprint', value: (row) => row.hardware_fingerprint },
    { header: 'Created At', value: (row) => row.created_at },
  ];
  return { columns, open: () => rows.stream(FETCH_ROWS) };
}
