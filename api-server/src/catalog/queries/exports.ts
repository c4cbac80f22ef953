import { sql } from 'kysely';
import type { ProductType } from 'shared-kit/contract';
import type { Db } from '../../db/database';
import { escapeLike } from '../../lib/like-pattern';
import { FETCH_ROWS, type CsvColumn } from '../../lib/csv/send-csv';

/** The products list (same filters as GET /products), in its order. */
export function productExport(db: Db, manufacturerId: number, filter: { identifier?: string; type?: ProductType }) {
  let query = db.selectFrom('products').where('manufacturer_id', '=', manufacturerId);
  if (filter.identifier) query = query.where('identifier', 'ilike', `%${escapeLike(filter.identifier)}%`);
  if (filter.type) query = query.where('type', '=', filter.type);
  const rows = query.select(['id', 'identifier', 'name', 'series', 'type']).orderBy('id');
  type Row = Awaited<ReturnType<typeof rows.executeTakeFirstOrThrow>>;
  const columns: CsvColumn<Row>[] = [
    { header: 'ID', value: (row) => row.id },
    { header: 'Identifier', value: (row) => row.identifier },
    { header: 'Name', value: (row) => row.name },
    { header: 'Series', value: (row) => row.series },
    { header: 'Type', value: (row) => row.type },
  ];
  return { columns, open: () => rows.stream(FETCH_ROWS) };
}

/** A product's builds, newest first (GET /products/{id}/builds). */
export function buildExport(db: Db, manufacturerId: number, productId: number) {
  const rows = db
    .selectFrom('builds')
    .where('manufacturer_id', '=', manufacturerId)
    .where('product_id', '=', productId)
    .select(['id', 'os', 'major', 'minor', 'revision', 'build_number', 'upload_confirmed', 'created_at', 'updated_at'])
    .orderBy('id', 'desc');
  type Row = Awaited<ReturnType<typeof rows.executeTakeFirstOrThrow>>;
  const columns: CsvColumn<Row>[] = [
    { header: 'ID', value: (row) => row.id },
    { header: 'OS', value: (row) => row.os },
    { header: 'Version', value: (row) => `${row.major}.${row.minor}.${row.revision}` },
    { header: 'Build number', value: (row) => row.build_number },
    { header: 'Upload Confirmed', value: (row) => row.upload_confirmed },
    { header: 'Created At', value: (row) => row.created_at },
    { header: 'Updated At', value: (row) => row.updated_at },
  ];
  return { columns, open: () => rows.stream(FETCH_ROWS) };
}

/** A product's releases, newest first (GET /products/{id}/releases), with their channels' names. */
export function releaseExport(db: Db, manufacturerId: number, productId: number) {
  const rows = db
    .selectFrom('releases as r')
    .where('r.manufacturer_id', '=', manufacturerId)
    .where('r.product_id', '=', productId)
    .select((eb) => [
      'r.id',
      'r.description',
      'r.unlocks_wo_license',
      'r.app_version_min',
      'r.app_version_max',
      'r.created_at',
      'r.updated_at',
      eb
        .selectFrom('release_distributions as d')
        .innerJoin('distribution_channels as c', 'c.id', 'd.channel_id')
        .whereRef('d.release_id', '=', 'r.id')
        .select(sql<string>`string_agg(c.name, ', ' ORDER BY c.name)`.as('channels'))
        .as('channels'),
    ])
    .orderBy('r.id', 'desc');
  type Row = Awaited<ReturnType<typeof rows.executeTakeFirstOrThrow>>;
  const columns: CsvColumn<Row>[] = [
    { header: 'ID', value: (row) => row.id },
    { header: 'Description', value: (row) => row.description },
    { header: 'Unlocks Without License', value: (row) => row.unlocks_wo_license },
    { header: 'App Version Min', value: (row) => row.app_version_min },
    { header: 'App Version Max', value: (row) => row.app_version_max },
    { header: 'Distribution Channels', value: (row) => row.channels },
    { header: 'Created At', value: (row) => row.created_at },
    { header: 'Updated At', value: (row) => row.updated_at },
  ];
  return { columns, open: () => rows.stream(FETCH_ROWS) };
}
