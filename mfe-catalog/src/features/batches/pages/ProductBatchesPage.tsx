import { useMemo, useState } from 'react';
import { Button, CannotShowPage, PageHeader, Spinner, Table, errorMessage, useIdParam, type Batch } from 'shared-kit';
import { catalogLinks } from 'shared-kit/pages';
import { useProduct } from '../../../shared/api/get-product';
import { ProductSubtitle } from '../../../shared/components/ProductSubtitle';
import { useBatches } from '../api/batches';
import { batchColumns } from '../components/batch-columns';
import { NewBatchDialog } from '../components/NewBatchDialog';
import { VoidBatchDialog } from '../components/VoidBatchDialog';

export const TITLE = 'Serial Batches';
export const NO_BATCHES =
  'No batches yet. Make one for a reseller: its serials become licenses when buyers redeem them in the customer portal.';
export const BATCHES_LOAD_FAILED = 'The batches could not be loaded.';

/** /Home/ProductBatches/{productID}: the product's reseller batches; make, export, void unsold. */
export function ProductBatchesPage() {
  const productId = useIdParam('productID');
  if (productId === null) {
    return (
      <>
        <PageHeader title={TITLE} />
        <CannotShowPage back={{ to: catalogLinks.products(), label: 'Back to My Products' }}>
          There is no product at this address.
        </CannotShowPage>
      </>
    );
  }
  return <Batches key={productId} productId={productId} />;
}

function Batches({ productId }: { productId: number }) {
  const batches = useBatches(productId);
  const product = useProduct(productId);
  const [creating, setCreating] = useState(false);
  const [voiding, setVoiding] = useState<Batch | null>(null);
  const columns = useMemo(() => batchColumns(productId, setVoiding), [productId]);
  return (
    <>
      <PageHeader
        title={TITLE}
        actions={
          <Button variant="primary" onClick={() => setCreating(true)} disabled={!product.data}>
            New batch
          </Button>
        }
      />
      <ProductSubtitle productId={productId} />
      {batches.isLoading ? (
        <Spinner label="Loading batches..." />
      ) : batches.error || !batches.data ? (
        <CannotShowPage onRetry={() => void batches.mutate()}>
          {errorMessage(batches.error, BATCHES_LOAD_FAILED)}
        </CannotShowPage>
      ) : (
        <Table
          caption="Serial batches"
          columns={columns}
          rows={batches.data.data}
          getRowId={(batch) => batch.id}
          emptyText={NO_BATCHES}
        />
      )}
      {creating && product.data && (
        <NewBatchDialog
          productId={productId}
          productName={product.data.name}
          onCreated={() => setCreating(false)}
          onClose={() => setCreating(false)}
        />
      )}
      {voiding && <VoidBatchDialog productId={productId} batch={voiding} onClose={() => setVoiding(null)} />}
    </>
  );
}
