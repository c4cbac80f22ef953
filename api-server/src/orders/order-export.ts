import type { Db } from '../db/database';
import { FETCH_ROWS, type CsvColumn } from '../lib/csv/send-csv';
import { orderFieldsOf, type OrderRow } from './order-shape';
import { orderExportRows } from './queries/orders';

type Row = OrderRow & { license_count: string | number };

/** The order list as CSV: the list's search, its columns (cells made formula-safe by the CSV writer). */
export function orderExport(db: Db, manufacturerId: number, search: string | undefined) {
  const rows = orderExportRows(db, manufacturerId, search);
  const columns: CsvColumn<Row>[] = [
    { header: 'ID', value: (row) => row.id },
    { header: 'Created At', value: (row) => row.created_at },
    { header: 'Store', value: (row) => row.store },
    { header: 'External Order ID', value: (row) => row.external_order_id },
    { header: 'Buyer Email', value: (row) => row.buyer_email },
    { header: 'Buyer Name', value: (row) => row.buyer_name },
    { header: 'Amount', value: (row) => orderFieldsOf(row).amount },
    { header: 'Currency', value: (row) => row.currency },
    { header: 'Status', value: (row) => row.status },
    { header: 'Licenses', value: (row) => Number(row.license_count) },
  ];
  return { columns, open: () => rows.stream(FETCH_ROWS) as AsyncIterableIterator<Row> };
}
