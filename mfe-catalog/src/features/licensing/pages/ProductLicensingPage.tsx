import { CannotShowPage, LICENSE_TYPES, PageHeader, Spinner, Stack, useIdParam } from 'shared-kit';
import { catalogLinks } from 'shared-kit/pages';
import { ProductSubtitle } from '../../../shared/components/ProductSubtitle';
import { useEditions } from '../api/editions';
import { usePolicies } from '../api/policies';
import { EditionsSection } from '../components/EditionsSection';
import { FeaturesSection } from '../components/FeaturesSection';
import { PolicySection } from '../components/PolicySection';

/** /Home/ProductLicensing/{productID}: the product's features, editions and one policy per licence type. */
export function ProductLicensingPage() {
  const productId = useIdParam('productID');
  if (productId === null) {
    return (
      <>
        <PageHeader title="Licensing" />
        <CannotShowPage back={{ to: catalogLinks.products(), label: 'Back to My Products' }}>
          There is no product at this address.
        </CannotShowPage>
      </>
    );
  }
  return (
    <>
      <PageHeader title="Licensing" />
      <ProductSubtitle productId={productId} />
      <Stack $gap="lg">
        <FeaturesSection productId={productId} />
        <EditionsSection productId={productId} />
        <Policies productId={productId} />
      </Stack>
    </>
  );
}

function Policies({ productId }: { productId: number }) {
  const policies = usePolicies(productId);
  const editions = useEditions(productId);
  if (policies.error) return <p role="alert">The policies could not be loaded. Please try again.</p>;
  if (!policies.data || !editions.data) return <Spinner label="Loading policies..." />;
  return (
    <>
      {LICENSE_TYPES.map((licenseType) => {
        const policy = policies.data!.data.find((candidate) => candidate.license_type === licenseType);
        return (
          <PolicySection
            // A policy saved afresh starts its form from the saved values.
            key={`${licenseType}-${policy?.updated_at ?? 'none'}`}
            productId={productId}
            licenseType={licenseType}
            policy={policy}
            editions={editions.data!.data}
          />
        );
      })}
    </>
  );
}
