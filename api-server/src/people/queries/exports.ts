import type { Db } from '../../db/database';
import { escapeLike } from '../../lib/like-pattern';
import { FETCH_ROWS, type CsvColumn } from '../../lib/csv/send-csv';

/** The manufacturer's end users (GET /users, same email search), in id order. */
export function endUserExport(db: Db, manufacturerId: number, email: string | undefined) {
  let query = db.selectFrom('end_users').where('manufacturer_id', '=', manufacturerId);
  if (email) query = query.where('email', 'ilike', `%${escapeLike(email)}%`);
  const rows = query.select(['id', 'email', 'external_id', 'created_at']).orderBy('id');
  type Row = Awaited<ReturnType<typeof rows.executeTakeFirstOrThrow>>;
  const columns: CsvColumn<Row>[] = [
    { header: 'ID', value: (row) => row.id },
    { header: 'Email', value: (row) => row.email },
    { header: 'External ID', value: (row) => row.external_id },
    { header: 'Created At', value: (row) => row.created_at },
  ];
  return { columns, open: () => rows.stream(FETCH_ROWS) };
}
