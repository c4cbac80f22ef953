import { useParams } from 'react-router';
import { ErrorText, PageHeader } from 'shared-kit';
import { TrialList } from '../components/TrialList';
import { productIdOf } from '../../../routing/product-params';

/** /Home/ProductTrials/{productID}/{productName} */
export function ProductTrialsPage() {
  const params = useParams();
  const productId = productIdOf(params.productID);
  return (
    <>
      <PageHeader title={`Trials for product: ${params.productName ?? ''}`} />
      {productId === null ? <ErrorText>The product ID in the address is not valid.</ErrorText> : <TrialList productId={productId} />}
    </>
  );
}
