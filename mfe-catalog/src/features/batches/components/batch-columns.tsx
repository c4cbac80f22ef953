import { Button, Row, formatDateTime, type Batch, type TableColumn } from 'shared-kit';
import { ExportButton, batchKeys, type ListKey } from 'shared-kit/data';
import { formatCount, unsoldOf } from './batch-form';

/** The serials of a batch as a list to export (GET …/batches/{batchId}/export.csv). */
const serialsOf = (productId: number, batch: Batch): ListKey => [batchKeys.detail(productId, batch.id)[0], {}];

/** The columns of a product's batches: counts a vendor reconciles with the reseller, and the batch's actions. */
export function batchColumns(productId: number, onVoid: (batch: Batch) => void): TableColumn<Batch>[] {
  return [
    { id: 'reseller', header: 'Reseller', cell: (batch) => batch.reseller },
    { id: 'type', header: 'License type', cell: (batch) => batch.license_type },
    { id: 'count', header: 'Serials', cell: (batch) => formatCount(batch.count) },
    { id: 'redeemed', header: 'Redeemed', cell: (batch) => formatCount(batch.redeemed_count) },
    { id: 'voided', header: 'Voided', cell: (batch) => formatCount(batch.voided_count) },
    { id: 'unsold', header: 'Unsold', cell: (batch) => formatCount(unsoldOf(batch)) },
    { id: 'created', header: 'Created', cell: (batch) => formatDateTime(batch.created_at) },
    {
      id: 'actions',
      header: 'Actions',
      cell: (batch) => (
        <Row $wrap $gap="sm">
          <ExportButton list={serialsOf(productId, batch)} />
          {unsoldOf(batch) > 0 && (
            <Button
              size="small"
              variant="danger"
              onClick={() => onVoid(batch)}
              aria-label={`Void unsold serials of the batch for ${batch.reseller}`}
            >
              Void unsold
            </Button>
          )}
        </Row>
      ),
    },
  ];
}
