import type { Db } from '../../db/database';
import { FETCH_ROWS, type CsvColumn } from '../../lib/csv/send-csv';

/** A batch's serials in the order they were made, with who redeemed each (the reseller's list). */
export function batchSerialExport(db: Db, manufacturerId: number, batchId: number) {
  const rows = db
    .selectFrom('batch_serials as s')
    .leftJoin('end_users as u', 'u.id', 's.redeemed_by_end_user_id')
    .where('s.manufacturer_id', '=', manufacturerId)
    .where('s.batch_id', '=', batchId)
    .select(['s.serial', 's.status', 's.redeemed_at', 'u.email'])
    .orderBy('s.id');
  type Row = Awaited<ReturnType<typeof rows.executeTakeFirstOrThrow>>;
  const columns: CsvColumn<Row>[] = [
    { header: 'Serial', value: (row) => row.serial },
    { header: 'Status', value: (row) => row.status },
    { header: 'Redeemed At', value: (row) => row.redeemed_at },
    { header: 'Redeemed By', value: (row) => row.email },
  ];
  return { columns, open: () => rows.stream(FETCH_ROWS) };
}
