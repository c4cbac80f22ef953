import type { Db } from '../../db/database';
import { escapeLike } from '../../lib/like-pattern';
import { FETCH_ROWS, type CsvColumn } from '../../lib/csv/send-csv';

/** Every manufacturer (GET /manufacturers, same name-or-email search), in id order. */
export function manufacturerExport(db: Db, search: string | undefined) {
  let query = db.selectFrom('manufacturers');
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    query = query.where((eb) => eb.or([eb('name', 'ilike', pattern), eb('email', 'ilike', pattern)]));
  }
  const rows = query.select(['id', 'name', 'email', 'country_code']).orderBy('id');
  type Row = Awaited<ReturnType<typeof rows.executeTakeFirstOrThrow>>;
  const columns: CsvColumn<Row>[] = [
    { header: 'ID', value: (row) => row.id },
    { header: 'Name', value: (row) => row.name },
    { header: 'Email', value: (row) => row.email },
    { header: 'Country Code', value: (row) => row.country_code },
  ];
  return { columns, open: () => rows.stream(FETCH_ROWS) };
}
