import { useParams } from 'react-router';
import { CannotShowPage, PageHeader, useIdParam } from 'shared-kit';
import { TrialList } from '../components/TrialList';

/** /Home/ProductTrials/{productID}/{productName} */
export function ProductTrialsPage() {
  const params = useParams();
  const productId = useIdParam('productID');
  return (
    <>
      <PageHeader title={`Trials for product: ${params.productName ?? ''}`} />
      {productId === null ? (
        <CannotShowPage>The product ID in the address is not valid.</CannotShowPage>
      ) : (
        <TrialList productId={productId} />
      )}
    </>
  );
}
