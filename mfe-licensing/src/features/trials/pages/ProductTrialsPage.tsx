import { useParams } from 'react-router';
import { ErrorText, PageHeader, useIdParam } from 'shared-kit';
import { TrialList } from '../components/TrialList';

/** /Home/ProductTrials/{productID}/{productName} */
export function ProductTrialsPage() {
  const params = useParams();
  const productId = useIdParam('productID');
  return (
    <>
      <PageHeader title={`Trials for product: ${params.productName ?? ''}`} />
      {productId === null ? <ErrorText>The product ID in the address is not valid.</ErrorText> : <TrialList productId={productId} />}
    </>
  );
}
