import { formatDateTime, type StoreMapping, type TableColumn } from 'shared-kit';

/** The price mapping's columns; the actions column comes from the panel (it needs its handlers). */
export const mappingColumns = (actions: TableColumn<StoreMapping>['cell']): TableColumn<StoreMapping>[] => [
  {
    id: 'store_price_id',
    header: 'Price ID',
    cell: (mapping) => <span style={{ overflowWrap: 'anywhere' }}>{mapping.store_price_id}</span>,
  },
  { id: 'product', header: 'Product', cell: (mapping) => mapping.product_name },
  { id: 'license_type', header: 'License type', cell: (mapping) => mapping.license_type },
  { id: 'created_at', header: 'Added', cell: (mapping) => formatDateTime(mapping.created_at) },
  { id: 'actions', header: 'Actions', cell: actions },
];
